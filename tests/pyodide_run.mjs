// Run a Python program on the engine under Pyodide (CPython compiled to
// WebAssembly), in Node: the engine as a browser would run it.
//
//   node pyodide_run.mjs PYODIDE_DIR REPO_ROOT [FOLDER...] < program.py
//
// PYODIDE_DIR holds node_modules/pyodide (the npm package, which ships the
// interpreter and its standard library: nothing is fetched). The package
// folder REPO_ROOT/prefa, and each other FOLDER of the repository named, is
// copied into Pyodide's in-memory file system under /home/pyodide (which is
// on sys.path); the program's last expression, a string, is printed on
// standard output.
import fs from "node:fs";
import path from "node:path";
import { pathToFileURL } from "node:url";

const [pyodideDir, root, ...folders] = process.argv.slice(2);
const entry = path.join(pyodideDir, "node_modules", "pyodide", "pyodide.mjs");
const { loadPyodide } = await import(pathToFileURL(entry).href);
const py = await loadPyodide();

function copy(src, dst) {
  py.FS.mkdirTree(dst);
  for (const e of fs.readdirSync(src, { withFileTypes: true })) {
    if (e.name === "__pycache__") continue;
    const s = path.join(src, e.name);
    const d = `${dst}/${e.name}`;
    if (e.isDirectory()) copy(s, d);
    else py.FS.writeFile(d, fs.readFileSync(s));
  }
}
for (const folder of ["prefa", ...folders]) {
  copy(path.join(root, folder), `/home/pyodide/${folder}`);
}
py.runPython("import sys; sys.path.insert(0, '/home/pyodide')");
const program = fs.readFileSync(0, "utf8");
try {
  process.stdout.write(String(py.runPython(program)) + "\n");
} catch (e) {
  // a Python error's message is its traceback: print that, not Node's dump
  process.stderr.write(`${e.message}\n`);
  process.exit(1);
}
