// A node map (the leader lesson's crashes such as N1@20 and pauses such as N2@50+6) as one row per
// node: the round it happens at and, for a span, how many rounds it lasts; an empty round is no
// entry. It writes the map's text as the codec reads it, values as typed: the core decides what
// they mean and names what it refuses, next to the map's own field.
import { el } from "../dom.js";

/** The text of the rows ([{node, round, rounds}] as typed), in node order; `span` maps write
 * `+rounds` (left out when empty, so the core can say it is missing). */
export function nodeMapText(rows, span) {
  return rows
    .filter((r) => r.round.trim() !== "")
    .map((r) => `N${r.node}@${r.round.trim()}${span && r.rounds.trim() !== "" ? `+${r.rounds.trim()}` : ""}`)
    .join(",");
}

/** The editor of map `name` (`label` its parameter's name) over `nodes` nodes: `entries` are the
 * core's [node, round, rounds] of the current value; `onSet(text)` hears every change. */
export function nodeMapEditor({ name, label, nodes, entries, span }, t, onSet) {
  const rows = [];
  const write = () =>
    onSet(nodeMapText(rows.map((r) => ({ node: r.node, round: r.round.value, rounds: r.rounds?.value ?? "" })), span));
  const number = (value, aria) =>
    el("input", { type: "text", inputmode: "numeric", autocomplete: "off", value, "aria-label": aria, onchange: write });
  for (let node = 1; node <= nodes; node += 1) {
    const entry = entries.find(([n]) => n === node);
    const id = `N${node}`;
    rows.push({
      node,
      round: number(entry ? String(entry[1]) : "", t("ui.node_map.round_of", { node: id, param: label })),
      rounds: span ? number(entry ? String(entry[2]) : "", t("ui.node_map.rounds_of", { node: id, param: label })) : null,
    });
  }
  return el(
    "table",
    { class: "node-map", dataset: { param: name } },
    el("caption", { class: "visually-hidden" }, label),
    el(
      "thead",
      {},
      el("tr", {}, el("th", { scope: "col" }, t("ui.node_map.node")), el("th", { scope: "col" }, t("ui.node_map.round")), span ? el("th", { scope: "col" }, t("ui.node_map.rounds")) : null),
    ),
    el(
      "tbody",
      {},
      rows.map((r) => el("tr", {}, el("th", { scope: "row" }, `N${r.node}`), el("td", {}, r.round), r.rounds ? el("td", {}, r.rounds) : null)),
    ),
  );
}
