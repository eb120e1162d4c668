setTimeout(() => console.log("late"), 0);
console.log("now");
