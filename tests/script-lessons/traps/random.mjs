console.log("draw");
console.log(Math.random() < 2);
