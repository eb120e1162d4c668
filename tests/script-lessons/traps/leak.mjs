globalThis.seen = (globalThis.seen ?? 0) + 1;
console.log("seen", globalThis.seen);
