// Analyse a deal (prefa.ui.analyse.AnalyseSession).  A form (the deal as
// text, the game, the declarer, the seat on lead) and what the solver found:
// the card table of the player to move, the best line, for betl whether it is
// caught and how.  Every string of the deal is the learner's: written as text.


function formOf(root) {
  const f = root.querySelector("form.pf-an-form");
  return {
    deal: f.querySelector("textarea").value,
    game: f.querySelector("[name=game]").value,
    declarer: Number(f.querySelector("[name=declarer]").value),
    leader: Number(f.querySelector("[name=leader]").value),
  };
}

function select(name, label, options, value) {
  const s = el("select", { name, id: `pf-an-${name}` });
  for (const [v, words] of options) {
    const o = el("option", { value: v }, words);
    if (String(v) === String(value)) o.selected = true;
    s.append(o);
  }
  return el("label", { class: "pf-an-field", for: `pf-an-${name}` }, label + " ", s);
}

function handLine(cards) {
  const span = el("span", { class: "pf-an-hand" });
  if (!cards.length) span.append(el("span", { class: "pf-muted" }, t(drawnState, "no cards")));
  cards.forEach((c, i) => { if (i) span.append(" "); span.append(cardText(c)); });
  return span;
}

function drawAnalyse(model, state, root) {
  const form = state.form;
  const f = el("form", { class: "pf-an-form", "aria-label": t(state, "The deal to analyse") });
  f.append(el("label", { for: "pf-an-deal", class: "pf-an-label" }, t(state, "The deal: three hands separated by /")));
  const area = el("textarea", { id: "pf-an-deal", name: "deal", rows: 2, spellcheck: "false",
                                maxlength: state.max_deal, "data-focus": "deal" });
  area.value = form.deal || "";
  f.append(area);
  const label = (g) => (state.game_labels && state.game_labels[g]) || g;
  const games = state.games.map((g) => [g, label(g)]);
  const seats = [0, 1, 2].map((s) => [s, t(state, "seat {seat}", { seat: s })]);
  f.append(el("div", { class: "pf-an-row" },
    select("game", t(state, "Game"), games, form.game),
    select("declarer", t(state, "Declarer"), seats, form.declarer),
    select("leader", t(state, "On lead"), seats, form.leader)));
  const go = el("button", { type: "submit", class: "pf-btn pf-primary", "data-focus": "analyse" }, t(state, "Analyse"));
  const rnd = el("button", { type: "button", class: "pf-btn", "data-focus": "random" }, t(state, "Deal a random one"));
  f.addEventListener("submit", (ev) => {
    ev.preventDefault();
    sendAction(model, { type: "analyse", ...formOf(root) });
  });
  rnd.addEventListener("click", () => {
    const v = formOf(root);
    sendAction(model, { type: "random", game: v.game, declarer: v.declarer, leader: v.leader });
  });
  f.append(el("div", { class: "pf-an-row" }, go, rnd));
  root.append(f, errorLine(state));
  if (!state.deal) return;

  const out = el("div", { class: "pf-an-result" });
  out.append(el("h3", {}, t(state, "{game}: seat {seat} declares", { game: label(state.game), seat: state.declarer })));
  const hands = el("ul", { class: "pf-an-hands", "aria-label": t(state, "The hands still held") });
  state.deal.hands.forEach((h, s) => hands.append(el("li", {},
    el("b", {}, (s === state.declarer ? t(state, "Seat {seat} (declarer):", { seat: s })
                                      : t(state, "Seat {seat}:", { seat: s })) + " "), handLine(h))));
  out.append(hands);
  if (state.played.length) {
    const seen = el("p", {}, t(state, "Played so far:") + " ");
    state.played.forEach((c, i) => { if (i) seen.append(" "); seen.append(cardText(c)); });
    out.append(seen);
  }
  out.append(el("p", { class: "pf-an-words", role: "status" }, el("b", {}, state.words)));

  if (state.table.length) {
    const tab = el("table", { class: "pf-an-table" });
    tab.append(el("caption", {}, t(state, "Card table: seat {seat} to play; the declarer's tricks after each card",
                                   { seat: state.to_move })));
    tab.append(el("thead", {}, el("tr", {}, el("th", { scope: "col" }, t(state, "card")),
      el("th", { scope: "col" }, t(state, "declarer's tricks")), el("th", { scope: "col" }, t(state, "best")),
      el("th", { scope: "col" }, t(state, "follow")))));
    const body = el("tbody");
    for (const row of state.table) {
      const b = actionButton(model, { type: "play", card: row.card }, t(state, "play it"),
                             { cls: "pf-btn pf-small" });
      b.setAttribute("data-focus", "play-" + row.card);
      b.setAttribute("aria-label", t(state, "play the {card}", { card: cardWords(row.card, state) }));
      body.append(el("tr", { "data-card": row.card, class: row.best ? "pf-an-best" : null },
        el("th", { scope: "row" }, cardText(row.card)), el("td", {}, String(row.tricks)),
        el("td", {}, row.best ? t(state, "best") : ""), el("td", {}, b)));
    }
    tab.append(body);
    out.append(tab);
  }
  if (state.betl && state.betl.caught) {
    const p = el("p", { class: "pf-an-betl" },
                 t(state, "Leads by seat {seat} that catch the betl:", { seat: state.betl.leader }) + " ");
    state.betl.leads.forEach((c, i) => { if (i) p.append(", "); p.append(cardText(c)); });
    out.append(p);
  }
  if (state.line.length) {
    out.append(el("h4", {}, t(state, "The best line")));
    const ol = el("ol", { class: "pf-an-line" });
    let trick = null;
    const offset = state.trick.length;
    state.line.forEach((m, i) => {
      if (trick === null || (i + offset) % 3 === 0) { trick = el("li"); ol.append(trick); }
      else trick.append(" · ");
      trick.append(t(state, "seat {seat}", { seat: m.seat }) + " ", cardText(m.card));
    });
    out.append(ol);
  }
  if (state.played.length) {
    const back = actionButton(model, { type: "back" }, t(state, "Take the last card back"));
    back.setAttribute("data-focus", "back");
    out.append(back);
  }
  root.append(out);
}

function render({ model, el: host }) {
  const root = el("section", { class: "pf-view pf-analyse", "aria-label": t(model.get("state"), "Analyse a deal") });
  host.appendChild(root);
  return mount(model, root, (state, r) => drawAnalyse(model, state, r),
               { fallback: (r) => r.querySelector("[data-focus=analyse]") });
}

export default { render };
