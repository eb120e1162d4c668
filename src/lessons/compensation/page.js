// The compensation lesson's page controls (copied into the built site as
// lessons/compensation/page.js by tools/texts.mjs; the panel finds them by kind,
// www/controls/panel.js). Its steps (kind "steps": the lesson's `{ ad, telafi, once }`) are an
// editable list: a name, a compensating action (empty means the step cannot be undone) and the
// steps it must come after. Like every lesson folder's page code it imports nothing: the page
// hands it its DOM builder and id maker (`kit.el`, `kit.uid`).

/** The codec text of a list of steps: name[:compensation][(after/after)], comma-separated. */
export function stepsText(steps) {
  return steps
    .map((s) => `${s.name}${s.compensation ? `:${s.compensation}` : ""}${s.after.length ? `(${s.after.join("/")})` : ""}`)
    .join(",");
}

/** Renders the editor; `onSet(text)` is called with the new codec text after each edit. */
export function stepsEditor(steps, t, { el, uid }, onSet, maxSteps = 8) {
  const model = steps.map((s) => ({ name: s.name, compensation: s.compensation ?? "", after: [...s.after] }));
  const commit = () => onSet(stepsText(model.map((s) => ({ ...s, after: s.after.filter((a) => model.some((o) => o.name === a)) }))));
  const rows = model.map((step, i) => {
    const nameId = uid("step");
    const compId = uid("comp");
    return el(
      "li",
      { class: "step", dataset: { step: step.name } },
      el("label", { for: nameId }, `${t("ui.step.name")} ${i + 1}`),
      el("input", {
        id: nameId,
        type: "text",
        value: step.name,
        autocomplete: "off",
        spellcheck: "false",
        onchange: (e) => {
          const old = step.name;
          step.name = e.target.value.trim();
          for (const other of model) other.after = other.after.map((a) => (a === old ? step.name : a));
          commit();
        },
      }),
      el("label", { for: compId }, t("ui.step.compensation")),
      el("input", {
        id: compId,
        type: "text",
        value: step.compensation,
        autocomplete: "off",
        spellcheck: "false",
        onchange: (e) => {
          step.compensation = e.target.value.trim();
          commit();
        },
      }),
      model.length > 1
        ? el(
            "fieldset",
            { class: "after" },
            el("legend", {}, t("ui.step.after")),
            model
              .filter((o) => o !== step)
              .map((o) => {
                const id = uid("after");
                return el(
                  "span",
                  { class: "check" },
                  el("input", {
                    id,
                    type: "checkbox",
                    checked: step.after.includes(o.name),
                    onchange: (e) => {
                      step.after = e.target.checked ? [...step.after, o.name] : step.after.filter((a) => a !== o.name);
                      commit();
                    },
                  }),
                  el("label", { for: id }, o.name),
                );
              }),
          )
        : null,
      model.length > 1
        ? el(
            "button",
            {
              type: "button",
              class: "small",
              onclick: () => {
                model.splice(i, 1);
                for (const other of model) other.after = other.after.filter((a) => a !== step.name);
                commit();
              },
            },
            `${t("ui.step.remove")}: ${step.name}`,
          )
        : null,
    );
  });
  const add =
    model.length < maxSteps
      ? el(
          "button",
          {
            type: "button",
            class: "small",
            onclick: () => {
              const base = t.lang === "tr" ? "adim" : "step";
              let n = model.length + 1;
              while (model.some((s) => s.name === `${base}-${n}`)) n += 1;
              model.push({ name: `${base}-${n}`, compensation: "", after: [] });
              commit();
            },
          },
          t("ui.step.add"),
        )
      : null;
  return el("div", { class: "steps-editor" }, el("p", { class: "grid-title" }, t("ui.steps_editor")), el("ol", {}, rows), add);
}

/** The page controls of this lesson's own kinds, by the kind's schema `type`. */
export const controls = {
  steps: {
    /** Drawn before the parameter's text field. */
    place: "before",
    /** The editor of the (one) steps parameter, at most its kind's `max_len` steps. */
    build({ specs, detail, t, kit, set }) {
      const [spec] = specs;
      if (!spec || !Array.isArray(detail[spec.name])) return null;
      const node = stepsEditor(detail[spec.name], t, kit, (text) => set({ [spec.name]: text }), spec.kind.max_len);
      return { node, intervene: null };
    },
  },
};
