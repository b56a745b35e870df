// The bidding box (prefa.ui.bidding.BiddingSession).  Draws the hand shown,
// the auction by seat and one button per legal call (the session's words,
// English with the Serbian), the advice on request, undo and a new deal.

// Which drawings of the cards to use: the four-colour ones when the state asks
// for them and they are on the page, or when they are the only ones there (the
// widget was made with four_colour=True).
function useFour(want = false) {
  const has4 = !!document.getElementById("prefa-sprite-4");
  const has2 = !!document.getElementById("prefa-sprite-2");
  return has4 && (want || !has2);
}

function bidKind(call) {
  if (call === "pass") return "pass";
  if (/^\d$/.test(call) || call.startsWith("hold")) return "number";
  if (call === "good") return "pass";
  return "game";
}

function drawBidding(model, state, root) {
  const view = root;
  const you = state.seat === null ? t(state, "You call for every seat · deal {deal}", { deal: state.seed })
    : t(state, "You call for seat {seat} · deal {deal}", { seat: state.seat, deal: state.seed });
  const seatName = (s) => (s === state.seat ? t(state, "Seat {seat} (you)", { seat: s }) : t(state, "Seat {seat}", { seat: s }));
  view.append(el("div", { class: "pf-bid-head" },
    el("h3", {}, t(state, "Bidding box")),
    el("span", { class: "pf-bid-you" }, you)));

  const left = el("div", { class: "pf-bid-left" });
  if (state.hand) {
    const words = state.hand.cards.map((c) => cardWords(c, state)).join(", ");
    const who = state.seat === null ? t(state, "Seat {seat}, to call", { seat: state.hand.seat })
      : t(state, "Your hand, seat {seat}", { seat: state.hand.seat });
    const fan = el("div", { class: "pf-bid-hand", role: "img", "aria-label": `${who}: ${words}` });
    for (const c of state.hand.cards) fan.append(cardSvg(c, { width: 48, fourColour: useFour() }));
    left.append(el("div", { class: "pf-seat-name" }, who), fan);
  }
  left.append(auctionTable(state.seats, state.calls, {
    names: Object.fromEntries(state.seats.map((s) => [s, seatName(s)])), state,
  }));
  left.append(el("p", { class: "pf-bid-status", role: "status" }, el("b", {}, state.status)));
  if (state.note) left.append(el("p", { class: "pf-note" }, state.note));
  if (state.layout) {
    const box = el("div", { class: "pf-bid-layout", role: "group", "aria-label": t(state, "The deal") });
    const row = (label, cards) => {
      const fan = el("div", { class: "pf-mini-hand", role: "img", "aria-label": `${label}: ${cards.map((c) => cardWords(c, state)).join(", ")}` });
      for (const c of cards) fan.append(cardSvg(c, { width: 34, fourColour: useFour() }));
      return el("div", { class: "pf-layout-seat" }, el("div", { class: "pf-seat-name" }, label), fan);
    };
    state.layout.hands.forEach((cards, seat) => box.append(row(seatName(seat), cards)));
    box.append(row(t(state, "Talon"), state.layout.talon));
    left.append(el("h4", { class: "pf-bid-h" }, t(state, "The deal")), box);
  }

  const right = el("div", { class: "pf-bid-box" });
  const calls = findLegal(state, (a) => a.type === "call");
  if (calls.length) {
    const grid = el("div", { class: "pf-calls", role: "group", "aria-label": t(state, "Legal calls") });
    for (const a of calls) {
      const b = actionButton(model, a, state.labels[a.call] || a.call,
                             { title: state.titles[a.call] || null, cls: `pf-btn pf-call pf-call-${bidKind(a.call)}` });
      b.setAttribute("data-focus", "call-" + a.call);
      grid.append(b);
    }
    rovingFocus(grid);
    right.append(el("div", { class: "pf-seat-name", id: "pf-calls-label" }, t(state, "Seat {seat} to call:", { seat: state.to_call })), grid);
  }
  if (state.phase === "done") right.append(el("p", { class: "pf-bid-over" }, t(state, "The auction is over.")));
  const tools = el("div", { class: "pf-bid-tools" });
  const adv = findLegal(state, (a) => a.type === "advice")[0];
  if (adv) tools.append(actionButton(model, adv, t(state, "Advice"), { title: t(state, "What do the conventions say?") }));
  const undo = findLegal(state, (a) => a.type === "undo")[0];
  if (undo) {
    const b = actionButton(model, undo, t(state, "Undo"), { title: t(state, "Take back your last call") });
    b.setAttribute("data-focus", "undo");
    tools.append(b);
  }
  const next = findLegal(state, (a) => a.type === "next")[0];
  if (next) {
    const b = actionButton(model, next, t(state, "New deal"), { cls: "pf-btn pf-primary" });
    b.setAttribute("data-focus", "next");
    tools.append(b);
  }
  tools.querySelectorAll("button").forEach((b) => { if (!b.hasAttribute("data-focus")) b.setAttribute("data-focus", "advice"); });
  right.append(tools);
  if (state.advice) {
    const a = state.advice;
    const box = el("div", { class: "pf-advice", role: "note" },
      el("p", {}, el("b", {}, t(state, "Advice:") + " "), el("span", { class: "pf-advice-call" }, state.labels[a.call] || a.call),
         ` — ${a.name}. `, a.reason));
    right.append(box);
  }
  if (state.advice_error) right.append(el("p", { class: "pf-note" }, state.advice_error));
  right.append(errorLine(state));

  view.append(el("div", { class: "pf-bid-body" }, left, right));
  // Keep the keyboard user's place when the button he used went away (advice
  // shown, a call undone, the auction over): the first call, else "New deal".
  queueMicrotask(() => {
    if (!root.__pfActed || root.contains(document.activeElement)) return;
    root.__pfActed = false;
    const target = root.querySelector(".pf-calls button, [data-focus='next'], [data-focus='undo']");
    if (target) target.focus();
  });
}

function render({ model, el: host }) {
  const root = el("section", { class: "pf-view pf-bidding", "aria-label": t(model.get("state"), "Bidding box"),
                                  "data-pf-root": "bidding" });
  root.addEventListener("click", (ev) => { if (ev.target.closest("button")) root.__pfActed = true; });
  host.appendChild(root);
  return mount(model, root, (state, r) => drawBidding(model, state, r));
}

export default { render };
