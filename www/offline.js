// Offline use: registers the service worker (sw.js) once the first table is on screen, so its
// downloads never compete with the first load, and tells it which lessons this page opened: it
// keeps those (the shell is kept at install), and every lesson when the learner asks (the box
// under the page, with the size and progress). Where there is no service worker (file://, an old
// browser, a sandboxed frame without its own origin, a host over plain http) the page simply
// works online. A page runs the files of one build only: when a worker of another build takes
// it over, the page reloads (its whole state is in the URL), whatever its history.
import { el } from "./dom.js";
import { build } from "./start.js";

let container = null;
const opened = new Set(); // the lessons this page has opened
let box = null; // the offline box on the page: {node, t}
let lastStatus = null;

/** The service worker container, or null where the page cannot have one. */
function serviceWorkers() {
  try {
    if (!/^https?:$/.test(location.protocol) || !window.isSecureContext) return null;
    return navigator.serviceWorker ?? null; // throws in a frame with an opaque origin
  } catch {
    return null;
  }
}

/** Asks the worker in control `message` and resolves to its answer of type `answer`. */
function ask(message, answer) {
  return new Promise((resolve) => {
    const controller = container?.controller;
    if (!controller) return resolve(null);
    const listen = (e) => {
      if (e.data?.type !== answer) return;
      container.removeEventListener("message", listen);
      resolve(e.data);
    };
    container.addEventListener("message", listen);
    controller.postMessage(message);
  });
}

/** Registers sw.js next to this module; sets body[data-offline] to "ready" once it controls the page. */
export function registerOffline() {
  container = serviceWorkers();
  if (!container) return;
  let reloading = false;
  const mark = () => {
    if (container.controller) document.body.dataset.offline = "ready";
  };
  container.addEventListener("controllerchange", async () => {
    // A worker took this page: the same build's keeps it, another's reloads it into that build.
    const answer = await ask({ type: "tatbikat:version" }, "tatbikat:version");
    if (answer && answer.build !== build && !reloading) {
      reloading = true;
      location.reload();
      return;
    }
    mark();
    sendKeep([...opened]);
  });
  container.addEventListener("message", (e) => {
    const data = e.data ?? {};
    if (data.type === "tatbikat:status") showStatus(data);
    else if (data.type === "tatbikat:keeping") showProgress(data);
    else if (data.type === "tatbikat:keep-failed") showFailure(data);
  });
  mark();
  if (container.controller) sendKeep([...opened]);
  container
    .register(new URL("./sw.js", import.meta.url), { scope: new URL("./", import.meta.url).href, updateViaCache: "none" })
    .catch(() => {}); // no offline use; the page works as before
}

function sendKeep(lessons) {
  if (lessons.length) container?.controller?.postMessage({ type: "tatbikat:keep", lessons });
  else container?.controller?.postMessage({ type: "tatbikat:status" });
}

/** Lesson `id` is open on this page: the service worker keeps its files (once it is there). */
export function keepLesson(id) {
  if (opened.has(id)) return;
  opened.add(id);
  if (container) sendKeep([id]);
}

/** The offline box under the page, in the frame's language (`t`): what is kept, and the choice
 * to keep every lesson with its size. Drawn at once wherever a service worker can be (its button
 * unavailable until the worker has said what is kept), so nothing moves when the answer comes. */
export function showOffline(t) {
  const slot = document.getElementById("offline");
  if (!slot) return;
  if (!serviceWorkers()) {
    slot.hidden = true;
    return;
  }
  box = { node: slot, t };
  slot.hidden = false;
  slot.replaceChildren(
    el("p", { id: "offline-state" }, t("ui.offline.checking")),
    el("button", { type: "button", class: "small", id: "keep-all", "aria-disabled": "true", "aria-describedby": "offline-state", onclick: keepAll }, t("ui.offline.keep_all", { size: "…" })),
    el("progress", { id: "offline-progress", max: "1", hidden: true, "aria-label": t("ui.offline.progress") }),
  );
  if (lastStatus) showStatus(lastStatus);
  else if (container?.controller) sendKeep([]);
}

function showStatus(status) {
  lastStatus = status;
  if (!box) return;
  const { t } = box;
  const all = status.kept.length === status.lessons.length;
  const names = status.kept.map((id) => t(`lesson.${id}`)).join(", ");
  document.getElementById("offline-state").textContent = all
    ? t("ui.offline.all")
    : status.kept.length
      ? t("ui.offline.some", { lessons: names })
      : t("ui.offline.none");
  const button = document.getElementById("keep-all");
  button.textContent = t("ui.offline.keep_all", { size: `${Math.max(1, Math.round(status.missing / 1024))} KB` });
  button.setAttribute("aria-disabled", "false");
  button.hidden = all;
  document.getElementById("offline-progress").hidden = true;
}

function keepAll() {
  const button = document.getElementById("keep-all");
  if (button?.getAttribute("aria-disabled") === "true") return;
  button?.setAttribute("aria-disabled", "true");
  const progress = document.getElementById("offline-progress");
  if (progress) {
    progress.hidden = false;
    progress.removeAttribute("value");
  }
  container?.controller?.postMessage({ type: "tatbikat:keep", lessons: "all" });
}

function showProgress({ done, total }) {
  const progress = document.getElementById("offline-progress");
  if (!progress || progress.hidden) return;
  progress.value = total ? done / total : 1;
  progress.textContent = `${done}/${total}`;
}

function showFailure({ message }) {
  if (!box) return;
  document.getElementById("keep-all")?.setAttribute("aria-disabled", "false");
  document.getElementById("offline-progress")?.setAttribute("hidden", "");
  box.node.append(el("p", { class: "error", role: "alert" }, `${box.t("ui.offline.failed")} (${message})`));
}
