// spynb boards: building the page and redrawing it when traits change.  Every
// element is made here, and text (from users, scenarios or the engine) is only
// ever set as textContent, never parsed as HTML.

/**
 * Make an element.  props: class, text, on<event>, dataset, and attributes.
 * @param {string} tag
 * @param {Record<string, any> | null} [props]
 * @param {...any} children nodes or text (never parsed as HTML)
 * @returns {HTMLElement}
 */
export function h(tag, props, ...children) {
  const node = document.createElement(tag);
  for (const [key, value] of Object.entries(props || {})) {
    if (value === undefined || value === null || value === false) continue;
    if (key === "class") node.className = value;
    else if (key === "text") node.textContent = String(value);
    else if (key === "dataset") Object.assign(node.dataset, value);
    else if (key.startsWith("on") && typeof value === "function") node.addEventListener(key.slice(2), value);
    else node.setAttribute(key, value === true ? "" : String(value));
  }
  for (const child of children.flat(3)) {
    if (child === null || child === undefined || child === false) continue;
    node.append(child instanceof Node ? child : document.createTextNode(String(child)));
  }
  return node;
}

/**
 * A small link to a rule on the rules page, in the same tab (Back returns): the rule's id as its text (after
 * `prefix`), its citation read out to screen readers.  Rule ids stay out of sentences; this goes beside them.
 * With `withSource`, the link also says where the rule comes from ("rulebook", "spynb's ruling"), from the
 * rule's id in Python (spynb.rulespage.SOURCES), never from words written beside it.
 * @param {{rule?: string, rule_href?: string, citation?: string, source?: string}} link  (spynb.rulespage.rule_link)
 * @param {string} cls
 * @param {string} [prefix]
 * @param {boolean} [withSource]
 * @returns {HTMLElement | null} null when there is no rule
 */
export function ruleLink(link, cls, prefix = "", withSource = false) {
  if (!link.rule) return null;
  const source = withSource && link.source ? ` · ${link.source}` : "";
  return h("a", { class: cls, href: link.rule_href || null,
    "aria-label": `Rule ${link.rule} on the rules page${link.citation ? `: ${link.citation}` : ""}` },
  `${prefix}${link.rule}${source} ↗`);
}

/**
 * A button with a stable data-key (so focus survives a redraw).
 * @param {string} key
 * @param {string} label visible text
 * @param {() => void} onclick
 * @param {Record<string, any>} [props]
 * @returns {HTMLElement}
 */
export function button(key, label, onclick, props = {}) {
  return h("button", { type: "button", dataset: { key }, onclick, ...props }, label);
}

/**
 * Arrow keys move the focus within a grid of buttons marked data-grid="row,col".
 * @param {HTMLElement} container
 */
export function gridKeys(container) {
  container.addEventListener("keydown", (event) => {
    const moves = { ArrowLeft: [0, -1], ArrowRight: [0, 1], ArrowUp: [-1, 0], ArrowDown: [1, 0] };
    const move = moves[/** @type {keyof typeof moves} */ (event.key)];
    const from = /** @type {HTMLElement} */ (event.target);
    if (!move || !from.dataset || !from.dataset.grid) return;
    const [row, col] = from.dataset.grid.split(",").map(Number);
    const next = container.querySelector(`[data-grid="${row + move[0]},${col + move[1]}"]`);
    if (next) {
      event.preventDefault();
      /** @type {HTMLElement} */ (next).focus();
    }
  });
}

/**
 * The element with data-key `key` inside `root`, focused if it is there and enabled (a redraw keeps the
 * focus where it was).
 * @param {ParentNode} root
 * @param {string | undefined} key
 * @returns {boolean} whether it took the focus
 */
export function refocus(root, key) {
  if (!key) return false;
  const again = /** @type {HTMLElement | null} */ (root.querySelector(`[data-key="${CSS.escape(key)}"]`));
  if (!again || again.hasAttribute("disabled")) return false;
  again.focus();
  return true;
}

/**
 * The data-key of the focused element, if it is inside `root`.
 * @param {Node} root
 * @returns {string | undefined}
 */
export function focusedKey(root) {
  const active = /** @type {HTMLElement | null} */ (document.activeElement);
  return active && root.contains(active) && active.dataset ? active.dataset.key : undefined;
}

/**
 * What anywidget's model offers for listening (board_common.js types the model whole).
 * @typedef Listenable
 * @property {(event: string, callback: () => void) => void} on
 * @property {(event: string, callback: () => void) => void} off
 */

/**
 * Call `callback` on every change of the named traits; returns what stops it.
 * @param {Listenable} model
 * @param {string[]} names
 * @param {() => void} callback
 */
export function watch(model, names, callback) {
  for (const name of names) model.on(`change:${name}`, callback);
  return () => { for (const name of names) model.off(`change:${name}`, callback); };
}

/**
 * `callback`, called once in a microtask however often it is asked for before then.
 * @param {() => void} callback
 */
export function batched(callback) {
  let pending = false;
  return () => {
    if (pending) return;
    pending = true;
    queueMicrotask(() => { pending = false; callback(); });
  };
}

/**
 * A count and its noun in the right number: `counted(1, "card")` is "1 card", `counted(3, "card")` "3 cards"
 * (as spynb/engine/wording.py writes them).
 * @param {number} number
 * @param {string} noun
 * @param {string} [plural]  where adding "s" is wrong
 */
export function counted(number, noun, plural) {
  return `${number} ${number === 1 ? noun : plural || `${noun}s`}`;
}
