// console.log's text as node prints it (util.format: %s %d %i %f %j %c %% in a first string
// argument, the rest joined by spaces), for the values both node and the page can lay out the
// same way: strings, numbers, bigints, booleans, symbols, null and undefined, and anything through
// %j. An object or a function elsewhere is refused: node lays it out with util.inspect (line
// breaks, colours of depth), which the page does not have.
import { ScriptError } from "./errors.js";

/** Node's formatNumber: as String(), but -0 is "-0". */
const number = (x) => (Object.is(x, -0) ? "-0" : `${x}`);

/** `value` when it is not an object or a function, which only util.inspect lays out; `how` names
 * what printed it. */
function plain(value, how) {
  if ((typeof value !== "object" || value === null) && typeof value !== "function") return value;
  const what = typeof value === "function" ? "a function" : Array.isArray(value) ? "an array" : "an object";
  throw new ScriptError("output", `${how} prints ${what}, which node lays out with util.inspect and the page cannot: print a string (a template, .join(", ") or JSON.stringify)`);
}

/** A value as util.inspect shows it outside a format string (a string stays raw there). */
function shown(value, how) {
  const v = plain(value, how);
  return typeof v === "number" ? number(v) : typeof v === "bigint" ? `${v}n` : String(v);
}

/** JSON.stringify as node's %j calls it: a circular structure is "[Circular]". */
function json(value) {
  try {
    return JSON.stringify(value);
  } catch (err) {
    if (err instanceof TypeError && /circular/i.test(err.message)) return "[Circular]";
    throw err;
  }
}

/** What one format directive (the letter after %) makes of its argument. */
const DIRECTIVE = {
  s: (v) => shown(v, "%s"),
  d: (v) => (typeof v === "bigint" ? `${v}n` : typeof v === "symbol" ? "NaN" : number(Number(plain(v, "%d")))),
  i: (v) => (typeof v === "bigint" ? `${v}n` : typeof v === "symbol" ? "NaN" : number(Number.parseInt(plain(v, "%i")))),
  f: (v) => (typeof v === "symbol" ? "NaN" : number(Number.parseFloat(plain(v, "%f")))),
  j: json,
  c: () => "",
};

/** The line console.log(...args) prints, without its "\n". */
export function format(args) {
  const first = args[0];
  let a = 0;
  let out = "";
  let join = "";
  if (typeof first === "string") {
    if (args.length === 1) return first;
    let last = 0;
    for (let i = 0; i < first.length - 1; i++) {
      if (first[i] !== "%") continue;
      const next = first[++i];
      if (a + 1 !== args.length) {
        if (next === "%") {
          out += first.slice(last, i);
          last = i + 1;
          continue;
        }
        if (next === "o" || next === "O") throw new ScriptError("output", `%${next} prints with util.inspect, which the page does not have: use %s, %d or %j`);
        const directive = DIRECTIVE[next];
        if (!directive) continue;
        const text = directive(args[++a]);
        if (last !== i - 1) out += first.slice(last, i - 1);
        out += text;
        last = i + 1;
      } else if (next === "%") {
        out += first.slice(last, i);
        last = i + 1;
      }
    }
    if (last !== 0) {
      a++;
      join = " ";
      if (last < first.length) out += first.slice(last);
    }
  }
  for (; a < args.length; a++) {
    out += join + shown(args[a], "console.log");
    join = " ";
  }
  return out;
}
