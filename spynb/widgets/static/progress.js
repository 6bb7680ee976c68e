// Where was I?  What this browser remembers of the walkthroughs it has played, and how a page of lessons
// shows it.  Stored in the browser's localStorage under one key, never sent anywhere:
//
//   {"<scenario id>": {"step": furthest step shown (1-based), "count": its steps, "finished": reached the end,
//                      "at": the step shown last}}
//
// walkthrough.js calls rememberStep on every step it shows; the welcome page (lite/site_pages.py) calls
// showProgress on its list of lessons, each an element with data-walkthroughs="<scenario ids>".
// A browser that keeps no storage (private windows, blocked cookies) simply remembers nothing.  An entry of
// another shape ("finished": "false", a step of -1) is read as absent; a store that is no JSON object is kept
// aside under "spynb-progress-unreadable" when the next step is remembered, never silently dropped.

const KEY = "spynb-progress";
const MAX_ENTRIES = 1000;  // more than every walkthrough and lesson of the site
const MAX_ID = 200;  // characters of a scenario id or a lesson's path

/**
 * @typedef Remembered
 * @property {number} step
 * @property {number} count
 * @property {boolean} finished
 * @property {number} [at]   the step shown last (a walkthrough's: where a later visit may continue)
 */

/**
 * A stored entry as it should be, or null: a whole step from 0, a whole count from 1, finished exactly true.
 * @param {unknown} value
 * @returns {Remembered | null}
 */
function entry(value) {
  if (!value || typeof value !== "object") return null;
  const { step, count, finished } = /** @type {Record<string, unknown>} */ (value);
  const whole = (/** @type {unknown} */ n, /** @type {number} */ least) => Number.isSafeInteger(n) && Number(n) >= least;
  if (!whole(step, 0) || !whole(count, 1)) return null;
  const at = /** @type {Record<string, unknown>} */ (value).at;
  const kept = { step: Math.min(Number(step), Number(count)), count: Number(count), finished: finished === true };
  return whole(at, 1) && Number(at) <= Number(count) ? { ...kept, at: Number(at) } : kept;
}

/**
 * What this browser remembers, by scenario id: every entry of the store that is well formed (others are left
 * out); `readable` is false when the store is there but is no JSON object.
 * @returns {{progress: Record<string, Remembered>, readable: boolean}}
 */
function readStore() {
  let text = null;
  try {
    text = window.localStorage.getItem(KEY);
  } catch (e) {
    return { progress: {}, readable: true };  // no storage in this browser
  }
  let data = {};
  try {
    data = JSON.parse(text || "{}");
  } catch (e) {
    return { progress: {}, readable: false };
  }
  if (!data || typeof data !== "object" || Array.isArray(data)) return { progress: {}, readable: false };
  /** @type {Record<string, Remembered>} */
  const progress = {};
  for (const [id, value] of Object.entries(data).slice(0, MAX_ENTRIES)) {
    const kept = id.length <= MAX_ID ? entry(value) : null;
    if (kept) progress[id] = kept;
  }
  return { progress, readable: true };
}

/** What this browser remembers, by scenario id; {} when nothing (or storage is unavailable or unreadable). */
export function readProgress() {
  return readStore().progress;
}

/**
 * Remember that a walkthrough showed step `step` of `count`; `finished`: it reached its end step by playing on.
 * A store that cannot be read is not lost: it is kept under KEY + "-unreadable" before a new one starts.
 * @param {string} id
 * @param {number} step
 * @param {number} count
 * @param {boolean} finished
 * @param {boolean} [place]  the step is where the learner is (false: a walkthrough just opened at its start, which
 *   keeps the place remembered before)
 */
export function rememberStep(id, step, count, finished, place = true) {
  const { progress, readable } = readStore();
  const now = entry({ step, count, finished: finished === true });
  if (!now || id.length > MAX_ID) return;
  const before = progress[id] || { step: 0, count, finished: false };
  progress[id] = { step: Math.max(before.step, now.step), count: now.count, finished: before.finished || now.finished,
    ...(step >= 1 && place ? { at: now.step } : before.at ? { at: before.at } : {}) };
  try {
    if (!readable) window.localStorage.setItem(`${KEY}-unreadable`, window.localStorage.getItem(KEY) || "");
    window.localStorage.setItem(KEY, JSON.stringify(progress));
  } catch (e) {
    // no storage in this browser (or it is full): nothing is remembered
  }
}

/**
 * How far this browser got through a lesson: "finished" (every walkthrough played to its end), "started", or "".
 * @param {string[]} ids   the lesson's walkthroughs
 * @param {Record<string, Remembered>} progress
 */
function lessonState(ids, progress) {
  if (!ids.length) return "";
  if (ids.every((id) => progress[id]?.finished)) return "finished";
  return ids.some((id) => progress[id]) ? "started" : "";
}

/**
 * Mark each lesson of each track (a list item with data-walkthroughs, inside an element with data-track) as
 * finished or started, and tell each track that has begun where to continue.
 * @param {ParentNode} root
 */
export function showProgress(root) {
  const progress = readProgress();
  for (const track of root.querySelectorAll("[data-track]")) {
    const lessons = [...track.querySelectorAll("li[data-walkthroughs]")].map((item) => ({
      item, link: item.querySelector("a"),
      state: lessonState((item.getAttribute("data-walkthroughs") || "").split(" ").filter(Boolean), progress),
    }));
    for (const { item, state } of lessons) {
      item.classList.toggle("is-finished", state === "finished");
      item.classList.toggle("is-started", state === "started");
      item.querySelector(".lesson-state")?.remove();
      if (state) {
        const mark = document.createElement("span");
        mark.className = "lesson-state";
        mark.textContent = state === "finished" ? " ✓ finished" : " · started";
        item.append(mark);
      }
    }
    track.querySelector(".track-progress")?.remove();
    if (!lessons.some(({ state }) => state)) continue;
    const note = document.createElement("p");
    note.className = "track-progress";
    const taught = lessons.filter(({ item }) => item.getAttribute("data-walkthroughs"));
    const finished = taught.filter(({ state }) => state === "finished").length;
    const won = lessons[0]?.state === "finished" ? "You have won your first game. " : "";
    note.append(`${won}You have finished ${finished} of ${taught.length} lessons in this browser.`);
    const next = lessons.find(({ state }) => state !== "finished");
    if (next?.link) {
      const go = document.createElement("a");
      go.href = next.link.getAttribute("href") || "";
      go.className = "continue";
      go.textContent = `Continue: ${next.link.textContent}`;
      note.append(" ", go);
    }
    (track.querySelector("[data-progress-slot]") || track).append(note);
  }
}
