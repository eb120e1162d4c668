// A shared module as the lessons write them: functions of the parameters, no state.
export const DEFAULTS = { n: 3, label: "x" };
export const params = (argv) => ({ ...DEFAULTS, ...(argv[2] ? JSON.parse(argv[2]) : {}) });
export function fail(n) {
  if (n > 2) throw new RangeError(`n is ${n}`);
  return n;
}
