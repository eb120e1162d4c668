// Node's resolve hook for the runner's worker threads (tools/script/thread.mjs registers it): a
// lesson's file imports only files of its own lesson folder, as the page can load them, so node
// refuses what the page could never run (node:fs, a package, a file elsewhere) instead of
// printing a text the page cannot reproduce. The runner's own modules import freely.

/** URL prefixes of the runner's own code (www/script/, tools/script/). */
let own = [];

export function initialize(data) {
  own = data.own;
}

export async function resolve(specifier, context, next) {
  const resolved = await next(specifier, context);
  const parent = context.parentURL;
  if (!parent || own.some((prefix) => parent.startsWith(prefix))) return resolved;
  const folder = parent.replace(/[?#].*$/, "").replace(/[^/]*$/, "");
  const path = resolved.url.replace(/[?#].*$/, "");
  if (path.startsWith("file:") && path.startsWith(folder) && /\.m?js$/.test(path)) return resolved;
  const file = parent.replace(/[?#].*$/, "").slice(folder.length);
  throw new Error(`${file} imports ${JSON.stringify(specifier)}: a lesson script imports only its lesson's files (.mjs or .js in its folder), the only ones the page can load`);
}
