// The Target's area of the board: the circle of seats and HQs with the
// marker and the direction of play, the seat's hand, the revealed pile,
// face-up cards, deposited Intel, clearance tokens, and the six resolution
// steps with the current one highlighted.  Joined after board_common.js (see
// play.py), which provides h, button, gridKeys and mountBoard.

/**
 * A card as text: its printed name, its deck as a letter and a border style.
 * @param {Context} ctx
 * @param {string} card
 */
function tgCard(ctx, card) {
  const deck = (ctx.glossary.decks || {})[card] || "card";
  const name = (ctx.glossary.names || {})[card] || card;
  return ctx.h("span", { class: `tg-card tg-card--${deck}`, title: `${name} (${deck})` },
    ctx.h("span", { class: "tg-deck", "aria-hidden": "true", text: deck[0].toUpperCase() }), ` ${name}`);
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
  if (verb === "clear") return `Turn in ${rest[0].split("+").map(nice).join(", ")} for a clearance token`;
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
        h("span", { class: "tg-small", text: intel.length ? `Intel: ${intel.map((c) => (ctx.glossary.names || {})[c] || c).join(", ")}` : "no Intel deposited" }));
    } else {
      const s = String(place);
      lines.push(h("strong", { text: ctx.seatName(Number(place)) }),
        h("span", { class: "tg-small", text: `${sizes[s] ?? "?"} card(s)${played.has(s) ? " · played" : pending.has(s) ? " · to act" : ""}` }));
      if ((tokens[s] || []).length) lines.push(h("span", { class: "tg-small", text: `tokens: ${tokens[s].join(", ")}` }));
      if ((front[s] || []).length) lines.push(h("span", { class: "tg-small" }, "in front: ", front[s].map((/** @type {string} */ c) => tgCard(ctx, c))));
      if (faceUp[s]) lines.push(h("span", { class: "tg-small" }, "face up: ", tgCard(ctx, faceUp[s])));
      if (view.outed && view.outed[s]) lines.push(h("span", { class: "tg-small", text: `outed: ${view.outed[s]}` }));
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
        h("span", { text: s.title }), " ", h("span", { class: "tg-rule", text: s.rule }));
    }));
  const stageLine = h("p", { class: "tg-stage", text: view.stage_title || "" });

  // -- the pile, the hand, the choices
  const revealed = view.revealed || [];
  const pile = h("section", { class: "tg-pile", "aria-label": "The revealed pile", dataset: { key: "revealed" } },
    h("h4", { text: `Pile${view.receiver ? ` (on ${ctx.seatName(view.receiver)})` : ""}` }),
    revealed.length ? h("div", { class: "tg-cards" }, revealed.map((/** @type {string} */ c) => tgCard(ctx, c)))
      : h("p", { class: "tg-small", text: `${(view.played || []).length} card(s) played face down so far` }));
  const hand = view.omniscient
    ? h("section", { class: "tg-hand", dataset: { key: "hand" } }, h("h4", { text: "Hands (teaching view)" }),
      h("ul", {}, Object.entries(view.hands || {}).map(([s, cards]) =>
        h("li", {}, `${ctx.seatName(Number(s))} (${(ctx.glossary.affiliations || {})[(view.affiliations || {})[s]] || "?"}): `,
          /** @type {string[]} */ (cards).map((c) => tgCard(ctx, c))))))
    : h("section", { class: "tg-hand", dataset: { key: "hand" } },
      h("h4", { text: `Your hand — ${(ctx.glossary.affiliations || {})[view.affiliation] || view.affiliation || ""}` }),
      h("div", { class: "tg-cards" }, (view.hand || []).map((/** @type {string} */ c) => tgCard(ctx, c))));
  const choices = h("div", { class: "tg-choices", role: "group", "aria-label": "Your choices" },
    ctx.legal.map((notation) => button(`act-${notation}`, tgWords(ctx, notation), () => ctx.send(notation),
      { class: "is-legal", dataset: { key: `act-${notation}`, action: notation }, title: notation })));

  return h("div", { class: "tg" },
    h("div", { class: "tg-left" }, table, pile),
    h("div", { class: "tg-right" }, steps, stageLine, hand, choices));
}

export default mountBoard(drawTarget);
