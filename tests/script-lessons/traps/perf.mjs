

console.log(performance.now() > 0);
