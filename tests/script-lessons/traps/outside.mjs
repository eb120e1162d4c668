import { CLI } from "../../cli.mjs";
console.log(CLI);
