// The course's section scripts and their goldens in its shared folder (../shared beside the
// checkout, as CI lays it out, or TATBIKAT_SHARED), for the script runner's tests.
import { join, dirname } from "node:path";
import { fileURLToPath } from "node:url";

const ROOT = join(dirname(fileURLToPath(import.meta.url)), "..", "..");
export const SHARED = process.env.TATBIKAT_SHARED ?? join(ROOT, "..", "shared");
export const MISSING = `${SHARED} is not here (the course's shared folder; set TATBIKAT_SHARED to its path)`;

/** Each lesson's folder of scripts in SHARED. */
export const FOLDERS = {
  supervisor: "lesson-scripts/supervisor",
  jobs: "lesson-scripts/jobs",
  compensation: "lesson-scripts/compensation",
  leader: "next-lessons/leader",
  quotas: "next-lessons/quotas",
  claim_check: "next-lessons/claim_check",
};

/** The nine section scripts with what each prints at its defaults: [lesson, section, golden in SHARED]. */
export const SECTIONS = [
  ["supervisor", "olc.mjs", "golden/supervisor-measure.txt"],
  ["supervisor", "hesap.mjs", "golden/supervisor-daily.txt"],
  ["jobs", "isler.mjs", "golden/jobs-measure.txt"],
  ["compensation", "olc.mjs", "golden/compensation-measure.txt"],
  ["compensation", "bedel.mjs", "golden/compensation-daily.txt"],
  ["leader", "olc.mjs", "next-lessons/golden/leader-measure.txt"],
  ["leader", "hesap.mjs", "next-lessons/golden/leader-daily.txt"],
  ["quotas", "olc.mjs", "next-lessons/golden/quotas-measure.txt"],
  ["claim_check", "olc.mjs", "next-lessons/golden/claim_check-measure.txt"],
];
