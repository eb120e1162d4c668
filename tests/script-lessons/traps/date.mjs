const d = new Date(2026, 0, 1);
console.log(d.getFullYear());
