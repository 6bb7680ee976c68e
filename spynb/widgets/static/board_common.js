// spynb boards: the common prelude.
//
// anywidget loads one ES module per widget and there is no bundler, so
// Python (spynb/widgets/play.py, module_source) joins this file with one
// board's panels (walkthrough.js) and one game's module (cloak_dagger.js,
// kloak.js, target.js) into the widget's _esm.  This part draws everything
// boards share: the label of whose view is shown, the status, the toolbar
// (teaching view, undo, step back and forward, a link to the position, new
// game, save and load), the bots' pace (Step, Slow, Fast, Stop) and the
// narration of their last move, the hot-seat cover, the error box and the
// event log; a panel adds itself to `boardPanels`.
//
// Bots: Python plays one bot action per {kind: "bot", at: <actions so far>}
// message.  While the pace is slow or fast and a bot is to move (the trait
// `thinking`), this module sends one such message per tick of a timer, and the
// next tick is set only when Python's answer has changed the traits; `at` makes
// a late tick do nothing, and so does `tick: true` when no bot may move any more.
// `thinking` arrives as 0 when no bot may move (spynb/widgets/wire.py: a None
// would never arrive from JupyterLite's kernel).
//
// Position links: on render, a play board reads `position=` from the page
// address's fragment (`#…&position=…`) and sends it to Python once per page and
// game (the first board of that game to appear takes it).  The game's module draws only its own area and
// ends with `export default mountBoard(drawSomething)`.
//
// Everything comes from traits; the only thing sent to Python is an intention
// ({kind: "play", action: "<notation>"} and the like).  Text from users (seat
// names) and from the engine is only ever set as textContent.

/**
 * @typedef Model
 * @property {(name: string) => any} get
 * @property {(name: string, callback: (...args: any[]) => void) => void} on
 * @property {(name: string, callback: (...args: any[]) => void) => void} off
 * @property {(content: object) => void} send
 *
 * @typedef Context
 * @property {Model} model
 * @property {Record<string, any>} view          the view shown (seat or teaching)
 * @property {string[]} legal                    legal actions' notation for the shown seat
 * @property {(notation: string) => boolean} isLegal
 * @property {(notation: string) => void} send   send an intention to play
 * @property {Set<string>} changed               keys of what the last step changed
 * @property {Record<string, any>} glossary      static game facts
 * @property {(seat: number) => string} seatName
 * @property {typeof h} h
 * @property {Record<string, any>} memo          per-widget scratch space kept across redraws
 */

/**
 * Make an element.  props: class, text, on<event>, dataset, and attributes.
 * @param {string} tag
 * @param {Record<string, any> | null} [props]
 * @param {...any} children nodes or text (never parsed as HTML)
 * @returns {HTMLElement}
 */
function h(tag, props, ...children) {
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
 * A button with a stable data-key (so focus survives a redraw).
 * @param {string} key
 * @param {string} label visible text
 * @param {() => void} onclick
 * @param {Record<string, any>} [props]
 */
function button(key, label, onclick, props = {}) {
  return h("button", { type: "button", dataset: { key }, onclick, ...props }, label);
}

/**
 * Arrow keys move the focus within a grid of buttons marked data-grid="row,col".
 * @param {HTMLElement} container
 */
function gridKeys(container) {
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
 * The log, one collapsible group per turn: the latest turn open, and any turn the learner opened or
 * closed kept so (memo.logOpen); the sentences of the last move told are marked new.
 * @param {HTMLElement} list
 * @param {{turn: number, title: string, events: {text: string, new: boolean}[]}[]} turns
 * @param {Record<string, any>} memo
 */
function drawLog(list, turns, memo) {
  /** @type {Record<string, boolean>} */
  const opened = (memo.logOpen ||= {});
  list.replaceChildren(...turns.map((turn, i) => {
    const key = String(turn.turn);
    const latest = i === turns.length - 1;
    const group = h("details", { class: "spynb-play__turn", open: key in opened ? opened[key] : latest },
      h("summary", { text: `${turn.title} (${turn.events.length})` }),
      h("ol", {}, turn.events.map((e) => h("li", { class: e.new ? "is-new" : null },
        e.new ? h("span", { class: "spynb-play__new", text: "new" }) : null, e.new ? " " : null, e.text))));
    // kept only where the learner's choice differs from the default (the latest turn open), so a turn
    // that stops being the latest closes unless the learner opened it (the toggle event also fires for
    // the `open` set here, which matches the default or the memo already)
    group.addEventListener("toggle", () => {
      const open = /** @type {HTMLDetailsElement} */ (group).open;
      if (open === latest) delete opened[key]; else opened[key] = open;
    });
    return group;
  }));
  if (!turns.length) list.append(h("p", { class: "spynb-play__hint", text: "Nothing has happened yet." }));
  // the latest turn is at the bottom of a scrolling box: keep it in sight when something new is logged
  const count = turns.reduce((n, turn) => n + turn.events.length, 0);
  if (count !== memo.logCount) requestAnimationFrame(() => { list.scrollTop = list.scrollHeight; });
  memo.logCount = count;
}

/**
 * The deduction aid beside a game's area (spynb/widgets/aid.py): a button that shows or hides it, and the panel
 * drawn from the `aid` trait — Python computes it from the view shown and nothing else.  {} while closed;
 * {open, note} when there is nothing to deduce; else a title, the columns, one row per seat or envelope (each
 * cell's text, and whether it is exact or sampled, with its fraction or interval as the cell's title), how it
 * was computed, and notes.  A game's module puts it in its layout and lists "aid" in its traits.
 * @param {Context} ctx
 * @returns {HTMLElement}
 */
function drawAid(ctx) {
  const aid = ctx.model.get("aid") || {};
  const open = Boolean(aid.open);
  const toggle = button("aid-toggle", open ? "Hide the deduction aid" : "Show the deduction aid",
    () => ctx.model.send({ kind: "aid", on: !open }),
    { class: "spynb-aid__toggle", "aria-expanded": String(open),
      title: "What your own view lets you deduce about what is hidden, computed from your view alone" });
  const box = h("section", { class: "spynb-aid", "aria-label": "Deduction aid", dataset: { open: String(open) } }, toggle);
  if (!open) return box;
  if (aid.note || !Array.isArray(aid.rows)) {
    box.append(h("p", { class: "spynb-aid__note", text: aid.note || "Nothing to deduce here." }));
    return box;
  }
  const sampled = aid.kind === "sampled";
  const table = h("table", { class: "spynb-aid__table" },
    h("caption", { text: sampled ? "Sampled chances (± half the 95% interval)" : "Exact chances" }),
    h("thead", {}, h("tr", {}, h("th", { scope: "col", text: aid.game === "target" ? "Seat" : "Envelope" }),
      (aid.columns || []).map((/** @type {string} */ c) => h("th", { scope: "col", text: c })))),
    h("tbody", {}, aid.rows.map((/** @type {any} */ row) => h("tr", { dataset: { key: `aid-${row.key}` } },
      h("th", { scope: "row" }, row.seat ? ctx.seatName(row.seat) : row.label,
        row.note ? h("span", { class: "spynb-aid__notes", text: ` (notes: ${row.note})` }) : null),
      row.cells.map((/** @type {any} */ cell) => h("td", { class: `is-${cell.kind}`, title: cell.title,
        text: cell.text, dataset: { kind: cell.kind } }))))));
  box.append(...[
    h("h4", { class: "spynb-aid__title", text: aid.title }),
    h("p", { class: "spynb-aid__method", text: aid.method }),
    aid.rows.length ? h("div", { class: "spynb-aid__scroll" }, table)
      : h("p", { class: "spynb-aid__note", text: "Nothing uncertain in your notes yet." }),
    aid.left_out ? h("p", { class: "spynb-aid__note", text: aid.left_out }) : null,
    h("ul", { class: "spynb-aid__list" }, (aid.notes || []).map((/** @type {string} */ n) => h("li", { text: n }))),
  ].filter((node) => node !== null));
  return box;
}

/**
 * @typedef PanelArgs
 * @property {Model} model
 * @property {HTMLElement} slot                   where the panel draws (above the game's area)
 * @property {(content: object) => void} send    send an intention to Python
 *
 * Panels a module joined into the board adds (walkthrough.js): each is called once per render
 * and returns its cleanup.
 * @type {Array<(args: PanelArgs) => () => void>}
 */
const boardPanels = [];

/**
 * The board for one game: the shared frame around `draw`, which draws the game's area.
 * @param {(ctx: Context) => Node} draw
 * @param {string[]} [gameTraits] the game's own traits whose change redraws the board
 * @param {((ctx: Context) => string) | null} [roleOf] the header's line on the seat shown (role, affiliation)
 * @returns {{ render: (args: { model: Model, el: HTMLElement }) => () => void }}
 */
function mountBoard(draw, gameTraits = [], roleOf = null) {
  /** @param {{ model: Model, el: HTMLElement }} args */
  function render({ model, el }) {
    const memo = {};
    const root = h("section", { class: "spynb-play", "aria-label": "Game board" });
    const label = h("h3", { class: "spynb-play__label" });
    const role = h("p", { class: "spynb-play__role" });
    const status = h("p", { class: "spynb-play__status", "aria-live": "polite" });
    const narration = h("p", { class: "spynb-play__narration", "aria-live": "polite" });
    const legend = h("p", { class: "spynb-play__legend" },
      h("span", { class: "spynb-play__swatch is-changed", "aria-hidden": "true" }),
      " Outlined in dotted purple: what the last move changed. Its sentences are marked ",
      h("span", { class: "spynb-play__new", text: "new" }), " in the log.");
    const header = h("header", { class: "spynb-play__header" }, label, role, status, narration, legend);
    const botbar = h("div", { class: "spynb-play__toolbar spynb-play__bots", role: "toolbar", "aria-label": "Bots" });
    const linkBox = h("div", { class: "spynb-play__linkbox", hidden: true });
    const toolbar = h("div", { class: "spynb-play__toolbar", role: "toolbar", "aria-label": "Board controls" });
    const panels = h("div", { class: "spynb-play__panels" });
    const error = h("div", { class: "spynb-play__error", role: "alert" });
    const cover = h("div", { class: "spynb-play__cover" });
    const main = h("div", { class: "spynb-play__main" });
    const logList = h("div", { class: "spynb-play__log" });
    const log = h("details", { class: "spynb-play__logbox", open: true },
      h("summary", { text: "What happened: the log, turn by turn" }), logList);
    const setupBox = h("details", { class: "spynb-play__setup" });
    const recordBox = h("details", { class: "spynb-play__record" });
    root.append(header, botbar, toolbar, linkBox, panels, error, cover, main, log, setupBox, recordBox);
    el.append(root);

    const send = (/** @type {object} */ content) => model.send(content);
    const seatName = (/** @type {number} */ seat) => {
      const names = model.get("names") || [];
      const name = names[seat - 1];
      return name && name !== `Seat ${seat}` ? `${name} (seat ${seat})` : `Seat ${seat}`;
    };

    // -- the toolbar: built once, enabled or disabled on each redraw
    const teachingButton = button("tool-teaching", "Teaching view", () =>
      send({ kind: "teaching", on: !model.get("teaching") }), { "aria-pressed": "false",
      title: "Show everything hidden from the players (labelled), or go back to the seats' own views" });
    const undoButton = button("tool-undo", "Undo", () => send({ kind: "undo" }));
    const backButton = button("tool-back", "◀ Step back", () => {
      const hist = model.get("history") || {};
      const at = hist.review >= 0 ? hist.review : hist.length;
      send({ kind: "review", step: Math.max(0, at - 1) });
    }, { "aria-label": "Step back: review the previous step" });
    const forwardButton = button("tool-forward", "Step forward ▶", () => {
      const hist = model.get("history") || {};
      if (hist.review >= 0) send({ kind: "review", step: hist.review + 1 });
    }, { "aria-label": "Step forward in the review" });
    const liveButton = button("tool-live", "Live", () => send({ kind: "review", step: -1 }),
      { "aria-label": "Back to the live game" });
    const linkButton = button("tool-link", "Copy a link to this position", () => send({ kind: "link" }),
      { title: "A page address that opens this position (a running game: only what the seat shown sees)" });
    toolbar.append(teachingButton, undoButton, backButton, forwardButton, liveButton, linkButton);

    // -- the bots' pace: Step plays one bot action; Slow and Fast let the timer ask for one per tick
    const PACE_MS = { slow: 1500, fast: 300 };
    const stepButton = button("bots-step", "Step", () =>
      send({ kind: "bot", at: (model.get("history") || {}).length }), { title: "Let the bot to move play one action" });
    const paceButtons = [["slow", "Slow"], ["fast", "Fast"], ["step", "Stop"]].map(([pace, text]) =>
      button(`bots-${text.toLowerCase()}`, text, () => send({ kind: "pace", pace }),
        { "aria-pressed": "false", title: pace === "step" ? "Stop the bots: they move only on Step"
          : `Let the bots play, one action every ${PACE_MS[/** @type {"slow" | "fast"} */ (pace)]} ms` }));
    botbar.append(h("span", { class: "spynb-play__botlabel", text: "Bots:" }), stepButton, ...paceButtons);
    /** @type {ReturnType<typeof setTimeout> | null} */
    let botTimer = null;
    const tickBots = () => {
      if (botTimer !== null) clearTimeout(botTimer);
      botTimer = null;
      const pace = model.get("pace");
      const hist = model.get("history") || {};
      if (!model.get("thinking") || !(pace in PACE_MS) || model.get("cover") || hist.review >= 0) return;
      botTimer = setTimeout(() => { botTimer = null; send({ kind: "bot", at: hist.length, tick: true }); },
        PACE_MS[/** @type {"slow" | "fast"} */ (pace)]);
    };

    // -- the link to this position: Python answers {kind: "link", fragment, note}
    const linkText = h("input", { type: "text", readonly: true, class: "spynb-play__linktext",
      "aria-label": "Link to this position", dataset: { key: "link-text" } });
    const linkNote = h("p", { class: "spynb-play__hint" });
    linkBox.append(linkNote, linkText);
    const showLink = async (/** @type {any} */ msg) => {
      const url = `${window.location.href.split("#")[0]}#${msg.fragment}`;
      /** @type {HTMLInputElement} */ (linkText).value = url;
      linkBox.hidden = false;
      let copied = false;
      try {
        await navigator.clipboard.writeText(url);
        copied = true;
      } catch (e) { /* no clipboard here: the link stays in the box to copy by hand */ }
      linkNote.textContent = `${copied ? "Link copied." : "Copy this link:"} ${msg.note || ""}`;
      /** @type {HTMLInputElement} */ (linkText).select();
    };

    // -- save and load
    const recordText = h("textarea", { class: "spynb-play__recordtext", rows: 6, "aria-label": "Game record (JSON)",
      spellcheck: "false", placeholder: "Save fills this in; paste a record here and press Load." });
    const download = h("a", { class: "spynb-play__download", hidden: true, download: "spynb-game.json" },
      "Download the record");
    const fileInput = h("input", { type: "file", accept: ".json,application/json", "aria-label": "Open a record file" });
    fileInput.addEventListener("change", async () => {
      const file = /** @type {HTMLInputElement} */ (fileInput).files?.[0];
      if (file) /** @type {HTMLTextAreaElement} */ (recordText).value = await file.text();
    });
    recordBox.append(
      h("summary", { text: "Save / load a record" }),
      h("p", { class: "spynb-play__hint", text: "A record holds the seed: whoever has it can replay every hidden card. "
        + "At a shared screen it is saved only once the game is over; a link to the position shows only your seat." }),
      h("div", { class: "spynb-play__row" },
        button("rec-save", "Save", () => send({ kind: "save" })),
        button("rec-load", "Load", () => send({ kind: "load", json: /** @type {HTMLTextAreaElement} */ (recordText).value })),
        fileInput, download),
      recordText);
    /** @type {string | null} */
    let downloadUrl = null;
    const onCustom = (/** @type {any} */ msg) => {
      if (msg && msg.kind === "link" && typeof msg.fragment === "string") {
        showLink(msg);
        return;
      }
      if (!msg || msg.kind !== "record" || typeof msg.json !== "string") return;
      /** @type {HTMLTextAreaElement} */ (recordText).value = msg.json;
      if (downloadUrl) URL.revokeObjectURL(downloadUrl);
      downloadUrl = URL.createObjectURL(new Blob([msg.json], { type: "application/json" }));
      download.setAttribute("href", downloadUrl);
      download.hidden = false;
    };
    model.on("msg:custom", onCustom);

    // -- new game
    const drawSetup = () => {
      const setup = model.get("setup") || {};
      const players = model.get("players") || [];
      const names = model.get("names") || [];
      recordBox.hidden = Boolean(setup.walkthrough);
      setupBox.hidden = Boolean(setup.walkthrough);
      if (setup.walkthrough) return;
      const seed = h("input", { type: "text", inputmode: "numeric", size: 10, placeholder: "random", "aria-label": "Seed (empty: a random one)" });
      const variant = h("select", { "aria-label": "Variant" },
        (setup.variants || []).map((v) => h("option", { value: v, selected: v === setup.variant }, v)));
      const seats = h("select", { "aria-label": "Seats" });
      const seatRows = h("div", { class: "spynb-play__seatrows" });
      const fillSeats = () => {
        const counts = (setup.seat_counts || {})[/** @type {HTMLSelectElement} */ (variant).value] || [];
        const chosen = Number(/** @type {HTMLSelectElement} */ (seats).value) || setup.seats;
        seats.replaceChildren(...counts.map((n) => h("option", { value: n, selected: n === chosen }, String(n))));
        fillRows();
      };
      const fillRows = () => {
        const n = Number(/** @type {HTMLSelectElement} */ (seats).value);
        const rows = [];
        for (let s = 1; s <= n; s++) {
          const who = players[s - 1] || (s === 1 ? "human" : setup.opponent);
          rows.push(h("div", { class: "spynb-play__seatrow" },
            h("label", {}, `Seat ${s} `,
              h("input", { type: "text", maxlength: 40, value: names[s - 1] || `Seat ${s}`, "data-name": s,
                "aria-label": `Name of seat ${s}` })),
            h("select", { "data-player": s, "aria-label": `Who plays seat ${s}` },
              ["human", ...(setup.bots || [])].map((b) => h("option", { value: b, selected: b === who },
                b === "human" ? "a person" : `bot: ${b}`)))));
        }
        seatRows.replaceChildren(...rows);
      };
      variant.addEventListener("change", fillSeats);
      seats.addEventListener("change", fillRows);
      const start = button("setup-start", "Start a new game", () => {
        const seatInputs = [...seatRows.querySelectorAll("input[data-name]")];
        const playerInputs = [...seatRows.querySelectorAll("select[data-player]")];
        const seedValue = /** @type {HTMLInputElement} */ (seed).value;
        send({ kind: "new", seed: /^\d+$/.test(seedValue.trim()) ? Number(seedValue) : seedValue.trim() || null,
          variant: /** @type {HTMLSelectElement} */ (variant).value,
          seats: Number(/** @type {HTMLSelectElement} */ (seats).value),
          names: seatInputs.map((i) => /** @type {HTMLInputElement} */ (i).value),
          players: playerInputs.map((i) => /** @type {HTMLSelectElement} */ (i).value) });
      });
      setupBox.replaceChildren(h("summary", { text: "New game" }),
        h("div", { class: "spynb-play__row" },
          h("label", {}, "Seed ", seed), h("label", {}, "Variant ", variant), h("label", {}, "Seats ", seats)),
        seatRows, start);
      fillSeats();
    };

    // -- everything that follows the position
    const redraw = () => {
      const view = model.get("view") || {};
      const legal = model.get("legal") || [];
      const hist = model.get("history") || {};
      const teaching = Boolean(model.get("teaching"));
      const walking = Boolean((model.get("setup") || {}).walkthrough);
      const coverText = model.get("cover") || "";
      const active = /** @type {HTMLElement | null} */ (document.activeElement);
      const focusKey = active && root.contains(active) && active.dataset ? active.dataset.key : undefined;

      label.textContent = view.label || "spynb board";
      root.classList.toggle("spynb-play--teaching", Boolean(view.omniscient));
      root.classList.toggle("spynb-play--review", hist.review >= 0);
      status.textContent = model.get("status") || "";
      const told = model.get("narration") || {};
      narration.hidden = !told.text;
      const marked = (model.get("changed") || []).length > 0;
      narration.classList.toggle("is-changed", Boolean(told.text) && marked);
      narration.replaceChildren(...(told.text ? [h("strong", { text: `Last move, by ${seatName(told.seat)}${
        told.bot ? " (bot)" : ""}: ` }), told.text] : []));
      legend.hidden = !(marked || told.text) || Boolean(model.get("cover"));
      const pace = model.get("pace");
      botbar.hidden = walking || !(model.get("players") || []).some((/** @type {string} */ p) => p !== "human");
      stepButton.toggleAttribute("disabled", !model.get("thinking"));
      for (const [i, b] of paceButtons.entries()) {
        b.setAttribute("aria-pressed", String(["slow", "fast", "step"][i] === pace));
      }
      linkButton.toggleAttribute("disabled", Boolean(coverText) || walking);
      teachingButton.setAttribute("aria-pressed", String(teaching));
      teachingButton.textContent = teaching ? "Teaching view: on" : "Teaching view: off";
      undoButton.toggleAttribute("disabled", !hist.can_undo || walking);
      undoButton.title = hist.undo_note || "Take back your last move";
      backButton.toggleAttribute("disabled", Boolean(coverText) || walking || !(hist.review > 0 || (hist.review < 0 && hist.length > 0)));
      forwardButton.toggleAttribute("disabled", !(hist.review >= 0));
      liveButton.toggleAttribute("disabled", !(hist.review >= 0));

      const err = model.get("error") || {};
      error.hidden = !err.message;
      error.replaceChildren(...(err.message ? [
        err.rule ? h("span", { class: "spynb-play__ruleid", text: err.rule }) : null,
        h("span", { class: "spynb-play__reason", text: err.where && !err.rule ? `Not loaded: ${err.reason}` : err.reason }),
        err.citation ? h("span", { class: "spynb-play__citation", text: ` (${err.citation})` }) : null,
        h("span", { class: "spynb-play__unchanged", text: " Nothing changed." }),
      ].filter(Boolean) : []));

      cover.hidden = !coverText;
      recordBox.hidden = Boolean(coverText) || walking;
      main.hidden = Boolean(coverText);
      log.hidden = Boolean(coverText);
      if (coverText) {
        const show = button("cover-show", "Show my seat", () => send({ kind: "uncover" }));
        cover.replaceChildren(h("p", { class: "spynb-play__covertext", text: coverText }), show);
        main.replaceChildren();
        logList.replaceChildren();
        role.hidden = true;
      } else {
        cover.replaceChildren();
        /** @type {Context} */
        const ctx = {
          model, view, legal, isLegal: (n) => legal.includes(n),
          send: (notation) => send({ kind: "play", action: notation }),
          changed: new Set(model.get("changed") || []), glossary: model.get("glossary") || {},
          seatName, h, memo,
        };
        let area;
        try {
          area = draw(ctx);
        } catch (e) {
          area = h("p", { class: "spynb-play__error", text: `The board could not draw this view: ${e}` });
        }
        main.replaceChildren(area);
        role.textContent = roleOf ? roleOf(ctx) : "";
        role.hidden = !role.textContent;
        for (const node of main.querySelectorAll("[data-key]")) {
          if (ctx.changed.has(/** @type {HTMLElement} */ (node).dataset.key || "")) node.classList.add("is-changed");
        }
        drawLog(logList, model.get("log") || [], memo);
      }
      if (focusKey) {
        const again = /** @type {HTMLElement | null} */ (root.querySelector(`[data-key="${CSS.escape(focusKey)}"]`));
        if (again && !again.hasAttribute("disabled")) again.focus();
      }
      tickBots();
      if (coverText && (!focusKey || focusKey === "cover-show" || !root.contains(document.activeElement))) {
        const show = /** @type {HTMLElement | null} */ (cover.querySelector("button"));
        if (show && focusKey) show.focus();
      }
    };

    let pending = false;
    const schedule = () => {
      if (pending) return;
      pending = true;
      queueMicrotask(() => { pending = false; redraw(); });
    };
    const traits = ["view", "legal", "status", "error", "cover", "history", "changed", "teaching",
      "names", "glossary", "pace", "thinking", "narration", "log", "players", ...gameTraits];
    for (const name of traits) model.on(`change:${name}`, schedule);
    const setupTraits = ["setup", "players", "names"];
    for (const name of setupTraits) model.on(`change:${name}`, drawSetup);
    drawSetup();
    redraw();
    const fragment = new URLSearchParams((window.location.hash || "").replace(/^#/, ""));
    const shared = fragment.get("position");
    /** @type {Set<string>} */
    const taken = (/** @type {any} */ (globalThis).spynbPositionsTaken ||= new Set());
    const game = (model.get("setup") || {}).game || "";
    if (shared && !(model.get("setup") || {}).walkthrough && !taken.has(game)) {
      taken.add(game);
      send({ kind: "position", link: shared });
    }
    const panelCleanups = boardPanels.map((panel) => panel({ model, slot: panels, send }));

    return () => {
      for (const name of traits) model.off(`change:${name}`, schedule);
      for (const name of setupTraits) model.off(`change:${name}`, drawSetup);
      model.off("msg:custom", onCustom);
      if (botTimer !== null) clearTimeout(botTimer);
      for (const cleanup of panelCleanups) cleanup();
      if (downloadUrl) URL.revokeObjectURL(downloadUrl);
    };
  }
  return { render };
}
