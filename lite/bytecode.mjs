// Run lite/bytecode.py inside the site's own Pyodide under Node.js.
// Usage: node lite/bytecode.mjs PYODIDE_DIR SITE_DIR JOBS_JSON
// PYODIDE_DIR holds the npm package pyodide (pyodide.mjs, python_stdlib.zip, ...);
// SITE_DIR is mounted at /site, and the jobs' paths are relative to it.
// Prints bytecode.py's summary (JSON) on the last line of stdout.
import { readFile } from "node:fs/promises";
import path from "node:path";
import { pathToFileURL } from "node:url";

const [pyodideDir, siteDir, jobsJson] = process.argv.slice(2);
const { loadPyodide } = await import(pathToFileURL(path.join(pyodideDir, "pyodide.mjs")).href);
const pyodide = await loadPyodide({ indexURL: pyodideDir + path.sep, stdout: () => {}, stderr: console.error });
pyodide.FS.mkdirTree("/site");
pyodide.mountNodeFS("/site", path.resolve(siteDir));
const jobs = JSON.parse(jobsJson).map((job) => ({
  ...job, source: "/site/" + job.source, target: "/site/" + job.target,
}));
const script = await readFile(new URL("./bytecode.py", import.meta.url), "utf8");
const namespace = pyodide.globals.get("dict")();
pyodide.runPython(script, { globals: namespace, filename: "bytecode.py" });
const summary = namespace.get("main")(pyodide.toPy([JSON.stringify(jobs)])).toJs({ dict_converter: Object.fromEntries });
summary.compiled = Object.fromEntries(
  Object.entries(summary.compiled).map(([name, count]) => [name.slice("/site/".length), count]));
console.log(JSON.stringify(summary));
