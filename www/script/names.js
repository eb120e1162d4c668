// Which scripts the runner may load: a lesson's id and a section script's file name, each checked
// by name before it touches a path or a URL, so a script comes only from the site's own lesson
// folders (a fixed base the code sets), never from a link. Shared by the page and node.
import { ScriptError } from "./errors.js";

/** A lesson id as the registry spells it (tools/new-lesson.mjs): lowercase ASCII letters, digits
 * and single underscores, starting with a letter, at most 40 characters. */
const LESSON = /^[a-z](?:[a-z0-9]|_(?!_)){0,39}$/;
/** A section script: a plain file name ending in .mjs or .js, no folder, no dot-segment, no scheme. */
const SECTION = /^[A-Za-z0-9_][A-Za-z0-9_-]{0,63}\.m?js$/;

/** `id` if it is a lesson id, else a ScriptError (code "name"). */
export function lessonId(id) {
  if (typeof id === "string" && LESSON.test(id) && !id.endsWith("_")) return id;
  throw new ScriptError("name", `${JSON.stringify(id)} is not a lesson id (lowercase letters, digits and single underscores, starting with a letter, such as claim_check)`);
}

/** `name` if it is a section script's file name, else a ScriptError (code "name"). */
export function sectionFile(name) {
  if (typeof name === "string" && SECTION.test(name)) return name;
  throw new ScriptError("name", `${JSON.stringify(name)} is not a section script's file name (letters, digits, _ and -, ending in .mjs or .js, without a folder)`);
}

/** The lesson folder's URL under `base` (a URL ending in "/", set by code: the site's lesson
 * folders in the page, a folder on disk in node), the id checked. */
export function lessonFolder(base, id) {
  const root = new URL(base);
  if (!root.href.endsWith("/")) throw new TypeError(`the lessons' base ${root.href} must end in "/"`);
  const folder = new URL(`${lessonId(id)}/`, root);
  // Cannot fail for a checked id; kept so a change to the rules above cannot open the base.
  if (!folder.href.startsWith(root.href)) throw new ScriptError("name", `${id} leaves the lessons' folder`);
  return folder;
}

/** The section script's URL in `folder` (a lesson folder's URL), the name checked. */
export function sectionUrl(folder, name) {
  const url = new URL(sectionFile(name), folder);
  if (url.href !== new URL(folder).href + name) throw new ScriptError("name", `${name} leaves the lesson's folder`);
  return url;
}
