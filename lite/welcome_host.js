// The welcome page's live board: a host for a board's front end without a notebook.
//
// At once, this script mounts the SAME front-end module the notebook's
// anywidget uses (welcome/board.js, written by lite/site_pages.py) on a small
// model, the part of anywidget's model API the module uses (get, set, on, off,
// send, save_changes), holding the board's first position as the build made it
// (the controller's state, in the page's #live-board-start): the board looks
// as it will when live, and nothing moves when it is.  Until then it waits
// (inert, no clicks).  Meanwhile the script loads the site's own Pyodide
// (static/pyodide/, the one the notebooks' kernel uses), installs the spynb
// wheel the site serves, and makes the board's plain-Python controller
// (spynb.widgets.play.BoardController: no IPython, no ipywidgets).  Then the
// model goes live: what the controller holds replaces what differs, and `send`
// hands each message to the controller and applies the changes it answers
// with; a one-off message (a saved record, a link) arrives as anywidget's
// `msg:custom`.
//
// Everything it needs is read from the board element's data attributes:
// data-pyodide (folder), data-wheel (address), data-module (the board's front
// end), data-game and data-options (JSON: the controller's keyword arguments).
// The status line names each stage as it starts; a failure says so in words and
// leaves the waiting board (or, if even the front end could not load, the
// build's SVG picture).
//
// Once the board is live (or has failed), the way on is prepared: the lessons'
// service worker is registered (as their app would), then speculation rules
// ask the browser to open the first game's first lesson out of sight while
// the visitor reads (a prerender: its notebook app starts and opens the lesson,
// lite/visible_until_shown.js keeping it from waiting to be seen), so that
// Start here shows it at once, with only the kernel still to start (the browser
// starts no worker until the page is shown); the other games' Start here links
// are prerendered when the pointer rests on them.  A browser without
// speculation rules ignores them.  Not at once: the welcome board's own Python
// starts first.
//
// window.spynbWelcome holds {ready, error, started, drawnAt, readyAt,
// prepared} and, once live, {model, pyodide} for tests and benchmarks/site.py.

import { makeModel } from "./board_model.js";

const slot = /** @type {HTMLElement} */ (document.getElementById("live-board"));
const status = /** @type {HTMLElement} */ (document.getElementById("live-status"));
/** @type {{ ready: boolean, error: string, started: number, drawnAt?: number, readyAt?: number, model?: object,
 *   pyodide?: any, prepared?: string[] }} */
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
 * The board's first position at once, drawn by its own front end from the state the build made, waiting.
 * @param {{ default: { render: (args: { model: object, el: HTMLElement }) => unknown } }} front the board's module
 */
async function drawWaitingBoard(front) {
  const start = /** @type {HTMLElement} */ (document.getElementById("live-board-start"));
  const { model, goLive } = makeModel(JSON.parse(start.textContent || "{}"));
  const board = document.createElement("div");
  board.className = "live-board__widget";
  board.dataset.controls = "folded"; // a first visitor sees the board; the bots' speed, undo and the rest wait under More
  board.inert = true;
  await front.default.render({ model, el: board });
  slot.replaceChildren(board);
  state.drawnAt = performance.now();
  return { board, model, goLive };
}

async function start() {
  const data = slot.dataset;
  if (!data.wheel) throw new Error("this build of the site has no spynb wheel");
  const here = (/** @type {string} */ path) => new URL(path, document.baseURI).href;
  const pyodideModule = import(here(`${data.pyodide}pyodide.mjs`));
  const { board, model, goLive } = await drawWaitingBoard(await import(here(data.module || "")));
  const { loadPyodide } = await pyodideModule;
  const pyodide = await loadPyodide({ indexURL: here(data.pyodide || "") });
  say("Loading the game…");
  await pyodide.loadPackage(here(data.wheel), { messageCallback: () => {} });
  const globals = pyodide.globals;
  globals.set("GAME", data.game);
  globals.set("OPTIONS", data.options || "{}");
  say("Setting up the board…");
  const live = JSON.parse(await pyodide.runPythonAsync(HOST_PY));
  const handle = globals.get("_handle");
  goLive(live, (text) => handle(text));
  board.inert = false;
  slot.classList.add("is-live");
  Object.assign(state, { ready: true, readyAt: performance.now(), model, pyodide });
  say("Live: you play seat 1 against the rule-of-thumb bot. Pick a piece that may move (outlined in green), then where it goes.");
}

/**
 * Ask the browser to prerender the first game's first lesson now and the other games' first lessons on hover (a
 * browser that has no speculation rules skips this).  The addresses it asked for go into window.spynbWelcome.prepared.
 */
function prepareTheWay() {
  const starts = /** @type {HTMLAnchorElement[]} */ ([...document.querySelectorAll("a.start")]);
  if (!starts.length || !HTMLScriptElement.supports?.("speculationrules")) return;
  const [first, ...others] = starts.map((link) => link.href);
  const rules = { prerender: [{ urls: [first], eagerness: "immediate" }] };
  if (others.length) rules.prerender.push({ urls: others, eagerness: "moderate" });
  const script = document.createElement("script");
  script.type = "speculationrules";
  script.textContent = JSON.stringify(rules);
  document.head.append(script);
  state.prepared = [first, ...others];
}

/**
 * Register the lessons' service worker as their app (JupyterLite's ServiceWorkerManager) would, and wait until it
 * is active: the site's service-worker.js?enableCache=… (the app's option enableServiceWorkerCache, "false" unless
 * set), scoped to the site.  A prerendered page's registration waits until it is shown, and a lesson's kernel made
 * before that has none of the visitor's files (/drive): registered here, the prerendered lesson opens under it, as
 * any later visit does.  The app unregisters every service worker unless localStorage's `${its address}-version`
 * is the app's version (appVersion), so that is written too.
 */
async function registerServiceWorker() {
  const workers = navigator.serviceWorker;
  if (!workers) return;
  const response = await fetch(new URL("jupyter-lite.json", document.baseURI));
  const options = (await response.json())["jupyter-config-data"] || {};
  const url = new URL("service-worker.js", document.baseURI);
  url.searchParams.set("enableCache", options.enableServiceWorkerCache || "false");
  if (options.appVersion) localStorage.setItem(`${url.href}-version`, options.appVersion);
  await workers.register(url.href);
  await Promise.race([workers.ready, new Promise((resolve) => setTimeout(resolve, 5000))]);
}

say("Starting Python in your browser…");
start().catch((/** @type {any} */ error) => {
  state.error = String(error && error.message || error);
  say(`The live board could not start (${state.error}). The board shows the opening position; ` +
    "the KLOAK lessons below have the same board in a notebook.");
  slot.classList.add("has-failed");
}).finally(() => registerServiceWorker().catch(() => { /* the lesson's app registers it */ }).finally(prepareTheWay));
