// The native CLI the node and browser suites compare the page against: TATBIKAT_CLI when set
// (./build.sh test builds a quicker-to-compile optimized one, the `ci` profile), else the
// release build of ./build.sh build.
import { join, dirname } from "node:path";
import { fileURLToPath } from "node:url";

const ROOT = join(dirname(fileURLToPath(import.meta.url)), "..");
export const CLI = process.env.TATBIKAT_CLI ?? join(ROOT, "target", "release", "tatbikat");
