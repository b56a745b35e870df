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
                              "aria-label": cardWords(name) + (chosen ? " (your lead)" : "") });
    span.append(cardSvg(name, { width: 56, fourColour: useFour() }));
    return span;
  }
  const b = el("button", { type: "button", class: cls, "data-action": JSON.stringify(action),
                           "data-focus": "card-" + name, "aria-label": "Lead the " + cardWords(name),
                           title: "Lead " + cardSymbol(name) });
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
                           "aria-label": `Your hand, seat ${state.problem.leader}` +
                             (interactive ? ": choose the card to lead" : "") });
  for (const name of state.hand) hand.append(drillCardButton(model, state, name));
  if (interactive) rovingFocus(hand);
  return hand;
}

function drillLeadsTable(state) {
  const t = el("table", { class: "pf-leads" });
  t.append(el("caption", {}, `Each lead over ${state.progress.total} sampled layouts (seeing only your own cards)`));
  t.append(el("thead", {}, el("tr", {},
    el("th", { scope: "col" }, "Lead"), el("th", { scope: "col" }, "Declarer's mean tricks"),
    el("th", { scope: "col" }, "Chance to beat"), el("th", { scope: "col" }, "Real layout"),
    el("th", { scope: "col" }, ""))));
  const body = el("tbody");
  const real = state.layout ? state.layout.tricks : {};
  for (const x of state.leads) {
    const notes = [];
    if (x.best) notes.push("best");
    if (x.convention) notes.push("convention");
    if (x.yours) notes.push("your lead");
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
  t.append(body);
  return el("div", { class: "pf-scroll" }, t);
}

function drillLayout(state) {
  const L = state.layout;
  const box = el("div", { class: "pf-layout", role: "group", "aria-label": "The real layout" });
  box.append(el("h4", {}, "The real layout"));
  const seats = el("div", { class: "pf-layout-seats" });
  L.hands.forEach((cards, seat) => {
    const role = seat === state.problem.declarer ? "declarer" :
      seat === state.problem.leader ? "you, on lead" : "partner";
    const row = el("div", { class: "pf-mini-hand", role: "img",
                            "aria-label": `Seat ${seat} (${role}): ${cards.map(cardWords).join(", ")}` });
    for (const c of cards) row.append(cardSvg(c, { width: 34, fourColour: useFour() }));
    seats.append(el("div", { class: "pf-layout-seat" },
                    el("div", { class: "pf-seat-name" }, `Seat ${seat} · ${role}`), row));
  });
  const talon = el("div", { class: "pf-mini-hand", role: "img",
                            "aria-label": "Talon: " + L.talon.map(cardWords).join(", ") });
  for (const c of L.talon) talon.append(cardSvg(c, { width: 34, fourColour: useFour() }));
  seats.append(el("div", { class: "pf-layout-seat" },
                  el("div", { class: "pf-seat-name" }, "Talon (out of play)"), talon));
  box.append(seats, el("p", { class: "pf-note" }, L.text));
  return box;
}

function drawDrill(model, state, root) {
  const p = state.problem;
  const view = root;
  const score = state.score;
  view.append(el("div", { class: "pf-drill-head" },
    el("h3", {}, `Problem ${p.number}`, el("span", { class: "pf-contract" }, ` · ${p.contract} by seat ${p.declarer}`)),
    el("span", { class: "pf-score", role: "status" },
       `Score: ${score.right} of ${score.answered} right`)));
  const info = el("div", { class: "pf-drill-info" });
  info.append(auctionTable(p.auction.seats, p.auction.calls));
  info.append(el("div", { class: "pf-drill-words" },
    el("p", {}, p.summary),
    state.bank ? el("p", { class: "pf-note pf-bank" },
      `A problem from the lead bank (${state.bank.index + 1} of ${state.bank.size}), ` +
      `chosen because the lead matters here; difficulty: ${state.bank.difficulty}.`) : null,
    el("p", { class: "pf-prompt" }, state.phase === "lead"
      ? `You are seat ${p.leader}, on lead. Which card do you lead?`
      : `You are seat ${p.leader}; you led `, state.lead ? cardText(state.lead) : null,
      state.lead ? "." : null)));
  view.append(info, drillHand(model, state), errorLine(state));

  if (state.convention) {
    const c = state.convention;
    const conv = el("div", { class: "pf-convention", role: "note" },
      el("p", {}, el("b", {}, "Convention: "), cardText(c.card), ` — ${c.name}. `, c.reason));
    if (c.schools.length) {
      const ul = el("ul", { class: "pf-schools" });
      for (const s of c.schools) ul.append(el("li", {}, `${s.label}: `, cardText(s.card), ` (${s.name})`));
      conv.append(el("p", {}, "Where the schools differ:"), ul);
    }
    view.append(conv);
  }
  if (state.phase === "analysing") {
    view.append(el("div", { class: "pf-analysing", role: "status" },
      el("p", {}, "Solving sampled layouts of the unseen cards…"),
      progressBar(state.progress.done, state.progress.total, "layouts solved")));
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
                             "data-action": JSON.stringify(next) }, "Next problem");
    b.addEventListener("click", () => { root.__pfWant = ".pf-hand button"; sendAction(model, next); });
    bar.append(b);
  }
  if (state.phase === "done") bar.append(el("p", { class: "pf-note" }, "That was the last problem of this drill."));
  view.append(bar);
  // Keep the keyboard user's place: after a lead the focus waits for "Next
  // problem"; after "Next problem" it goes to the first card of the new hand.
  if (root.__pfWant) {
    const target = root.querySelector(root.__pfWant);
    if (target) { target.focus(); root.__pfWant = null; }
  }
}

function render({ model, el: host }) {
  const root = el("section", { class: "pf-view pf-drill", "aria-label": "Opening-lead drill", "data-pf-root": "drill" });
  host.appendChild(root);
  return mount(model, root, (state, r) => drawDrill(model, state, r));
}

export default { render };
