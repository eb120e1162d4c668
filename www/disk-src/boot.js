// A SCORM package's pages start here (src/scorm.rs puts this classic script where the site's
// pages have their module script, start.js). Served (an LMS, any web server) it loads start.js
// as the site does and nothing else. Opened from disk (file://), where browsers refuse module
// scripts, fetch and workers, it loads the package's classic scripts instead, in order: the
// launch link (disk/launch.js, written by the packager), the lesson's texts and WebAssembly
// (disk/<id>.js) and the page (disk/page.js, the page's modules in one script). A script lesson's
// model is its author's script, which runs in a module worker only: from disk its page keeps the
// tables drawn at build time (the lesson's values) and says how to open the package served.
(() => {
  const here = document.currentScript.src;
  const add = (path, type = "") => {
    const script = Object.assign(document.createElement("script"), { src: new URL(path, here).href, async: false });
    if (type) script.type = type;
    document.head.append(script);
    return script;
  };
  if (location.protocol !== "file:") {
    add("../start.js", "module");
    return;
  }
  add("launch.js").onload = () => {
    const { launch } = globalThis.TATBIKAT_DISK;
    if (launch.script) {
      served(launch);
      return;
    }
    add(`${launch.lesson}.js`);
    add("page.js");
  };

  /** A script lesson opened from disk: its view drawn at build time, and why nothing more. */
  function served(launch) {
    const en = document.documentElement.lang === "en";
    const note = Object.assign(document.createElement("p"), {
      role: "status",
      className: "disk-served",
      textContent: en
        ? "This lesson runs its author's scripts, which a browser starts only from a web address: import this package into your LMS (Moodle, Canvas…) or serve its folder (python3 -m http.server). Below: the tables at the lesson's values."
        : "Bu ders yazarının betiklerini koşar; tarayıcı onları yalnızca bir web adresinden başlatır: bu paketi LMS'inize (Moodle, Canvas…) yükleyin ya da klasörünü bir web sunucusuyla açın (python3 -m http.server). Aşağıda: dersin değerleriyle tablolar.",
    });
    const start = () => {
      // Only what reads without a script stays: no tabs to lessons the package lacks, no
      // controls that could not answer.
      for (const n of document.querySelectorAll(`#tabs [role=tab]:not(#tab-${launch.lesson})`)) n.remove();
      for (const n of document.querySelectorAll("#tools, #lesson-panel form.panel, #lesson-panel .actions, #lesson-panel section.claims, #challenges, #sweep, #trace")) n.hidden = true;
      document.body.classList.remove("held", "computing");
      (document.querySelector("main") ?? document.body).prepend(note);
    };
    if (document.readyState === "loading") document.addEventListener("DOMContentLoaded", start);
    else start();
  }
})();
