// Where was I?  What this browser remembers of the walkthroughs it has played, and how a page of lessons
// shows it.  Stored in the browser's localStorage under one key, never sent anywhere:
//
//   {"<scenario id>": {"step": furthest step shown (1-based), "count": its steps, "finished": reached the end}}
//
// walkthrough.js calls rememberStep on every step it shows; the welcome page (lite/site_pages.py) calls
// showProgress on its list of lessons, each an element with data-walkthroughs="<scenario ids>".
// A browser that keeps no storage (private windows, blocked cookies) simply remembers nothing.

const KEY = "spynb-progress";

/**
 * @typedef Remembered
 * @property {number} step
 * @property {number} count
 * @property {boolean} finished
 */

/** What this browser remembers, by scenario id; {} when nothing (or storage is unavailable or garbled). */
export function readProgress() {
  try {
    const data = JSON.parse(window.localStorage.getItem(KEY) || "{}");
    return /** @type {Record<string, Remembered>} */ (data && typeof data === "object" && !Array.isArray(data) ? data : {});
  } catch (e) {
    return {};
  }
}

/**
 * Remember that a walkthrough showed step `step` of `count`; `finished`: it reached its end step by playing on.
 * @param {string} id
 * @param {number} step
 * @param {number} count
 * @param {boolean} finished
 */
export function rememberStep(id, step, count, finished) {
  const progress = readProgress();
  const before = progress[id] || { step: 0, count, finished: false };
  progress[id] = { step: Math.max(before.step || 0, step), count, finished: Boolean(before.finished || finished) };
  try {
    window.localStorage.setItem(KEY, JSON.stringify(progress));
  } catch (e) {
    // no storage in this browser: nothing is remembered
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
