/* The engine live on the page: each live-view placeholder
     <div class="prefa-live" data-view="table" data-args='{"seed": 1}'>
   becomes the same view as in JupyterLab (prefa/ui/views/<view>.js), backed by
   a session of the real engine running under Pyodide in a Web Worker
   (engine-worker.js).  A small adapter gives the view the model interface
   anywidget gives it (get, set, on, off, save_changes, send).

   The engine loads on the first use of a live view (the "Start" button, or at
   once for a placeholder with data-start="auto"), with its progress shown;
   the browser's cache serves its files on the next visit, and the worker
   restores the interpreter from the snapshot it kept (engine-worker.js).

   Starting early.  A first start takes about two seconds on an idle machine,
   most of it Pyodide's own start-up; the next ones half a second.  So the
   engine (not yet the view) starts a little before the click, where the
   learner shows he is about to use it: the pointer resting on Start, a
   finger or the keyboard's focus on it.  A page that is its live view (the
   play, drill, bidding, analysis and checker pages: a placeholder with
   data-early="page") starts it as the page opens, unless the browser asks
   to save data.  A learner who has used the engine on this site before (its
   files are in his browser's cache: nothing is downloaded) gets it started
   as soon as a live view comes into sight, so that Start shows the view at
   once.  A first-time reader of a lesson downloads nothing.  Opened as a file
   (file://) a browser runs no worker: the placeholder keeps its note saying
   the site must be served over http.  Nothing leaves the site's origin.

   For the tests and the benchmark, window.prefaEngine holds the counts of
   requests sent and answered, the time the engine took to get ready (from
   its worker's start), what started it early, and the time from the first
   Start to its view drawn (what the learner waits). */
(function () {
  "use strict";
  var script = document.currentScript;
  var base = new URL("../engine/", script.src).href;
  var worker = null, ready = null, nextId = 1, waiting = {};
  var stats = { sent: 0, answered: 0, readyMs: null, started: null, progress: null,
               steps: null, snapshot: null, early: null, viewMs: null };
  window.prefaEngine = stats;
  // (the benchmark asks the worker directly: {op: "new" | "act" | "timings", ...})
  stats.call = function (msg) { return engine().then(function () { return request(msg); }); };

  function el(tag, cls, text) {
    var node = document.createElement(tag);
    if (cls) node.className = cls;
    if (text) node.textContent = text;  // text, never HTML
    return node;
  }

  function request(msg) {
    return new Promise(function (resolve, reject) {
      var id = nextId++;
      waiting[id] = { resolve: resolve, reject: reject };
      msg.id = id;
      worker.postMessage(msg);
    });
  }

  var listeners = [];
  function onWorker(ev) {
    var m = ev.data;
    if (m.stored) { stats.snapshot = m.stored; return; }  // kept for the next visit
    if (m.progress) {
      stats.progress = m.progress;
      listeners.forEach(function (f) { f(m.progress); });
      return;
    }
    var w = waiting[m.id];
    if (!w) return;
    delete waiting[m.id];
    if ("error" in m) w.reject(new Error(m.error)); else w.resolve(m.result);
  }

  // (the page's memory that the engine was used here: localStorage, this origin only)
  var USED = "prefa-engine-used";
  function usedBefore() {
    try { return window.localStorage.getItem(USED) === "1"; } catch (e) { return false; }
  }

  function engine() {
    if (!ready) {
      stats.started = performance.now();
      worker = new Worker(new URL("engine-worker.js", script.src), { type: "module" });
      worker.onmessage = onWorker;
      worker.onerror = function (e) {
        var message = (e && e.message) || "the engine's worker failed";
        Object.keys(waiting).forEach(function (id) { waiting[id].reject(new Error(message)); });
        waiting = {};
      };
      ready = request({ op: "load", base: base }).then(function (manifest) {
        stats.readyMs = performance.now() - stats.started;
        try { window.localStorage.setItem(USED, "1"); } catch (e) { /* private mode */ }
        stats.steps = manifest.times;  // ms from the worker's start to each step
        return manifest;
      });
    }
    return ready;
  }

  // The model a view gets from anywidget, backed by the session in the worker.
  function model(sid, state, sprite, host) {
    var data = { state: state, sprite: sprite }, handlers = {}, pending = Promise.resolve();
    function fire(key) {
      (handlers["change:" + key] || []).slice().forEach(function (f) { f(); });
    }
    return {
      get: function (k) { return data[k]; },
      set: function (k, v) { data[k] = v; fire(k); },
      on: function (ev, f) { (handlers[ev] = handlers[ev] || []).push(f); },
      off: function (ev, f) {
        handlers[ev] = (handlers[ev] || []).filter(function (g) { return g !== f; });
      },
      save_changes: function () {},
      send: function (msg) {
        if (!msg || msg.type !== "act") return;
        stats.sent += 1;
        host.setAttribute("aria-busy", "true");
        pending = pending.then(function () {
          return request({ op: "act", sid: sid, action: JSON.stringify(msg.action) });
        }).then(function (text) {
          var next = JSON.parse(text);
          if (next && next.view) { data.state = next; fire("state"); }
          else showError(host, next && next.error);
        }, function (e) {
          showError(host, e.message);
        }).then(function () {
          stats.answered += 1;
          if (stats.answered === stats.sent) host.removeAttribute("aria-busy");
        });
      },
    };
  }

  // The page's words in its language (site/_hooks/editions.py), English else.
  function word(key, english, values) {
    var text = english;
    try {
      var node = document.getElementById("prefa-words");
      var words = node ? JSON.parse(node.textContent) : {};
      if (words[key] !== undefined) text = words[key];
    } catch (e) { /* English */ }
    if (typeof text !== "string") return text;
    return text.replace(/\{(\w+)\}/g, function (all, name) {
      return values && Object.prototype.hasOwnProperty.call(values, name) ? values[name] : all;
    });
  }

  function showError(host, message) {
    var p = host.querySelector(".prefa-live-error") || el("p", "prefa-live-error");
    p.setAttribute("role", "alert");
    p.textContent = word("engine.error", "The engine: {message}",
                         { message: message || word("engine.no_answer", "no answer") });
    if (!p.parentNode) host.insertBefore(p, host.firstChild);
  }

  function loadCss(href) {
    if (document.querySelector('link[data-prefa-view="' + href + '"]')) return;
    var link = document.createElement("link");
    link.rel = "stylesheet";
    link.href = href;
    link.setAttribute("data-prefa-view", href);
    document.head.appendChild(link);
  }

  // A placeholder made live: the engine, then the session, then its view.
  function start(host, args) {
    var view = host.getAttribute("data-view"), asked = performance.now();
    host.textContent = "";
    var status = el("div", "prefa-live-loading");
    status.setAttribute("role", "status");
    var words = el("span", null, word("engine.loading", "loading the engine…"));
    var bar = el("progress");
    bar.max = 1;
    bar.value = 0;
    bar.setAttribute("aria-label", word("engine.loading", "loading the engine…"));
    status.appendChild(words);
    status.appendChild(bar);
    host.appendChild(status);
    function progress(p) {
      var steps = word("engine.steps", null);
      words.textContent = steps && steps[p[0]] ? steps[p[0]] : p[2];
      bar.value = (p[0] + 0.5) / (p[1] + 0.5);
    }
    listeners.push(progress);
    if (stats.progress) progress(stats.progress);
    return engine().then(function (manifest) {
      var files = manifest.views[view];
      if (!files) throw new Error("no live view " + JSON.stringify(view) + " on this site");
      loadCss(base + "views/" + files.css);
      words.textContent = word("engine.opening", "opening the view…");
      return Promise.all([
        import(base + "views/" + files.js),
        request({ op: "new", view: view, args: args }),
      ]);
    }).then(function (got) {
      var made = JSON.parse(got[1]);
      if (made.error) throw new Error(made.error);
      listeners.splice(listeners.indexOf(progress), 1);
      host.textContent = "";
      var mount = el("div", "prefa-live-view");
      host.appendChild(mount);
      host.setAttribute("data-live", "ready");
      got[0].default.render({ model: model(made.id, made.state, made.sprite, host), el: mount });
      if (stats.viewMs === null) stats.viewMs = performance.now() - asked;
    }).catch(function (e) {
      host.setAttribute("data-live", "error");
      status.remove();
      showError(host, e.message);
    });
  }

  // The view's arguments: data-args, where "seed": "random" is a new deal each
  // visit (or the page address's ?seed=N, to come back to the same deal).
  function argsOf(host) {
    var args;
    try { args = JSON.parse(host.getAttribute("data-args") || "{}"); } catch (e) { args = {}; }
    // the learner's language: chosen in a view and kept by the browser (common.js),
    // else the page's (prefa.js keeps the page's when it opens)
    var lang = document.documentElement.getAttribute("data-prefa-lang");  // the build sets it
    try { lang = window.localStorage.getItem("prefa-lang") || lang; } catch (e) { /* not kept */ }
    if (lang && args && !args.lang) args.lang = lang;
    if (args && args.seed === "random") {
      var asked = Number(new URLSearchParams(location.search).get("seed"));
      args.seed = Number.isInteger(asked) && asked >= 0 && location.search.indexOf("seed=") >= 0
        ? asked : Math.floor(Math.random() * 1e6);
    }
    return args;
  }

  function prepare(host) {
    if (host.hasAttribute("data-live")) return;
    host.setAttribute("data-live", "waiting");
    if (location.protocol === "file:") { host.setAttribute("data-live", "file"); return; }
    if (host.getAttribute("data-start") === "auto") {
      start(host, JSON.stringify(argsOf(host)));
      return;
    }
    var old = host.querySelector(".prefa-live-note");
    if (old) old.remove();
    var label = host.getAttribute("data-label") || word("engine.start", "Start");
    var button = el("button", "prefa-live-start md-button md-button--primary", label);
    button.type = "button";
    var hint = el("p", "prefa-live-hint",
                  word("engine.hint", "Runs the engine in your browser (about 12 MB the first " +
                       "time, then from the browser's cache)."));
    button.addEventListener("click", function () { start(host, JSON.stringify(argsOf(host))); });
    early(host, button);
    host.insertBefore(hint, host.firstChild);
    host.insertBefore(button, host.firstChild);
  }

  // The engine started before the click (see "Starting early" above).
  function early(host, button) {
    function go(why) {
      if (ready) return;
      stats.early = why;
      engine().catch(function () { /* shown on the learner's Start */ });
    }
    var resting = null;
    button.addEventListener("pointerenter", function () {
      resting = setTimeout(function () { go("pointer"); }, 100);
    });
    button.addEventListener("pointerleave", function () { clearTimeout(resting); });
    button.addEventListener("pointerdown", function () { go("pointer"); });
    button.addEventListener("touchstart", function () { go("touch"); }, { passive: true });
    button.addEventListener("focus", function () { go("focus"); });
    var saveData = navigator.connection && navigator.connection.saveData;
    if (host.getAttribute("data-early") === "page" && !saveData) {
      go("page");  // a page that is its live view: the play, drill, bidding, analyse pages
      return;
    }
    if (usedBefore() && "IntersectionObserver" in window) {
      var seen = new IntersectionObserver(function (entries) {
        if (entries.some(function (e) { return e.isIntersecting; })) {
          seen.disconnect();
          go("sight");
        }
      });
      seen.observe(host);
    }
  }

  function onPage() {
    document.querySelectorAll(".prefa-live").forEach(prepare);
  }
  if (document.readyState === "loading") document.addEventListener("DOMContentLoaded", onPage);
  else onPage();
  // Material's instant navigation announces each page it swaps in
  if (window.document$ && window.document$.subscribe) window.document$.subscribe(onPage);
})();
