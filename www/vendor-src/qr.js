// The QR encoder (uqr: modules as a boolean matrix; the page draws them itself, www/qr.js).
// Bundled by `npm run build:vendor` (package.json, run by build.sh) into www/vendor/qr.js from
// the version pinned in package-lock.json.
export { encode } from "uqr";
