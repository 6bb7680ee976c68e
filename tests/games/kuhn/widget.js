// Kuhn poker's area of the board: both cards (the other seat's face down
// until a showdown), the pot, the betting so far and a button per legal move.
// board_common.js draws the frame around it.

import { h, button } from "../../../spynb/widgets/static/dom.js";

/** @import { Board, Context as BoardContext } from "../../../spynb/widgets/static/board_common.js" */
/** @import { BoardTraits, View } from "../../../spynb/widgets/static/traits.js" */

/**
 * A Kuhn poker view (tests/games/kuhn/views.py): a hidden card is "?".
 * @typedef KpOwnView
 * @property {Record<string, string>} cards    seat -> its card, "?" when hidden from the seat shown
 * @property {Record<string, number>} stakes   seat -> its chips in the pot
 * @property {number} pot
 * @property {string[]} moves                  the betting so far
 * @property {number} winner                   0 until someone wins
 *
 * @typedef {View & KpOwnView} KuhnView
 * @typedef {BoardContext<BoardTraits<KuhnView>>} Context
 */

/**
 * The game's area: the cards, the pot and the moves.
 * @param {Context} ctx
 * @returns {Node}
 */
function drawKuhn(ctx) {
  const { view } = ctx;
  const names = ctx.glossary.card_names || {};
  const cards = Object.entries(view.cards || {}).map(([seat, card]) =>
    h("figure", { class: `kp-card${card === "?" ? " kp-card--down" : ""}`, dataset: { key: `card-${seat}` } },
      h("span", { class: "kp-face", "aria-label": names[card] || "face down", text: card }),
      h("figcaption", { text: `${ctx.seatName(Number(seat))}: ${(view.stakes || {})[seat] || 0} in the pot` })));
  const moves = h("div", { class: "kp-moves", role: "group", "aria-label": "Your moves" },
    ctx.legal.map((notation) => button(`act-${notation}`, notation, () => ctx.send(notation),
      { class: "is-legal", dataset: { key: `act-${notation}`, action: notation } })));
  return h("div", { class: "kp" },
    h("div", { class: "kp-cards" }, cards),
    h("p", { class: "kp-pot", text: `Pot: ${view.pot || 0}. Betting: ${(view.moves || []).join(", ") || "none yet"}.` }),
    moves);
}

/**
 * The header's line on the seat shown.
 * @param {Context} ctx
 */
function kpRole(ctx) {
  return ctx.view.omniscient ? "Teaching view: both cards are shown." : `You are ${ctx.seatName(ctx.view.seat)}.`;
}

/** @type {Board<BoardTraits<KuhnView>>} */
export const board = { draw: drawKuhn, traits: [], roleOf: kpRole };
