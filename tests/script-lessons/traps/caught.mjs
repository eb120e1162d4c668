let r = 0.5;
try {
  r = Math.random();
} catch {}
console.log(r);
