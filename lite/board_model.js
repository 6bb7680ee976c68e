// A model for a board's front end without a notebook: the part of anywidget's model API the boards' modules
// use (get, set, on, off, send, save_changes), over the controller's state as the build wrote it.
//
// The welcome page's host (welcome_host.js) makes one that later goes live on the page's own Python; a
// lesson's waiting board (lesson_page.js) makes one that never does, and is put away when the notebook's
// live board has drawn.  The build copies this file beside each of them (welcome/, notebooks/).

/**
 * A model for the board's module, as anywidget gives one, over the controller's state: first the state the
 * build made, waiting (messages are kept); `goLive` then connects it to the controller.
 * @param {Record<string, any>} values the front end's state, as the controller sends it
 */
export function makeModel(values) {
  /** @type {Map<string, Set<Function>>} */
  const handlers = new Map();
  /** @type {((text: string) => string) | null} */
  let handle = null;
  /** @type {object[]} */
  const waiting = [];
  const fire = (/** @type {string} */ event, /** @type {any[]} */ ...args) => {
    for (const callback of [...(handlers.get(event) || [])]) callback(...args);
  };
  const change = (/** @type {Record<string, any>} */ state) => {
    Object.assign(values, state);
    for (const [name, value] of Object.entries(state)) fire(`change:${name}`, model, value);
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
      if (!handle) {
        waiting.push(content);
        return;
      }
      for (const news of JSON.parse(handle(JSON.stringify(content)))) {
        if (news.kind === "message") fire("msg:custom", news.content, []);
        else change(news.state);
      }
    },
  };
  /**
   * The controller's state replaces what differs from the build's, then messages go to it (those kept first).
   * @param {Record<string, any>} live the controller's whole state
   * @param {(text: string) => string} door the controller's door: a message in, the news out (JSON)
   */
  const goLive = (live, door) => {
    change(Object.fromEntries(Object.entries(live).filter(([name, value]) =>
      JSON.stringify(value) !== JSON.stringify(values[name]))));
    handle = door;
    for (const content of waiting.splice(0)) model.send(content);
  };
  return { model, goLive };
}
