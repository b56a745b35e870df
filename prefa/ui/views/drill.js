// The opening-lead drill (prefa.ui.drill.LeadDrillSession).  Draws the
// state: the problem, the leader's hand as cards to lead, then the
// convention, the progress of the analysis, the figures of every lead, the
// real layout and the score.  While the session analyses, the view asks for
// the next batch by itself (the state's one legal action, "continue").

// Which drawings of the cards to use: the four-colour ones when the state asks
// for them and they are on the page, or when they are the only ones there (the
// widget was made with four_colour=True).
function useFour(want = false) {
  const has4 = !!document.getElementById("prefa-sprite-4");
  const has2 = !!document.getElementById("prefa-sprite-2");
  return has4 && (want || !has2);
}

function drillCardButton(model, state, name) {
  const action = findLegal(state, (a) => a.type === "lead" && a.card === name)[0];
  const chosen = state.lead === name;
  const cls = "pf-card" + (chosen ? " pf-selected" : "") + (action ? " pf-legal" : "");
  if (!action) {
    const span = el("span", { class: cls + " pf-static", role: "listitem",
                              "aria-label": chosen ? t(state, "{card} (your lead)", { card: cardWords(name) })
                                                   : cardWords(name) });
    span.append(cardSvg(name, { width: 56, fourColour: useFour() }));
    return span;
  }
  const b = el("button", { type: "button", class: cls, "data-action": JSON.stringify(action),
                           "data-focus": "card-" + name,
                           "aria-label": t(state, "Lead the {card}", { card: cardWords(name) }),
                           title: t(state, "Lead {card}", { card: cardSymbol(name) }) });
  b.append(cardSvg(name, { width: 56, fourColour: useFour() }));
  b.addEventListener("click", () => {
    if (b.closest("[data-pf-root]")) b.closest("[data-pf-root]").__pfWant = '[data-focus="next"]';
    sendAction(model, action);
  });
  return b;
}

function drillHand(model, state) {
  const interactive = state.phase === "lead";
  const hand = el("div", { class: "pf-hand", role: interactive ? "group" : "list",
                           "aria-label": interactive
                             ? t(state, "Your hand, seat {seat}: choose the card to lead", { seat: state.problem.leader })
                             : t(state, "Your hand, seat {seat}", { seat: state.problem.leader }) });
  for (const name of state.hand) hand.append(drillCardButton(model, state, name));
  if (interactive) rovingFocus(hand);
  return hand;
}

function drillLeadsTable(state) {
  const tab = el("table", { class: "pf-leads" });
  tab.append(el("caption", {}, t(state, "Each lead over {n} sampled layouts (seeing only your own cards)",
                                 { n: state.progress.total })));
  tab.append(el("thead", {}, el("tr", {},
    el("th", { scope: "col" }, t(state, "Lead")), el("th", { scope: "col" }, t(state, "Declarer's mean tricks")),
    el("th", { scope: "col" }, t(state, "Chance to beat")), el("th", { scope: "col" }, t(state, "Real layout")),
    el("th", { scope: "col" }, ""))));
  const body = el("tbody");
  const real = state.layout ? state.layout.tricks : {};
  for (const x of state.leads) {
    const notes = [];
    if (x.best) notes.push(t(state, "best"));
    if (x.convention) notes.push(t(state, "convention"));
    if (x.yours) notes.push(t(state, "your lead"));
    const bar = el("span", { class: "pf-bar", "aria-hidden": "true" });
    bar.style.setProperty("--w", `${Math.round(x.beat_chance * 100)}%`);
    const tr = el("tr", { class: (x.best ? "pf-best" : "") + (x.yours ? " pf-yours" : ""),
                          "data-card": x.card },
      el("th", { scope: "row" }, cardText(x.card)),
      el("td", {}, x.mean_text),
      el("td", { class: "pf-chance" }, bar, x.beat_text),
      el("td", {}, real[x.card] === undefined ? "" : String(real[x.card])),
      el("td", { class: "pf-notes" }, notes.join(", ")));
    body.append(tr);
  }
  tab.append(body);
  return el("div", { class: "pf-scroll" }, tab);
}

function drillLayout(state) {
  const L = state.layout;
  const box = el("div", { class: "pf-layout", role: "group", "aria-label": t(state, "The real layout") });
  box.append(el("h4", {}, t(state, "The real layout")));
  const seats = el("div", { class: "pf-layout-seats" });
  L.hands.forEach((cards, seat) => {
    const role = seat === state.problem.declarer ? t(state, "declarer") :
      seat === state.problem.leader ? t(state, "you, on lead") : t(state, "partner");
    const words = cards.map((c) => cardWords(c, state)).join(", ");
    const row = el("div", { class: "pf-mini-hand", role: "img",
                            "aria-label": t(state, "Seat {seat} ({role}): {cards}", { seat, role, cards: words }) });
    for (const c of cards) row.append(cardSvg(c, { width: 34, fourColour: useFour() }));
    seats.append(el("div", { class: "pf-layout-seat" },
                    el("div", { class: "pf-seat-name" }, t(state, "Seat {seat} · {role}", { seat, role })), row));
  });
  const talon = el("div", { class: "pf-mini-hand", role: "img",
                            "aria-label": t(state, "Talon: {cards}",
                                            { cards: L.talon.map((c) => cardWords(c, state)).join(", ") }) });
  for (const c of L.talon) talon.append(cardSvg(c, { width: 34, fourColour: useFour() }));
  seats.append(el("div", { class: "pf-layout-seat" },
                  el("div", { class: "pf-seat-name" }, t(state, "Talon (out of play)")), talon));
  box.append(seats, el("p", { class: "pf-note" }, L.text));
  return box;
}

function drawDrill(model, state, root) {
  const p = state.problem;
  const view = root;
  const score = state.score;
  view.append(el("div", { class: "pf-drill-head" },
    el("h3", {}, t(state, "Problem {n}", { n: p.number }),
       el("span", { class: "pf-contract" }, " · " + t(state, "{contract} by seat {seat}",
                                                      { contract: p.contract, seat: p.declarer }))),
    el("span", { class: "pf-score", role: "status" },
       t(state, "Score: {right} of {answered} right", { right: score.right, answered: score.answered }))));
  const info = el("div", { class: "pf-drill-info" });
  info.append(auctionTable(p.auction.seats, p.auction.calls, { state }));
  info.append(el("div", { class: "pf-drill-words" },
    el("p", {}, p.summary),
    state.bank ? el("p", { class: "pf-note pf-bank" },
      t(state, "A problem from the lead bank ({no} of {size}), chosen because the lead matters here; difficulty: {difficulty}.",
        { no: state.bank.index + 1, size: state.bank.size, difficulty: state.bank.difficulty })) : null,
    el("p", { class: "pf-prompt" }, ...(state.phase === "lead"
      ? [t(state, "You are seat {seat}, on lead. Which card do you lead?", { seat: p.leader })]
      : tParts(state, "You are seat {seat}; you led {card}.",
               { seat: p.leader, card: state.lead ? cardText(state.lead) : "" })))));
  view.append(info, drillHand(model, state), errorLine(state));

  if (state.convention) {
    const c = state.convention;
    const conv = el("div", { class: "pf-convention", role: "note" },
      el("p", {}, el("b", {}, t(state, "Convention:") + " "), cardText(c.card), ` — ${c.name}. `, c.reason));
    if (c.schools.length) {
      const ul = el("ul", { class: "pf-schools" });
      for (const s of c.schools) ul.append(el("li", {}, `${s.label}: `, cardText(s.card), ` (${s.name})`));
      conv.append(el("p", {}, t(state, "Where the schools differ:")), ul);
    }
    view.append(conv);
  }
  if (state.phase === "analysing") {
    view.append(el("div", { class: "pf-analysing", role: "status" },
      el("p", {}, t(state, "Solving sampled layouts of the unseen cards…")),
      progressBar(state.progress.done, state.progress.total, t(state, "layouts solved"), state)));
    const cont = findLegal(state, (a) => a.type === "continue")[0];
    const key = `${p.number}:${state.progress.done}`;
    if (cont && root.__pfSent !== key) {
      root.__pfSent = key;
      setTimeout(() => sendAction(model, cont), 20);
    }
  }
  if (state.verdict) {
    const v = state.verdict;
    view.append(el("div", { class: "pf-verdict " + (v.right ? "pf-right" : "pf-wrong"), role: "status",
                            "data-right": v.right ? "true" : "false" },
      el("p", {}, el("b", {}, v.right ? "✓ " : "✗ "), v.text),
      el("p", {}, v.convention_text)));
    view.append(drillLeadsTable(state));
    view.append(drillLayout(state));
  }
  const bar = el("div", { class: "pf-actions" });
  const next = findLegal(state, (a) => a.type === "next")[0];
  if (next) {
    const b = el("button", { type: "button", class: "pf-btn pf-primary", "data-focus": "next",
                             "data-action": JSON.stringify(next) }, t(state, "Next problem"));
    b.addEventListener("click", () => { root.__pfWant = ".pf-hand button"; sendAction(model, next); });
    bar.append(b);
  }
  if (state.phase === "done") bar.append(el("p", { class: "pf-note" }, t(state, "That was the last problem of this drill.")));
  view.append(bar);
  // Keep the keyboard user's place: after a lead the focus waits for "Next
  // problem"; after "Next problem" it goes to the first card of the new hand.
  if (root.__pfWant) {
    const target = root.querySelector(root.__pfWant);
    if (target) { target.focus(); root.__pfWant = null; }
  }
}

function render({ model, el: host }) {
  const root = el("section", { class: "pf-view pf-drill", "aria-label": t(model.get("state"), "Opening-lead drill"),
                                  "data-pf-root": "drill" });
  host.appendChild(root);
  return mount(model, root, (state, r) => drawDrill(model, state, r));
}

export default { render };
