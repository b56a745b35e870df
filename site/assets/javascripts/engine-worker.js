// The engine in a Web Worker: Pyodide (served by the site itself, from
// assets/engine/pyodide/) with the prefa package unpacked into its file
// system, answering the page's requests (assets/javascripts/engine.js), so
// the page never waits on the engine.  Nothing is fetched from elsewhere.
//
// Requests, each {id, op, ...}; each answer {id, result} or {id, error}:
//   {op: "load", base}                 start (base: the URL of assets/engine/)
//   {op: "new", view, args}            a session: JSON text from prefa.ui.web.new
//   {op: "act", sid, action}           an action: the new state as JSON text
//   {op: "timings", sid}                the engine seats' decision times (benchmark)
// While loading, {progress: [step, steps, words]} messages tell how far it is.
import { loadPyodide } from "../engine/pyodide/pyodide.mjs";

let web = null;
let loading = null;

async function load(base) {
  const steps = 4;
  const t0 = performance.now();
  const times = {};
  const say = (step, words) => {
    times[step] = Math.round(performance.now() - t0);
    postMessage({ progress: [step, steps, words] });
  };
  say(0, "loading the engine: the Python interpreter (12 MB, once)…");
  const manifest = await (await fetch(base + "manifest.json", { cache: "no-cache" })).json();
  const zip = fetch(base + manifest.prefa).then((r) => {
    if (!r.ok) throw new Error(`the engine's files: ${r.status} ${r.url}`);
    return r.arrayBuffer();
  });
  say(1, "loading the engine: starting Python…");
  const py = await loadPyodide({ indexURL: base + "pyodide/", packages: [] });
  say(2, "loading the engine: the Prefa engine…");
  py.unpackArchive(await zip, "zip", { extractDir: "/home/pyodide" });
  say(3, "loading the engine: starting it…");
  py.runPython("import sys\nif '/home/pyodide' not in sys.path: sys.path.insert(0, '/home/pyodide')");
  web = py.pyimport("prefa.ui.web");
  py.runPython("import prefa.ui.table, prefa.ui.drill, prefa.ui.bidding");
  say(4, "the engine is ready");
  return { ...manifest, times };
}

onmessage = async (ev) => {
  const { id, op } = ev.data;
  try {
    let result;
    if (op === "load") {
      loading = loading || load(ev.data.base);
      result = await loading;
    } else {
      await loading;
      if (op === "new") result = web.new(ev.data.view, ev.data.args);
      else if (op === "act") result = web.act(ev.data.sid, ev.data.action);
      else if (op === "timings") result = web.timings(ev.data.sid);
      else throw new Error(`unknown request ${op}`);
    }
    postMessage({ id, result });
  } catch (e) {
    postMessage({ id, error: String(e && e.message ? e.message : e).split("\n").slice(-3).join(" ") });
  }
};
