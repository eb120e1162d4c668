console.log(typeof Date);
console.table([1]);
