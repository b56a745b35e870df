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
    if (!c.total) { return "no quiz"; }
    if (!c.answered) { return "not started"; }
    var text = c.answered + " of " + c.total + " answered, " + c.right +
      " right on the first try";
    return c.answered === c.total ? "done: " + text : text;
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
    if (done) { done.textContent = "Your answers are forgotten: every lesson starts afresh."; }
  }

  /* The theme wraps wide tables in a scrolling box; a box that scrolls must be
     reachable by keyboard, so each one takes the focus (arrow keys scroll it). */
  function focusableScrollers() {
    var boxes = document.querySelectorAll(".md-typeset__scrollwrap");
    for (var i = 0; i < boxes.length; i++) {
      if (!boxes[i].hasAttribute("tabindex")) { boxes[i].setAttribute("tabindex", "0"); }
    }
  }

  function onPage() {
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
