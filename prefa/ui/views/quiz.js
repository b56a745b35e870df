// One quiz bank, live (prefa.ui.quiz.QuizSession).  Each item: the question,
// the position as the engine draws it, the choices as buttons (card choices
// drawn from the card sprite), the engine's verdict and reason after a
// choice, and "Try again" after a wrong answer.  The score is the session's.

// Which drawings of the cards to use: the four-colour ones when the state asks
// for them and they are on the page, or when they are the only ones there (the
// widget was made with four_colour=True).
function useFour(want = false) {
  const has4 = !!document.getElementById("prefa-sprite-4");
  const has2 = !!document.getElementById("prefa-sprite-2");
  return has4 && (want || !has2);
}

function quizChoice(model, state, item, c, root) {
  const action = findLegal(state, (a) => a.type === "choose" && a.item === item.id && a.choice === c.choice)[0];
  const attrs = {
    type: "button", class: "pf-choice" + (c.card ? " pf-choice-card" : ""),
    "data-focus": `choice-${item.id}-${c.choice}`, "data-state": c.mark,
    "data-action": action ? JSON.stringify(action) : null, disabled: action ? null : true,
  };
  const b = el("button", attrs);
  if (c.card) {
    b.append(cardSvg(c.choice, { width: 52, fourColour: useFour(state.four_colour) }));
    b.append(el("span", { class: "pf-visually-hidden" }, c.words));
  } else if (c.words !== c.text) {
    b.append(el("span", { "aria-hidden": "true" }, c.text));
    b.append(el("span", { class: "pf-visually-hidden" }, c.words));
  } else {
    b.append(el("span", {}, c.text));
  }
  const mark = c.mark === "right" ? "✓" : c.mark === "wrong" ? "✗" : "";
  b.append(el("span", { class: "pf-mark", "aria-hidden": "true" }, mark));
  if (c.mark) {
    b.append(el("span", { class: "pf-visually-hidden" },
                " " + (c.mark === "right" ? t(state, "(right)") : t(state, "(wrong)"))));
  }
  if (action) b.addEventListener("click", () => { root.__pfItem = item.id; sendAction(model, action); });
  return b;
}

function quizItem(model, state, item, n, root) {
  if (item.error) {
    return el("section", { class: "pf-quiz-item pf-quiz-error", role: "alert" },
      el("b", {}, t(state, "This quiz item cannot be shown.") + " "), item.error);
  }
  const qid = `pfq-${state.quiz}-${item.id}`.replace(/[^A-Za-z0-9_-]/g, "-");
  const sec = el("section", { class: "pf-quiz-item", "data-item": item.id, "data-status": item.status,
                              "aria-labelledby": qid + "-q" });
  sec.append(el("p", { class: "pf-quiz-q", id: qid + "-q" },
                el("span", { class: "pf-quiz-n" }, `${n}.`), " ", item.question));
  if (item.position || item.caption) {
    const pos = el("div", { class: "pf-quiz-position" });
    // The engine's own drawing and caption (prefa.quiz_render): every text in
    // them is escaped by the engine, none comes from the page.
    pos.innerHTML = (item.position || "") + (item.caption || "");
    sec.append(pos);
  }
  const group = el("div", { class: "pf-choices", role: "group", "aria-labelledby": qid + "-q" });
  if (item.choices.length) {
    for (const c of item.choices) group.append(quizChoice(model, state, item, c, root));
    rovingFocus(group, "button:not([disabled])");
  } else {
    const rev = findLegal(state, (a) => a.type === "reveal" && a.item === item.id)[0];
    if (rev) {
      const b = actionButton(model, rev, t(state, "Show the answer"), { cls: "pf-btn" });
      b.setAttribute("data-focus", "reveal-" + item.id);
      group.append(b);
    }
  }
  sec.append(group);
  const fb = item.feedback;
  const feedback = el("p", { class: "pf-feedback", role: "status", "aria-live": "polite",
                             "data-state": fb ? fb.state : null });
  if (fb) {
    feedback.append(el("span", { class: "pf-verdict" }, fb.verdict), " ",
                    el("span", { class: "pf-reason" }, fb.reason), " ",
                    el("span", { class: "pf-progress-words" }, fb.progress));
    if (fb.explain) feedback.append(el("span", { class: "pf-explain" }, fb.explain));
  }
  sec.append(feedback);
  if (item.layout) {
    // A question seen by one seat (seen-by): once answered, the whole layout.
    const lay = el("div", { class: "pf-quiz-layout" },
                   el("p", { class: "pf-quiz-layout-head" }, t(state, "The whole layout (every hand, as the cards lay):")));
    const drawn = el("div", {});
    drawn.innerHTML = item.layout;  // the engine's SVG, escaped by the engine
    lay.append(drawn);
    sec.append(lay);
  }
  const retry = findLegal(state, (a) => a.type === "retry" && a.item === item.id)[0];
  if (retry) {
    const b = el("button", { type: "button", class: "pf-btn", "data-action": JSON.stringify(retry),
                             "data-focus": "retry-" + item.id }, t(state, "Try again"));
    b.addEventListener("click", () => { root.__pfItem = item.id; sendAction(model, retry); });
    sec.append(b);
  }
  return sec;
}

function drawQuiz(model, state, root) {
  const view = root;
  root.setAttribute("aria-label", t(state, "Quiz: {quiz}", { quiz: state.quiz }));
  const score = el("p", { class: "pf-quiz-score", role: "status" }, state.score.text);
  view.append(score, errorLine(state));
  state.items.forEach((item, i) => view.append(quizItem(model, state, item, i + 1, root)));
  if (state.phase === "done") view.append(el("p", { class: "pf-quiz-done" }, t(state, "All items answered. {score}", { score: state.score.text })));
  // Keep the keyboard user's place: when the focused button went away (a
  // wrong answer locks the choices), go to "Try again"; after it, to the
  // first choice left.
  queueMicrotask(() => {
    const id = root.__pfItem;
    if (!id || root.contains(document.activeElement)) return;
    const sec = root.querySelector(`.pf-quiz-item[data-item="${CSS.escape(id)}"]`);
    if (!sec) return;
    const target = sec.querySelector('[data-focus^="retry-"]') ||
      sec.querySelector(".pf-choice:not([disabled])") || null;
    if (target) target.focus();
  });
}

function render({ model, el: host }) {
  const root = el("section", { class: "pf-view pf-quiz", "data-pf-root": "quiz" });
  host.appendChild(root);
  return mount(model, root, (state, r) => drawQuiz(model, state, r));
}

export default { render };
