// The card table (prefa.ui.TableSession): three seats around a table, the
// learner at the bottom.  One function draws the whole state; every button
// sends one of state.legal (it carries data-action).  No rule lives here:
// which card is legal, and why not, comes with the state.

function miniCard(entry, fourColour, width = 34) {
  const box = el("span", { class: "pf-mini", role: "img", "aria-label": entry.words || cardWords(entry.card) });
  box.append(cardSvg(entry.card, { fourColour, width }));
  return box;
}

function legalHas(state, type) {
  return findLegal(state, (a) => a.type === type).length > 0;
}

// A seat's part in the hand, in the learner's words (the state's key is also a class).
function roleWord(state, role) {
  return role === "declarer" ? t(state, "declarer") : role === "defender" ? t(state, "defender")
    : role === "passed" ? t(state, "passed") : role || "";
}

function seatPanel(model, state, seat) {
  const fc = state.four_colour;
  const bits = [seatWord(state, seat.name, { title: true })];
  const role = roleWord(state, seat.role);
  if (role) bits.push(role);
  if (seat.dealer) bits.push(t(state, "dealer"));
  if (seat.sits_out) bits.push(t(state, "sits out"));
  const who = bits.join(", ");
  const n = seat.tricks;
  const label = n === null || n === undefined ? who
    : tn(state, "{who}, {n} trick", "{who}, {n} tricks", n, { who });
  const panel = el("section", { class: `pf-seat pf-seat-${seat.where}` + (seat.to_act ? " pf-to-act" : ""),
                                "aria-label": label });
  const head = el("div", { class: "pf-seat-head" },
    el("span", { class: "pf-seat-name" }, bits[0]),
    seat.role ? el("span", { class: `pf-badge pf-role-${seat.role}` }, role) : null,
    seat.dealer ? el("span", { class: "pf-badge pf-dealer", title: t(state, "dealer") }, t(state, "dealer")) : null,
    seat.sits_out ? el("span", { class: "pf-badge pf-sits-out" }, t(state, "sits out")) : null,
    seat.tricks !== null && seat.tricks !== undefined
      ? el("span", { class: "pf-tricks" }, t(state, "tricks: {n}", { n: seat.tricks })) : null);
  panel.append(head);
  if (seat.said) panel.append(el("div", { class: "pf-said" }, seat.said));
  if (seat.where !== "bottom") {
    // the cards fan out on one row, overlapping as much as the panel needs (pf-fan)
    const cards = el("div", { class: "pf-others" + (seat.cards ? "" : " pf-backs") });
    const fan = (x) => cards.append(el("span", { class: "pf-fan" }, x));
    if (seat.cards) {
      seat.cards.forEach((c) => {
        if (!c.action) { fan(miniCard(c, fc, 34)); return; }
        // an open hand the learner plays (the Russian lone whister's): its legal cards are buttons
        const b = actionButton(model, c.action, "", { title: t(state, "play {card}", { card: c.words }),
          cls: "pf-card pf-legal pf-open-card" + (c.hinted ? " pf-hinted" : "") });
        const whose = { card: c.words, seat: seatWord(state, seat.name) };
        b.setAttribute("aria-label", c.hinted ? t(state, "play {card} from {seat}'s hand, hinted", whose)
                                              : t(state, "play {card} from {seat}'s hand", whose));
        b.setAttribute("data-card", c.card);
        b.setAttribute("data-focus", "open-" + c.card);
        b.append(cardSvg(c.card, { fourColour: fc, width: 34 }));
        fan(b);
      });
    } else {
      for (let i = 0; i < seat.count; i++) fan(cardSvg(null, { width: 34 }));
    }
    let count = !seat.count ? t(state, "no cards")
      : tn(state, "{n} card", "{n} cards", seat.count);
    if ((seat.open || seat.cards) && seat.count) count = t(state, "{cards}, face up", { cards: count });
    if (seat.out && seat.count && state.phase === "play") count = t(state, "{cards}, out of the play", { cards: count });
    panel.append(cards, el("div", { class: "pf-count" }, count));
  }
  return panel;
}

function tableAuction(state) {
  const names = {};
  const bidders = state.seats.filter((s) => !s.sits_out);  // the dealer of four sits out
  bidders.forEach((s) => { names[s.seat] = seatWord(state, s.name); });
  return auctionTable(bidders.map((s) => s.seat), state.auction.map((c) => [c.seat, c.words]),
                      { names });
}

function trickView(state, trick, fc, caption, wonBy = null) {
  const box = el("div", { class: "pf-trick" + (wonBy ? " pf-trick-won" : ""), role: "group", "aria-label": caption });
  box.append(el("div", { class: "pf-trick-caption" }, caption));
  const spots = { left: null, right: null, bottom: null, top: null };
  trick.cards.forEach((c, i) => { spots[c.where] = { ...c, lead: i === 0 }; });
  const four = state.seats.length === 4;
  if (four) box.classList.add("pf-four");
  for (const where of four ? ["top", "left", "bottom", "right"] : ["left", "bottom", "right"]) {
    const won = wonBy === where;
    const spot = el("div", { class: `pf-spot pf-spot-${where}` + (won ? " pf-won" : "") });
    const c = spots[where];
    if (c) {
      spot.append(miniCard(c, fc, 48));
      if (won) spot.append(el("span", { class: "pf-won-mark" }, t(state, "won")));
      else if (c.lead) spot.append(el("span", { class: "pf-led" }, t(state, "led")));
    }
    box.append(spot);
  }
  return box;
}

function centre(state) {
  const fc = state.four_colour;
  const felt = el("div", { class: "pf-felt" });
  if (state.contract) {
    felt.append(el("div", { class: "pf-contract" }, state.contract.words));
  }
  if (state.phase === "auction" || (!state.contract && state.auction.length)) {
    felt.append(tableAuction(state));
  }
  const tal = state.talon;
  if (tal && tal.count && tal.shown && state.phase !== "done" && state.phase !== "hand_over") {
    const talon = el("div", { class: "pf-talon", role: "group", "aria-label": tal.note });
    talon.append(el("div", { class: "pf-talon-caption" }, tal.note));
    const row = el("div", { class: "pf-row" });
    if (tal.cards) tal.cards.forEach((c) => row.append(miniCard(c, fc, 40)));
    else for (let i = 0; i < tal.count; i++) row.append(cardSvg(null, { width: 40 }));
    talon.append(row);
    if (tal.discards) {
      const away = el("div", { class: "pf-row" });
      tal.discards.forEach((c) => away.append(miniCard(c, fc, 30)));
      talon.append(el("div", { class: "pf-talon-caption" }, t(state, "you put away")), away);
    }
    felt.append(talon);
  }
  const won = state.trick_won;
  if (won) {  // the trick just finished stays on the felt, its winner marked, until the learner acts
    felt.append(trickView(state, won, fc, t(state, "Trick {no} won by {who}", { no: won.no, who: seatWord(state, won.winner) }),
                          won.winner_where));
  }
  const now = state.trick ? { no: state.trick.no, who: seatWord(state, state.trick.leader) } : null;
  if (state.trick && (state.trick.cards.length || !won)) {
    felt.append(trickView(state, state.trick, fc, state.trick.cards.length
      ? t(state, "Trick {no}, led by {who}", now)
      : t(state, "Trick {no}: {who} to lead", now)));
  } else if (state.trick) {
    felt.append(el("div", { class: "pf-trick-caption" }, t(state, "Trick {no}: {who} to lead", now)));
  }
  if (state.last_trick && !(won && won.no === state.last_trick.no)) {
    const lt = state.last_trick;
    const box = trickView(state, lt, fc, t(state, "Last trick ({no}): won by {who}", { no: lt.no, who: seatWord(state, lt.winner) }));
    box.classList.add("pf-last");
    felt.append(box);
  }
  if (state.result) {
    felt.append(el("div", { class: "pf-result" }, state.result.words));
  }
  return felt;
}

function handRow(model, state) {
  const fc = state.four_colour;
  const row = el("div", { class: "pf-hand", role: "group", "aria-label": t(state, "your cards") });
  for (const c of state.hand) {
    const cls = ["pf-card"];
    if (c.legal === true) cls.push("pf-legal");
    if (c.legal === false) cls.push("pf-illegal");
    if (c.picked) cls.push("pf-selected");
    if (c.from_talon) cls.push("pf-from-talon");
    if (c.hinted) cls.push("pf-hinted");
    let label = c.words;
    if (c.from_talon) label = t(state, "{card}, from the talon", { card: label });
    if (c.picked) label = t(state, "{card}, picked to put away", { card: label });
    if (c.hinted) label = t(state, "{card}, hinted", { card: label });
    if (c.legal === false && c.reason) label = t(state, "{card}: not playable, {reason}", { card: label, reason: c.reason });
    const b = el("button", {
      type: "button", class: cls.join(" "), "aria-label": label,
      title: c.reason && c.legal !== true ? c.reason : c.words,
      "data-card": c.card, "data-focus": "card-" + c.card,
      "data-action": c.action ? JSON.stringify(c.action) : null,
      "aria-disabled": c.action ? null : "true",
      "aria-pressed": state.phase === "discard" && state.my_turn ? String(!!c.picked) : null,
    });
    b.append(cardSvg(c.card, { fourColour: fc, width: 58 }));
    if (c.reason && c.legal === false) b.append(el("span", { class: "pf-tip", "aria-hidden": "true" }, c.reason));
    b.addEventListener("click", () => {
      if (c.action) sendAction(model, c.action);
      else if (c.legal === false) sendAction(model, { type: "card", card: c.card }); // the engine says why not
    });
    row.append(b);
  }
  rovingFocus(row, "button");
  const items = Array.from(row.querySelectorAll("button"));
  const first = items.find((b) => b.hasAttribute("data-action")) || items[0];
  if (first) {
    items.forEach((b) => b.setAttribute("tabindex", "-1"));
    first.setAttribute("tabindex", "0");
  }
  return row;
}

function toolButtons(model, state) {
  const tools = el("div", { class: "pf-tools", role: "group", "aria-label": t(state, "tools") });
  const add = (type, label, title, extra = {}) => {
    const a = findLegal(state, (x) => x.type === type)[0];
    if (!a) return;
    const b = actionButton(model, a, label, { title, cls: "pf-btn pf-tool" });
    b.setAttribute("data-focus", "tool-" + type);
    for (const [k, v] of Object.entries(extra)) b.setAttribute(k, v);
    tools.append(b);
  };
  const hintNext = state.hint ? t(state, "Best card (solver)") : t(state, "Hint");
  add("hint", hintNext, state.hint ? t(state, "the solver's best card, every card seen")
                                   : t(state, "the convention's advice and its reason"));
  add("undo", t(state, "Undo"), t(state, "take back your last action"));
  add("last_trick", state.last_trick_shown ? t(state, "Hide last trick") : t(state, "Last trick"),
      t(state, "show the last trick"), { "aria-pressed": String(!!state.last_trick_shown) });
  add("review", t(state, "Review my cards"), t(state, "what each card you played cost (double dummy)"));
  add("next_hand", t(state, "Next hand"), t(state, "deal the next hand of the game"));
  add("deal", t(state, "Deal another"), t(state, "deal a new hand at this table"));
  const claims = findLegal(state, (a) => a.type === "claim");
  if (claims.length) {
    const d = el("details", { class: "pf-claim" });
    d.append(el("summary", { class: "pf-btn pf-tool", "data-focus": "claim" }, t(state, "Claim…")));
    const row = el("div", { class: "pf-row" });
    claims.forEach((a) => {
      const label = a.tricks === 0 ? t(state, "no more tricks")
        : tn(state, "{n} more trick", "{n} more tricks", a.tricks);
      const b = actionButton(model, a, label, { title: t(state, "the solver checks the claim"), cls: "pf-btn" });
      b.setAttribute("data-focus", "claim-" + a.tricks);
      row.append(b);
    });
    d.append(row);
    tools.append(d);
  }
  return tools;
}

function controls(model, state) {
  const box = el("div", { class: "pf-controls" });
  box.append(el("p", { class: "pf-prompt", id: "pf-prompt" }, state.prompt));
  if (state.controls.length) {
    const kind = state.controls[0].kind;
    const name = { call: t(state, "bidding box"), decision: t(state, "defence decision"),
                   contract: t(state, "declare a game"), discard: t(state, "discard") }[kind] || kind;
    const group = el("div", { class: `pf-box pf-box-${kind}`, role: "group", "aria-label": name });
    state.controls.forEach((c, i) => {
      const b = actionButton(model, c.action, c.label, { title: c.title, cls: "pf-btn pf-choice" });
      b.setAttribute("data-focus", "ctl-" + JSON.stringify(c.action));
      group.append(b);
    });
    rovingFocus(group, "button");
    box.append(group);
  }
  box.append(toolButtons(model, state));
  box.append(errorLine(state));
  if (state.hint) {
    const h = el("div", { class: "pf-hint", role: "status" },
      el("strong", {}, state.hint.title + ": "), state.hint.text);
    box.append(h);
  }
  if (state.note) box.append(el("p", { class: "pf-note", role: "status" }, state.note));
  if (state.log.length) {
    box.append(el("p", { class: "pf-log" },
      state.log.map((x) => `${seatWord(state, x.name, { title: true })}: ${x.text}`).join(" · ")));
  }
  return box;
}

function sheetView(state, sheet, open) {
  const d = el("details", { class: "pf-sheet-box", open: open || null });
  d.append(el("summary", {}, sheet.caption));
  if (sheet.html) {  // the ruleset's own sheet (the Greek kasa, the Russian pulya), drawn by the engine
    const box = el("div", { class: "pf-sheet-html" });
    box.innerHTML = sheet.html;
    d.append(box);
    return d;
  }
  const tab = el("table", { class: "pf-sheet" });
  tab.append(el("caption", { class: "pf-visually-hidden" }, sheet.caption));
  const h1 = el("tr");
  const h2 = el("tr");
  const r = el("tr");
  for (const p of sheet.players) {
    h1.append(el("th", { colspan: "3", scope: "colgroup", class: "pf-sheet-name" }, seatWord(state, p.name, { title: true })));
    h2.append(el("th", { scope: "col" }, t(state, "supe vs {who}", { who: p.left.map((x) => seatWord(state, x.against)).join(", ") })),
              el("th", { scope: "col" }, t(state, "bule")),
              el("th", { scope: "col" }, t(state, "supe vs {who}", { who: p.right.map((x) => seatWord(state, x.against)).join(", ") })));
    const bule = el("td", { class: "pf-bule" });
    p.history.forEach((v) => bule.append(el("div", { class: "pf-old" }, el("s", {}, String(v)))));
    if (p.under_hat) {
      const hat = el("div", { class: "pf-hat-box", title: t(state, "under the hat") });
      hat.innerHTML = sheet.hat_svg;  // the engine's own drawing
      bule.append(hat);
    }
    bule.append(el("div", { class: "pf-now" }, String(p.bule)));
    r.append(el("td", { class: "pf-supe" }, ...p.left.map((x) => el("div", {}, String(x.value)))),
             bule,
             el("td", { class: "pf-supe" }, ...p.right.map((x) => el("div", {}, String(x.value)))));
  }
  tab.append(el("thead", {}, h1, h2), el("tbody", {}, r));
  d.append(tab);
  const rounds = { rounds: sheet.refe.rounds, limit: sheet.refe.limit, left: sheet.refe.to_play };
  const refe = el("div", { class: "pf-refe-line" },
    (sheet.refe.to_play ? t(state, "Refe: {rounds} of {limit} rounds written; still to play: {left}.", rounds)
                        : t(state, "Refe: {rounds} of {limit} rounds written.", rounds)) + " ");
  for (const tri of sheet.refe.triangles) {
    const s = el("span", { class: "pf-refe" });
    s.innerHTML = tri.svg;  // the engine's own drawing (its label inside)
    refe.append(s);
  }
  const left = { n: sheet.remaining };
  d.append(refe, el("p", {}, sheet.over ? t(state, "Remaining bule: {n}; the game is over.", left)
                                        : t(state, "Remaining bule: {n}.", left)));
  if (sheet.results) {
    const rt = el("table", { class: "pf-results" }, el("caption", {}, t(state, "Results")),
      el("thead", {}, el("tr", {}, el("th", { scope: "col" }, t(state, "player")),
        el("th", { scope: "col" }, t(state, "lower is better")),
        el("th", { scope: "col" }, t(state, "higher is better")))));
    const body = el("tbody");
    sheet.results.forEach((x) => body.append(el("tr", {}, el("td", {}, seatWord(state, x.name, { title: true })),
      el("td", {}, String(x.lower)), el("td", {}, String(x.higher)))));
    rt.append(body);
    d.append(rt);
  }
  return d;
}

function afterHand(state) {
  const fc = state.four_colour;
  const box = el("div", { class: "pf-after" });
  const r = state.result;
  box.append(el("h3", { class: "pf-h" }, r.words));
  const facts = [];
  if (r.tricks.length) {
    facts.push(t(state, "Tricks: {list}.", { list: r.tricks.map((x) => `${seatWord(state, x.name)} ${x.tricks}`).join(", ") }));
  }
  if (r.bule.length) {
    facts.push(t(state, "Bule: {list}.", { list: r.bule.map((x) => `${seatWord(state, x.name)} ${x.from} → ${x.to}`).join(", ") }));
  }
  if (r.supe.length) {
    const entry = (x) => {
      const p = { who: seatWord(state, x.name), value: x.value, against: seatWord(state, x.against) };
      return x.name === "you" ? t(state, "{who} write {value} against {against}", p)
                              : t(state, "{who} writes {value} against {against}", p);
    };
    facts.push(t(state, "Supe: {list}.", { list: r.supe.map(entry).join(", ") }));
  }
  (r.lines || []).forEach((f) => facts.push(f));
  facts.forEach((f) => box.append(el("p", {}, f)));
  if (state.review) {
    const heads = [t(state, "trick"), t(state, "card"), t(state, "verdict"), t(state, "best line")];
    const tab = el("table", { class: "pf-review" }, el("caption", {}, t(state, "Your cards, double dummy")),
      el("thead", {}, el("tr", {}, ...heads.map((x) => el("th", { scope: "col" }, x)))));
    const body = el("tbody");
    for (const k of state.review) {
      const cost = { n: k.cost, best: k.best.map(cardSymbol).join(" ") };
      const verdict = k.forced ? t(state, "the only legal card") : k.cost === 0 ? t(state, "a best card")
        : tn(state, "cost {n} trick; best: {best}", "cost {n} tricks; best: {best}", k.cost, cost);
      const line = el("td", { class: "pf-line" });
      if (k.line.length) {
        const det = el("details", {}, el("summary", {}, t(state, "replay the best line")));
        const row = el("div", { class: "pf-row pf-line-row" });
        for (const lt of k.line_tricks) {
          const group = el("span", { class: "pf-line-trick", role: "group", "aria-label": t(state, "trick {no}", { no: lt.no }) },
                           el("span", { class: "pf-line-no" }, String(lt.no)));
          lt.cards.forEach((x) => group.append(el("span", { class: "pf-line-step" },
            el("span", { class: "pf-line-who" }, seatWord(state, x.name)),
            miniCard({ card: x.card, words: `${seatWord(state, x.name)}: ${x.words}` }, fc, 26))));
          row.append(group);
        }
        det.append(row);
        line.append(det);
      }
      body.append(el("tr", { class: k.cost ? "pf-cost" : null },
        el("td", {}, String(k.trick)),
        el("td", {}, miniCard(k, fc, 26), " ", k.words),
        el("td", {}, verdict), line));
    }
    tab.append(body);
    box.append(tab);
  }
  if (state.tricks.length) {
    const d = el("details", { class: "pf-played" }, el("summary", {}, t(state, "The tricks played")));
    const list = el("ol", { class: "pf-trick-list" });
    for (const tk of state.tricks) {
      const li = el("li", {}, el("span", { class: "pf-line-who" }, t(state, "won by {who}:", { who: seatWord(state, tk.winner) })));
      tk.cards.forEach((c) => li.append(el("span", { class: "pf-line-step" },
        el("span", { class: "pf-line-who" }, seatWord(state, c.name)), miniCard(c, fc, 26))));
      list.append(li);
    }
    d.append(list);
    box.append(d);
  }
  if (state.deal) {
    const d = el("details", { class: "pf-deal" }, el("summary", {}, t(state, "The deal")));
    for (const h of state.deal.hands) {
      const row = el("div", { class: "pf-row" }, el("span", { class: "pf-line-who pf-deal-name" }, seatWord(state, h.name, { title: true })));
      h.cards.forEach((c) => row.append(miniCard(c, fc, 26)));
      d.append(row);
    }
    const tr = el("div", { class: "pf-row" }, el("span", { class: "pf-line-who pf-deal-name" }, t(state, "talon")));
    state.deal.talon.forEach((c) => tr.append(miniCard(c, fc, 26)));
    d.append(tr);
    box.append(d);
  }
  return box;
}

function drawTable(model, state, root) {
  const me = state.seats[0];
  const head = el("div", { class: "pf-head" },
    el("span", { class: "pf-hand-no" }, state.game
      ? t(state, "Hand {n} of a game to {game}", { n: state.hand_no, game: state.game })
      : t(state, "Hand {n}", { n: state.hand_no })),
    state.contract ? el("span", { class: "pf-head-contract" }, state.contract.words) : null);
  const four = state.seats.length === 4;  // four at the table: one sits across
  const table = el("div", { class: "pf-table" + (four ? " pf-four" : "") });
  const at = (where) => state.seats.find((s) => s.where === where);
  if (four) table.append(seatPanel(model, state, at("top")));
  table.append(seatPanel(model, state, at("left")), centre(state), seatPanel(model, state, at("right")));
  const mine = seatPanel(model, state, me);
  mine.append(handRow(model, state));
  table.append(mine);
  root.append(head, table, controls(model, state));
  const over = state.phase === "done" || state.phase === "hand_over";
  if (over && state.result) root.append(afterHand(state));
  if (state.sheet.hands || over) root.append(sheetView(state, state.sheet, over));
}

function firstFocus(root) {
  return root.querySelector(".pf-hand button[data-action]")
    || root.querySelector(".pf-open-card")
    || root.querySelector(".pf-box button")
    || root.querySelector(".pf-tools button");
}

export default {
  render({ model, el: host }) {
    const root = document.createElement("div");
    root.className = "pf-view pf-table-view";
    host.appendChild(root);
    return mount(model, root, (state, r) => drawTable(model, state, r), { fallback: firstFocus });
  },
};
