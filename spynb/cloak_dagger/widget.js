// Cloak & Dagger's area of the board: the box of 20 envelopes, the seat's
// hand, the envelope it opened (seen by it alone, where a transfer starts on
// its cards), its note list, and what other seats were shown.
// board_common.js draws the frame around it.

import { citeRule, drawAid } from "../widgets/static/board_common.js";
import { button, counted, gridKeys } from "../widgets/static/dom.js";

/** @import { Board, Context as BoardContext } from "../widgets/static/board_common.js" */
/** @import { BoardTraits, View } from "../widgets/static/traits.js" */

/**
 * What a seat's notes say of an envelope (spynb/cloak_dagger/notes.py).
 * @typedef CdNote
 * @property {number} envelope
 * @property {number | null} seen_turn   the turn the seat last looked inside, null if never
 * @property {string} letters            the cards it saw there and knows are still there
 * @property {number} unknown            how many cards went in that it has not seen
 * @property {boolean} complete          whether nothing else can be inside
 * @property {string} gone               the cards it saw there that have gone since
 *
 * A Cloak & Dagger view (spynb/cloak_dagger/state.py): fields marked "seat" are in a seat's view only,
 * "teaching" in the teaching view only.
 * @typedef CdOwnView
 * @property {string} phase                           "select", "decide", ...
 * @property {Record<string, number>} hand_sizes      per seat
 * @property {number} stack_size
 * @property {string} stack_bottom                    the cards returned to the bottom of the stack, in order
 * @property {string} [agents]                        seat: its two agents' letters
 * @property {string} [hand]                          seat: the cards it holds
 * @property {Record<string, string>} [hands_known]   seat: what it has seen in each other seat's hand
 * @property {CdNote[]} [notes]                       seat: its notes, envelope 1 first
 * @property {{ envelope: number, contents: string } | null} [opened]   seat: the envelope it looks into now
 * @property {Record<string, string>} [envelopes]     teaching: every envelope's contents
 * @property {Record<string, string>} [hands]         teaching: every seat's hand
 * @property {number | null} [selected]               teaching: the envelope being looked into
 * @property {{ envelopes: Record<string, string>, hands: Record<string, string> }} [revealed]   seat, once the game
 *                                                    is over (the board adds it then, and only then): every
 *                                                    envelope's contents and every hand
 *
 * @typedef {View & CdOwnView} CloakDaggerView
 *
 * The traits of a Cloak & Dagger board (spynb/cloak_dagger/widget.py): the common ones and the transfer's picks.
 * @typedef CdOwnTraits
 * @property {string} showing   the agent picked in the open envelope, to show (CD-6), or ""
 * @property {string} taking    the one card picked to take with it, unseen, or ""
 *
 * @typedef {BoardTraits<CloakDaggerView> & CdOwnTraits} CloakDaggerTraits
 * @typedef {BoardContext<CloakDaggerTraits>} Context
 */

const CD_CHOICE_WORDS = {
  track: "Track hazard",
  pass: "Nothing more (examine only)",
};

/**
 * A small SVG icon from a path in a 24 × 24 box (the card kinds' icons come from the glossary).
 * @param {string} d
 * @param {string} colour
 */
function cdIcon(d, colour) {
  const ns = "http://www.w3.org/2000/svg";
  const svg = document.createElementNS(ns, "svg");
  svg.setAttribute("viewBox", "0 0 24 24");
  svg.setAttribute("aria-hidden", "true");
  svg.setAttribute("class", "cd-icon");
  const path = document.createElementNS(ns, "path");
  path.setAttribute("d", d);
  path.setAttribute("fill", "none");
  path.setAttribute("stroke", colour);
  path.setAttribute("stroke-width", "2.2");
  svg.append(path);
  return svg;
}

/**
 * A card's face: coloured by its kind, with the kind's icon, the letter and the card's name
 * (and, for an agent, the seat that owns it).
 * @param {Context} ctx
 * @param {string} letter
 */
function cdCard(ctx, letter) {
  const face = (ctx.glossary.faces || {})[letter] || { kind: "hazard", name: letter, short: letter };
  const kind = (ctx.glossary.kinds || {})[face.kind] || {};
  const owner = face.owner ? ` · seat ${face.owner}` : "";
  return ctx.h("span", { class: `cd-card cd-card--${face.kind}`, role: "img", "aria-label": `${letter}, ${face.name}`,
    title: `${face.name} (${kind.label || face.kind})`, style: `background:${kind.fill};color:${kind.ink}` },
  cdIcon(kind.icon || "", kind.ink || "#000"), ctx.h("b", { class: "cd-letter", text: letter }),
  ctx.h("span", { class: "cd-name", text: `${face.short}${owner}` }));
}

/**
 * The key of the four kinds of card.
 * @param {Context} ctx
 */
function cdKey(ctx) {
  // each kind's colour and icon with its name, but no letter: a key must not look like a card someone holds
  return ctx.h("p", { class: "cd-key", "aria-label": "Key to the card colours" }, ctx.h("strong", { text: "Key: " }),
    Object.entries(ctx.glossary.kinds || {}).map(([name, kind]) => ctx.h("span", { class: "cd-keyitem" },
      ctx.h("span", { class: `cd-card cd-card--${name}`, style: `background:${kind.fill};color:${kind.ink}` },
      cdIcon(kind.icon || "", kind.ink || "#000"), ctx.h("b", { text: kind.label })), ` — ${kind.says}`)));
}

/**
 * What the seat's notes say of an envelope, in words (for screen readers).
 * @param {any} note
 */
function cdNoteWords(note) {
  if (note.seen_turn === null || note.seen_turn === undefined) return "not looked into yet";
  const parts = [];
  if (note.letters) parts.push(`holds ${[...note.letters].join(", ")}`);
  if (note.unknown) parts.push(`${counted(note.unknown, "card")} you have not seen`);
  if (!note.letters && !note.unknown && note.complete) parts.push("empty");
  if (!note.complete) parts.push("maybe more you did not see");
  if (note.gone) parts.push(`gone since: ${[...note.gone].join(", ")}`);
  return `seen on turn ${note.seen_turn}: ${parts.join("; ")}`;
}

/**
 * A row of cards, or a word when there are none.
 * @param {Context} ctx
 * @param {string} letters
 * @param {string} [none]
 */
function cdCards(ctx, letters, none = "none") {
  if (!letters) return ctx.h("span", { class: "cd-none", text: none });
  return ctx.h("span", { class: "cd-cards" }, [...letters].map((l) => cdCard(ctx, l)));
}

/**
 * What a legal choice means, in words.
 * @param {string} notation
 */
function cdChoiceLabel(notation) {
  if (notation === "pass") return CD_CHOICE_WORDS.pass;
  const [verb, arg] = notation.split(" ");
  if (verb === "track") return `${CD_CHOICE_WORDS.track} ${arg}`;
  return notation;
}

/**
 * The envelope just opened, seen by its opener alone: its cards, on which a transfer starts (CD-6) — first
 * the agent to show, then optionally the one card to take with it — and the other choices as buttons.
 * Python holds the picks (`showing`, `taking`) and refuses a card that cannot be picked.
 * @param {Context} ctx
 * @param {{ envelope: number, contents: string }} opened
 * @param {boolean} omniscient
 */
function cdOpened(ctx, opened, omniscient) {
  const { h, model } = ctx;
  const showing = model.get("showing") || "";
  const taking = model.get("taking") || "";
  const transfers = ctx.legal.filter((n) => n.startsWith("take "));
  const showable = new Set(transfers.map((n) => n.slice(5, 6)));
  const takingAt = [...opened.contents].findIndex((letter) => letter === taking && letter !== showing);
  const cards = h("div", { class: "cd-chips", role: "group", "aria-label": showing
    ? `Cards in envelope ${opened.envelope}: ${showing} is picked to show; pick one more to take with it, or none`
    : `Cards in envelope ${opened.envelope}: pick the agent to show to start a transfer` },
  [...opened.contents].map((letter, i) => {
    const role = letter === showing ? "show" : i === takingAt ? "take" : "";
    const name = ((ctx.glossary.faces || {})[letter] || {}).name || letter;
    const can = showing ? role !== "show" : showable.has(letter);
    const says = role === "show" ? "picked to show: press again to put it back"
      : role === "take" ? "picked to take along unseen: press again to leave it"
        : showing ? `take it along with ${showing}, unseen` : can ? "show it to start a transfer" : "cannot start a transfer";
    return h("button", {
      type: "button", class: `cd-chip${can && !role ? " is-legal" : ""}${role ? ` is-${role}` : ""}`,
      dataset: { key: `pick-${i}`, card: letter }, "aria-pressed": String(Boolean(role)),
      "aria-label": `${letter}, ${name}: ${says}`,
      onclick: () => model.send({ kind: "pick", card: letter }),
    }, cdCard(ctx, letter), role ? h("span", { class: "cd-chip__role", text: role === "show" ? "show" : "take unseen" }) : null);
  }));
  const transfer = transfers.length ? h("div", { class: "cd-compose" },
    h("p", { class: "cd-hint" }, showing
      ? `Everyone will see ${showing}. ${taking ? `${taking} goes with it, unseen.` : "Pick one more card to take with it unseen, or none."} `
      : "Start a transfer: pick the agent to show, your own cloak or dagger or a double agent, marked green. Then, if you like, one more card to take with it. ",
    citeRule(ctx.glossary, "CD-6")),
    showing ? [
      button("transfer-start", `Start the transfer: show ${showing}${taking ? `, take ${taking} unseen` : ""}`,
        () => model.send({ kind: "transfer" }), { class: "is-legal" }),
      button("transfer-back", "Put the cards back", () => model.send({ kind: "pick", card: showing }))] : null) : null;
  const choices = h("div", { class: "cd-choices", role: "group", "aria-label": "Other choices" },
    ctx.legal.filter((n) => !/^\d+$/.test(n) && !n.startsWith("take ")).map((n) =>
      button(`choice-${n}`, cdChoiceLabel(n), () => ctx.send(n), { class: "is-legal", dataset: { key: `choice-${n}`, action: n } })));
  return h("section", { class: "cd-opened", dataset: { key: "opened" },
    "aria-label": `Envelope ${opened.envelope}, seen by ${omniscient ? "its opener" : "you"} alone` },
  h("h4", { text: `Envelope ${opened.envelope}${omniscient ? "" : " — only you see this"}` }),
  cards, transfer, choices);
}

/** @param {Context} ctx */
function drawCloakDagger(ctx) {
  const { view, h } = ctx;
  const omniscient = Boolean(view.omniscient);
  const seat = view.seat;
  const phase = view.phase;
  const opened = omniscient
    ? (phase === "decide" && view.selected
      ? { envelope: view.selected, contents: /** @type {Record<string, string>} */ (view.envelopes)[String(view.selected)] }
      : null)
    : view.opened || null;

  // -- the box
  const notes = /** @type {any[]} */ (view.notes || []);
  const revealed = omniscient ? undefined : view.revealed;
  const box = h("div", { class: "cd-box", role: "group", "aria-label": "The box of 20 envelopes (arrow keys move)" });
  for (let n = 1; n <= 20; n++) {
    const notation = String(n);
    const legal = ctx.isLegal(notation);
    let content;
    let spoken;
    if (omniscient) {
      const inside = (view.envelopes || {})[notation] || "";
      content = cdCards(ctx, inside, "empty");
      spoken = inside ? `holds ${[...inside].join(" ")}` : "empty";
    } else if (revealed) {
      const inside = revealed.envelopes[notation] || "";
      content = h("span", { class: "cd-note" }, h("span", { class: "cd-end", text: "end" }), cdCards(ctx, inside, "empty"));
      spoken = `revealed at the end: ${inside ? `holds ${[...inside].join(" ")}` : "empty"}`;
    } else {
      const note = notes[n - 1] || {};
      const never = note.seen_turn === null || note.seen_turn === undefined;
      content = h("span", { class: "cd-note" },
        never ? h("span", { class: "cd-sealed", text: "not looked into" }) : [
          [...(note.letters || "")].map((l) => cdCard(ctx, l)),
          Array.from({ length: note.unknown || 0 }, () => h("span", { class: "cd-unknown", text: "? unseen", title: "a card you have not seen" })),
          !note.letters && !note.unknown && note.complete ? h("span", { class: "cd-none", text: "empty" }) : null,
          h("span", { class: "cd-seen" }, `turn ${note.seen_turn}`, note.complete ? "" : " · maybe more",
            note.gone ? [" · gone: ", [...note.gone].map((l) => h("s", { class: "cd-gone", title: `${l} has gone` }, l))] : null),
        ]);
      spoken = `your notes: ${cdNoteWords(note)}`;
    }
    const isOpen = opened && opened.envelope === n;
    const row = Math.floor((n - 1) / 5);
    const col = (n - 1) % 5;
    box.append(h("button", {
      type: "button", class: `cd-env${legal ? " is-legal" : ""}${isOpen ? " is-open" : ""}${revealed ? " is-revealed" : ""}`,
      dataset: { key: `env-${n}`, grid: `${row},${col}`, action: notation },
      "aria-label": `Envelope ${n}, ${spoken}${legal ? ", select it" : ""}${isOpen ? ", opened" : ""}`,
      onclick: () => ctx.send(notation),
    }, h("span", { class: "cd-num", text: n }), content));
  }
  gridKeys(box);

  // -- hands, stack
  const side = h("div", { class: "cd-side" });
  const sizes = view.hand_sizes || {};
  if (omniscient) {
    side.append(h("h4", { text: "Hands (teaching view)" }),
      h("ul", { class: "cd-hands", dataset: { key: "hand" } },
        Object.entries(view.hands || {}).map(([s, cards]) =>
          h("li", {}, `${ctx.seatName(Number(s))}: `, cdCards(ctx, String(cards), "empty")))));
  } else {
    side.append(h("h4", { text: `Your hand (${ctx.seatName(seat)})` }),
      h("p", { class: "cd-hand", dataset: { key: "hand" } }, cdCards(ctx, view.hand || "", "empty")),
      h("p", { class: "cd-agents" }, "Your agents: ", cdCards(ctx, view.agents || "")),
      h("ul", { class: "cd-hands" }, Object.entries(view.hands_known || {}).map(([s, known]) =>
        h("li", { dataset: { key: `hands-${s}` } }, `${ctx.seatName(Number(s))}: ${counted(sizes[s] || 0, "card")}`,
          revealed ? [" — ", h("span", { class: "cd-end", text: "end" }), " ", cdCards(ctx, revealed.hands[s] || "", "empty")]
            : known ? [" — seen: ", cdCards(ctx, String(known))] : null))));
  }
  side.append(h("p", { class: "cd-stack", dataset: { key: "stack" }, text: `Stack: ${counted(view.stack_size, "card")}` +
    (view.stack_bottom ? `; returned to the bottom: ${[...view.stack_bottom].join(" ")}` : "") }));

  // -- what to do now
  const todo = h("div", { class: "cd-todo", role: "group", "aria-label": "Your choice" });
  if (phase === "select" && ctx.legal.length) {
    const holding = omniscient ? "" : view.hand;
    todo.append(h("p", { class: "cd-hint" }, holding
      ? `You hold ${[...holding].join(" ")}: the envelope you select now receives it, finishing the transfer. `
      : "Select an envelope to look inside it. If it is empty you show that and place the top card of the stack in it. ",
    citeRule(ctx.glossary, holding ? "CD-4" : "CD-5")));
  }
  if (opened) todo.append(cdOpened(ctx, opened, omniscient));

  // -- what was shown (the notes are on the envelopes themselves)
  const shownKinds = new Set(["take", "track", "shown", "show_empty", "first", "win"]);
  const shown = (view.events || []).filter((/** @type {any} */ e) => shownKinds.has(e.kind)).slice(-12);
  const shownLog = h("section", { class: "cd-shown", "aria-label": "What was shown" },
    h("h4", { text: "What was shown" }),
    shown.length ? h("ul", {}, shown.map((/** @type {any} */ e) => h("li", { text: e.text })))
      : h("p", { class: "cd-none", text: "Nothing shown yet." }));

  const shownAtEnd = revealed ? h("p", { class: "cd-hint cd-revealed", dataset: { key: "revealed" } },
    h("strong", { text: "Revealed at the end: " }),
    "the game is over, so every envelope shows what it holds and every hand what it held, marked “end”.") : null;

  return h("div", { class: "cd" },
    h("div", { class: "cd-left" }, shownAtEnd, box, cdKey(ctx), todo),
    h("div", { class: "cd-right" }, side, shownLog),
    h("div", { class: "cd-aid" }, drawAid(ctx)));
}

/**
 * The header's line on the seat shown: whose agents it plays.
 * @param {Context} ctx
 */
function cdRole(ctx) {
  const { view } = ctx;
  if (view.omniscient) return "Teaching view: every envelope and every hand is shown.";
  const agents = [...(view.agents || "")];
  return `You are ${ctx.seatName(view.seat)}: your agents are ${agents.map((a) => `${a} (${((ctx.glossary.faces || {})[a] || {}).short || a})`).join(" and ")}.`;
}

/** @type {Board<CloakDaggerTraits>} */
export const board = { draw: drawCloakDagger, traits: ["aid", "showing", "taking"], roleOf: cdRole };
