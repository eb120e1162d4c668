postMessage({ text: "forged" });
console.log("x");
