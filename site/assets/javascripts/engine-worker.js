// The engine in a Web Worker: Pyodide (served by the site itself, from
// assets/engine/pyodide/) with the prefa package unpacked into its file
// system, answering the page's requests (assets/javascripts/engine.js), so
// the page never waits on the engine.  Nothing is fetched from elsewhere.
//
// Requests, each {id, op, ...}; each answer {id, result} or {id, error}:
//   {op: "load", base}                 start (base: the URL of assets/engine/)
//   {op: "new", view, args}            a session: JSON text from prefa.ui.web.new
//   {op: "act", sid, action}           an action: the new state as JSON text
//   {op: "timings", sid}               the engine seats' decision times (benchmark)
// While loading, {progress: [step, steps, words]} messages tell how far it is.
//
// The next visit: the first start ends with a memory snapshot of the
// interpreter with the engine imported (Pyodide's _makeSnapshot), kept in
// the browser's IndexedDB under the engine's version; the next start
// restores it instead of starting Python and importing the engine again
// (a fraction of the time).  A snapshot that cannot be read or restored is
// forgotten and Python starts afresh.
import { loadPyodide } from "../engine/pyodide/pyodide.mjs";

let web = null;
let loading = null;
const IMPORTS = "import prefa.ui.web, prefa.ui.table, prefa.ui.drill, prefa.ui.bidding";

// -- the snapshot store (IndexedDB: also where the site is served over plain http) --
function db() {
  return new Promise((resolve, reject) => {
    const open = indexedDB.open("prefa-engine", 1);
    open.onupgradeneeded = () => open.result.createObjectStore("snapshots");
    open.onsuccess = () => resolve(open.result);
    open.onerror = () => reject(open.error);
  });
}
async function stored(key) {
  try {
    const d = await db();
    return await new Promise((resolve) => {
      const get = d.transaction("snapshots").objectStore("snapshots").get(key);
      get.onsuccess = () => resolve(get.result || null);
      get.onerror = () => resolve(null);
    });
  } catch (e) {
    return null;
  }
}
async function store(key, bytes) {
  try {
    const d = await db();
    const tx = d.transaction("snapshots", "readwrite");
    const os = tx.objectStore("snapshots");
    os.clear();  // one engine version kept: the one this site serves
    os.put(bytes, key);
    await new Promise((resolve, reject) => { tx.oncomplete = resolve; tx.onerror = reject; });
    if (bytes.length) postMessage({ stored: key });
  } catch (e) {
    // no room, or no IndexedDB: the next start is a cold one
  }
}

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
  const key = `${manifest.pyodide}/${manifest.prefa}`;
  const zip = fetch(base + manifest.prefa).then((r) => {
    if (!r.ok) throw new Error(`the engine's files: ${r.status} ${r.url}`);
    return r.arrayBuffer();
  });
  const snapshot = await stored(key);
  say(1, "loading the engine: starting Python…");
  const options = { indexURL: base + "pyodide/", packages: [] };
  let py = null;
  if (snapshot) {
    try {
      py = await loadPyodide({ ...options, _loadSnapshot: snapshot });
      times.snapshot = "restored";
    } catch (e) {
      py = null;
      store(key + "/broken", new Uint8Array(0));
    }
  }
  const fresh = !py;
  if (fresh) py = await loadPyodide({ ...options, _makeSnapshot: true });
  say(2, "loading the engine: the Prefa engine…");
  py.unpackArchive(await zip, "zip", { extractDir: "/home/pyodide" });
  say(3, "loading the engine: starting it…");
  if (fresh) {
    py.runPython("import sys\nif '/home/pyodide' not in sys.path: sys.path.insert(0, '/home/pyodide')");
    py.runPython(IMPORTS);
    try {
      const bytes = py.makeMemorySnapshot();
      store(key, bytes);
      times.snapshot = "made";
    } catch (e) {
      times.snapshot = "none: " + e.message;
    }
  }
  web = py.pyimport("prefa.ui.web");
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
