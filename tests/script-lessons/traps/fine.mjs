import { params } from "./model.mjs";
const P = params(process.argv);
console.log("%s: %d rows, %i%% %j", P.label, P.n, 12.7, { n: P.n });
console.log(-0, 1n, null, undefined, true, "end");
console.info();
process.stdout.write(`written ${P.n}\n`);
console.error("a note on stderr");
Promise.resolve().then(() => console.log("after a promise job"));
