// KLOAK's area of the board: the 5 × 5 board (arrow keys move between
// squares), touch-move (KL-14), the moves of the touched piece marked on the
// squares they end on (a square reached two ways, KL-5, offers both there),
// claim mode (KL-7), scores, the penalty (KL-8) and the memory modes (KL-13).
// Every click on a square goes to Python ({kind: "square"}), which decides
// what it means.  board_common.js draws the frame around it.

import { citeRule } from "../widgets/static/board_common.js";
import { button, counted, gridKeys, refocus } from "../widgets/static/dom.js";

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
 * @property {Record<string, string>} [revealed]   square -> the colour of a piece the view hides, shown once the
 *                                                 game is over (the board adds it then, and only then)
 *
 * @typedef {View & KlOwnView} KloakView
 *
 * The traits of a KLOAK board (spynb/kloak/widget.py): the common ones and touch-move's.
 * @typedef {BoardTraits<KloakView> & KloakOwnTraits} KloakTraits
 *
 * One move of the touched piece (spynb/kloak/widget.py).
 * @typedef KlReach
 * @property {string} action   its notation
 * @property {string} to       the square it ends on
 * @property {string} words    what it does, in words
 *
 * @typedef KloakOwnTraits
 * @property {string} touched      the square of the piece the seat touched (KL-14), or ""
 * @property {KlReach[]} reach     the touched piece's moves
 * @property {string} offer        a square the touched piece reaches two ways, whose moves are offered there, or ""
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
 * The two ways to reach `square` (lift off alone, or slide with the small piece: KL-5), offered beside it,
 * away from the touched piece so that it stays in sight; Escape or the square itself takes the offer back.
 * @param {Context} ctx
 * @param {string} square
 * @param {KlReach[]} moves
 * @param {string} touched  the square of the touched piece
 */
function klOffer(ctx, square, moves, touched) {
  const withdraw = () => ctx.model.send({ kind: "square", square });
  const file = KL_FILES.indexOf(square[0]);
  const side = file < 2 ? "start" : file > 2 ? "end" : "middle";
  const [rank, from] = [Number(square[1]), Number(touched[1])];
  const above = from < rank || (from === rank && rank === 1);
  const box = ctx.h("div", { class: `kl-offer kl-offer--${side}${above ? " kl-offer--above" : ""}`, role: "group",
    "aria-label": `Two ways to ${square}`,
    onkeydown: (/** @type {KeyboardEvent} */ event) => { if (event.key === "Escape") withdraw(); } },
  ctx.h("p", { class: "kl-offer__title", text: `Two ways to ${square}:` }),
  moves.map((move) => button(`way-${move.action}`, move.words, () => ctx.send(move.action),
    { class: "is-legal", dataset: { key: `way-${move.action}`, action: move.action } })),
  button("way-back", "Not now", withdraw));
  return box;
}

/** @param {Context} ctx */
function drawKloak(ctx) {
  const { view, h, model, memo } = ctx;
  const small = view.small || {};
  const big = new Set(view.big || []);
  const covered = new Set(view.covered || []);
  const remembered = view.remembered || {};
  const revealed = view.revealed || {};
  const names = ctx.glossary.colour_names || {};
  const touched = model.get("touched") || "";
  const touchMove = Boolean(model.get("touch_move"));
  const reveal = Boolean(model.get("reveal"));
  memo.claim = memo.claim || null; // null: not in claim mode; else the picked squares
  /** @type {string[] | null} */
  const claim = memo.claim;
  /** @type {KlReach[]} */
  const reach = touched ? model.get("reach") || [] : [];
  const offer = model.get("offer") || "";
  const movable = new Set(ctx.legal.map((n) => (/^(?:B )?([a-e][1-5])[-x=]/.exec(n) || [])[1]).filter(Boolean));
  /** @type {Map<string, KlReach[]>} */
  const targets = new Map();
  for (const move of reach) targets.set(move.to, [...(targets.get(move.to) || []), move]);

  const board = h("div", { class: "kl-board", role: "grid", "aria-label": "The board, rank 5 at the top (arrow keys move)" });
  for (let rank = 5; rank >= 1; rank--) {
    const row = h("div", { class: "kl-row", role: "row" });
    row.append(h("span", { class: "kl-coord", "aria-hidden": "true", text: rank }));
    for (let f = 0; f < 5; f++) {
      const sq = `${KL_FILES[f]}${rank}`;
      const colour = small[sq];
      const isBig = big.has(sq);
      const hidden = colour === "?";
      const endColour = hidden ? revealed[sq] : undefined;
      const memoryColour = hidden && reveal && !endColour ? remembered[sq] : undefined;
      const parts = [];
      if (colour) {
        parts.push(endColour ? klPiece(ctx, endColour) : hidden ? (memoryColour ? klPiece(ctx, memoryColour, true) : klPiece(ctx, "?"))
          : klPiece(ctx, colour));
      }
      let spoken = `${sq}: `;
      if (isBig) {
        spoken += !colour ? "big piece" : `big piece kloaking ${endColour ? `a ${names[endColour]} piece, revealed at the end`
          : hidden ? (memoryColour ? `a piece remembered as ${names[memoryColour]}` : "a hidden piece") : names[colour] + " piece"}`;
      } else spoken += colour ? `${names[colour]} small piece` : "empty";
      const isTarget = targets.has(sq);
      const ways = targets.get(sq) || [];
      const inClaim = claim && claim.includes(sq);
      const cls = ["kl-square", isBig ? "has-big" : "", covered.has(sq) ? "is-covered" : "", endColour ? "is-revealed" : "",
        !claim && !touched && movable.has(sq) ? "is-legal" : "", isTarget ? "is-legal is-target" : "",
        ways.length > 1 ? "is-twoway" : "", touched === sq ? "is-touched" : "", inClaim ? "is-claimed" : "",
        offer === sq ? "is-offered" : ""].filter(Boolean).join(" ");
      if (touched === sq) spoken += touchMove ? ", touched: you must move it" : ", picked";
      if (isTarget) spoken += ways.length > 1 ? `, two ways to get here: ${ways.map((m) => m.words).join(" or ")}`
        : `, ${ways[0].words}`;
      if (inClaim) spoken += ", in your claim";
      const cell = h("button", {
        type: "button", class: cls, dataset: { key: `sq-${sq}`, grid: `${5 - rank},${f}`, square: sq },
        "aria-label": spoken, "aria-expanded": ways.length > 1 ? String(offer === sq) : null,
        onclick: () => {
          if (!claim) {
            model.send({ kind: "square", square: sq });
            return;
          }
          const at = claim.indexOf(sq);
          if (at >= 0) claim.splice(at, 1); else if (claim.length < 3) claim.push(sq);
          memo.redraw();
        },
      }, isBig ? h("span", { class: "kl-big", "aria-hidden": "true" }, parts) : parts,
      ways.length > 1 ? h("span", { class: "kl-ways", "aria-hidden": "true", text: "2 ways" }) : null,
      endColour ? h("span", { class: "kl-end", "aria-hidden": "true", text: "end" }) : null);
      row.append(h("div", { class: "kl-cell", role: "gridcell" }, cell,
        offer === sq && ways.length > 1 ? klOffer(ctx, sq, ways, touched) : null));
    }
    board.append(row);
  }
  board.append(h("div", { class: "kl-row kl-files", "aria-hidden": "true" }, h("span", { class: "kl-coord" }),
    [...KL_FILES].map((f) => h("span", { class: "kl-coord", text: f }))));
  gridKeys(board);
  const shownAtEnd = Object.keys(revealed).length ? h("p", { class: "kl-hint kl-revealed", dataset: { key: "revealed" } },
    h("strong", { text: "Revealed at the end: " }),
    `the game is over, so every piece the big pieces hid is shown, marked “end” (${Object.keys(revealed).sort().join(", ")}).`) : null;

  // -- the touched piece: where its moves end is marked on the board
  const panel = h("div", { class: "kl-panel" });
  if (touched) {
    const twoWay = [...targets.values()].some((ways) => ways.length > 1);
    panel.append(touchMove
      ? h("p", { class: "kl-touch" }, `You touched the piece on ${touched}: you must move it. Choose where. `,
        citeRule(ctx.glossary, "KL-14"))
      : h("p", { class: "kl-touch", text: `Piece on ${touched} picked (practice: touch-move is off; click it again to put it down).` }),
    h("p", { class: "kl-hint" }, `Click a square marked green to move there. ${twoWay
      ? "A square marked “2 ways” can be reached two ways: lift the big piece off alone, or slide it with its small piece. Click it to choose. "
      : ""}`, twoWay ? citeRule(ctx.glossary, "KL-5") : null));
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
      Object.keys(revealed).length ? h("span", { class: "kl-keyitem" }, h("span", { class: "kl-end", text: "end" }), " revealed at the end")
        : h("span", { class: "kl-keyitem" }, klPiece(ctx, "?"), " hidden under a big piece")));

  const area = h("div", { class: "kl" }, h("div", { class: "kl-left" }, board, shownAtEnd, panel, claimBar), side);
  memo.redraw = () => {
    const again = drawKloak(ctx);
    area.replaceWith(again);
    const target = again.querySelector(`[data-key="${CSS.escape(memo.focus || "")}"]`);
    if (target) /** @type {HTMLElement} */ (target).focus();
  };
  area.addEventListener("focusin", (e) => { memo.focus = /** @type {HTMLElement} */ (e.target).dataset.key; });
  klOfferFocus(area, memo, offer);
  return area;
}

/**
 * The focus follows the offer: into its first way when it opens, back to its square when it closes.
 * @param {HTMLElement} area
 * @param {Record<string, any>} memo
 * @param {string} offer
 */
function klOfferFocus(area, memo, offer) {
  const was = memo.offered || "";
  memo.offered = offer;
  if (offer === was) return;
  const key = offer ? area.querySelector(".kl-offer button")?.getAttribute("data-key") : `sq-${was}`;
  // after the frame's redraw has put the focus back where it was
  queueMicrotask(() => { if (key && area.isConnected) refocus(area, key); });
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
export const board = { draw: drawKloak, traits: ["touched", "reach", "offer", "touch_move", "reveal"], roleOf: klRole };
