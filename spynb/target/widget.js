// The Target's area of the board: the circle of seats and HQs with the
// marker and the direction of play, the seat's hand, the revealed pile,
// face-up cards, deposited Intel, clearance tokens, and the six resolution
// steps with the current one highlighted.  board_common.js draws the frame
// around it.

import { citeRule, drawAid } from "../widgets/static/board_common.js";
import { button, counted } from "../widgets/static/dom.js";

/** @import { Board, Context as BoardContext } from "../widgets/static/board_common.js" */
/** @import { BoardTraits, View } from "../widgets/static/traits.js" */

/**
 * A view of The Target (spynb/target/views.py): fields marked "seat" are in a seat's view only,
 * "teaching" in the teaching view only.  A place in the circle is a seat (a number) or an HQ (its name).
 * @typedef TgOwnView
 * @property {(number | string)[]} circle                  clockwise
 * @property {"clockwise" | "counter-clockwise"} direction
 * @property {number | string} marker                      the Target's place
 * @property {number | string | null} receiver             the place the pile goes to while it resolves
 * @property {string} stage
 * @property {string} stage_title
 * @property {string} stage_rule                           the ruling the stage follows, or ""
 * @property {number} turn_number
 * @property {number[]} to_move
 * @property {number[]} played                             the seats that played a card this round
 * @property {string[]} revealed                           the pile as it was revealed this turn
 * @property {string[]} pile                               what is left of it now
 * @property {Record<string, number>} hand_sizes           per seat
 * @property {Record<string, string[]>} tokens             per seat: its clearance tokens' decks
 * @property {Record<string, string[]>} front              per seat: the cards in front of it
 * @property {Record<string, string>} face_up              per seat: its face-up card
 * @property {Record<string, string[]>} deposits           per HQ: the Intel deposited there
 * @property {Record<string, number[]>} outed              per seat: whom it showed its affiliation (TG-7)
 * @property {number[]} language_pass                      the seats holding the Languages pass (TG-11)
 * @property {string} [affiliation]                        seat: its own
 * @property {string[]} [hand]                             seat: its cards
 * @property {Record<string, string>} [affiliations]       teaching: every seat's
 * @property {Record<string, string[]>} [hands]            teaching: every seat's cards
 *
 * @typedef {View & TgOwnView} TargetView
 * @typedef {BoardContext<BoardTraits<TargetView>>} Context
 */

/** What a revealed card that has left the pile (countered, deposited, taken) says on its face. */
const GONE = "no longer in the pile";

/**
 * A card's face: its deck's band (a Rookie card's in its category's colour) with deck and category, the
 * name, and, when `full`, what it does and the two Rookie cards that counter it.
 * @param {Context} ctx
 * @param {string} card
 * @param {boolean} [full]
 * @param {boolean} [gone]  revealed this turn but no longer in the pile: faded, and said so on the card
 */
function tgCard(ctx, card, full = false, gone = false) {
  const h = ctx.h;
  const face = (ctx.glossary.faces || {})[card] || { deck: "card", name: card, effect: "", counter: [], band: "#fff", ink: "#1a1a1a" };
  const kind = face.category ? `${face.deck} · ${face.category}` : face.deck;
  const counter = face.counter.length ? `Counter: ${face.counter.join(face.card === "outed" ? " or " : " + ")}` : "";
  const where = gone ? `${GONE}: ` : "";
  // a full card holds a link to its ruling: a group (an img's parts are hidden from screen readers)
  return h("span", { class: `tg-card tg-card--${face.deck}${full ? " tg-card--full" : ""}${gone ? " tg-card--gone" : ""}`,
    role: full ? "group" : "img",
    "aria-label": `${where}${face.name}: ${kind}. ${face.effect}${counter ? ` ${counter}.` : ""}`,
    title: `${where}${face.name} (${kind}) — ${face.effect}${counter ? ` ${counter}.` : ""}` },
  gone ? h("span", { class: "tg-gone", text: GONE }) : null,
  h("span", { class: "tg-band", style: `background:${face.band};color:${face.ink}`, text: kind }),
  h("span", { class: "tg-name", text: face.name }),
  full ? h("span", { class: "tg-effect" }, face.effect, face.rule ? " " : null, citeRule(ctx.glossary, face.rule)) : null,
  full && counter ? h("span", { class: "tg-counter", text: counter }) : null);
}

/**
 * A clearance token or the Languages pass, where it lives (at its seat).
 * @param {Context} ctx
 * @param {string} deck
 */
function tgToken(ctx, deck) {
  const colour = (ctx.glossary.deck_colours || {})[deck] || "#888";
  return ctx.h("span", { class: "tg-token", title: `${deck} clearance token: may draw from the ${deck} deck` },
    ctx.h("span", { class: "tg-dot", style: `background:${colour}`, "aria-hidden": "true" }), ` ${deck} clearance`);
}

/**
 * Turning in three Rookie cards, in words: the token it gives, or why none (TG-11).
 * @param {Context} ctx
 * @param {string[]} cards
 */
function tgClearWords(ctx, cards) {
  const faces = ctx.glossary.faces || {};
  const names = cards.map((c) => (faces[c] || {}).name || c).join(", ");
  const category = (faces[cards[0]] || {}).category;
  if (category === "languages") return `Turn in ${names} (Languages): one restore from any advanced deck, no token`;
  const deck = (ctx.glossary.token_for || {})[category] || category;
  const held = ((ctx.view.tokens || {})[String(ctx.view.seat)] || []).includes(deck);
  if (held) return `Turn in ${names}: you hold the ${deck} token already, so no second one; your hand is restored`;
  return `Turn in ${names} for the ${deck} clearance token`;
}

/**
 * What an action does, in words.
 * @param {Context} ctx
 * @param {string} notation
 */
function tgWords(ctx, notation) {
  const names = ctx.glossary.names || {};
  const [verb, ...rest] = notation.split(" ");
  const nice = (/** @type {string} */ c) => names[c] || c;
  if (verb === "play") return `Play ${nice(rest[0])}`;
  if (verb === "resolve") return "Carry out this step";
  if (verb === "discard") return `Discard ${nice(rest[0])}`;
  if (verb === "draw") return `Draw from the ${rest[0]} deck`;
  if (verb === "clear") return tgClearWords(ctx, rest[0].split("+"));
  if (verb === "counter") return `Counter ${nice(rest[0])} with ${rest.slice(1).map((p) => p.replace(":", " ")).join(" and ")}`;
  if (verb === "evade") return `Evade ${nice(rest[0])} with a Slip`;
  if (verb === "reveal") return `Show your affiliation to seat ${rest[0]}${rest[2] ? ` as ${rest[2].toUpperCase()}` : ""}`;
  if (verb === "remove") return `Remove ${nice(rest[0])} ${rest.slice(1).join(" ")}`;
  return notation;
}

/** @param {Context} ctx */
function drawTarget(ctx) {
  const { view, h } = ctx;
  const circle = /** @type {(string|number)[]} */ (view.circle || []);
  const n = circle.length || 1;
  const tokens = view.tokens || {};
  const front = view.front || {};
  const faceUp = view.face_up || {};
  const sizes = view.hand_sizes || {};
  const deposits = view.deposits || {};
  const played = new Set((view.played || []).map(String));
  const pending = new Set((view.to_move || []).map(String));

  // -- the circle
  const ring = h("ol", { class: "tg-circle", "aria-label": `The circle, in clockwise order; play goes ${view.direction}` });
  circle.forEach((place, i) => {
    const angle = (2 * Math.PI * i) / n - Math.PI / 2;
    const style = `left: ${50 + 40 * Math.cos(angle)}%; top: ${50 + 40 * Math.sin(angle)}%;`;
    const isTarget = String(view.marker) === String(place);
    const isHQ = typeof place === "string";
    const key = isHQ ? `hq-${place}` : `seat-${place}`;
    const lines = [];
    if (isHQ) {
      const intel = deposits[place] || [];
      lines.push(h("strong", { text: `${place} HQ` }),
        intel.length ? h("span", { class: "tg-cards", "aria-label": "Intel deposited here" }, intel.map((/** @type {string} */ c) => tgCard(ctx, c)))
          : h("span", { class: "tg-small", text: "no Intel deposited" }));
    } else {
      const s = String(place);
      lines.push(h("strong", { text: ctx.seatName(Number(place)) }),
        h("span", { class: "tg-small", text: `${sizes[s] === undefined ? "? cards" : counted(sizes[s], "card")}${played.has(s) ? " · played" : pending.has(s) ? " · to act" : ""}` }));
      if ((tokens[s] || []).length) lines.push(h("span", { class: "tg-small", dataset: { key: `tokens-${s}` } }, (tokens[s] || []).map((/** @type {string} */ d) => tgToken(ctx, d))));
      if ((view.language_pass || []).map(String).includes(s)) lines.push(h("span", { class: "tg-token tg-pass", title: "Three Languages turned in: this restore may draw from any advanced deck", text: "Languages pass: one restore" }));
      if ((front[s] || []).length) lines.push(h("span", { class: "tg-small" }, "in front: ", front[s].map((/** @type {string} */ c) => tgCard(ctx, c))));
      if (faceUp[s]) lines.push(h("span", { class: "tg-small" }, "face up: ", tgCard(ctx, faceUp[s])));
      const outedTo = /** @type {(string|number)[]} */ ((view.outed || {})[s] || []);
      if (outedTo.length) lines.push(h("span", { class: "tg-small", title: "Outed: the Target shows their affiliation",
        text: `Outed: affiliation shown to ${outedTo.map((v) => ctx.seatName(Number(v))).join(", ")}` }));
    }
    ring.append(h("li", {
      class: `tg-place${isHQ ? " tg-place--hq" : ""}${isTarget ? " is-target" : ""}${String(view.seat) === String(place) ? " is-me" : ""}`,
      style, dataset: { key }, "aria-current": isTarget ? "true" : null,
    }, isTarget ? h("span", { class: "tg-marker", text: "◆ Target" }) : null, lines));
  });
  const centre = h("div", { class: "tg-centre" },
    h("p", { class: "tg-direction", text: `Play goes ${view.direction === "clockwise" ? "clockwise ↻" : "counter-clockwise ↺"}` }),
    h("p", { class: "tg-small", text: `Turn ${view.turn_number}` }));
  const table = h("div", { class: "tg-table" }, ring, centre);

  // -- the six steps
  const stage = view.stage;
  const steps = h("ol", { class: "tg-steps", "aria-label": "The six resolution steps", dataset: { key: "stage" } },
    (ctx.glossary.steps || []).map((/** @type {any} */ s) => {
      const current = s.stages.includes(stage);
      return h("li", { class: current ? "is-current" : "", "aria-current": current ? "step" : null },
        h("span", { text: s.title }), " ", citeRule(ctx.glossary, s.rule));
    }));
  const stageLine = h("p", { class: "tg-stage" }, view.stage_title || "", view.stage_rule ? " " : null,
    citeRule(ctx.glossary, view.stage_rule));

  // -- the pile, the hand, the choices
  const revealed = view.revealed || [];
  const inPile = [...(view.pile || [])];
  const gone = revealed.map((/** @type {string} */ c) => {  // each card of the pile takes one revealed card
    const at = inPile.indexOf(c);
    if (at < 0) return true;
    inPile.splice(at, 1);
    return false;
  });
  const goneCount = gone.filter(Boolean).length;
  const pile = h("section", { class: "tg-pile", "aria-label": "The revealed pile", dataset: { key: "revealed" } },
    h("h4", { text: `Pile${view.receiver ? ` (on ${ctx.seatName(/** @type {number} */ (view.receiver))})` : ""}` }),
    revealed.length ? h("div", { class: "tg-cards" },
      revealed.map((/** @type {string} */ c, /** @type {number} */ i) => tgCard(ctx, c, true, gone[i])))
      : h("p", { class: "tg-small", text: `${counted((view.played || []).length, "card")} played face down so far` }),
    goneCount ? h("p", { class: "tg-small", text: goneCount === revealed.length
      ? "The pile is empty. These are the cards revealed this turn; the log says where each one went."
      : `${goneCount} of the ${revealed.length} cards revealed this turn are no longer in the pile; the log says where.` })
      : null);
  const hand = view.omniscient
    ? h("section", { class: "tg-hand", dataset: { key: "hand" } }, h("h4", { text: "Hands (teaching view)" }),
      h("ul", {}, Object.entries(view.hands || {}).map(([s, cards]) =>
        h("li", {}, `${ctx.seatName(Number(s))} (${(ctx.glossary.affiliations || {})[(view.affiliations || {})[s]] || "?"}): `,
          /** @type {string[]} */ (cards).map((c) => tgCard(ctx, c))))))
    : h("section", { class: "tg-hand", dataset: { key: "hand" } },
      h("h4", { text: "Your hand" }),
      h("div", { class: "tg-cards" }, (view.hand || []).map((/** @type {string} */ c) => tgCard(ctx, c, true))));
  const choices = h("div", { class: "tg-choices", role: "group", "aria-label": "Your choices" },
    ctx.legal.map((notation) => button(`act-${notation}`, tgWords(ctx, notation), () => ctx.send(notation),
      { class: "is-legal", dataset: { key: `act-${notation}`, action: notation }, title: notation })));

  return h("div", { class: "tg" },
    h("div", { class: "tg-left" }, table, pile),
    h("div", { class: "tg-right" }, steps, stageLine, choices, drawAid(ctx)),
    h("div", { class: "tg-wide" }, hand));
}

/**
 * The header's line on the seat shown: its affiliation and its goal.
 * @param {Context} ctx
 */
function tgRole(ctx) {
  const { view } = ctx;
  if (view.omniscient) return "Teaching view: every hand and affiliation is shown.";
  const name = (ctx.glossary.affiliations || {})[/** @type {string} */ (view.affiliation)] || view.affiliation;
  const goal = view.affiliation === "double-agent" ? "three Dirty Intel deposited at either HQ"
    : `three Intel of one letter at the ${name} HQ`;
  return `You are ${ctx.seatName(view.seat)}, affiliation ${name}: your side wins with ${goal}.`;
}

/** @type {Board<BoardTraits<TargetView>>} */
export const board = { draw: drawTarget, traits: ["aid"], roleOf: tgRole };
