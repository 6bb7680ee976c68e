// The generic spynb board: draws one seat's view from traits and sends
// intentions (an action's notation) to Python, which checks them through the
// engine and answers by changing traits.  spynb/widgets/frontend.py hands it to
// anywidget (widget_module("base")).

/** @import { BoardError, Model as AnyModel, View } from "./traits.js" */

/**
 * The traits of the generic board (spynb/widgets/base.py) that it draws.
 * @typedef GameBoardTraits
 * @property {View} view        the view of the seat it sits at, or the labelled teaching view
 * @property {string[]} legal   the notation of that seat's legal actions
 * @property {string} status
 * @property {BoardError} error why the last intention was refused ({message, …}), or {}
 *
 * @typedef {AnyModel<GameBoardTraits>} Model
 */

/**
 * Make an element with a class and optional text.
 * @param {string} tag
 * @param {string} className
 * @param {string} [text]
 * @returns {HTMLElement}
 */
function make(tag, className, text) {
  const node = document.createElement(tag);
  node.className = className;
  if (text !== undefined) node.textContent = text;
  return node;
}

/**
 * The view without the fields the header already shows, as readable lines.
 * @param {View} view
 * @returns {string}
 */
function describeView(view) {
  const shown = new Set(["label", "game", "seat", "omniscient"]);
  const rest = Object.fromEntries(Object.entries(view).filter(([key]) => !shown.has(key)));
  return JSON.stringify(rest, null, 2);
}

/** @param {{ model: Model, el: HTMLElement }} context */
function render({ model, el }) {
  const root = make("section", "spynb-board");
  const label = make("h3", "spynb-board__label");
  const status = make("p", "spynb-board__status");
  status.setAttribute("aria-live", "polite");
  const error = make("p", "spynb-board__error");
  error.setAttribute("role", "alert");
  const actions = make("div", "spynb-board__actions");
  actions.setAttribute("role", "group");
  actions.setAttribute("aria-label", "Legal actions");
  const details = make("details", "spynb-board__view");
  const summary = make("summary", "", "What this view holds");
  const data = make("pre", "spynb-board__data");
  details.append(summary, data);
  root.append(label, status, actions, error, details);
  el.append(root);

  /** @param {string} notation */
  const intend = (notation) => model.send({ kind: "play", action: notation });

  const drawView = () => {
    /** @type {View} */
    const view = model.get("view") || {};
    label.textContent = view.label || "spynb board";
    root.classList.toggle("spynb-board--omniscient", Boolean(view.omniscient));
    data.textContent = describeView(view);
  };
  const drawStatus = () => {
    status.textContent = model.get("status") || "";
  };
  const drawError = () => {
    const message = (model.get("error") || {}).message || "";
    error.textContent = message;
    error.hidden = message === "";
  };
  const drawLegal = () => {
    /** @type {string[]} */
    const legal = model.get("legal") || [];
    actions.replaceChildren();
    if (legal.length === 0) {
      actions.append(make("span", "spynb-board__none", "No action for this board now."));
      return;
    }
    for (const notation of legal) {
      const button = /** @type {HTMLButtonElement} */ (make("button", "spynb-board__action", notation));
      button.type = "button";
      button.dataset.action = notation;
      button.title = `Play ${notation}`;
      button.addEventListener("click", () => intend(notation));
      actions.append(button);
    }
  };

  drawView();
  drawStatus();
  drawError();
  drawLegal();
  model.on("change:view", drawView);
  model.on("change:status", drawStatus);
  model.on("change:error", drawError);
  model.on("change:legal", drawLegal);

  return () => {
    model.off("change:view", drawView);
    model.off("change:status", drawStatus);
    model.off("change:error", drawError);
    model.off("change:legal", drawLegal);
  };
}

export default { render };
