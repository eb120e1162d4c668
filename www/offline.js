// Offline use: registers the service worker (sw.js) once the first table is on screen, so its
// download of the site never competes with the first load. Where there is no service worker
// (file://, an old browser, a sandboxed frame without its own origin, a host over plain http)
// the page simply works online. When a new version takes over from an old one, the page
// reloads itself: its whole state is in the URL, and a reload never mixes two builds' files.

/** Registers sw.js next to this module; sets body[data-offline] to "ready" once it controls the page. */
export function registerOffline() {
  let container;
  try {
    if (!/^https?:$/.test(location.protocol) || !window.isSecureContext) return;
    container = navigator.serviceWorker; // throws in a frame with an opaque origin
  } catch {
    return;
  }
  if (!container) return;
  // A page opened under an older worker reloads when the new one takes over (not on the first
  // visit, where the first worker merely starts controlling the page it was installed from).
  const updating = Boolean(container.controller);
  let reloading = false;
  container.addEventListener("controllerchange", () => {
    if (updating && !reloading) {
      reloading = true;
      location.reload();
    } else mark();
  });
  const mark = () => {
    if (container.controller) document.body.dataset.offline = "ready";
  };
  mark();
  container
    .register(new URL("./sw.js", import.meta.url), { scope: new URL("./", import.meta.url).href, updateViaCache: "none" })
    .catch(() => {}); // no offline use; the page works as before
}
