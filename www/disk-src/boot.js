// A SCORM package's pages start here (src/scorm.rs puts this classic script where the site's
// pages have their module script, start.js). Served (an LMS, any web server) it loads start.js
// as the site does and nothing else. Opened from disk (file://), where browsers refuse module
// scripts, fetch and workers, it loads the package's classic scripts instead, in order: the
// launch link (disk/launch.js, written by the packager), the lesson's texts and WebAssembly
// (disk/<id>.js) and the page (disk/page.js, the page's modules in one script).
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
    add(`${globalThis.TATBIKAT_DISK.launch.lesson}.js`);
    add("page.js");
  };
})();
