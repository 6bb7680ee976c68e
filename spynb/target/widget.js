// The Target's area of the board: the table with its seats and HQs round it
// in circle order (TG-2), the marker, deposited Intel and the cards in front
// of each seat; the revealed pile and the seat's hand in its middle, their
// cards clicked to play, counter or evade them; under it the six resolution
// steps with the current one highlighted and every choice as a button (for
// keyboards and screen readers).  board_common.js draws the frame around it.

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
 * @property {Record<string, string>} [affiliations]       teaching, and every view once a side has won: every seat's
 * @property {{ roles: Record<string, string> }} [ending]   once a side has won (TG-14): each seat's affiliation named
 * @property {Record<string, string[]>} [hands]            teaching: every seat's cards
 *
 * @typedef {View & TgOwnView} TargetView
 *
 * @typedef TgOwnTraits
 * @property {Record<string, string[]>} moves_at  the legal moves made on each card or seat of the table
 *   ("hand:<card>", "pile:<card>", "front:<card>", "seat:<n>"; spynb/target/widget.py)
 *
 * @typedef {BoardTraits<TargetView> & TgOwnTraits} TargetTraits
 * @typedef {BoardContext<TargetTraits>} Context
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
 * A small card at a seat or HQ (`key`: where it lies, e.g. "hq-CIA-0"): a button whose press shows what the card
 * says in the detail line of its place ({@link cardDetail}), and hides it again.
 * @param {Context} ctx
 * @param {string} card
 * @param {string} key
 */
function tgSmallCard(ctx, card, key) {
  const face = tgCard(ctx, card);
  const text = face.getAttribute("aria-label") || "";
  const open = ctx.memo.detail?.key === key;
  return ctx.h("button", { type: "button", class: `${face.className} tg-card--small${open ? " is-open" : ""}`,
    "aria-label": text, "aria-expanded": String(open), dataset: { key: `card-${key}` },
    onclick: () => { ctx.memo.detail = open ? null : { key, text }; ctx.memo.redraw(); } }, ...face.childNodes);
}

/**
 * The line under a place's cards that says what its pressed small card says (none while no card of it is pressed).
 * @param {Context} ctx
 * @param {string} place  the key that begins its cards' keys
 */
function cardDetail(ctx, place) {
  const detail = ctx.memo.detail;
  if (!detail || !detail.key.startsWith(`${place}-`)) return null;
  return ctx.h("p", { class: "tg-detail", dataset: { key: `detail-${place}` }, text: detail.text });
}

/**
 * A seat's affiliation on its place once a side has won (TG-14): its side's colour and its name.
 * @param {Context} ctx
 * @param {string} s  the seat, as the view's keys write it
 */
function sideLabel(ctx, s) {
  const affiliation = (ctx.view.affiliations || {})[s];
  if (!ctx.view.ending || !affiliation) return null;
  const name = (ctx.view.ending.roles || {})[s] || affiliation;
  return ctx.h("span", { class: `tg-side tg-side--${affiliation}`, dataset: { key: `side-${s}` }, text: `Was ${name}` });
}

/**
 * A clearance token, where it lives (at its seat, after the word "Clearance"): its deck's colour and name.
 * @param {Context} ctx
 * @param {string} deck
 */
function tgToken(ctx, deck) {
  const colour = (ctx.glossary.deck_colours || {})[deck] || "#888";
  return ctx.h("span", { class: "tg-token" },
    ctx.h("span", { class: "tg-dot", style: `background:${colour}`, "aria-hidden": "true" }), ` ${deck}`);
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

/**
 * Where each place sits at the table, as CSS grid areas (row-start / column-start / row-end / column-end), and
 * where the middle (the pile and the hand) sits. Two drawings: `down`, the table upright with the first HQ at
 * its head, the places after it in the circle down the right side, the other HQ at its foot and the rest up the
 * left side; `across`, the table lying with the first HQ at its left end, the places after it along the top,
 * the other HQ at the right end and the rest along the bottom. Either way a clockwise walk round the table meets
 * the places in circle order (TG-2). A seat takes two grid tracks along its side, so a side with one seat fewer
 * is centred by a shift of one track; each HQ, and the middle in the upright drawing, takes three columns of the
 * upright table's seven.
 * @param {(number | string)[]} circle  clockwise, an HQ first (TG-2)
 * @returns {{ slots: number, places: { down: string, across: string }[], middle: { down: string, across: string } }}
 */
function tableAreas(circle) {
  const foot = circle.findIndex((place, i) => i > 0 && typeof place === "string");
  const right = circle.slice(1, foot).map((_, i) => i + 1);
  const left = circle.slice(foot + 1).map((_, i) => i + foot + 1);
  const slots = Math.max(right.length, left.length, 1);
  const end = 2 * slots + 2;  // the upright table's foot row; the lying table's right HQ starts a column later
  /** @type {{ down: string, across: string }[]} */
  const places = [];
  places[0] = { down: "1 / 3 / 2 / 6", across: "2 / 1 / 3 / 3" };
  places[foot] = { down: `${end} / 3 / ${end + 1} / 6`, across: `2 / ${end + 1} / 3 / ${end + 3}` };
  right.forEach((index, i) => {
    const at = 2 + slots - right.length + 2 * i;
    places[index] = { down: `${at} / 6 / ${at + 2} / 8`, across: `1 / ${at + 1} / 2 / ${at + 3}` };
  });
  left.forEach((index, i) => {
    const at = 2 + slots - left.length + 2 * (left.length - 1 - i);  // counted from the head end
    places[index] = { down: `${at} / 1 / ${at + 2} / 3`, across: `3 / ${at + 1} / 4 / ${at + 3}` };
  });
  return { slots, places, middle: { down: `2 / 3 / ${end} / 6`, across: `2 / 3 / 3 / ${end + 1}` } };
}

/**
 * What a click on a card or seat of the table does (`at`: a key of the `moves_at` trait, spynb/target/widget.py):
 * its one move is played, or its several offered at it; with none, Python says which rule forbids the move.
 * @param {Context} ctx
 * @param {string} at
 * @param {MouseEvent} event
 */
function clickOnTable(ctx, at, event) {
  if (/** @type {HTMLElement} */ (event.target).closest("a, button")) return;  // a rule's link, a choice
  const moves = (ctx.model.get("moves_at") || {})[at] || [];
  if (moves.length > 1) {
    ctx.memo.choosing = ctx.memo.choosing === at ? null : at;
    ctx.memo.redraw();
  } else {
    ctx.memo.choosing = null;
    ctx.model.send({ kind: "card", at });
  }
}

/**
 * The props that make a card or seat of the table clickable, marked when a move is made there; its one move as
 * `data-action`.
 * @param {Context} ctx
 * @param {string} at
 */
function clickable(ctx, at) {
  const moves = (ctx.model.get("moves_at") || {})[at] || [];
  return { onclick: (/** @type {MouseEvent} */ e) => clickOnTable(ctx, at, e), "data-at": at,
    "data-action": moves.length === 1 ? moves[0] : null,
    class: `tg-clickable${moves.length ? " is-legal" : ""}${ctx.memo.choosing === at ? " is-choosing" : ""}` };
}

/**
 * The moves made at a card or seat, as buttons beside it while it is being chosen from.
 * @param {Context} ctx
 * @param {string} at
 */
function choicesAt(ctx, at) {
  if (ctx.memo.choosing !== at) return null;
  const moves = (ctx.model.get("moves_at") || {})[at] || [];
  return ctx.h("span", { class: "tg-menu", role: "group", "aria-label": "Choose how" },
    moves.map((n) => button(`at-${n}`, tgWords(ctx, n), () => { ctx.memo.choosing = null; ctx.send(n); },
      { class: "is-legal", dataset: { key: `at-${n}`, action: n } })),
    button(`at-cancel-${at}`, "Cancel", () => { ctx.memo.choosing = null; ctx.memo.redraw(); }));
}

/**
 * A card on the table that a click may act on (`at`), and its choices while they are offered.
 * @param {Context} ctx
 * @param {string} card
 * @param {string} at
 * @param {boolean} [full]
 */
function tgCardAt(ctx, card, at, full = false) {
  const face = tgCard(ctx, card, full);
  const props = clickable(ctx, at);
  face.className += ` ${props.class}`;
  face.addEventListener("click", props.onclick);
  face.dataset.at = at;
  if (props["data-action"]) face.dataset.action = props["data-action"];
  return [face, choicesAt(ctx, at)];
}

/**
 * A seat's place at the table: its name, hand size and whether it has played, its tokens, the cards in front of
 * it, its face-up card and whom an Outed showed its affiliation.
 * @param {Context} ctx
 * @param {string} s  the seat, as the view's keys write it
 */
function seatLines(ctx, s) {
  const { view, h } = ctx;
  const sizes = view.hand_sizes || {};
  const tokens = (view.tokens || {})[s] || [];
  const front = (view.front || {})[s] || [];
  const faceUp = (view.face_up || {})[s];
  const mine = !view.omniscient && String(view.seat) === s;
  const played = (view.played || []).map(String).includes(s);
  const pending = (view.to_move || []).map(String).includes(s);
  const outedTo = /** @type {(string|number)[]} */ ((view.outed || {})[s] || []);
  return [
    h("strong", { text: ctx.seatName(Number(s)) }),
    sideLabel(ctx, s),
    h("span", { class: "tg-small", text: `${sizes[s] === undefined ? "? cards" : counted(sizes[s], "card")}${played ? " · played" : pending ? " · to act" : ""}` }),
    tokens.length ? h("span", { class: "tg-tokens", dataset: { key: `tokens-${s}` } },
      h("span", { class: "tg-small", text: "Clearance:" }), tokens.map((/** @type {string} */ d) => tgToken(ctx, d))) : null,
    (view.language_pass || []).map(String).includes(s) ? h("span", { class: "tg-token tg-pass", text: "Languages pass: one restore from any advanced deck" }) : null,
    front.length ? h("span", { class: "tg-front", "aria-label": "in front of this seat" }, h("span", { class: "tg-small", text: "In front:" }),
      front.map((/** @type {string} */ c, /** @type {number} */ i) => (mine ? tgCardAt(ctx, c, `front:${c}`)
        : tgSmallCard(ctx, c, `seat-${s}-front-${i}`)))) : null,
    faceUp ? h("span", { class: "tg-front" }, h("span", { class: "tg-small", text: "Face up:" }),
      tgSmallCard(ctx, faceUp, `seat-${s}-up`)) : null,
    outedTo.length ? h("span", { class: "tg-small", text: `Outed: affiliation shown to ${outedTo.map((v) => ctx.seatName(Number(v))).join(", ")}` }) : null,
    cardDetail(ctx, `seat-${s}`),
  ];
}

/**
 * The places round the table in circle order: seats and HQs, the marker on the Target, deposited Intel in its HQ's
 * place; a seat an Outed Target may show its affiliation to is clicked to show it.
 * @param {Context} ctx
 * @param {{ down: string, across: string }[]} areas
 */
function drawPlaces(ctx, areas) {
  const { view, h } = ctx;
  const circle = /** @type {(string|number)[]} */ (view.circle || []);
  const deposits = view.deposits || {};
  return h("ol", { class: "tg-circle", "aria-label": `The table, its places in clockwise order; play goes ${view.direction}` },
    circle.map((place, i) => {
      const isTarget = String(view.marker) === String(place);
      const isHQ = typeof place === "string";
      const intel = isHQ ? deposits[place] || [] : [];
      const at = `seat:${place}`;
      const reveal = !isHQ && ((ctx.model.get("moves_at") || {})[at] || []).length > 0;
      const props = reveal ? clickable(ctx, at) : { class: "" };
      const side = view.ending ? ` tg-side--${isHQ ? place.toLowerCase() : (view.affiliations || {})[place]}` : "";
      return h("li", {
        ...props,
        class: `tg-place${isHQ ? " tg-place--hq" : ""}${side}${isTarget ? " is-target" : ""}${!view.omniscient && String(view.seat) === String(place) ? " is-me" : ""} ${props.class}`,
        style: `--tg-down: ${areas[i].down}; --tg-across: ${areas[i].across};`,
        dataset: { key: isHQ ? `hq-${place}` : `seat-${place}` }, "aria-current": isTarget ? "true" : null,
      }, isTarget ? h("span", { class: "tg-marker", text: "◆ Target" }) : null,
      isHQ ? [h("strong", { text: `${place} HQ` }),
        intel.length ? h("span", { class: "tg-cards", "aria-label": "Intel deposited here" },
          intel.map((/** @type {string} */ c, /** @type {number} */ n) => tgSmallCard(ctx, c, `hq-${place}-${n}`)))
          : h("span", { class: "tg-small", text: "no Intel deposited" }), cardDetail(ctx, `hq-${place}`)]
        : seatLines(ctx, String(place)),
      reveal ? choicesAt(ctx, at) : null);
    }));
}

/**
 * The pile as it was revealed this turn, each card still in it clicked to counter or evade it.
 * @param {Context} ctx
 */
function drawPile(ctx) {
  const { view, h } = ctx;
  const revealed = view.revealed || [];
  const inPile = [...(view.pile || [])];
  const gone = revealed.map((/** @type {string} */ c) => {  // each card of the pile takes one revealed card
    const at = inPile.indexOf(c);
    if (at < 0) return true;
    inPile.splice(at, 1);
    return false;
  });
  const goneCount = gone.filter(Boolean).length;
  const shownAt = new Set();  // a card's choices are offered beside the first of its kind
  return h("section", { class: "tg-pile", "aria-label": "The revealed pile", dataset: { key: "revealed" } },
    h("h4", { text: `Pile${view.receiver ? ` (on ${ctx.seatName(/** @type {number} */ (view.receiver))})` : ""}` }),
    revealed.length ? h("div", { class: "tg-cards" },
      revealed.map((/** @type {string} */ c, /** @type {number} */ i) => {
        if (gone[i]) return tgCard(ctx, c, true, true);
        const [face, menu] = tgCardAt(ctx, c, `pile:${c}`, true);
        const first = !shownAt.has(c);
        shownAt.add(c);
        return [face, first ? menu : null];
      }))
      : h("p", { class: "tg-small", text: `${counted((view.played || []).length, "card")} played face down so far` }),
    goneCount ? h("p", { class: "tg-small", text: goneCount === revealed.length
      ? "The pile is empty. These are the cards revealed this turn; the log says where each one went."
      : `${goneCount} of the ${revealed.length} cards revealed this turn are no longer in the pile; the log says where.` })
      : null);
}

/**
 * The seat's hand, each card clicked to play or discard it; every hand in the teaching view.
 * @param {Context} ctx
 */
function drawHand(ctx) {
  const { view, h } = ctx;
  if (view.omniscient) {
    return h("section", { class: "tg-hand", dataset: { key: "hand" } }, h("h4", { text: "Hands (teaching view)" }),
      h("ul", {}, Object.entries(view.hands || {}).map(([s, cards]) =>
        h("li", {}, `${ctx.seatName(Number(s))} (${(ctx.glossary.affiliations || {})[(view.affiliations || {})[s]] || "?"}): `,
          /** @type {string[]} */ (cards).map((c, i) => tgSmallCard(ctx, c, `hands-${s}-${i}`)), cardDetail(ctx, `hands-${s}`)))));
  }
  const hand = view.hand || [];
  const moves = ctx.model.get("moves_at") || {};
  const hint = hand.some((c) => (moves[`hand:${c}`] || []).length)
    ? ` (click a card to ${view.stage === "restore" ? "discard" : "play"} it)` : "";
  const shownAt = new Set();
  return h("section", { class: "tg-hand", dataset: { key: "hand" } },
    h("h4", { text: `Your hand${hint}` }),
    h("div", { class: "tg-cards" }, hand.map((/** @type {string} */ c) => {
      const [face, menu] = tgCardAt(ctx, c, `hand:${c}`, true);
      const first = !shownAt.has(c);
      shownAt.add(c);
      return [face, first ? menu : null];
    })));
}

/**
 * The six resolution steps, the current one highlighted, and the stage's line with its ruling.
 * @param {Context} ctx
 */
function drawSteps(ctx) {
  const { view, h } = ctx;
  const steps = h("ol", { class: "tg-steps", "aria-label": "The six resolution steps", dataset: { key: "stage" } },
    (ctx.glossary.steps || []).map((/** @type {any} */ s) => {
      const current = s.stages.includes(view.stage);
      return h("li", { class: current ? "is-current" : "", "aria-current": current ? "step" : null },
        h("span", { text: s.title }), " ", citeRule(ctx.glossary, s.rule));
    }));
  return [steps, h("p", { class: "tg-stage" }, view.stage_title || "", view.stage_rule ? " " : null,
    citeRule(ctx.glossary, view.stage_rule))];
}

/** @param {Context} ctx */
function drawTarget(ctx) {
  const { view, h, memo } = ctx;
  const legalNow = ctx.legal.join("|");
  if (memo.choosingFor !== legalNow) { memo.choosing = null; memo.detail = null; memo.choosingFor = legalNow; }
  const circle = /** @type {(string|number)[]} */ (view.circle || []);
  const areas = tableAreas(circle);
  const middle = h("div", { class: "tg-middle", style: `--tg-down: ${areas.middle.down}; --tg-across: ${areas.middle.across};` },
    h("p", { class: "tg-direction" }, `Turn ${view.turn_number} · play goes `,
      h("strong", { text: view.direction === "clockwise" ? "clockwise ↻" : "counter-clockwise ↺" })),
    h("div", { class: "tg-middle__cards" }, drawPile(ctx), drawHand(ctx)));
  const table = h("div", { class: "tg-table", dataset: { slots: String(areas.slots) } }, drawPlaces(ctx, areas.places), middle);
  const choices = h("div", { class: "tg-choices", role: "group", "aria-label": "Your choices" },
    ctx.legal.map((notation) => button(`act-${notation}`, tgWords(ctx, notation), () => ctx.send(notation),
      { class: "is-legal", dataset: { key: `act-${notation}`, action: notation }, title: notation })));
  const area = h("div", { class: "tg" },
    h("div", { class: "tg-left" }, table),
    h("div", { class: "tg-right" }, h("div", { class: "tg-right__steps" }, drawSteps(ctx)),
      h("div", { class: "tg-right__choices" }, choices, drawAid(ctx))));
  memo.redraw = () => {
    const again = drawTarget(ctx);
    area.replaceWith(again);
    const focus = again.querySelector(`[data-key="${CSS.escape(memo.focus || "")}"]`) || again.querySelector(".tg-menu button");
    if (focus) /** @type {HTMLElement} */ (focus).focus();
  };
  area.addEventListener("focusin", (e) => { memo.focus = /** @type {HTMLElement} */ (e.target).dataset.key; });
  return area;
}

/**
 * The header's line on the seat shown: its affiliation and its goal.
 * @param {Context} ctx
 */
function tgRole(ctx) {
  const { view } = ctx;
  if (view.omniscient) return "Teaching view: every hand and affiliation is shown.";
  if (!view.affiliation) return `You are ${ctx.seatName(view.seat)}. Your affiliation is not drawn yet.`;
  const name = (ctx.glossary.affiliations || {})[/** @type {string} */ (view.affiliation)] || view.affiliation;
  const goal = view.affiliation === "double-agent" ? "three Dirty Intel deposited at either HQ"
    : `three Intel of one letter at the ${name} HQ`;
  return `You are ${ctx.seatName(view.seat)}, affiliation ${name}: your side wins with ${goal}.`;
}

/** @type {Board<TargetTraits>} */
export const board = { draw: drawTarget, traits: ["aid", "moves_at"], roleOf: tgRole };
