// What every Prefa view shares.  No rule of the game lives here: a view draws
// the session's state and sends back one of the actions listed in
// state.legal.  This file is put in front of each view module (it has no
// import of its own), in JupyterLab by prefa.ui.widget and on the site by
// the site's loader.

// -- The view's own words, in the session's language -----------------------------
// t(state, "Deal another") is the view's word "Deal another" in the language
// the session speaks: the state brings, in state.view_words, the translation of
// every word of its view (prefa.ui.view_words, from the message catalog);
// a word it lacks (an English session has none) is shown as written.  Named
// placeholders are filled from params after the translation, so that a
// translation may put them in its own order:
//   t(state, "Trick {no}, led by {who}", { no: 3, who: "left" })
// The English text is always one whole sentence, written as a literal in
// double quotes as the second argument of t (no variable, no +): the engine
// finds the view's words by reading this source (prefa.ui.view_words).
// Words that come from the engine are translated there already: never t().
export function t(state, text, params = null) {
  const word = state && state.view_words ? state.view_words[text] : undefined;
  const said = typeof word === "string" ? word : text;
  if (!params) return said;
  return said.replace(/\{(\w+)\}/g, (all, key) => (key in params ? String(params[key]) : all));
}

// A count's words: tn(state, "{n} card", "{n} cards", n) is the form the count
// n takes in the session's language (Serbian has three: 1 karta, 2 karte, 5
// karata).  The state brings every form of the view's counted words
// (state.view_words["{n} card\u0000{n} cards"], prefa.ui.view_words) and which
// form a count takes (state.plural: "slavic", or the English "one-other").
// Both literals in double quotes, as for t; params.n is the count.
function pluralIndex(rule, n) {
  if (rule === "slavic") {
    const ten = n % 10, hundred = n % 100;
    return ten === 1 && hundred !== 11 ? 0 : ten >= 2 && ten <= 4 && (hundred < 10 || hundred >= 20) ? 1 : 2;
  }
  return n === 1 ? 0 : 1;
}
export function tn(state, one, many, n, params = {}) {
  const forms = state && state.view_words ? state.view_words[one + "\u0000" + many] : undefined;
  const text = Array.isArray(forms) ? forms[Math.min(pluralIndex(state.plural, n), forms.length - 1)]
    : n === 1 ? one : many;
  const all = { n, ...params };
  return text.replace(/\{(\w+)\}/g, (whole, key) => (key in all ? String(all[key]) : whole));
}

// A seat's name as the table says it: the session's keys (you, left, right)
// in the learner's words; any other name (Ana, a seat's number) as it is.
function seatWord(state, name, { title = false } = {}) {
  const word = name === "you" ? t(state, "you") : name === "left" ? t(state, "left")
    : name === "right" ? t(state, "right") : name === "across" ? t(state, "across")
    : String(name ?? "");
  return title && word ? word[0].toUpperCase() + word.slice(1) : word;
}

// t's sentence with elements in it (a card drawn as text): the translation
// split at its {name} placeholders, each filled from params, a node as it is.
//   tParts(state, "You led {card}.", { card: cardText("AS") }) -> ["You led ", <span>, "."]
function tParts(state, text, params) {
  return t(state, text).split(/(\{\w+\})/).filter((x) => x !== "").map((x) => {
    const key = /^\{(\w+)\}$/.exec(x);
    if (!key || !(key[1] in params)) return x;
    const v = params[key[1]];
    return v instanceof Node ? v : String(v);
  });
}

// The state being drawn now (set by mount before each drawing), for the
// helpers below that are given no state of their own (cardWords, auctionTable).
let drawnState = {};

const SVG_NS = "http://www.w3.org/2000/svg";

function rankWord(s, r) {
  return { A: t(s, "ace"), K: t(s, "king"), Q: t(s, "queen"), J: t(s, "jack"), T: t(s, "ten"),
           9: t(s, "nine"), 8: t(s, "eight"), 7: t(s, "seven"), 6: t(s, "six"), 5: t(s, "five"),
           4: t(s, "four"), 3: t(s, "three"), 2: t(s, "two") }[r] ?? r;
}
function suitWord(s, x) {
  return { S: t(s, "spades"), H: t(s, "hearts"), D: t(s, "diamonds"), C: t(s, "clubs") }[x] ?? x;
}

// The accessible name of a card written "AS", "TH": "ace of spades" (s: the
// state whose language speaks; the one being drawn when not given, so that
// cards.map(cardWords) still reads well).
function cardWords(name, s) {
  if (!s || typeof s !== "object") s = drawnState;
  return t(s, "{rank} of {suit}", { rank: rankWord(s, name[0]), suit: suitWord(s, name[1]) });
}

// Put the engine's card drawings (the "sprite" trait) into the page once.
function ensureSprite(model, sprite = model.get("sprite")) {
  if (!sprite) return;
  const id = spriteHolderId(sprite);
  if (document.getElementById(id)) return;
  const holder = document.createElement("div");
  holder.id = id;
  holder.setAttribute("aria-hidden", "true");
  holder.style.cssText = "position:absolute;width:0;height:0;overflow:hidden";
  holder.innerHTML = sprite;  // the engine's own SVG, never user text
  document.body.appendChild(holder);
}

// -- The deck: French- or Hungarian-suited cards (prefa.decks) -------------------
// The session draws the cards in its deck; its state names the deck
// (state.deck) and offers the choice (state.decks).  The learner's choice is
// remembered in the browser (localStorage, on the site and in JupyterLab
// alike) for every view and every visit: a view asks its session for that
// deck ({type: "deck", deck}), whose answer brings the deck's sprite
// (state.sprite).  Nothing is drawn here: the symbols are the engine's.
const DECK_STORE = "prefa-deck";
let drawKey = "";  // the sprite key of the deck being drawn ("" French, "hu" Hungarian)
let deckTextChoice = null;  // and its entry of state.decks (its rank index and inks, for cardText)

function spriteHolderId(sprite) {
  const deck = (/data-deck="([a-z]+)"/.exec(sprite) || [])[1] || "french";
  if (deck !== "french") return "prefa-sprite-" + deck;
  return "prefa-sprite-" + (sprite.includes('id="prefa-card4-') ? "4" : "2");
}
function storedDeck() {
  try { return window.localStorage.getItem(DECK_STORE); } catch (e) { return null; }
}
function deckChoice(state, deck = state.deck) {
  return ((state.decks && state.decks.choices) || []).find((d) => d.deck === deck) || null;
}
// Before each drawing: the state's sprite into the page, its deck the one to draw.
function useDeck(state) {
  if (state.sprite) ensureSprite(null, state.sprite);
  deckTextChoice = deckChoice(state);
  drawKey = (deckTextChoice || {}).key || "";
}
// Ask the session for the remembered deck (or for its own deck's sprite, when
// the page lacks it); the answer redraws the view.
function followDeck(model) {
  const check = () => {
    const state = model.get("state") || {};
    if (!state.decks) return;
    const want = storedDeck();
    const choice = deckChoice(state, want);
    if (choice && want !== state.deck) sendAction(model, { type: "deck", deck: want });
    else if ((deckChoice(state) || {}).key && !document.querySelector(
      `[id="prefa-card${deckChoice(state).key}-back"]`)) sendAction(model, { type: "deck", deck: state.deck });
  };
  return followStored(DECK_STORE, check);
}
// Run check now, and again whenever the choice kept under key changes: in this page
// (the switch dispatches an event of that name) or in another one (storage).
function followStored(key, check) {
  const onStorage = (ev) => { if (ev.key === key) check(); };
  window.addEventListener(key, check);
  window.addEventListener("storage", onStorage);
  check();
  return () => {
    window.removeEventListener(key, check);
    window.removeEventListener("storage", onStorage);
  };
}
// The deck switch: one button per deck, its suits named; the choice is kept
// and every view on the page follows it.
function deckSwitch(state) {
  if (!state.decks || state.decks.choices.length < 2) return null;
  const box = el("div", { class: "pf-deck", role: "group", "aria-label": state.decks.legend },
                 el("span", { class: "pf-deck-legend", "aria-hidden": "true" }, state.decks.legend));
  for (const d of state.decks.choices) {
    const b = el("button", { type: "button", class: "pf-btn pf-deck-choice", title: d.title,
                             "aria-pressed": String(d.deck === state.deck),
                             "data-deck": d.deck, "data-focus": "deck-" + d.deck }, d.label);
    b.addEventListener("click", () => {
      try { window.localStorage.setItem(DECK_STORE, d.deck); } catch (e) { /* not kept */ }
      window.dispatchEvent(new CustomEvent(DECK_STORE, { detail: d.deck }));
    });
    box.append(b);
  }
  return box;
}

// -- The language (prefa.i18n) ---------------------------------------------------
// The session speaks one language (state.lang) and offers the others
// (state.langs, each by its own name).  The learner's choice is remembered in
// the browser like the deck's: every view asks its session for it ({type:
// "lang", lang}), whose answer is the same state in that language.
const LANG_STORE = "prefa-lang";
let langIds = 0;
function storedLang() {
  try { return window.localStorage.getItem(LANG_STORE); } catch (e) { return null; }
}
function followLang(model) {
  const check = () => {
    const state = model.get("state") || {};
    const want = storedLang();
    if (!state.langs || !state.lang || !want || want === state.lang) return;
    if (state.langs.choices.some((c) => c.lang === want)) sendAction(model, { type: "lang", lang: want });
  };
  return followStored(LANG_STORE, check);
}
// The language switch: a menu of the languages, each in its own words.
function langSwitch(state) {
  if (!state.langs || !state.lang || state.langs.choices.length < 2) return null;
  const id = "pf-lang-" + (++langIds);
  const select = el("select", { class: "pf-lang-choice", id, "data-focus": "lang" });
  for (const c of state.langs.choices) {
    const option = el("option", { value: c.lang, lang: c.lang }, c.label);
    option.selected = c.lang === state.lang;
    select.append(option);
  }
  select.addEventListener("change", () => {
    try { window.localStorage.setItem(LANG_STORE, select.value); } catch (e) { /* not kept */ }
    window.dispatchEvent(new CustomEvent(LANG_STORE, { detail: select.value }));
  });
  return el("label", { class: "pf-lang", for: id },
            el("span", { class: "pf-lang-legend" }, state.langs.legend), select);
}

// One card drawn from the sprite: <svg><use href="#prefa-card-AS"/></svg>.
// name is "AS" (or null for a card back).
function cardSvg(name, { fourColour = false, width = 48 } = {}) {
  const svg = document.createElementNS(SVG_NS, "svg");
  svg.setAttribute("viewBox", "0 0 48 68");
  svg.setAttribute("width", String(width));
  svg.setAttribute("height", String(Math.round(width * 68 / 48)));
  svg.setAttribute("aria-hidden", "true");
  svg.setAttribute("focusable", "false");
  svg.classList.add("pf-card-svg");
  const use = document.createElementNS(SVG_NS, "use");
  const id = drawKey ? `prefa-card${drawKey}-${name || "back"}`  // a deck of its own (prefa.decks)
    : name ? `prefa-card${fourColour ? "4" : ""}-${name}` : "prefa-card-back";
  use.setAttribute("href", "#" + id);
  svg.appendChild(use);
  return svg;
}

// A small element with text (never HTML: every string may come from a user).
function el(tag, attrs = {}, ...children) {
  const node = document.createElement(tag);
  for (const [k, v] of Object.entries(attrs)) {
    if (v === null || v === undefined || v === false) continue;
    if (k === "class") node.className = v;
    else if (k === "text") node.textContent = v;
    else node.setAttribute(k, v === true ? "" : String(v));
  }
  for (const c of children) {
    if (c === null || c === undefined || c === false) continue;
    node.append(c instanceof Node ? c : document.createTextNode(String(c)));
  }
  return node;
}

// Send an action (one of state.legal) to the session.
function sendAction(model, action) {
  const watch = ANSWER_WATCH.get(model);
  if (watch) watch();   // before sending: a closed connection may throw
  try {
    model.send({ type: "act", action });
  } catch (e) {
    if (watch) watch(0);
    else throw e;
  }
}

// In JupyterLab a view knows its kernel is gone (restarted or stopped: the
// buttons are dead) when an action gets no answer: the widget answers every
// action with a new state or the message {type: "done"}.  Then the view shows
// the line that says how to bring it back (the "offline" trait), until an
// answer comes after all.  A busy kernel answers late, so the wait is long.
const ANSWER_WAIT_MS = 10000;
const ANSWER_WATCH = new WeakMap();
function watchAnswers(model, root) {
  let timer = null;
  const answered = () => {
    if (timer) clearTimeout(timer);
    timer = null;
    root.classList.remove("pf-no-kernel");
  };
  const onMsg = (msg) => { if (msg && msg.type === "done") answered(); };
  ANSWER_WATCH.set(model, (wait = ANSWER_WAIT_MS) => {
    if (timer && wait) return;
    if (timer) clearTimeout(timer);
    timer = setTimeout(() => root.classList.add("pf-no-kernel"), wait);
  });
  model.on("change:state", answered);
  model.on("msg:custom", onMsg);
  return () => {
    answered();
    ANSWER_WATCH.delete(model);
    model.off("change:state", answered);
    model.off("msg:custom", onMsg);
  };
}

// A button for an action: carries data-action (its JSON) so tests and the
// site can find it.
function actionButton(model, action, label, { title = null, cls = "pf-btn" } = {}) {
  const b = el("button", { type: "button", class: cls, title, "data-action": JSON.stringify(action) },
               label);
  b.addEventListener("click", () => sendAction(model, action));
  return b;
}

// Is this action (a dict) among the legal ones?  Compared as JSON with
// sorted keys, so key order does not matter.
function canonical(x) {
  if (Array.isArray(x)) return "[" + x.map(canonical).join(",") + "]";
  if (x && typeof x === "object") {
    return "{" + Object.keys(x).sort().map((k) => JSON.stringify(k) + ":" + canonical(x[k])).join(",") + "}";
  }
  return JSON.stringify(x);
}
function findLegal(state, pred) {
  return (state.legal || []).filter(pred);
}

// Arrow keys move the focus along a row of buttons (roving tabindex).
function rovingFocus(container, selector = "button") {
  const items = () => Array.from(container.querySelectorAll(selector)).filter((b) => !b.disabled);
  const list = items();
  list.forEach((b, i) => b.setAttribute("tabindex", i === 0 ? "0" : "-1"));
  container.addEventListener("keydown", (ev) => {
    const all = items();
    const i = all.indexOf(document.activeElement);
    if (i < 0) return;
    let j = null;
    if (ev.key === "ArrowRight" || ev.key === "ArrowDown") j = (i + 1) % all.length;
    if (ev.key === "ArrowLeft" || ev.key === "ArrowUp") j = (i - 1 + all.length) % all.length;
    if (ev.key === "Home") j = 0;
    if (ev.key === "End") j = all.length - 1;
    if (j === null) return;
    ev.preventDefault();
    all[i].setAttribute("tabindex", "-1");
    all[j].setAttribute("tabindex", "0");
    all[j].focus();
  });
}

// The message line: the engine's refusal, shown as text.
function errorLine(state) {
  return el("p", { class: "pf-error", role: "alert", hidden: state.error ? null : true },
            state.error || "");
}

// A view keeps its keys to itself: a key pressed inside it (on one of its
// buttons, say) must not reach the page around it, where JupyterLab would
// take "m" or "d d" for a notebook command and edit the lesson.  Only Tab
// goes on, so the focus can leave the view.  The root is also marked
// data-lm-suppress-shortcuts, which JupyterLab's shortcut matching honours.
const OWN_KEY_EVENTS = ["keydown", "keypress", "keyup"];
function keepKeys(root) {
  root.setAttribute("data-lm-suppress-shortcuts", "true");
  const stop = (ev) => { if (ev.key !== "Tab") ev.stopPropagation(); };
  for (const type of OWN_KEY_EVENTS) root.addEventListener(type, stop);
  return () => { for (const type of OWN_KEY_EVENTS) root.removeEventListener(type, stop); };
}

// Render helper: re-draw the whole view whenever the state changes, keeping
// the keyboard focus on the element with the same data-focus key.  With
// options.fallback (root => element), the focus goes there when the focused
// element is gone (a card just played), so keyboard play never loses its place.
function mount(model, root, draw, options = {}) {
  ensureSprite(model);
  // In JupyterLab, the line that says how to bring the view back: hidden
  // (common.css) until an action gets no answer (watchAnswers) or JupyterLab
  // marks the widget disconnected: the kernel restarted or stopped and the
  // buttons can do nothing.
  const offline = model.get("offline");
  const hint = offline ? el("p", { class: "pf-offline", role: "note" }, offline) : null;
  const redraw = () => {
    const state = model.get("state") || {};
    drawnState = state;
    const inside = document.activeElement && root.contains(document.activeElement);
    const focused = inside ? document.activeElement.getAttribute("data-focus") : null;
    if (hint) root.replaceChildren(hint); else root.replaceChildren();
    root.setAttribute("data-phase", state.phase || "");
    useDeck(state);
    const lang = langSwitch(state), deck = deckSwitch(state);
    if (lang || deck) root.append(el("div", { class: "pf-switches" }, lang || "", deck || ""));
    if (state.lang) root.setAttribute("lang", state.lang);
    draw(state, root);
    let again = focused ? root.querySelector(`[data-focus="${CSS.escape(focused)}"]`) : null;
    if (!again && inside && options.fallback) again = options.fallback(root);
    if (again) again.focus();
  };
  model.on("change:state", redraw);
  redraw();
  const unfollow = followDeck(model);
  const unfollowLang = followLang(model);
  const unkeep = keepKeys(root);
  const unwatch = hint ? watchAnswers(model, root) : () => {};
  return () => {
    model.off("change:state", redraw); unfollow(); unfollowLang(); unkeep(); unwatch();
  };
}

// A card as people read it: "10♥", "A♠" (the rank, then the suit sign).
const SUIT_SIGNS = { S: "\u2660", H: "\u2665", D: "\u2666", C: "\u2663" };
function cardSymbol(name) {
  return `${name[0] === "T" ? "10" : name[0]}${SUIT_SIGNS[name[1]] ?? name[1]}`;
}

// A card's name as text in its suit's colour, with its words for screen
// readers ("10♥" read as "ten of hearts").  In a deck of its own (the
// Hungarian) the deck's index and its sign from the sprite: "O" and a leaf.
function cardText(name) {
  const red = name[1] === "H" || name[1] === "D";
  const attrs = { class: "pf-cardtext" + (red ? " pf-red" : ""), "aria-label": cardWords(name), role: "img" };
  const d = drawKey && deckTextChoice;
  if (!d) return el("span", attrs, cardSymbol(name));
  const sign = document.createElementNS(SVG_NS, "svg");
  sign.setAttribute("viewBox", "0 0 100 100");
  sign.setAttribute("class", "pf-cardtext-sign");
  const use = document.createElementNS(SVG_NS, "use");
  use.setAttribute("href", `#prefa-card${drawKey}-sign-${name[1]}`);
  sign.appendChild(use);
  const span = el("span", { ...attrs, class: "pf-cardtext", style: `color:${d.inks[name[1]]}` },
                  d.ranks[name[0]] ?? name[0]);
  span.append(sign);
  return span;
}

// The calls [[seat, call], ...] of an auction as a table: a column per seat,
// a row per round ("" where a seat did not call).  word(call) spells a call.
function auctionTable(seats, calls, { word = (c) => c, caption = null, names = null, state = drawnState } = {}) {
  const table = el("table", { class: "pf-auction" });
  table.append(el("caption", {}, caption ?? t(state, "Auction")));
  const head = el("tr");
  for (const s of seats) head.append(el("th", { scope: "col" }, names ? names[s] : t(state, "Seat {seat}", { seat: s })));
  table.append(el("thead", {}, head));
  const body = el("tbody");
  let row = null, prev = null;
  for (const [seat, call] of calls) {
    const col = seats.indexOf(seat);
    if (row === null || col <= prev) {
      row = seats.map(() => el("td"));
      body.append(el("tr", {}, ...row));
    }
    row[col].textContent = word(call);
    prev = col;
  }
  if (!calls.length) body.append(el("tr", {}, el("td", { colspan: seats.length, class: "pf-muted" }, t(state, "no calls yet"))));
  table.append(body);
  return table;
}

// A progress bar with its words: "12 of 24 layouts solved" (label: the view's
// words, "layouts solved", already in the session's language).
function progressBar(done, total, label, state = drawnState) {
  const wrap = el("div", { class: "pf-progress" });
  wrap.append(el("progress", { max: total, value: done, "aria-label": label }),
              el("span", { class: "pf-progress-text" },
                 t(state, "{done} of {total} {what}", { done, total, what: label })));
  return wrap;
}
