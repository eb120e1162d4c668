// QR codes of the page's links (issue 22), so a printed handout or a projected slide leads back
// to the live figure. Loaded only when a drawing with a QR code is made or the page is printed.
// The encoder is uqr (vendor/qr.js); this file draws its modules with DOM methods.
import { encode } from "./vendor/qr.js";
import { svg } from "./dom.js";

/** The largest QR version drawn (97 × 97 modules, about 650 bytes at level M): a longer link's
 * modules would be too small to scan from paper or a slide, so it gets no QR code. */
const MAX_VERSION = 20;
/** The quiet zone around the code, in modules (the standard's four). */
const BORDER = 4;

/** The QR code of `text`: {size, d}, an SVG path of its dark modules in module units (the quiet
 * zone included in `size`), or null when the text is too long for one. */
export function qrPath(text) {
  let qr;
  try {
    qr = encode(text, { ecc: "M", maxVersion: MAX_VERSION, border: BORDER });
  } catch {
    return null; // too long: the handout or slide is made without a code
  }
  let d = "";
  qr.data.forEach((row, y) => {
    for (let x = 0; x < row.length; x++) {
      if (!row[x]) continue;
      let n = 1;
      while (row[x + n]) n++;
      d += `M${x} ${y}h${n}v1h-${n}z`;
      x += n - 1;
    }
  });
  return { size: qr.size, d };
}

/** The QR code of `text` as SVG children of a drawing: black modules on a white square of
 * `width` at (x, y); null when the text is too long. */
export function qrGroup(text, { x, y, width }) {
  const qr = qrPath(text);
  if (!qr) return null;
  return svg(
    "g",
    { transform: `translate(${x} ${y}) scale(${width / qr.size})` },
    svg("rect", { width: qr.size, height: qr.size, fill: "#ffffff" }),
    svg("path", { d: qr.d, fill: "#000000", "shape-rendering": "crispEdges" }),
  );
}

/** A standalone image of the QR code of `text`, named `label` (for a printed page); null when
 * the text is too long. */
export function qrImage(text, label) {
  const qr = qrPath(text);
  if (!qr) return null;
  return svg(
    "svg",
    { class: "qr", viewBox: `0 0 ${qr.size} ${qr.size}`, role: "img", "aria-label": label },
    svg("rect", { width: qr.size, height: qr.size, fill: "#ffffff" }),
    svg("path", { d: qr.d, fill: "#000000", "shape-rendering": "crispEdges" }),
  );
}
