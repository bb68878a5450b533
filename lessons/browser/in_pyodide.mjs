// Run a Python script in Pyodide under Node.js, with a host folder mounted at /work:
//   node in_pyodide.mjs PYODIDE_DIR HOST_DIR SCRIPT.py [ARGUMENT ...]
// The site build uses it to compile the shipped wheels' bytecode with the very Python that will
// import them in the browser (lessons/browser/bytecode.py).
import { readFileSync } from "node:fs";
import { resolve } from "node:path";
import { pathToFileURL } from "node:url";

const [pyodideDir, hostDir, script, ...args] = process.argv.slice(2);
const { loadPyodide } = await import(pathToFileURL(resolve(pyodideDir, "pyodide.mjs")).href);
const pyodide = await loadPyodide({ indexURL: resolve(pyodideDir) + "/" });
pyodide.FS.mkdir("/work");
pyodide.mountNodeFS("/work", resolve(hostDir));
pyodide.globals.set("ARGUMENTS", pyodide.toPy(args));
try {
  await pyodide.runPythonAsync(readFileSync(script, "utf8"), { filename: script });
} catch (error) {
  console.error(String(error.message || error));
  process.exit(1);
}
