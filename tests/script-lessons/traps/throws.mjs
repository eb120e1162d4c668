import { params, fail } from "./model.mjs";
const P = params(process.argv);
console.log("before");
fail(P.n);
