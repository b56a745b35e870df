/* The teaching site's own script: the learner's progress on the course map,
   and the quizzes bound on every page.

   The quizzes (assets/javascripts/quiz.js, made from prefa/quiz_render.py) keep
   each lesson's answers in localStorage under "prefa-quiz:" + quiz name, as
   {item id: true when right on the first try, false when wrong}, and the choices
   shown on each item under that key + "#picked" (so "Forget my answers", which
   removes every "prefa-quiz:" key, forgets both; the school chosen, under
   "prefa-school", stays).  The course map
   on the home page (made by site/_hooks/course.py) has one cell per lesson whose
   data-items attribute lists that lesson's scored items by quiz name; this
   script counts the stored answers into those cells.

   Pages may be loaded whole, or swapped by Material's instant navigation (then
   window.document$ announces each new page): either way onPage() runs once per
   page shown.  Nothing here leaves the browser. */
(function () {
  "use strict";
  var PREFIX = "prefa-quiz:";

  /* The page's words in its language (site/_hooks/editions.py writes them into
     <script id="prefa-words">); English where a page has none. */
  function word(key, english, values) {
    var text = english;
    try {
      var node = document.getElementById("prefa-words");
      var words = node ? JSON.parse(node.textContent) : {};
      if (typeof words[key] === "string") { text = words[key]; }
    } catch (e) { /* English */ }
    return text.replace(/\{(\w+)\}/g, function (all, name) {
      return values && Object.prototype.hasOwnProperty.call(values, name) ? values[name] : all;
    });
  }

  function stored(quiz) {
    try {
      var text = window.localStorage.getItem(PREFIX + quiz);
      var value = text ? JSON.parse(text) : null;
      return value && typeof value === "object" ? value : {};
    } catch (e) {
      return {};
    }
  }

  function count(items) {
    var total = 0, answered = 0, right = 0;
    for (var quiz in items) {
      if (!Object.prototype.hasOwnProperty.call(items, quiz)) { continue; }
      var got = stored(quiz), ids = items[quiz];
      for (var i = 0; i < ids.length; i++) {
        total += 1;
        if (Object.prototype.hasOwnProperty.call(got, ids[i])) {
          answered += 1;
          if (got[ids[i]] === true) { right += 1; }
        }
      }
    }
    return {total: total, answered: answered, right: right};
  }

  function progressText(c) {
    if (!c.total) { return word("progress.none", "no quiz"); }
    if (!c.answered) { return word("progress.new", "not started"); }
    var text = word("progress.some", "{answered} of {total} answered, {right} right on the first try",
                    {answered: c.answered, total: c.total, right: c.right});
    return c.answered === c.total ? word("progress.done", "done: {progress}", {progress: text}) : text;
  }

  function showProgress() {
    var cells = document.querySelectorAll(".prefa-progress[data-items]"), any = false;
    for (var i = 0; i < cells.length; i++) {
      var items;
      try { items = JSON.parse(cells[i].getAttribute("data-items")); } catch (e) { continue; }
      var c = count(items);
      any = any || c.answered > 0;
      cells[i].textContent = progressText(c);
      cells[i].setAttribute("data-state", !c.answered ? "new" :
        c.answered === c.total ? "done" : "started");
      cells[i].style.setProperty("--prefa-done", c.total ? (c.answered / c.total) : 0);
    }
    var forget = document.querySelector(".prefa-forget-button");
    if (forget) { forget.hidden = !any; }
  }

  function forgetAll() {
    try {
      var keys = [];
      for (var i = 0; i < window.localStorage.length; i++) {
        var k = window.localStorage.key(i);
        if (k && k.indexOf(PREFIX) === 0) { keys.push(k); }
      }
      for (var j = 0; j < keys.length; j++) { window.localStorage.removeItem(keys[j]); }
    } catch (e) { /* no storage: nothing was kept */ }
    if (window.prefaQuiz) { window.prefaQuiz.mem = {}; window.prefaQuiz.memPicked = {}; }
    showProgress();
    var done = document.querySelector(".prefa-forget-done");
    if (done) { done.textContent = word("forgotten",
      "Your answers are forgotten: every lesson starts afresh."); }
  }

  /* The theme wraps wide tables in a scrolling box; a box that scrolls must be
     reachable by keyboard, so each one takes the focus (arrow keys scroll it). */
  function focusableScrollers() {
    var boxes = document.querySelectorAll(".md-typeset__scrollwrap");
    for (var i = 0; i < boxes.length; i++) {
      if (!boxes[i].hasAttribute("tabindex")) { boxes[i].setAttribute("tabindex", "0"); }
    }
  }

  /* The page's language is the views' (engine.js and the views read "prefa-lang");
     a language picked in the header's menu is kept as "prefa-edition", and a
     later visit from outside the site opens the same page in it. */
  var EDITION = "prefa-edition";
  var LANGS = {"en": "en"};  // each edition's course language by its html lang (the build's)
  try { LANGS = JSON.parse(document.documentElement.getAttribute("data-prefa-langs")) || LANGS; }
  catch (e) { /* a page without it: English only */ }

  function editions() {
    var page = document.documentElement.getAttribute("data-prefa-lang") || "en";
    try {
      window.localStorage.setItem("prefa-lang", page);
      var links = document.querySelectorAll("a.md-select__link[hreflang]");
      for (var i = 0; i < links.length; i++) {
        links[i].addEventListener("click", function (e) {
          var lang = LANGS[e.currentTarget.getAttribute("hreflang")];
          if (lang) { window.localStorage.setItem(EDITION, lang); }
        });
      }
      var chosen = window.localStorage.getItem(EDITION), outside = true;
      try { outside = !document.referrer || new URL(document.referrer).origin !== location.origin; }
      catch (e) { outside = true; }
      if (chosen && chosen !== page && outside) {
        for (var j = 0; j < links.length; j++) {
          if (LANGS[links[j].getAttribute("hreflang")] === chosen) {
            location.replace(links[j].href);
            return;
          }
        }
      }
    } catch (e) { /* nothing kept: the page's language */ }
  }

  function onPage() {
    editions();
    if (window.prefaQuiz) { window.prefaQuiz.bindAll(document); }
    focusableScrollers();
    showProgress();
    var forget = document.querySelector(".prefa-forget-button");
    if (forget && forget.getAttribute("data-bound") !== "1") {
      forget.setAttribute("data-bound", "1");
      forget.addEventListener("click", forgetAll);
    }
  }

  window.prefaSite = {count: count, progressText: progressText, showProgress: showProgress};
  // Answers given in another tab of the same site show up here at once.
  window.addEventListener("storage", function (e) {
    if (!e.key || e.key.indexOf(PREFIX) === 0) { showProgress(); }
  });
  if (window.document$ && typeof window.document$.subscribe === "function") {
    window.document$.subscribe(onPage);
  } else {
    onPage();
  }
})();
