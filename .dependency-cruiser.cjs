// The page's layers, as rules dependency-cruiser checks (tests/node/layers.test.mjs runs them on
// www/ and shows each rule failing on a probe; `npx depcruise www` runs them by hand). Bottom up:
//
//   base      dom.js, i18n/, the page's data (lessons.js, precache.js), its plain utilities
//             (glossary, qr, export, export-draw) and the lessons' own page controls
//             (lessons/pages.js gathers each lesson folder's page.js, copied from src/lessons/<id>/)
//   state     state/: the one state — the link's codec, the actions, the journal; plain logic,
//             tested in node, importing nothing but itself
//   render    render/: what draws the core's documents (tables, charts, the timeline)
//   controls  controls/: what the learner types and chooses with (they may draw a preview)
//   views     views/: the state's views, built from controls and renderers
//   shell     the rest (app.js, embed.js, start.js, engine.js, pool.js, the worker, …)
//
// A layer imports only the layers below it and itself; the shell is free but for cycles. Two
// realms stand apart: a lesson script's (www/script/, run in its own worker) and each lesson
// folder (www/lessons/<id>/: the author's scripts, a lesson's page controls), which imports only
// itself: a lesson's controls get the page's DOM builder handed to them.
const LAYERS = [
  ["base", "^www/(?:dom|lessons|precache|glossary|qr|export|export-draw)\\.js$|^www/i18n/|^www/lessons/"],
  ["state", "^www/state/"],
  ["render", "^www/render/"],
  ["controls", "^www/controls/"],
  ["views", "^www/views/"],
];

const layerRules = LAYERS.map(([name, path], i) => {
  const below = LAYERS.slice(0, i + 1).map(([, p]) => p);
  return {
    name: `${name}-imports-down`,
    comment: `${name} imports only ${LAYERS.slice(0, i + 1).map(([n]) => n).join(", ")} (the page's layers, bottom up: .dependency-cruiser.cjs)`,
    severity: "error",
    from: { path },
    to: { pathNot: below.join("|") },
  };
});

// The state is plain: no DOM, no texts, no control — itself only.
layerRules[1].to = { pathNot: LAYERS[1][1] };
layerRules[1].comment = "state imports only state/ (plain logic, tested in node: no DOM, no texts, no control)";

module.exports = {
  forbidden: [
    {
      name: "no-circular",
      comment: "the page's modules import one way: no cycle",
      severity: "error",
      from: {},
      to: { circular: true },
    },
    ...layerRules,
    {
      name: "script-realm-apart",
      comment: "www/script/ (a lesson script's realm) imports only www/script/: the page's code never runs beside an author's script",
      severity: "error",
      from: { path: "^www/script/" },
      to: { pathNot: "^www/script/" },
    },
    {
      name: "lesson-folder-apart",
      comment: "a lesson folder's code imports only its own folder (a script lesson's scripts, as node's runner and the page enforce at run time; a lesson's page controls, handed what they draw with)",
      severity: "error",
      from: { path: "^www/lessons/([^/]+)/" },
      to: { pathNot: "^www/lessons/$1/" },
    },
  ],
  options: {
    // Built or vendored output (www/min, www/disk, www/vendor, www/pkg) is not ours to layer.
    exclude: { path: "^www/(?:min|disk|vendor|pkg)/" },
    doNotFollow: { path: "node_modules" },
    moduleSystems: ["es6"],
  },
};
