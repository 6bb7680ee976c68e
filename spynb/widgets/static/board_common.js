// spynb boards: the frame every game's board shares.
//
// A game's module (its folder's widget.js, named by its manifest) exports `board`, which
// draws only the game's own area; a panel's module (walkthrough.js) exports
// `panel`.  spynb/widgets/frontend.py links one game's module, its panels and
// this one into the widget's module, whose default export is
// `mountBoard(board, [panel, ...])`.  This module draws everything boards share:
// the label of whose view is shown, the status, the toolbar (teaching view,
// undo, step back and forward, a link to the position, new game, save and load),
// the bots' pace (Step, Slow, Fast, Stop) and the narration of their last move,
// the hot-seat cover, the error box, the ending (who won and why, from the
// `ending` trait) and the event log.
//
// A host that greets first visitors (the site's welcome page) marks the element
// it renders into with data-controls="folded": the bots' pace, the toolbar and
// the link box then sit under one "More" until wanted, and the log starts closed.
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
// game (the first board of that game to appear takes it).
//
// Everything comes from traits (typed in traits.js); the only thing sent to
// Python is an intention ({kind: "play", action: "<notation>"} and the like).
// Text from users (seat names) and from the engine is only ever set as
// textContent.

import { batched, button, focusedKey, h, refocus, ruleLink, watch } from "./dom.js";

/** @import { BoardError, BoardTraits, Ending, LogTurn, Model, Setup } from "./traits.js" */

/**
 * What a game's drawing gets on each redraw.
 * @template {BoardTraits<any>} [T=BoardTraits]
 * @typedef Context
 * @property {Model<T>} model
 * @property {T["view"]} view                     the view shown (seat or teaching)
 * @property {string[]} legal                    legal actions' notation for the shown seat
 * @property {(notation: string) => boolean} isLegal
 * @property {(notation: string) => void} send   send an intention to play
 * @property {Set<string>} changed               keys of what the last step changed
 * @property {Record<string, any>} glossary      static game facts
 * @property {(seat: number | null | undefined) => string} seatName
 * @property {typeof h} h
 * @property {Record<string, any>} memo          per-widget scratch space kept across redraws
 */

/**
 * A game's part of the board, exported by its module as `board`.
 * @template {BoardTraits<any>} [T=BoardTraits]
 * @typedef Board
 * @property {(ctx: Context<T>) => Node} draw              draws the game's area
 * @property {string[]} traits                             the game's own traits whose change redraws it
 * @property {((ctx: Context<T>) => string) | null} roleOf the header's line on the seat shown
 */

/**
 * @template {BoardTraits<any>} [T=BoardTraits]
 * @typedef PanelArgs
 * @property {Model<T>} model
 * @property {HTMLElement} slot                   where the panel draws (above the game's area)
 * @property {(content: object) => void} send    send an intention to Python
 */

/**
 * A panel above the game's area, exported by its module as `panel`: called once per render, returns
 * its cleanup.
 * @template {BoardTraits<any>} [T=BoardTraits]
 * @typedef {(args: PanelArgs<T>) => () => void} Panel
 */

/**
 * The elements of the frame, in the order they appear.
 * @typedef Frame
 * @property {HTMLElement} root
 * @property {HTMLElement} label
 * @property {HTMLElement} role
 * @property {HTMLElement} status
 * @property {HTMLElement} narration
 * @property {HTMLElement} legend
 * @property {HTMLElement} botbar
 * @property {HTMLElement} toolbar
 * @property {HTMLElement} linkBox
 * @property {HTMLElement} panels
 * @property {HTMLElement} error
 * @property {HTMLElement} ending
 * @property {HTMLElement} cover
 * @property {HTMLElement} main
 * @property {HTMLElement} log
 * @property {HTMLElement} logList
 * @property {HTMLElement} setupBox
 * @property {HTMLElement} recordBox
 */

/** @typedef {(content: object) => void} Send */

/** Milliseconds between the bots' moves at each pace that plays by itself. */
const PACE_MS = { slow: 1500, fast: 300 };

/** The traits whose change redraws the board (a game adds its own). */
const REDRAW_TRAITS = ["view", "legal", "status", "error", "cover", "history", "changed", "teaching",
  "names", "glossary", "pace", "thinking", "narration", "log", "players", "ending"];

/** The traits whose change redraws the new-game form. */
const SETUP_TRAITS = ["setup", "players", "names"];

/**
 * @param {boolean} folded the advanced controls under one "More", the log closed (data-controls="folded")
 * @returns {Frame} the frame's elements, not yet filled in
 */
function buildFrame(folded) {
  const label = h("h3", { class: "spynb-play__label" });
  const role = h("p", { class: "spynb-play__role" });
  const status = h("p", { class: "spynb-play__status", "aria-live": "polite" });
  const narration = h("p", { class: "spynb-play__narration", "aria-live": "polite" });
  const legend = h("p", { class: "spynb-play__legend" },
    h("span", { class: "spynb-play__swatch is-changed", "aria-hidden": "true" }),
    " Outlined in dotted purple: what the last move changed. Its sentences are marked ",
    h("span", { class: "spynb-play__new", text: "new" }), " in the log.");
  const logList = h("div", { class: "spynb-play__log" });
  const frame = {
    root: h("section", { class: "spynb-play", "aria-label": "Game board" }),
    label, role, status, narration, legend,
    botbar: h("div", { class: "spynb-play__toolbar spynb-play__bots", role: "toolbar", "aria-label": "Bots" }),
    toolbar: h("div", { class: "spynb-play__toolbar", role: "toolbar", "aria-label": "Board controls" }),
    linkBox: h("div", { class: "spynb-play__linkbox", hidden: true }),
    panels: h("div", { class: "spynb-play__panels" }),
    error: h("div", { class: "spynb-play__error", role: "alert" }),
    ending: h("section", { class: "spynb-play__ending", "aria-label": "How the game ended", hidden: true }),
    cover: h("div", { class: "spynb-play__cover" }),
    main: h("div", { class: "spynb-play__main" }),
    log: h("details", { class: "spynb-play__logbox", open: !folded },
      h("summary", { text: "What happened: the log, turn by turn" }), logList),
    logList,
    setupBox: h("details", { class: "spynb-play__setup" }),
    recordBox: h("details", { class: "spynb-play__record" }),
  };
  const header = h("header", { class: "spynb-play__header" }, label, role, status, narration, legend);
  const controls = [frame.botbar, frame.toolbar, frame.linkBox];
  frame.root.append(header, ...(folded ? [h("details", { class: "spynb-play__more" },
    h("summary", { text: "More: bot speed, teaching view, undo, review, links" }), ...controls)]
    : controls), frame.panels, frame.error, frame.ending, frame.cover, frame.main, frame.log, frame.setupBox,
  frame.recordBox);
  return frame;
}

/**
 * A seat's name as the board writes it: "Ann (seat 2)", or "Seat 2" when it has no name of its own.
 * @param {Model<BoardTraits>} model
 * @returns {(seat: number | null | undefined) => string}
 */
function seatNamer(model) {
  return (seat) => {
    const names = model.get("names") || [];
    const name = names[Number(seat) - 1];
    return name && name !== `Seat ${seat}` ? `${name} (seat ${seat})` : `Seat ${seat}`;
  };
}

/**
 * The board's controls, built once into the toolbar; {@link drawToolbar} enables them.
 * @param {HTMLElement} toolbar
 * @param {Model<BoardTraits>} model
 * @param {Send} send
 */
function buildToolbar(toolbar, model, send) {
  const tools = {
    teaching: button("tool-teaching", "Teaching view", () => send({ kind: "teaching", on: !model.get("teaching") }),
      { "aria-pressed": "false",
        title: "Show everything hidden from the players (labelled), or go back to the seats' own views" }),
    undo: button("tool-undo", "Undo", () => send({ kind: "undo" })),
    back: button("tool-back", "◀ Step back", () => {
      const hist = model.get("history") || {};
      const at = hist.review >= 0 ? hist.review : hist.length;
      send({ kind: "review", step: Math.max(0, at - 1) });
    }, { "aria-label": "Step back: review the previous step" }),
    forward: button("tool-forward", "Step forward ▶", () => {
      const hist = model.get("history") || {};
      if (hist.review >= 0) send({ kind: "review", step: hist.review + 1 });
    }, { "aria-label": "Step forward in the review" }),
    live: button("tool-live", "Live", () => send({ kind: "review", step: -1 }),
      { "aria-label": "Back to the live game" }),
    link: button("tool-link", "Copy a link to this position", () => send({ kind: "link" }),
      { title: "A page address that opens this position (a running game: only what the seat shown sees)" }),
  };
  toolbar.append(tools.teaching, tools.undo, tools.back, tools.forward, tools.live, tools.link);
  return tools;
}

/**
 * The toolbar's state: what is pressed and what may be used now.
 * @param {ReturnType<typeof buildToolbar>} tools
 * @param {Model<BoardTraits>} model
 * @param {boolean} walking a walkthrough (no undo or review; its panel links to the step, not the board)
 */
function drawToolbar(tools, model, walking) {
  const hist = model.get("history") || {};
  const teaching = Boolean(model.get("teaching"));
  const covered = Boolean(model.get("cover"));
  tools.link.hidden = walking; // a walkthrough offers its own link, to the step
  tools.link.toggleAttribute("disabled", covered);
  tools.teaching.setAttribute("aria-pressed", String(teaching));
  tools.teaching.textContent = teaching ? "Teaching view: on" : "Teaching view: off";
  tools.undo.toggleAttribute("disabled", !hist.can_undo || walking);
  tools.undo.title = hist.undo_note || "Take back your last move";
  tools.back.toggleAttribute("disabled",
    covered || walking || !(hist.review > 0 || (hist.review < 0 && hist.length > 0)));
  tools.forward.toggleAttribute("disabled", !(hist.review >= 0));
  tools.live.toggleAttribute("disabled", !(hist.review >= 0));
}

/**
 * The bots' pace: Step plays one bot action; Slow and Fast let a timer ask for one per tick.
 * @param {HTMLElement} botbar
 * @param {Model<BoardTraits>} model
 * @param {Send} send
 */
function buildBotControls(botbar, model, send) {
  const step = button("bots-step", "Step", () => send({ kind: "bot", at: (model.get("history") || {}).length }),
    { title: "Let the bot to move play one action" });
  const paces = /** @type {const} */ ([["slow", "Slow"], ["fast", "Fast"], ["step", "Stop"]]).map(([pace, text]) =>
    button(`bots-${text.toLowerCase()}`, text, () => send({ kind: "pace", pace }),
      { "aria-pressed": "false", title: pace === "step" ? "Stop the bots: they move only on Step"
        : `Let the bots play, one action every ${PACE_MS[pace]} ms` }));
  botbar.append(h("span", { class: "spynb-play__botlabel", text: "Bots:" }), step, ...paces);
  /** @type {ReturnType<typeof setTimeout> | null} */
  let timer = null;
  const stop = () => {
    if (timer !== null) clearTimeout(timer);
    timer = null;
  };
  /** Set the next tick if the bots play by themselves and one is to move (called after every redraw). */
  const tick = () => {
    stop();
    const pace = model.get("pace");
    const hist = model.get("history") || {};
    if (!model.get("thinking") || !(pace in PACE_MS) || model.get("cover") || hist.review >= 0) return;
    timer = setTimeout(() => { timer = null; send({ kind: "bot", at: hist.length, tick: true }); },
      PACE_MS[/** @type {keyof typeof PACE_MS} */ (pace)]);
  };
  return { step, paces, tick, stop };
}

/**
 * The bots' bar: shown when a bot plays a seat (not in a walkthrough), with the pace pressed.
 * @param {HTMLElement} botbar
 * @param {ReturnType<typeof buildBotControls>} bots
 * @param {Model<BoardTraits>} model
 * @param {boolean} walking
 */
function drawBotControls(botbar, bots, model, walking) {
  const pace = model.get("pace");
  botbar.hidden = walking || !(model.get("players") || []).some((p) => p !== "human");
  bots.step.toggleAttribute("disabled", !model.get("thinking"));
  for (const [i, b] of bots.paces.entries()) {
    b.setAttribute("aria-pressed", String(["slow", "fast", "step"][i] === pace));
  }
}

/**
 * The box that shows a link to this position; returns what shows Python's answer
 * ({kind: "link", fragment, note}), copying the link when the page may use the clipboard.
 * @param {HTMLElement} linkBox
 * @returns {(msg: { fragment: string, note?: string }) => Promise<void>}
 */
function buildLinkBox(linkBox) {
  const linkText = /** @type {HTMLInputElement} */ (h("input", { type: "text", readonly: true,
    class: "spynb-play__linktext", "aria-label": "Link to this position", dataset: { key: "link-text" } }));
  const linkNote = h("p", { class: "spynb-play__hint" });
  linkBox.append(linkNote, linkText);
  return async (msg) => {
    const url = `${window.location.href.split("#")[0]}#${msg.fragment}`;
    linkText.value = url;
    linkBox.hidden = false;
    let copied = false;
    try {
      await navigator.clipboard.writeText(url);
      copied = true;
    } catch (e) { /* no clipboard here: the link stays in the box to copy by hand */ }
    linkNote.textContent = `${copied ? "Link copied." : "Copy this link:"} ${msg.note || ""}`;
    linkText.select();
  };
}

/**
 * Save and load: the record's text box, a file to open, and a download of what Save answered.
 * @param {HTMLElement} recordBox
 * @param {Send} send
 * @returns {{ show: (json: string) => void, cleanup: () => void }} show: put a saved record in the box
 */
function buildRecordBox(recordBox, send) {
  const recordText = /** @type {HTMLTextAreaElement} */ (h("textarea", { class: "spynb-play__recordtext", rows: 6,
    "aria-label": "Game record (JSON)", spellcheck: "false",
    placeholder: "Save fills this in; paste a record here and press Load." }));
  const download = h("a", { class: "spynb-play__download", hidden: true, download: "spynb-game.json" },
    "Download the record");
  const fileInput = /** @type {HTMLInputElement} */ (h("input", { type: "file", accept: ".json,application/json",
    "aria-label": "Open a record file" }));
  fileInput.addEventListener("change", async () => {
    const file = fileInput.files?.[0];
    if (file) recordText.value = await file.text();
  });
  recordBox.append(
    h("summary", { text: "Save / load a record" }),
    h("p", { class: "spynb-play__hint", text: "A record holds the seed: whoever has it can replay every hidden card. "
      + "At a shared screen it is saved only once the game is over; a link to the position shows only your seat." }),
    h("div", { class: "spynb-play__row" },
      button("rec-save", "Save", () => send({ kind: "save" })),
      button("rec-load", "Load", () => send({ kind: "load", json: recordText.value })),
      fileInput, download),
    recordText);
  /** @type {string | null} */
  let downloadUrl = null;
  return {
    show: (json) => {
      recordText.value = json;
      if (downloadUrl) URL.revokeObjectURL(downloadUrl);
      downloadUrl = URL.createObjectURL(new Blob([json], { type: "application/json" }));
      download.setAttribute("href", downloadUrl);
      download.hidden = false;
    },
    cleanup: () => { if (downloadUrl) URL.revokeObjectURL(downloadUrl); },
  };
}

/**
 * The seed a new-game message carries: none when the box is empty (Python draws one; a null would arrive
 * in JupyterLite's kernel as Pyodide's jsnull), a number when it is digits, else the text (Python refuses it).
 * @param {string} text what the Seed box holds
 * @returns {{ seed?: number | string }}
 */
function seedChosen(text) {
  const seed = text.trim();
  if (!seed) return {};
  return { seed: /^\d+$/.test(seed) ? Number(seed) : seed };
}

/**
 * The seat rows of the new-game form: a name and who plays, for each of `count` seats.
 * @param {number} count
 * @param {Setup} setup
 * @param {string[]} players
 * @param {string[]} names
 */
function seatRows(count, setup, players, names) {
  const rows = [];
  for (let s = 1; s <= count; s++) {
    const who = players[s - 1] || (s === 1 ? "human" : setup.opponent);
    rows.push(h("div", { class: "spynb-play__seatrow" },
      h("label", {}, `Seat ${s} `,
        h("input", { type: "text", maxlength: 40, value: names[s - 1] || `Seat ${s}`, "data-name": s,
          "aria-label": `Name of seat ${s}` })),
      h("select", { "data-player": s, "aria-label": `Who plays seat ${s}` },
        ["human", ...(setup.bots || [])].map((b) => h("option", { value: b, selected: b === who },
          b === "human" ? "a person" : `bot: ${b}`)))));
  }
  return rows;
}

/**
 * The new-game form (none in a walkthrough), redrawn when the setup, the players or the names change.
 * @param {Frame} frame
 * @param {Model<BoardTraits>} model
 * @param {Send} send
 */
function drawSetup(frame, model, send) {
  const setup = model.get("setup") || /** @type {Setup} */ ({});
  const players = model.get("players") || [];
  const names = model.get("names") || [];
  frame.recordBox.hidden = Boolean(setup.walkthrough);
  frame.setupBox.hidden = Boolean(setup.walkthrough);
  if (setup.walkthrough) return;
  const seed = /** @type {HTMLInputElement} */ (h("input", { type: "text", inputmode: "numeric", size: 10,
    placeholder: "random", "aria-label": "Seed (empty: a random one)" }));
  const variant = /** @type {HTMLSelectElement} */ (h("select", { "aria-label": "Variant" },
    (setup.variants || []).map((v) => h("option", { value: v, selected: v === setup.variant },
      (setup.variant_titles || {})[v] || v))));
  const seats = /** @type {HTMLSelectElement} */ (h("select", { "aria-label": "Seats" }));
  const rows = h("div", { class: "spynb-play__seatrows" });
  const fillRows = () => rows.replaceChildren(...seatRows(Number(seats.value), setup, players, names));
  const fillSeats = () => {
    const counts = (setup.seat_counts || {})[variant.value] || [];
    const chosen = Number(seats.value) || setup.seats;
    seats.replaceChildren(...counts.map((n) => h("option", { value: n, selected: n === chosen }, String(n))));
    fillRows();
  };
  variant.addEventListener("change", fillSeats);
  seats.addEventListener("change", fillRows);
  const start = button("setup-start", "Start a new game", () => {
    const nameInputs = /** @type {HTMLInputElement[]} */ ([...rows.querySelectorAll("input[data-name]")]);
    const playerInputs = /** @type {HTMLSelectElement[]} */ ([...rows.querySelectorAll("select[data-player]")]);
    send({ kind: "new", ...seedChosen(seed.value), variant: variant.value, seats: Number(seats.value),
      names: nameInputs.map((i) => i.value), players: playerInputs.map((i) => i.value) });
  });
  const seedNote = typeof setup.seed === "number"
    ? `This game's seed: ${setup.seed}. Type it in the Seed box to deal the same game again.`
    : "Seed left empty: a random one, shown when the game ends so that it can be played again.";
  frame.setupBox.replaceChildren(h("summary", { text: "New game" }),
    h("div", { class: "spynb-play__row" },
      h("label", {}, "Seed ", seed), h("label", {}, "Variant ", variant), h("label", {}, "Seats ", seats)),
    h("p", { class: "spynb-play__hint", dataset: { key: "seed-note" }, text: seedNote }),
    rows, start);
  fillSeats();
}

/**
 * The header: whose view, the review and teaching marks, the status, the narration of the last move by
 * another seat and the legend of what the last move changed.
 * @param {Frame} frame
 * @param {Model<BoardTraits>} model
 * @param {(seat: number | null | undefined) => string} seatName
 */
function drawHeader(frame, model, seatName) {
  const view = model.get("view") || {};
  const hist = model.get("history") || {};
  frame.label.textContent = view.label || "spynb board";
  frame.root.classList.toggle("spynb-play--teaching", Boolean(view.omniscient));
  frame.root.classList.toggle("spynb-play--review", hist.review >= 0);
  frame.status.textContent = model.get("status") || "";
  const told = model.get("narration") || {};
  const marked = (model.get("changed") || []).length > 0;
  frame.narration.hidden = !told.text;
  frame.narration.classList.toggle("is-changed", Boolean(told.text) && marked);
  const glossary = model.get("glossary") || {};
  frame.narration.replaceChildren(...(told.text ? [h("strong", { text: `Last move, by ${seatName(told.seat)}${
    told.bot ? " (bot)" : ""}: ` }), told.text, ...(told.rules || []).flatMap((id) => {
      const link = citeRule(glossary, id);
      return link ? [" ", link] : [];
    })]
    : []));
  frame.legend.hidden = !(marked || told.text) || Boolean(model.get("cover"));
}

/**
 * The small link to rule `id` beside a sentence that applies it (the glossary's `rules` knows each ruling's
 * address and citation), or null when there is none.
 * @param {Record<string, any>} glossary
 * @param {string | null | undefined} id
 * @returns {HTMLElement | null}
 */
export function citeRule(glossary, id) {
  return id ? ruleLink((glossary.rules || {})[id] || { rule: id }, "spynb-play__rule") : null;
}

/**
 * The ending, once the game is over (the `ending` trait, spynb/widgets/ending.py): "You won", "You lost" or
 * "Draw" for the person's seat, who won, why in one sentence with its rule, what each seat was where the game
 * hid it, and the seed with a button that deals the same game again (not in a walkthrough, which plays its
 * script).  Hidden while the game runs.
 * @param {HTMLElement} box
 * @param {Ending} ending
 * @param {Record<string, any>} glossary
 * @param {(seat: number | null | undefined) => string} seatName
 * @param {Send} send
 * @param {boolean} walking
 */
function drawEnding(box, ending, glossary, seatName, send, walking) {
  box.hidden = !ending.headline;
  if (!ending.headline) {
    box.replaceChildren();
    return;
  }
  box.dataset.outcome = ending.outcome || "over";
  const roles = Object.entries(ending.roles || {});
  const link = citeRule(glossary, ending.rule);
  box.replaceChildren(...[
    h("h4", { class: "spynb-play__headline", text: ending.headline }),
    h("p", { class: "spynb-play__winners", text: ending.winners || "" }),
    ending.reason ? h("p", { class: "spynb-play__reason-why" }, ending.reason, link ? " " : null, link) : null,
    roles.length ? h("p", { class: "spynb-play__roles" }, h("strong", { text: "Who was who: " }),
      roles.map(([seat, role]) => `${seatName(Number(seat))}: ${role}`).join("; "), ".") : null,
    walking ? null : h("div", { class: "spynb-play__row" },
      button("end-again", "Play the same deal again", () => send({ kind: "new", seed: ending.seed }),
        { title: `A new game with seed ${ending.seed}: the same cards, the same bots` }),
      button("end-new", "New game", () => send({ kind: "new" })),
      h("span", { class: "spynb-play__hint", text: `Seed ${ending.seed}. Step back to review the game.` })),
  ].filter((part) => part !== null));
}

/**
 * The error box: the rule broken, the reason and the citation, or nothing.
 * @param {HTMLElement} box
 * @param {BoardError} err
 */
function drawError(box, err) {
  box.hidden = !err.message;
  box.replaceChildren(...(err.message ? [
    err.rule ? h("span", { class: "spynb-play__ruleid", text: err.rule }) : null,
    h("span", { class: "spynb-play__reason", text: err.where && !err.rule ? `Not loaded: ${err.reason}` : err.reason }),
    err.citation ? h("span", { class: "spynb-play__citation", text: ` (${err.citation})` }) : null,
    h("span", { class: "spynb-play__unchanged", text: " Nothing changed." }),
  ].filter((part) => part !== null) : []));
}

/**
 * The log, one collapsible group per turn: the latest turn open, and any turn the learner opened or
 * closed kept so (memo.logOpen); the sentences of the last move told are marked new.
 * @param {HTMLElement} list
 * @param {LogTurn[]} turns
 * @param {Record<string, any>} memo
 * @param {Record<string, any>} glossary
 */
function drawLog(list, turns, memo, glossary) {
  /** @type {Record<string, boolean>} */
  const opened = (memo.logOpen ||= {});
  list.replaceChildren(...turns.map((turn, i) => {
    const key = String(turn.turn);
    const latest = i === turns.length - 1;
    const group = /** @type {HTMLDetailsElement} */ (h("details", { class: "spynb-play__turn",
      open: key in opened ? opened[key] : latest },
    h("summary", { text: `${turn.title} (${turn.events.length})` }),
    h("ol", {}, turn.events.map((e) => h("li", { class: e.new ? "is-new" : null },
      e.new ? h("span", { class: "spynb-play__new", text: "new" }) : null, e.new ? " " : null, e.text,
      e.rule ? " " : null, citeRule(glossary, e.rule))))));
    // kept only where the learner's choice differs from the default (the latest turn open), so a turn
    // that stops being the latest closes unless the learner opened it (the toggle event also fires for
    // the `open` set here, which matches the default or the memo already)
    group.addEventListener("toggle", () => {
      if (group.open === latest) delete opened[key]; else opened[key] = group.open;
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
export function drawAid(ctx) {
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
    h("thead", {}, h("tr", {}, h("th", { scope: "col", text: aid.heading || "" }),
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
    h("ul", { class: "spynb-aid__list" }, (aid.notes || []).map((/** @type {string} */ n, /** @type {number} */ i) => {
      const rule = (aid.note_rules || [])[i];
      return h("li", {}, n, rule ? " " : null, citeRule(ctx.glossary, rule));
    })),
  ].filter((node) => node !== null));
  return box;
}

/**
 * The cover while the device passes to another seat: its sentence and a button, and no seat's view.
 * @param {Frame} frame
 * @param {string} text
 * @param {Send} send
 */
function drawCover(frame, text, send) {
  const show = button("cover-show", "Show my seat", () => send({ kind: "uncover" }));
  frame.cover.replaceChildren(h("p", { class: "spynb-play__covertext", text }), show);
  frame.main.replaceChildren();
  frame.logList.replaceChildren();
  frame.role.hidden = true;
}

/**
 * The game's area (drawn by `board`), the seat's role in the header, the marks on what the last step
 * changed, and the log.
 * @template {BoardTraits} T
 * @param {Frame} frame
 * @param {Board<T>} board
 * @param {Context<T>} ctx
 * @param {LogTurn[]} log
 */
function drawArea(frame, board, ctx, log) {
  frame.cover.replaceChildren();
  let area;
  try {
    area = board.draw(ctx);
  } catch (e) {
    area = h("p", { class: "spynb-play__error", text: `The board could not draw this view: ${e}` });
  }
  frame.main.replaceChildren(area);
  frame.role.textContent = board.roleOf ? board.roleOf(ctx) : "";
  frame.role.hidden = !frame.role.textContent;
  for (const node of frame.main.querySelectorAll("[data-key]")) {
    if (ctx.changed.has(/** @type {HTMLElement} */ (node).dataset.key || "")) node.classList.add("is-changed");
  }
  drawLog(frame.logList, log, ctx.memo, ctx.glossary);
}

/**
 * What a game's drawing gets: the traits it reads and what it may send.
 * @template {BoardTraits} T
 * @param {Model<T>} model
 * @param {Send} send
 * @param {Record<string, any>} memo
 * @returns {Context<T>}
 */
function drawingContext(model, send, memo) {
  const m = /** @type {Model<BoardTraits>} */ (/** @type {unknown} */ (model));
  const legal = m.get("legal") || [];
  return {
    model, view: m.get("view") || {}, legal, isLegal: (n) => legal.includes(n),
    send: (notation) => send({ kind: "play", action: notation }),
    changed: new Set(m.get("changed") || []), glossary: m.get("glossary") || {},
    seatName: seatNamer(m), h, memo,
  };
}

/**
 * Send Python the position named by the page address's `position=`, once per page and game.
 * @param {Model<BoardTraits>} model
 * @param {Send} send
 */
function followPositionLink(model, send) {
  const fragment = new URLSearchParams((window.location.hash || "").replace(/^#/, ""));
  const shared = fragment.get("position");
  /** @type {Set<string>} */
  const taken = (/** @type {any} */ (globalThis).spynbPositionsTaken ||= new Set());
  const setup = model.get("setup") || /** @type {Partial<Setup>} */ ({});
  const game = setup.game || "";
  if (shared && !setup.walkthrough && !taken.has(game)) {
    taken.add(game);
    send({ kind: "position", link: shared });
  }
}

/**
 * The widget for one game: the shared frame around `board`, which draws the game's area, with `panels`
 * above it.
 * @template {BoardTraits} T
 * @param {Board<T>} board
 * @param {Panel<any>[]} [panels]
 * @returns {{ render: (args: { model: Model<T>, el: HTMLElement }) => () => void }}
 */
export function mountBoard(board, panels = []) {
  /** @param {{ model: Model<T>, el: HTMLElement }} args */
  function render({ model: gameModel, el }) {
    const model = /** @type {Model<BoardTraits>} */ (/** @type {unknown} */ (gameModel));
    /** @type {Record<string, any>} */
    const memo = {};
    const frame = buildFrame(el.closest("[data-controls='folded']") !== null);
    el.append(frame.root);
    /** @type {Send} */
    const send = (content) => model.send(content);
    const seatName = seatNamer(model);
    const tools = buildToolbar(frame.toolbar, model, send);
    const bots = buildBotControls(frame.botbar, model, send);
    const showLink = buildLinkBox(frame.linkBox);
    const records = buildRecordBox(frame.recordBox, send);
    const onCustom = (/** @type {any} */ msg) => {
      if (msg && msg.kind === "link" && typeof msg.fragment === "string") showLink(msg);
      else if (msg && msg.kind === "record" && typeof msg.json === "string") records.show(msg.json);
    };
    model.on("msg:custom", onCustom);

    const redraw = () => {
      const walking = Boolean((model.get("setup") || {}).walkthrough);
      const coverText = model.get("cover") || "";
      const focusKey = focusedKey(frame.root);
      drawHeader(frame, model, seatName);
      drawBotControls(frame.botbar, bots, model, walking);
      drawToolbar(tools, model, walking);
      drawError(frame.error, model.get("error") || {});
      drawEnding(frame.ending, coverText ? {} : model.get("ending") || {}, model.get("glossary") || {}, seatName, send,
        walking);
      frame.cover.hidden = !coverText;
      frame.recordBox.hidden = Boolean(coverText) || walking;
      frame.main.hidden = Boolean(coverText);
      frame.log.hidden = Boolean(coverText);
      if (coverText) drawCover(frame, coverText, send);
      else drawArea(frame, board, drawingContext(gameModel, send, memo), model.get("log") || []);
      refocus(frame.root, focusKey);
      bots.tick();
      if (coverText && (!focusKey || focusKey === "cover-show" || !frame.root.contains(document.activeElement))) {
        const show = /** @type {HTMLElement | null} */ (frame.cover.querySelector("button"));
        if (show && focusKey) show.focus();
      }
    };

    const unwatch = [
      watch(model, [...REDRAW_TRAITS, ...board.traits], batched(redraw)),
      watch(model, SETUP_TRAITS, () => drawSetup(frame, model, send)),
    ];
    drawSetup(frame, model, send);
    redraw();
    followPositionLink(model, send);
    const panelCleanups = panels.map((panel) => panel({ model, slot: frame.panels, send }));

    return () => {
      for (const stop of unwatch) stop();
      model.off("msg:custom", onCustom);
      bots.stop();
      for (const cleanup of panelCleanups) cleanup();
      records.cleanup();
    };
  }
  return { render };
}
