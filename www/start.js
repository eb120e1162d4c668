// Starts the model worker and its first request as soon as the page is parsed, while the rest of
// the page's modules still load: the WebAssembly download and compile overlap them. app.js picks
// up the engine and the boot answer from here.
import { Engine, lessonOf } from "./engine.js";
import { loadLessonTexts } from "./i18n/index.js";

/** The page's model worker (null where WebAssembly is missing). */
export const engine = typeof WebAssembly === "object" ? new Engine() : null;

/** The boot request for this link: lessons, schemas and the resolved link. */
export const booting = engine ? engine.call("boot", [location.search]) : Promise.reject(new Error("no WebAssembly"));
// The page reports a failure when it awaits this; an unawaited rejection must not reach the console.
booting.catch(() => {});

// The texts of the lesson the link most likely shows, loading beside the module (app.js loads the
// resolved lesson's, which is this one unless the link is unusual).
loadLessonTexts(lessonOf([location.search])).catch(() => {});
