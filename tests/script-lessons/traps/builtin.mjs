import { readFileSync } from "node:fs";
console.log(typeof readFileSync);
