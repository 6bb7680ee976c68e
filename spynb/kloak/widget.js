// KLOAK's area of the board: the 5 × 5 board (arrow keys move between
// squares), touch-move (KL-14), the three moves of a kloaking big piece
// (KL-5) in words, claim mode (KL-7), scores, the penalty (KL-8) and the
// memory modes (KL-13).  board_common.js draws the frame around it.

import { citeRule } from "../widgets/static/board_common.js";
import { button, counted, gridKeys } from "../widgets/static/dom.js";

/** @import { Board, Context as BoardContext } from "../widgets/static/board_common.js" */
/** @import { BoardTraits, View } from "../widgets/static/traits.js" */

/**
 * A KLOAK view (spynb/kloak/state.py), a seat's or the teaching view: hidden colours are "?".
 * @typedef KlOwnView
 * @property {Record<string, string>} small        square -> the colour letter of its small piece, or "?"
 * @property {string[]} big                        the squares of the big pieces
 * @property {string[]} covered                    the squares whose small piece a big piece covers
 * @property {Record<string, number>} colours      colour letter -> how many small pieces of it
 * @property {Record<string, { colour: string, squares: string[] }[]>} scores   per seat
 * @property {number[][]} teams
 * @property {number[]} team_scores
 * @property {number} extra_turns                  turns still owed by the penalty (KL-8)
 * @property {number[]} to_move
 * @property {Record<string, string>} [remembered] square -> the colour a perfect memory knows (the board
 *                                                 adds it when `reveal` is on)
 *
 * @typedef {View & KlOwnView} KloakView
 *
 * The traits of a KLOAK board (spynb/kloak/widget.py): the common ones and touch-move's.
 * @typedef {BoardTraits<KloakView> & KloakOwnTraits} KloakTraits
 *
 * @typedef KloakOwnTraits
 * @property {string} touched      the square of the piece the seat touched (KL-14), or ""
 * @property {boolean} touch_move  true: touching a piece with a legal move commits the seat to it
 * @property {boolean} reveal      true: the view adds what a perfect memory knows (`remembered`)
 *
 * @typedef {BoardContext<KloakTraits>} Context
 */

const KL_FILES = "abcde";
const KL_SHAPES = {
  circle: "M12 3a9 9 0 1 0 0.001 0Z",
  square: "M4 4h16v16H4Z",
  triangle: "M12 3 21 20H3Z",
  diamond: "M12 2 22 12 12 22 2 12Z",
  hexagon: "M7 3h10l5 9-5 9H7l-5-9Z",
  star: "M12 2l3 7h7l-6 5 2 8-6-5-6 5 2-8-6-5h7Z",
  cross: "M9 2h6v7h7v6h-7v7H9v-7H2V9h7Z",
  bar: "M3 8h18v8H3Z",
};

/**
 * A small piece: shape and letter as well as colour (colour-blind safe).
 * @param {Context} ctx
 * @param {string} letter colour letter, "?" when hidden
 * @param {boolean} [remembered] shown from memory rather than seen
 */
function klPiece(ctx, letter, remembered = false) {
  const names = ctx.glossary.colour_names || {};
  const palette = ctx.glossary.palette || {};
  const shape = (ctx.glossary.shapes || {})[letter];
  const ns = "http://www.w3.org/2000/svg";
  const svg = document.createElementNS(ns, "svg");
  svg.setAttribute("viewBox", "0 0 24 24");
  svg.setAttribute("aria-hidden", "true");
  svg.setAttribute("class", `kl-shape${remembered ? " kl-shape--remembered" : ""}`);
  if (letter === "?") {
    const ring = document.createElementNS(ns, "path");
    ring.setAttribute("d", KL_SHAPES.circle);
    ring.setAttribute("fill", "#ffffff");
    ring.setAttribute("stroke", "#1a1a1a");
    ring.setAttribute("stroke-dasharray", "3 2");
    svg.append(ring);
  } else if (shape) {
    const path = document.createElementNS(ns, "path");
    path.setAttribute("d", KL_SHAPES[/** @type {keyof typeof KL_SHAPES} */ (shape)]);
    path.setAttribute("fill", remembered ? "none" : palette[letter] || "#888");
    path.setAttribute("stroke", remembered ? palette[letter] || "#888" : "#1a1a1a");
    path.setAttribute("stroke-width", remembered ? "2.5" : "1");
    svg.append(path);
  }
  const text = document.createElementNS(ns, "text");
  text.setAttribute("x", "12");
  text.setAttribute("y", "16.5");
  text.setAttribute("text-anchor", "middle");
  text.setAttribute("class", "kl-letter");
  text.textContent = letter;
  svg.append(text);
  return ctx.h("span", { class: "kl-piece", title: letter === "?" ? "hidden colour" : names[letter] || letter }, svg);
}

/**
 * What a move does, in words.
 * @param {string} notation
 */
function klMoveWords(notation) {
  const m = /^(B )?([a-e][1-5])([-x=])([a-e][1-5])$/.exec(notation);
  if (!m) return notation;
  const [, big, from, how, to] = m;
  if (!big) return `Small piece ${from} to ${to}`;
  if (how === "x") return `Big piece ${from} onto the small piece on ${to} (kloak it)`;
  if (how === "=") return `Big piece ${from} slides with its small piece to ${to}`;
  return `Big piece ${from} to ${to}`;
}

/** @param {Context} ctx */
function drawKloak(ctx) {
  const { view, h, model, memo } = ctx;
  const small = view.small || {};
  const big = new Set(view.big || []);
  const covered = new Set(view.covered || []);
  const remembered = view.remembered || {};
  const touched = model.get("touched") || "";
  const touchMove = Boolean(model.get("touch_move"));
  const reveal = Boolean(model.get("reveal"));
  memo.claim = memo.claim || null; // null: not in claim mode; else the picked squares
  /** @type {string[] | null} */
  const claim = memo.claim;
  const movesFrom = (/** @type {string} */ sq) => ctx.legal.filter((n) => {
    const m = /^(?:B )?([a-e][1-5])[-x=]/.exec(n);
    return m && m[1] === sq;
  });
  const touchedMoves = touched ? movesFrom(touched) : [];
  const targets = new Map();
  for (const n of touchedMoves) {
    const to = n.slice(-2);
    targets.set(to, [...(targets.get(to) || []), n]);
  }

  const board = h("div", { class: "kl-board", role: "grid", "aria-label": "The board, rank 5 at the top (arrow keys move)" });
  for (let rank = 5; rank >= 1; rank--) {
    const row = h("div", { class: "kl-row", role: "row" });
    row.append(h("span", { class: "kl-coord", "aria-hidden": "true", text: rank }));
    for (let f = 0; f < 5; f++) {
      const sq = `${KL_FILES[f]}${rank}`;
      const colour = small[sq];
      const isBig = big.has(sq);
      const hidden = colour === "?";
      const memoryColour = hidden && reveal ? remembered[sq] : undefined;
      const parts = [];
      if (colour) parts.push(hidden ? (memoryColour ? klPiece(ctx, memoryColour, true) : klPiece(ctx, "?")) : klPiece(ctx, colour));
      let spoken = `${sq}: `;
      if (isBig) spoken += colour ? `big piece kloaking ${hidden ? (memoryColour ? `a piece remembered as ${(ctx.glossary.colour_names || {})[memoryColour]}` : "a hidden piece") : (ctx.glossary.colour_names || {})[colour] + " piece"}` : "big piece";
      else spoken += colour ? `${(ctx.glossary.colour_names || {})[colour]} small piece` : "empty";
      const movable = movesFrom(sq).length > 0;
      const isTarget = targets.has(sq);
      const inClaim = claim && claim.includes(sq);
      const cls = ["kl-square", isBig ? "has-big" : "", covered.has(sq) ? "is-covered" : "",
        !claim && !touched && movable ? "is-legal" : "", isTarget ? "is-legal is-target" : "",
        touched === sq ? "is-touched" : "", inClaim ? "is-claimed" : ""].filter(Boolean).join(" ");
      if (touched === sq) spoken += touchMove ? ", touched: you must move it" : ", picked";
      if (isTarget) spoken += `, ${targets.get(sq).map(klMoveWords).join(" or ")}`;
      if (inClaim) spoken += ", in your claim";
      const cell = h("button", {
        type: "button", class: cls, role: "gridcell", dataset: { key: `sq-${sq}`, grid: `${5 - rank},${f}`, square: sq },
        "aria-label": spoken,
        onclick: () => {
          if (claim) {
            const at = claim.indexOf(sq);
            if (at >= 0) claim.splice(at, 1); else if (claim.length < 3) claim.push(sq);
            memo.redraw();
          } else if (touched && targets.has(sq)) {
            const options = targets.get(sq);
            if (options.length === 1) ctx.send(options[0]);
            else { memo.choosing = sq; memo.redraw(); }
          } else if (touched === sq && !touchMove) {
            model.send({ kind: "release" });
          } else {
            model.send({ kind: "touch", square: sq });
          }
        },
      }, isBig ? h("span", { class: "kl-big", "aria-hidden": "true" }, parts) : parts);
      row.append(cell);
    }
    board.append(row);
  }
  board.append(h("div", { class: "kl-row kl-files", "aria-hidden": "true" }, h("span", { class: "kl-coord" }),
    [...KL_FILES].map((f) => h("span", { class: "kl-coord", text: f }))));
  gridKeys(board);

  // -- the touched piece's moves, in words (the three choices of a kloaking big piece)
  const panel = h("div", { class: "kl-panel" });
  if (touched) {
    const kinds = [["-", "Lift off alone / step to an open square"], ["x", "Onto an uncovered small piece (kloak it)"],
      ["=", "Slide together with its small piece"]];
    const groups = kinds.map(([mark, title]) => {
      const moves = touchedMoves.filter((n) => n.includes(mark) && (mark !== "-" || /-[a-e][1-5]$/.test(n)));
      if (!moves.length) return null;
      return h("div", { class: "kl-group", role: "group", "aria-label": title }, h("h5", { text: title }),
        moves.map((n) => button(`move-${n}`, klMoveWords(n), () => ctx.send(n), { class: `is-legal${memo.choosing === n.slice(-2) ? " is-choosing" : ""}`, dataset: { key: `move-${n}`, action: n } })));
    });
    panel.append(touchMove
      ? h("p", { class: "kl-touch" }, `You touched the piece on ${touched}: you must move it. Choose where. `,
        citeRule(ctx.glossary, "KL-14"))
      : h("p", { class: "kl-touch", text: `Piece on ${touched} picked (practice: touch-move is off; click it again to put it down).` }),
      ...groups.filter((group) => group !== null));
  }
  // -- claim mode and the other decisions
  const others = ctx.legal.filter((n) => !/^(?:B )?[a-e][1-5][-x=]/.test(n));
  const claimBar = h("div", { class: "spynb-play__row kl-claimbar" },
    button("claim-mode", claim ? "Cancel claim" : "Claim three squares in a line…", () => {
      memo.claim = claim ? null : [];
      memo.redraw();
    }, { "aria-pressed": String(Boolean(claim)), disabled: !ctx.legal.length || Boolean(touched && touchMove) }),
    claim ? button("claim-send", claim.length === 3 ? `Claim ${claim.join(" ")}` : `Pick ${counted(3 - claim.length, "more square")}`,
      () => { if (claim.length === 3) { ctx.send(`claim ${claim.join(" ")}`); memo.claim = null; } },
      { disabled: claim.length !== 3, class: claim.length === 3 ? "is-legal" : "" }) : null,
    others.filter((n) => !n.startsWith("claim")).map((n) =>
      button(`other-${n}`, n.startsWith("score") ? `Score ${n.slice(6)}` : n, () => ctx.send(n), { class: "is-legal", dataset: { key: `other-${n}`, action: n } })));
  if (claim) claimBar.append(h("p", { class: "kl-hint" }, "Claim: three adjacent squares in a line, each with a small piece, at least one under a big piece. Right: you score them. Wrong: the next player takes two turns. ",
    citeRule(ctx.glossary, "KL-7"), " ", citeRule(ctx.glossary, "KL-8")));

  // -- scores, penalty, modes
  const scores = view.scores || {};
  const teams = view.teams || [];
  const side = h("div", { class: "kl-side" },
    h("h4", { text: "Scores" }),
    h("ul", { class: "kl-scores", dataset: { key: "scores" } }, teams.map((/** @type {number[]} */ team, /** @type {number} */ i) =>
      h("li", {}, `${team.map((s) => ctx.seatName(s)).join(" + ")}: ${(view.team_scores || [])[i] || 0} of 2`,
        team.flatMap((s) => (scores[String(s)] || [])).map((/** @type {{colour: string, squares: string[]}} */ score) =>
          h("span", { class: "kl-score", title: `${(ctx.glossary.colour_names || {})[score.colour] || score.colour} on ${score.squares.join(" ")}` },
            klPiece(ctx, score.colour), ` ${score.squares.join(" ")}`))))),
    view.extra_turns ? h("p", { class: "kl-penalty", role: "status", dataset: { key: "penalty" } },
      h("strong", { text: "Penalty: " }),
      `${ctx.seatName((view.to_move || [])[0])} takes two turns in a row — ${counted(view.extra_turns, "more turn")} after this one. `,
      citeRule(ctx.glossary, "KL-8")) : null,
    h("div", { class: "spynb-play__row" },
      view.omniscient ? h("span", { class: "kl-hint", text: "Teaching view: every colour is shown." })
        : button("reveal", reveal ? "Memory: reveal (showing what a perfect memory knows)" : "Memory: challenge (hidden colours)",
          () => model.send({ kind: "reveal", on: !reveal }), { "aria-pressed": String(reveal) }),
      button("touch-move", touchMove ? "Touch-move: on" : "Touch-move: off (practice)",
        () => model.send({ kind: "touch_move", on: !touchMove }), { "aria-pressed": String(touchMove) })),
    h("p", { class: "kl-key" }, "Key: ", Object.keys(view.colours || {}).map((c) =>
      h("span", { class: "kl-keyitem" }, klPiece(ctx, c), ` ${(ctx.glossary.colour_names || {})[c] || c} `)),
      h("span", { class: "kl-keyitem" }, klPiece(ctx, "?"), " hidden under a big piece")));

  const area = h("div", { class: "kl" }, h("div", { class: "kl-left" }, board, panel, claimBar), side);
  memo.redraw = () => {
    const again = drawKloak(ctx);
    area.replaceWith(again);
    const target = again.querySelector(`[data-key="${CSS.escape(memo.focus || "")}"]`);
    if (target) /** @type {HTMLElement} */ (target).focus();
  };
  area.addEventListener("focusin", (e) => { memo.focus = /** @type {HTMLElement} */ (e.target).dataset.key; });
  if (memo.lastTouched !== touched) { memo.choosing = null; memo.lastTouched = touched; }
  return area;
}

/**
 * The header's line on the seat shown: its team and how many scores win.
 * @param {Context} ctx
 */
function klRole(ctx) {
  const { view } = ctx;
  if (view.omniscient) return "Teaching view: every hidden colour is shown.";
  const team = (view.teams || []).find((/** @type {number[]} */ t) => t.includes(Number(view.seat))) || [Number(view.seat)];
  const partners = team.filter((/** @type {number} */ s) => s !== view.seat);
  return `You are ${ctx.seatName(view.seat)}${partners.length ? `, partnered with ${partners.map(ctx.seatName).join(", ")}` : ""}: two scores win.`;
}

/** @type {Board<KloakTraits>} */
export const board = { draw: drawKloak, traits: ["touched", "touch_move", "reveal"], roleOf: klRole };
