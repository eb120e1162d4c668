// Starts the model worker and its first request as soon as the page is parsed, while the rest of
// the page's modules still load: the WebAssembly download and compile overlap them. The core's
// router (route.js, preloaded by index.html) names the link's lesson first, so the worker loads
// that lesson's module and its texts load beside it. app.js picks up the engine and the boot
// answer from here.
import { Engine } from "./engine.js";
import { loadRouter } from "./route.js";
import { loadLessonTexts } from "./i18n/index.js";

const routing = typeof WebAssembly === "object" ? loadRouter() : null;
// Without the router the engine still finds the lesson (a module's {elsewhere} answer).
routing?.catch(() => {});

/** The page's model worker (null where WebAssembly is missing). */
export const engine = routing ? new Engine({ route: routing }) : null;

/** The boot request for this link: lessons, schemas and the resolved link. */
export const booting = engine ? engine.call("boot", [location.search]) : Promise.reject(new Error("no WebAssembly"));
// The page reports a failure when it awaits this; an unawaited rejection must not reach the console.
booting.catch(() => {});

// The texts of the link's lesson, loading beside its module.
routing?.then((route) => loadLessonTexts(route(location.search))).catch(() => {});
