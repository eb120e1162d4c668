// Reads the parameters while it loads: wrong once it is shared by many runs.
export const P = JSON.parse(process.argv[2] ?? "{}");
