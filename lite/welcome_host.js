// The welcome page's live board: a host for a board's front end without a notebook.
//
// The page shows the board's picture (drawn at build time) at once.  Meanwhile
// this script loads the site's own Pyodide (static/pyodide/, the one the
// notebooks' kernel uses), installs the spynb wheel the site serves, and makes
// the board's plain-Python controller (spynb.widgets.play.BoardController: no
// IPython, no ipywidgets).  Then it mounts the SAME front-end module the
// notebook's anywidget uses (welcome/board.js, written by lite/site_pages.py)
// on a small model: the part of anywidget's model API the module uses (get,
// set, on, off, send, save_changes).  `send` hands the message to the
// controller and applies the changes it answers with; a one-off message (a
// saved record, a link) arrives as anywidget's `msg:custom`.
//
// Everything it needs is read from the board element's data attributes:
// data-pyodide (folder), data-wheel (address), data-module and data-css
// (the board's front end), data-game and data-options (JSON: the controller's
// keyword arguments).  The status line says what happens; a failure says so
// in words and leaves the picture.  window.spynbWelcome holds {ready, error,
// started, readyAt} and, once live, {model, pyodide} for tests and
// benchmarks/site.py.

const slot = /** @type {HTMLElement} */ (document.getElementById("live-board"));
const status = /** @type {HTMLElement} */ (document.getElementById("live-status"));
/** @type {{ ready: boolean, error: string, started: number, readyAt?: number, model?: object, pyodide?: any }} */
const state = (/** @type {any} */ (window).spynbWelcome = { ready: false, error: "", started: performance.now() });

/** @param {string} text the stage, in the words the lessons' status line uses (lite/lesson_page.js) */
const say = (text) => { status.textContent = text; };

/** The Python side: the controller, and one function that takes a message and answers with what changed. */
const HOST_PY = `
import json
from spynb.widgets.play import controller_class

_board = controller_class(GAME)(**json.loads(OPTIONS))
_heard = []
_board.subscribe(_heard.append)


def _handle(text):
    _heard.clear()
    _board.handle(json.loads(text))
    return json.dumps(_heard)


json.dumps(_board.front_state())
`;

/**
 * A model for the board's module, as anywidget gives one, over the controller's state.
 * @param {Record<string, any>} values the front end's state, as the controller sends it
 * @param {(text: string) => string} handle the controller's door: a message in, the news out (JSON)
 */
function makeModel(values, handle) {
  /** @type {Map<string, Set<Function>>} */
  const handlers = new Map();
  const fire = (/** @type {string} */ event, /** @type {any[]} */ ...args) => {
    for (const callback of [...(handlers.get(event) || [])]) callback(...args);
  };
  const model = {
    get: (/** @type {string} */ name) => values[name],
    /** A local change (the controller takes intentions only, so nothing goes to Python). */
    set(/** @type {string} */ name, /** @type {any} */ value) {
      values[name] = value;
      fire(`change:${name}`, model, value);
    },
    save_changes() {},
    on(/** @type {string} */ event, /** @type {Function} */ callback) {
      if (!handlers.has(event)) handlers.set(event, new Set());
      handlers.get(event)?.add(callback);
    },
    off(/** @type {string} */ event, /** @type {Function | undefined} */ callback) {
      if (!callback) handlers.delete(event);
      else handlers.get(event)?.delete(callback);
    },
    send(/** @type {object} */ content) {
      for (const news of JSON.parse(handle(JSON.stringify(content)))) {
        if (news.kind === "message") {
          fire("msg:custom", news.content, []);
          continue;
        }
        Object.assign(values, news.state);
        for (const [name, value] of Object.entries(news.state)) fire(`change:${name}`, model, value);
      }
    },
  };
  return model;
}

async function start() {
  const data = slot.dataset;
  if (!data.wheel) throw new Error("this build of the site has no spynb wheel");
  const here = (/** @type {string} */ path) => new URL(path, document.baseURI).href;
  const css = document.createElement("link");
  css.rel = "stylesheet";
  css.href = here(data.css || "");
  document.head.append(css);
  const [{ loadPyodide }, front] = await Promise.all([
    import(here(`${data.pyodide}pyodide.mjs`)), import(here(data.module || ""))]);
  const pyodide = await loadPyodide({ indexURL: here(data.pyodide || "") });
  say("Loading the game…");
  await pyodide.loadPackage(here(data.wheel), { messageCallback: () => {} });
  const globals = pyodide.globals;
  globals.set("GAME", data.game);
  globals.set("OPTIONS", data.options || "{}");
  say("Setting up the board…");
  const values = JSON.parse(await pyodide.runPythonAsync(HOST_PY));
  const handle = globals.get("_handle");
  const model = makeModel(values, (text) => handle(text));
  const board = document.createElement("div");
  board.className = "live-board__widget";
  board.dataset.controls = "folded"; // a first visitor sees the board; the bots' speed, undo and the rest wait under More
  await front.default.render({ model, el: board });
  slot.replaceChildren(board);
  slot.classList.add("is-live");
  Object.assign(state, { ready: true, readyAt: performance.now(), model, pyodide });
  say("Live: you play seat 1 against the rule-of-thumb bot. Pick one of your pieces, then where it goes.");
}

say("Starting Python in your browser…");
start().catch((/** @type {any} */ error) => {
  state.error = String(error && error.message || error);
  say(`The live board could not start (${state.error}). The picture shows the opening position; ` +
    "the KLOAK lessons below have the same board in a notebook.");
  slot.classList.add("has-failed");
});
