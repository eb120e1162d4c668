import { P } from "./argv-model.mjs";
console.log(P.n);
