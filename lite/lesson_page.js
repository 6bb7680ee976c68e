// The notebook app's page, for the site's lessons: they run themselves, and the site's links stay in this tab.
//
// lite/lesson_page.py adds this module to notebooks/index.html, after the
// element <script id="spynb-lessons" type="application/json">{"lessons": [...], "boards": [...]}</script>
// that lists the site's lessons by their path under files/ (lite/tracks.json), and those of them that have a
// waiting board (no other lesson's is fetched: it does not exist).
// JupyterLite's notebook app sets window.jupyterapp when its page option
// exposeAppInBrowser is "true" (lite/jupyter-lite.json).
//
// A lesson (its path is in the list AND the notebook's metadata says spynb.lesson,
// which the build writes into the site's copy): its outputs are cleared the moment it
// opens (a copy the browser kept never shows a stale widget), then, once the kernel
// has started, every cell runs top to bottom (notebook:run-all-cells) and the view is
// put back at the top.  An exercise (its metadata says spynb.runs "setup") runs only its
// set-up cells (tagged "setup": imports and the data it counts), so that no simulation,
// check or answer shows before the student has predicted and run it; the student runs
// the rest (Shift+Enter, or the toolbar's run button).  A line at the foot of the window
// names the stage.  While Python
// starts, the lesson's board waits where its first code cell's output will be: the
// board's own front end (the same module anywidget loads), inert, drawing the board's
// first position as the build wrote it (lite/lesson_boards.py, lesson-boards/ in the
// site); it is put away once the live board has drawn in its place.  Once the
// run is over the notebook is marked unchanged, so a lesson only read is not kept as
// the visitor's copy.  A play lesson (spynb.play) has no walkthrough to finish: opened, it
// is remembered as started, and once a game on it (a board that is not a walkthrough)
// shows its ending, as finished, under its path in the walkthroughs' store (progress.js,
// which the welcome page reads).  Any other notebook (the visitor's own, the smoke tests)
// is left alone.
//
// On every notebook of the app, a plain click on a link to another page of the site (a
// notebook of files/, the welcome page, the rules page) opens it in this tab, where
// JupyterLab would open a new one: Back returns, and only one Python ever runs.  A click
// with a modifier key or another button still does what the browser does.
//
// window.spynbLesson holds {lesson, stage, started, waitingAt?, pythonAt?, liveBoardAt?, liveAt?, playedAt?, error?}
// (times from performance.now(); waitingAt: the waiting board drawn, liveBoardAt: put away for the live one,
// playedAt: a play lesson's game ended) for the browser tests (tests/browser/browser_helpers.py) and benchmarks.

import { makeModel } from "./board_model.js";

/** @typedef {"opening" | "python" | "running" | "live" | "failed" | "not a lesson" | "copy"} Stage */
/** @typedef {{ default: { render: (args: { model: object, el: HTMLElement }) => unknown } }} FrontEnd */

const config = JSON.parse(document.getElementById("spynb-lessons")?.textContent || "{}");
/** @type {Set<string>} */
const lessons = new Set(config.lessons || []);
/** @type {Set<string>} */
const boards = new Set(config.boards || []);
const path = new URLSearchParams(location.search).get("path") || "";

// lesson: whether this page opens one of the site's lessons (by its path; false again if its metadata says not)
/** @type {{ lesson: boolean, stage: Stage, started: number, waitingAt?: number, pythonAt?: number,
 *   liveBoardAt?: number, liveAt?: number, playedAt?: number, error?: string }} */
const state = { lesson: lessons.has(path), stage: "opening", started: performance.now() };
/** @type {any} */ (window).spynbLesson = state;

/** The site's root (this page is notebooks/index.html, one folder below it). */
const ROOT = new URL("../", location.href);

/** How long to wait for the app and the kernel before saying it failed, in milliseconds. */
const PATIENCE = 300_000;

// -- the progress line ---------------------------------------------------------------------------------------------

/** @type {HTMLElement | null} */
let line = null;

/**
 * Show ``text`` in the line at the foot of the window.
 * @param {Stage} stage
 * @param {string} text
 */
function say(stage, text) {
  if (stage !== "copy") state.stage = stage;
  if (!line) {
    line = document.createElement("p");
    line.id = "spynb-lesson-status";
    line.setAttribute("role", "status");
    line.setAttribute("aria-live", "polite");
    line.style.cssText = [
      "position: fixed", "z-index: 10000", "left: 50%", "bottom: 12px", "transform: translateX(-50%)", "margin: 0",
      "max-width: calc(100vw - 32px)", "box-sizing: border-box", "padding: 8px 16px", "border-radius: 18px",
      "background: #1b2631", "color: #fff", "font: 15px/1.4 system-ui, -apple-system, 'Segoe UI', sans-serif",
      "box-shadow: 0 2px 8px rgba(0, 0, 0, 0.3)", "transition: opacity 0.6s", "pointer-events: none",
    ].join("; ");
    document.body.append(line);
  }
  line.dataset.stage = stage;
  line.textContent = text;
  line.style.opacity = "1";
}

/** Let the line fade away after a moment (``ms``). */
function fade(ms = 2500) {
  setTimeout(() => { if (line && state.stage === "live") line.style.opacity = "0"; }, ms);
}

// -- waiting -------------------------------------------------------------------------------------------------------

/**
 * The first truthy value of ``probe()``, asked every 100 ms.
 * @template T
 * @param {() => T | null | undefined | false} probe
 * @param {string} what what is awaited, for the error
 * @returns {Promise<T>}
 */
function until(probe, what) {
  return new Promise((resolve, reject) => {
    const deadline = performance.now() + PATIENCE;
    const ask = () => {
      let value;
      try { value = probe(); } catch { value = null; }
      if (value) resolve(value);
      else if (performance.now() > deadline) reject(new Error(`${what} did not come`));
      else setTimeout(ask, 100);
    };
    ask();
  });
}

/** @param {number} ms */
const pause = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

// -- the view ------------------------------------------------------------------------------------------------------

/** Whether the visitor has scrolled, typed or clicked since the page opened (then the view is theirs). */
let touched = false;
for (const kind of ["wheel", "touchmove", "keydown", "pointerdown"]) {
  window.addEventListener(kind, (event) => { if (event.isTrusted) touched = true; }, { capture: true, passive: true });
}

/**
 * Keep the notebook's own scroller (not a board's log inside an output) at its top while ``notebook`` runs,
 * unless the visitor takes the view: the run-all scrolls to the last cell, and this puts it back at once.
 * @param {any} notebook JupyterLab's Notebook widget
 * @returns {() => void} what lets go
 */
function holdTop(notebook) {
  const hold = (/** @type {Event} */ event) => {
    const scroller = event.target;
    if (touched || !(scroller instanceof HTMLElement) || scroller.scrollTop === 0) return;
    if (scroller === notebook.node || scroller.contains(notebook.node)
        || scroller.classList.contains("jp-WindowedPanel-outer")) scroller.scrollTop = 0;
  };
  document.addEventListener("scroll", hold, { capture: true, passive: true });
  return () => document.removeEventListener("scroll", hold, { capture: true });
}

/**
 * Put the view at the notebook's top: its first cell active, every scroller above it at 0.
 * @param {any} notebook JupyterLab's Notebook widget
 */
async function toTop(notebook) {
  if (touched) return;
  notebook.activeCellIndex = 0;
  notebook.deselectAll?.();
  try { await notebook.scrollToItem?.(0, "start"); } catch { /* an older notebook has no windowed list */ }
  for (let node = notebook.widgets[0]?.node?.parentElement; node; node = node.parentElement) node.scrollTop = 0;
  if (document.scrollingElement) document.scrollingElement.scrollTop = 0;
}

// -- the board while Python starts ---------------------------------------------------------------------------------

/**
 * The lesson's waiting board as the build wrote it, and its front end, fetched at once (null: it has none).
 * @returns {Promise<{ front: FrontEnd, values: Record<string, any> } | null>}
 */
async function fetchWaitingBoard() {
  const response = await fetch(new URL(`lesson-boards/${encodeURI(path)}.json`, ROOT));
  if (!response.ok) return null;
  const board = await response.json();
  const styles = document.createElement("link");
  styles.rel = "stylesheet";
  styles.href = new URL(board.css, ROOT).href;
  document.head.append(styles);
  return { front: await import(new URL(board.module, ROOT).href), values: board.state };
}

const waitingBoard = state.lesson && boards.has(path) ? fetchWaitingBoard().catch(() => null) : Promise.resolve(null);

/** Whether the lesson's own run is over (its first cell shows what it shows). */
const runOver = () => state.stage === "live" || state.stage === "failed";

/** Puts the waiting board away (nothing until it is drawn). */
let putAway = () => {};

/**
 * The top margin JupyterLab gives a cell's outputs once it has some. A cell with none (``jp-mod-noOutputs``, as
 * while the board waits) has none, so the waiting board takes that margin itself and the live board comes to
 * the same pixel. Read from a stand-in cell beside it, removed at once.
 * @param {HTMLElement} cellNode
 */
function outputsMargin(cellNode) {
  const wrapper = document.createElement("div");
  wrapper.className = "jp-Cell-outputWrapper";
  const stand = document.createElement("div");
  stand.className = cellNode.className.replace(/\bjp-mod-noOutputs\b/, "");
  stand.style.cssText = "position: absolute; visibility: hidden; height: 0; overflow: hidden";
  stand.append(wrapper);
  cellNode.after(stand);
  const margin = getComputedStyle(wrapper).marginTop;
  stand.remove();
  return margin;
}

/**
 * Draw the waiting board where the first code cell's output goes, as JupyterLab lays out an output (a prompt
 * column, then the output; Lumino's widget classes, which size them), and put it away once a live board has drawn in that output area.
 * @param {any} notebook JupyterLab's Notebook widget
 */
async function showWaitingBoard(notebook) {
  const board = await waitingBoard;
  const cell = notebook.widgets.find((/** @type {any} */ c) => c.model.type === "code");
  const area = cell?.outputArea?.node;
  if (!board || !(area instanceof HTMLElement) || runOver()) return;
  const child = document.createElement("div");
  child.className = "lm-Widget lm-Panel jp-OutputArea-child spynb-waiting-board";
  const prompt = document.createElement("div");
  prompt.className = "lm-Widget jp-OutputPrompt jp-OutputArea-prompt";
  prompt.textContent = "\u00a0";  // a line, as the live output's prompt has (above the output on a narrow page)
  const output = document.createElement("div");
  output.className = "lm-Widget lm-Panel jp-OutputArea-output";
  const el = document.createElement("div");
  el.className = "lm-Widget";
  output.append(el);
  child.append(prompt, output);
  child.inert = true;
  await board.front.default.render({ model: makeModel(board.values).model, el });
  if (runOver()) return;  // the run was quicker
  let margin = "";
  let gone = false;
  const place = () => {
    if (!margin && cell.node.isConnected) margin = outputsMargin(cell.node);  // read once the cell is in the page
    child.style.marginTop = cell.node.classList.contains("jp-mod-noOutputs") ? margin : "0px";
  };
  const settle = () => {  // until the cell is in the page (a windowed notebook adds it when it comes in sight)
    place();
    if (!margin && !gone) requestAnimationFrame(settle);
  };
  area.prepend(child);
  settle();
  state.waitingAt = performance.now();
  const drawn = () => [...area.children].some((node) => node !== child
    && node.querySelector(".spynb-play") instanceof HTMLElement && node.getBoundingClientRect().height > 0);
  const watch = new MutationObserver(() => {
    place();
    if (drawn()) putAway();
  });
  putAway = () => {
    gone = true;
    watch.disconnect();
    child.remove();
    state.liveBoardAt ??= performance.now();
    putAway = () => {};
  };
  watch.observe(cell.node, { childList: true, subtree: true, attributes: true, attributeFilter: ["class"] });
}

// -- running a lesson ----------------------------------------------------------------------------------------------

/**
 * The code cells of the notebook, and how many have run (have an execution count).
 * @param {any} notebook
 */
function progress(notebook) {
  const code = notebook.widgets.filter((/** @type {any} */ cell) => cell.model.type === "code");
  return { done: code.filter((/** @type {any} */ cell) => cell.model.executionCount != null).length, all: code.length };
}

/**
 * Run every cell, holding the view at the top; whether none stopped with an error.
 * @param {any} app
 * @param {any} panel
 */
async function runAll(app, panel) {
  const notebook = panel.content;
  const letGo = holdTop(notebook);
  try {
    const run = app.commands.execute("notebook:run-all-cells");
    await pause(200);  // the run-all makes the last cell active once it has queued them
    await toTop(notebook);
    const ok = await run;
    await until(() => panel.sessionContext.kernelDisplayStatus === "idle", "the kernel's rest");
    await toTop(notebook);
    return ok;
  } finally {
    letGo();
  }
}

/**
 * Run only the code cells tagged "setup", in order; whether none stopped with an error.
 * @param {any} app
 * @param {any} notebook
 */
async function runSetUp(app, notebook) {
  let ok = true;
  for (const [index, cell] of notebook.widgets.entries()) {
    if (cell.model.type !== "code" || !(cell.model.getMetadata?.("tags") || []).includes("setup")) continue;
    notebook.activeCellIndex = index;
    notebook.deselectAll?.();
    ok = (await app.commands.execute("notebook:run-cell")) !== false && ok;
  }
  await toTop(notebook);
  return ok;
}

/**
 * A play lesson: remember it as started now, and as finished once a game on it has ended (a board that is no
 * walkthrough shows its ending). The store is the walkthroughs' (progress.js, served beside the welcome page).
 * @param {any} notebook JupyterLab's Notebook widget
 */
async function rememberThePlay(notebook) {
  const { rememberStep } = await import(new URL("welcome/progress.js", ROOT).href);
  rememberStep(path, 0, 1, false);
  const ended = () => [...notebook.node.querySelectorAll(".spynb-play")].some((board) => !board.querySelector(".spynb-walk")
    && board.querySelector(".spynb-play__ending")?.hidden === false);
  const watch = new MutationObserver(() => {
    if (!ended()) return;
    watch.disconnect();
    rememberStep(path, 1, 1, true);
    state.playedAt = performance.now();
  });
  watch.observe(notebook.node, { childList: true, subtree: true, attributes: true, attributeFilter: ["hidden"] });
}

async function runLesson() {
  say("opening", "Opening the lesson…");
  const app = await until(() => /** @type {any} */ (window).jupyterapp, "the notebook app");
  await app.restored;
  const panel = await until(() => {
    const widget = app.shell.currentWidget;
    return widget && widget.context && widget.sessionContext && widget.content ? widget : null;
  }, "the notebook");
  await panel.context.ready;
  const notebook = panel.content;
  const lesson = panel.context.model.getMetadata?.("spynb");
  if (panel.context.path !== path || !lesson?.lesson) {
    state.lesson = false;
    state.stage = "not a lesson";
    line?.remove();
    return;
  }
  state.lesson = true;
  const setUpOnly = lesson.runs === "setup";
  await app.commands.execute("notebook:clear-all-cell-outputs");
  if (lesson.play) rememberThePlay(notebook).catch(() => { /* no store: nothing is remembered */ });
  showWaitingBoard(notebook).catch(() => { /* the lesson runs all the same; its board comes when live */ });
  say("python", "Starting Python in your browser…");
  await panel.sessionContext.ready;
  const kernel = await until(() => panel.sessionContext.session?.kernel, "the kernel");
  await kernel.info;  // the kernel answers once Pyodide and its packages are loaded
  state.pythonAt = performance.now();
  const running = () => {
    const { done, all } = progress(notebook);
    say("running", setUpOnly ? "Python has started; running the set-up cell…"
      : `Python has started; running the lesson: cell ${Math.min(done + 1, all)} of ${all}…`);
  };
  running();
  const timer = setInterval(running, 250);
  try {
    const ok = setUpOnly ? await runSetUp(app, notebook) : await runAll(app, panel);
    panel.context.model.dirty = false;  // only read, not changed: the published lesson stays the one it opens
    state.liveAt = performance.now();
    clearInterval(timer);
    if (!ok) say("live", "A cell stopped with an error: the message is under it.");
    else if (setUpOnly) say("live", "Python is ready. Nothing has run but the set-up: run each cell in order, with Shift+Enter.");
    else say("live", "The page is live.");
    if (ok) fade(setUpOnly ? 8000 : 2500);
  } finally {
    clearInterval(timer);
    putAway();  // the run is over: what the first cell shows now is its own
  }
}

// -- links in this tab ---------------------------------------------------------------------------------------------

/**
 * Where a link goes, when it is a page of this site that should open in this tab; null otherwise.
 * @param {HTMLAnchorElement} anchor
 * @returns {string | null}
 */
function sitePage(anchor) {
  if (anchor.closest(".jp-DirListing, .jp-FileBrowser")) return null;
  const args = anchor.getAttribute("data-commandlinker-args");
  if (args && anchor.getAttribute("data-commandlinker-command") === "rendermime:handle-local-link") {
    const linked = JSON.parse(args).path || "";
    return linked.endsWith(".ipynb") ? notebookPage(linked) : null;
  }
  const href = anchor.getAttribute("href");
  if (!href || href.startsWith("#")) return null;
  let url;
  try { url = new URL(href, location.href); } catch { return null; }
  if (url.origin !== ROOT.origin || !url.pathname.startsWith(ROOT.pathname)) return null;
  const inSite = url.pathname.slice(ROOT.pathname.length);
  if (inSite.startsWith("files/")) {
    const linked = decodeURIComponent(inSite.slice("files/".length));
    return linked.endsWith(".ipynb") ? notebookPage(linked) : null;
  }
  return /(^|\/)(index\.html)?$|\.html$/.test(inSite) ? url.href : null;
}

/** @param {string} notebookPath a path under files/ */
function notebookPage(notebookPath) {
  return `${new URL("notebooks/index.html", ROOT).href}?path=${encodeURI(notebookPath)}`;
}

window.addEventListener("click", (event) => {
  if (event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
  const anchor = /** @type {Element | null} */ (event.target instanceof Element ? event.target : null)
    ?.closest("a[href]");
  if (!(anchor instanceof HTMLAnchorElement)) return;
  const page = sitePage(anchor);
  if (!page) return;
  event.preventDefault();
  event.stopImmediatePropagation();
  location.assign(page);
}, { capture: true });

/**
 * A notebook that is not a lesson: if it is a copy of one under another name (its metadata says lesson), say
 * that it does not run by itself, since its first cell says a lesson does.
 */
async function notALesson() {
  const app = await until(() => /** @type {any} */ (window).jupyterapp, "the notebook app");
  await app.restored;
  const panel = await until(() => app.shell.currentWidget?.context, "the notebook");
  await panel.ready;
  if (panel.model.getMetadata?.("spynb")?.lesson && panel.path === path) {
    say("copy", "This is a copy of a lesson under another name: it does not run by itself. To run it: Run ▸ Run All Cells.");
    setTimeout(() => { if (line) line.style.opacity = "0"; }, 10_000);
  }
}

// -- the start -----------------------------------------------------------------------------------------------------

if (state.lesson) {
  runLesson().catch((error) => {
    state.error = String(error?.message || error);
    putAway();
    say("failed", `The lesson could not start (${state.error}). Reload the page to try again.`);
  });
} else {
  state.stage = "not a lesson";
  if (path) notALesson().catch(() => { /* nothing to say */ });
}
