// A SCORM 1.2 package of a view, built in the browser with the CLI's own code (the packager
// module pkg/scorm/package.wasm is src/scorm.rs compiled alone) from this site's files, so
// `download(query, lang)` gives the same bytes as `tatbikat package --scorm QUERY -o FILE.zip`
// (docs/embedding.md). Loaded only when a package is asked for.
const root = new URL("../", import.meta.url);
const encoder = new TextEncoder();
const decoder = new TextDecoder();
let packager = null;

/** The packager's exports (instantiated once). */
function exportsOf() {
  packager ??= WebAssembly.instantiateStreaming(fetch(new URL("pkg/scorm/package.wasm", root))).then((r) => r.instance.exports);
  return packager;
}

/** Calls the packager's `fn` on `input` (bytes): its answer, or its refusal as an Error. */
function call(ex, fn, input) {
  const at = ex.scorm_buffer(input.length);
  new Uint8Array(ex.memory.buffer, at, input.length).set(input);
  const code = ex[fn](at, input.length);
  const out = new Uint8Array(ex.memory.buffer, ex.scorm_out(), ex.scorm_out_len()).slice();
  if (code !== 0) throw new Error(decoder.decode(out));
  return out;
}

/** `query` with `lang=` added when it names none and `lang` is not the default (tr): the query
 * the CLI is given for the same package. */
export function withLang(query, lang) {
  const q = query.replace(/^\?/, "");
  const named = q.split("&").some((p) => p.split("=")[0] === "lang");
  return named || !lang || lang === "tr" ? q : `${q}${q ? "&" : ""}lang=${lang}`;
}

/** The package of the view `query` (a page link's query) in language `lang`: {name, bytes}. */
export async function build(query, lang) {
  const q = withLang(query, lang);
  const [ex, precache] = await Promise.all([exportsOf(), fetch(new URL("precache.js", root), { cache: "no-cache" }).then((r) => r.text())]);
  const paths = decoder.decode(call(ex, "scorm_files", encoder.encode(`${q}\0${precache}`))).split("\n");
  const files = await Promise.all(
    paths.map(async (path) => {
      const response = await fetch(new URL(path, root));
      if (!response.ok) throw new Error(`${path}: ${response.status}`);
      return [encoder.encode(path), new Uint8Array(await response.arrayBuffer())];
    }),
  );
  // The query and a NUL, then each file: its path, a NUL, its length (u32, little-endian), its bytes.
  const head = encoder.encode(`${q}\0`);
  const size = files.reduce((n, [p, b]) => n + p.length + 5 + b.length, head.length);
  const input = new Uint8Array(size);
  input.set(head);
  let at = head.length;
  for (const [path, bytes] of files) {
    input.set(path, at);
    at += path.length + 1;
    new DataView(input.buffer).setUint32(at, bytes.length, true);
    input.set(bytes, at + 4);
    at += 4 + bytes.length;
  }
  const out = call(ex, "scorm_build", input);
  const nul = out.indexOf(0);
  return { name: decoder.decode(out.subarray(0, nul)), bytes: out.subarray(nul + 1) };
}

/** Builds the package of `query` in `lang` and saves it as a file: {name, size}. */
export async function download(query, lang) {
  const { name, bytes } = await build(query, lang);
  const url = URL.createObjectURL(new Blob([bytes], { type: "application/zip" }));
  const a = document.createElement("a");
  a.href = url;
  a.download = name;
  a.hidden = true;
  document.body.append(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 60_000);
  return { name, size: bytes.length };
}
