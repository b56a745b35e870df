// A quiz file checked by the engine (prefa.ui.check.CheckSession).  The
// teacher pastes the file, chooses it or drops it on the text box; the
// report lists every item with the engine's verdict and reason, and the
// handout follows in a sandboxed frame (no script of it may run) with a
// link to save it for printing.  Every string of the file is a stranger's
// text: written with textContent, never as HTML.

function drawCheck(model, state, root) {
  const f = el("form", { class: "pf-ck-form", "aria-label": t(state, "The quiz file to check") });
  f.append(el("label", { for: "pf-ck-text", class: "pf-an-label" },
              t(state, "The quiz file (paste it, or drop the file here)")));
  const area = el("textarea", { id: "pf-ck-text", rows: 10, spellcheck: "false", "data-focus": "text" });
  area.value = root.__pfText || "";
  area.addEventListener("input", () => { root.__pfText = area.value; });
  const send = (text, name) => {
    root.__pfText = text;
    root.__pfName = name;
    sendAction(model, { type: "check", text, name });
  };
  const readFile = (file) => {
    if (!file) return;
    file.text().then((text) => send(text, file.name));
  };
  area.addEventListener("dragover", (ev) => { ev.preventDefault(); area.classList.add("pf-drop"); });
  area.addEventListener("dragleave", () => area.classList.remove("pf-drop"));
  area.addEventListener("drop", (ev) => {
    ev.preventDefault();
    area.classList.remove("pf-drop");
    readFile(ev.dataTransfer && ev.dataTransfer.files[0]);
  });
  const file = el("input", { type: "file", id: "pf-ck-file", accept: ".txt,text/plain" });
  file.addEventListener("change", () => readFile(file.files[0]));
  f.append(area, el("div", { class: "pf-an-row" },
    el("button", { type: "submit", class: "pf-btn pf-primary", "data-focus": "check" }, t(state, "Check")),
    el("label", { for: "pf-ck-file" }, t(state, "or choose a file:") + " "), file));
  f.addEventListener("submit", (ev) => { ev.preventDefault(); send(area.value, root.__pfName || ""); });
  root.append(f, errorLine(state));
  if (!state.lines.length) return;

  const out = el("div", { class: "pf-ck-report" });
  out.append(el("h3", {}, state.name ? t(state, "The engine's report: {name}", { name: state.name })
                                      : t(state, "The engine's report")));
  out.append(el("p", { role: "status" }, el("b", {}, state.summary)));
  const list = el("ul", { class: "pf-ck-lines" });
  for (const ln of state.lines) {
    list.append(el("li", { "data-status": ln.status, "data-id": ln.id },
      el("span", { class: "pf-ck-mark" }, ln.status === "agrees" ? t(state, "✓ agrees") :
                                         ln.status === "disagrees" ? t(state, "✗ disagrees") : t(state, "? cannot read")),
      " ", el("span", { class: "pf-ck-message" }, ln.message)));
  }
  out.append(list);
  for (const it of state.items) {
    const d = el("details", { class: "pf-ck-item", "data-id": it.id, open: it.status === "disagrees" });
    d.append(el("summary", {}, `${it.id}: ${it.question}`));
    d.append(el("p", {}, t(state, "The author's answer: {author}. The engine's: {engine}.",
                           { author: it.author.join(", ") || t(state, "none"),
                             engine: it.engine.join(", ") || t(state, "none") })));
    d.append(el("p", {}, it.reason));
    if (it.verdicts.length) {
      const ul = el("ul");
      for (const v of it.verdicts) {
        const said = { choice: v.choice, reason: v.reason };
        ul.append(el("li", {}, v.correct ? t(state, "{choice}: right. {reason}", said)
                                         : t(state, "{choice}: wrong. {reason}", said)));
      }
      d.append(ul);
    }
    out.append(d);
  }
  if (state.handout) {
    out.append(el("h3", {}, t(state, "The handout")));
    const blob = new Blob([state.handout], { type: "text/html" });
    const name = (state.name || "quiz").replace(/\.[^.]*$/, "").replace(/[^\w.-]+/g, "_") || "quiz";
    const link = el("a", { href: URL.createObjectURL(blob), download: `${name}-handout.html`,
                           class: "pf-btn" }, t(state, "Save the handout to print it"));
    const frame = el("iframe", { class: "pf-ck-handout", title: t(state, "The handout"), sandbox: "" });
    frame.srcdoc = state.handout;  // the engine's escaped page, in a frame where no script runs
    out.append(el("p", {}, link), frame);
  }
  root.append(out);
}

function render({ model, el: host }) {
  const root = el("section", { class: "pf-view pf-check", "aria-label": t(model.get("state"), "Check a quiz file") });
  host.appendChild(root);
  return mount(model, root, (state, r) => drawCheck(model, state, r),
               { fallback: (r) => r.querySelector("[data-focus=check]") });
}

export default { render };
