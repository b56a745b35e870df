// The score-sheet drill (prefa.ui.sheet_drill.SheetDrillSession).  The
// session shows a finished hand and the sheet (tabla) before it; the learner
// writes the hand's entries in the sheet's cells and the refe, and the
// engine checks each.  This view only draws the state and sends the
// learner's text back: every number, verdict and reason is the engine's.

// Each player keeps his own sheet: three columns (left supe, bule, right supe), so the
// drill draws one small sheet per player, side by side where they fit and one under the
// other on a phone, each inside the view's panel.
function playerHead(state, p) {
  return el("thead", {}, el("tr", {},
    el("td", { class: "pf-sd-corner" }),
    el("th", { scope: "col" }, t(state, "left supe"), el("br"),
       el("span", { class: "pf-sd-vs" }, t(state, "vs {who}", { who: p.left.against }))),
    el("th", { scope: "col" }, t(state, "bule")),
    el("th", { scope: "col" }, t(state, "right supe"), el("br"),
       el("span", { class: "pf-sd-vs" }, t(state, "vs {who}", { who: p.right.against })))));
}

function stateRow(state, p, hatSvg, label, cls) {
  const bule = el("td", { class: "pf-bule" });
  p.history.forEach((v) => bule.append(el("div", { class: "pf-old" }, el("s", {}, String(v)))));
  if (p.under_hat) {
    const hat = el("div", { class: "pf-hat-box", title: t(state, "under the hat") });
    hat.innerHTML = hatSvg;  // the engine's own drawing
    bule.append(hat);
  }
  bule.append(el("div", { class: "pf-now" }, String(p.bule)));
  return el("tr", { class: cls }, el("th", { scope: "row", class: "pf-sd-rowhead" }, label),
            el("td", { class: "pf-supe" }, String(p.left.total)), bule,
            el("td", { class: "pf-supe" }, String(p.right.total)));
}

function entryCell(state, c, draft) {
  const td = el("td", { class: `pf-sd-cell pf-sd-${c.status}`, "data-cell": c.key, "data-status": c.status });
  if (c.status === "right" || c.status === "shown") {
    td.append(el("span", { class: "pf-sd-mark", "aria-hidden": "true" }, MARKS[c.status]),
              el("span", { class: "pf-sd-value",
                           "aria-label": t(state, "{cell}: {value}", { cell: c.label, value: c.value || t(state, "nothing") }) },
                 c.value || "–"));
  } else {
    const input = el("input", { type: "text", inputmode: "numeric", size: "4", maxlength: "8",
                                "aria-label": c.label, "data-focus": "cell-" + c.key,
                                "aria-invalid": c.status === "wrong" ? "true" : null,
                                autocomplete: "off", spellcheck: "false" });
    input.value = draft[c.key] ?? c.answer ?? "";
    input.addEventListener("input", () => { draft[c.key] = input.value; });
    if (c.status === "wrong") td.append(el("span", { class: "pf-sd-mark", "aria-hidden": "true" }, MARKS.wrong));
    td.append(input);
  }
  return td;
}

function playerSheet(state, i, draft) {
  const p = state.before.players[i];
  const table = el("table", { class: "pf-sheet pf-sd-sheet", "data-seat": String(p.seat) });
  table.append(el("caption", { class: "pf-sheet-name" }, p.name), playerHead(state, p));
  const body = el("tbody", {}, stateRow(state, p, state.hat_svg, t(state, "before"), "pf-sd-before"));
  const entries = el("tr", { class: "pf-sd-entries" },
                     el("th", { scope: "row", class: "pf-sd-rowhead" }, t(state, "this hand")));
  for (const col of ["left", "bule", "right"]) {
    const c = state.cells.find((x) => x.key === `${p.seat}.${col}`);
    if (c) entries.append(entryCell(state, c, draft));
  }
  body.append(entries);
  if (state.after) body.append(stateRow(state, state.after.players[i], state.hat_svg, t(state, "after"), "pf-sd-after"));
  table.append(body);
  return table;
}

function refeLine(state, sheet, when) {
  const line = el("div", { class: "pf-refe-line" },
    t(state, "{when}: {rounds} of {limit} refe rounds written.",
      { when, rounds: sheet.refe_rounds, limit: sheet.refe_limit }) + " ");
  for (const tri of sheet.triangles) {
    const s = el("span", { class: "pf-refe" });
    s.innerHTML = tri.svg;  // the engine's own drawing (its label inside)
    line.append(s);
  }
  return line;
}

const MARKS = { right: "✓", wrong: "✗", shown: "→", open: "" };

function drawSheetDrill(model, state, root) {
  if (root.__pfSeed !== state.seed) { root.__pfSeed = state.seed; root.__pfDraft = {}; }
  const draft = root.__pfDraft;
  const done = state.phase === "done";

  root.append(el("h3", { class: "pf-sd-title" }, t(state, "The hand")));
  root.append(el("p", { class: "pf-note" }, state.seating));
  const facts = el("ul", { class: "pf-sd-facts" });
  state.hand.facts.forEach((f) => facts.append(el("li", {}, f)));
  root.append(facts);

  const form = el("form", { class: "pf-sd-form", "aria-label": t(state, "Write the hand on the sheet") });
  form.append(el("p", { class: "pf-sd-caption" }, done ? t(state, "The sheets: before the hand, the entries, and after")
                                                      : t(state, "The sheets before the hand, and the entries to write")));
  const sheets = el("div", { class: "pf-sd-sheets" });
  state.before.players.forEach((_, i) => sheets.append(playerSheet(state, i, draft)));
  form.append(sheets);
  form.append(refeLine(state, state.before, t(state, "Before the hand")));
  if (state.after) form.append(refeLine(state, state.after, t(state, "After the hand")));

  // the refe: nothing, a new triangle, or the declarer ticks a side
  const refe = state.refe;
  const fs = el("fieldset", { class: `pf-sd-refe pf-sd-${refe.status}`, "data-cell": "refe", "data-status": refe.status });
  fs.append(el("legend", {}, t(state, "And the refe?")));
  const chosen = draft.refe ?? (refe.status === "right" || refe.status === "shown" ? refe.value : refe.answer) ?? "";
  for (const ch of refe.choices) {
    const id = `pf-sd-refe-${ch.value}`;
    const radio = el("input", { type: "radio", name: "pf-sd-refe", id, value: ch.value,
                                "data-focus": "refe-" + ch.value,
                                disabled: refe.status === "right" || refe.status === "shown" ? true : null });
    radio.checked = chosen === ch.value;
    radio.addEventListener("change", () => { draft.refe = ch.value; });
    fs.append(el("label", { for: id, class: "pf-sd-choice" }, radio, " ", ch.label));
  }
  form.append(fs);

  const buttons = el("div", { class: "pf-sd-buttons" });
  const check = findLegal(state, (a) => a.type === "check")[0];
  if (check) {
    buttons.append(el("button", { type: "submit", class: "pf-btn pf-primary", "data-focus": "check",
                                  "data-action": JSON.stringify(check) }, t(state, "Check the entries")));
  }
  for (const a of findLegal(state, (x) => x.type === "show" || x.type === "next")) {
    const b = actionButton(model, a, a.type === "show" ? t(state, "Show the engine's entries") : t(state, "Next hand"));
    b.setAttribute("data-focus", a.type);
    buttons.append(b);
  }
  form.append(buttons);
  form.addEventListener("submit", (ev) => {
    ev.preventDefault();
    if (!check) return;
    const cells = {};
    form.querySelectorAll("td[data-cell] input").forEach((i) => {
      cells[i.closest("td").getAttribute("data-cell")] = i.value;
    });
    const picked = form.querySelector('input[name="pf-sd-refe"]:checked');
    if (picked && !picked.disabled) cells.refe = picked.value;
    sendAction(model, { type: "check", cells });
  });
  root.append(form, errorLine(state));

  if (state.verdict) root.append(el("p", { class: "pf-sd-verdict", role: "status" }, el("b", {}, state.verdict)));
  const notes = [...state.cells, refe].filter((c) => c.message);
  if (notes.length) {
    const order = { wrong: 0, shown: 1, right: 2 };
    notes.sort((a, b) => (order[a.status] ?? 3) - (order[b.status] ?? 3));
    const list = el("ul", { class: "pf-sd-notes" });
    for (const c of notes) {
      list.append(el("li", { "data-cell": c.key, "data-status": c.status },
        el("span", { class: "pf-sd-mark" }, MARKS[c.status] || ""), " ",
        el("b", {}, c.label[0].toUpperCase() + c.label.slice(1) + ": "), c.message));
    }
    root.append(list);
  }
  root.append(el("p", { class: "pf-sd-score" }, state.score.text));
}

function render({ model, el: host }) {
  const root = el("section", { class: "pf-view pf-sheet-drill",
                                  "aria-label": t(model.get("state"), "Write the hand on the score sheet") });
  host.appendChild(root);
  return mount(model, root, (state, r) => drawSheetDrill(model, state, r),
               { fallback: (r) => r.querySelector("[data-focus=next], [data-focus=check]") });
}

export default { render };
