// spynb walkthrough player: the panel above the board (spynb/widgets/frontend.py
// links it into a board's module; board_common.js's mountBoard draws it).
//
// Everything comes from the `walk` and `feedback` traits (spynb/widgets/walkthrough.py);
// the panel sends intentions only ({kind: "walk", move: "next" | "act" | "previous" | "show" |
// "skip" | "jump" | "answer"}).  A step the learner acts out ("Cut the deck") shows a button
// with that label in place of Next.  A page address with `#walk=<id>&step=N` (or `#step=N`) opens the walkthrough at
// step N; the step shown is kept in the address, so Back, Reload and a return from a rule link come back to it.
// This browser remembers how far each walkthrough got and where it was last (progress.js): the welcome page's
// "continue", and a later visit's offer to continue at that step.
// Text from scenarios and the engine is only ever set as textContent.

import { batched, button, focusedKey, h, refocus, ruleLink, watch } from "./dom.js";
import { readProgress, rememberStep } from "./progress.js";

/** @import { Panel, PanelArgs } from "./board_common.js" */
/** @import { BoardTraits } from "./traits.js" */

/**
 * @typedef WalkStep
 * @property {number} number        1-based
 * @property {"narrated" | "your-turn" | "question" | "end"} kind
 * @property {string} caption
 * @property {string} act           the learner's act that plays a chance move ("Cut the deck"), or ""
 * @property {string} rule          a rule id, or ""
 * @property {string} rule_href     the rules page's address for it
 * @property {string} citation
 * @property {string} source        where the rule comes from: "rulebook", "spynb's ruling", "publisher's FAQ"…
 * @property {string} quote
 * @property {string} shows_hidden  what the screen says when the step tells more than the seat's board shows, or ""
 * @property {{text: string, value: any}[]} choices
 * @property {boolean} number_answer
 * @property {boolean} several      choose every right choice (check boxes), then Answer
 * @property {any} [tried]          a first wrong answer (a second try follows before the answer), or null
 * @property {boolean | null} [right] whether the answer given is right, or null
 * @property {any} answered         the learner's answer to this question, or null
 * @property {{text: string, href: string}[]} links
 *
 * @typedef Walk
 * @property {string} id          the scenario's
 * @property {string} title
 * @property {string} goal
 * @property {number} count
 * @property {number} at            0-based
 * @property {WalkStep} step
 * @property {string} just          what the last move showed, in words
 * @property {{number: number, kind: string, act: boolean, title: string}[]} outline
 * @property {boolean} finished     the end step was reached by playing on from the first, with no jump
 *
 * @typedef Feedback   about the learner's last move or answer; {} when there is nothing to say
 * @property {boolean | null} [ok]  right, wrong, or null when a move was only shown
 * @property {boolean} [shown]     the move was shown (Show me)
 * @property {string} [text]
 * @property {number} [step]        the number of the step it is about
 * @property {string} [rule]
 * @property {string} [rule_href]
 * @property {string} [citation]
 * @property {string} [source]
 *
 * The traits of a walkthrough player (spynb/widgets/walkthrough_player.py): a board's and these two.
 * @typedef {BoardTraits & { walk: Walk, feedback: Feedback }} WalkthroughTraits
 */

/** Models whose walkthrough already followed the page address's #step= (once per model). */
const walkHashFollowed = new WeakSet();

/** The page address's fragment as its `&`-joined `key=value` parts, in order. */
function fragmentParts() {
  return (window.location.hash || "").replace(/^#/, "").split("&").filter(Boolean);
}

/**
 * The step the page address names for walkthrough `id` (`#walk=<id>&step=12`; a bare `#step=12` names a step
 * of every walkthrough on the page), or null.
 * @param {string} id
 */
function stepInAddress(id) {
  const parts = fragmentParts();
  const walk = parts.find((part) => part.startsWith("walk="));
  if (walk && decodeURIComponent(walk.slice(5)) !== id) return null;
  const step = parts.find((part) => /^step=\d+$/.test(part));
  return step ? Number(step.slice(5)) : null;
}

/**
 * The page's address with walkthrough `id` at step `n` in its fragment (other parts, a board's position, kept).
 * @param {number} n
 * @param {string} id
 */
function addressOfStep(n, id) {
  const url = new URL(window.location.href);
  const others = fragmentParts().filter((part) => !part.startsWith("walk=") && !part.startsWith("step="));
  url.hash = [...others, `walk=${encodeURIComponent(id)}`, `step=${n}`].join("&");
  return url.toString();
}

/**
 * Keep the step shown in the page's address (replacing the current history entry, so Back and Reload come back
 * to it, and a link followed from it returns there): only once the learner has left step 1, or the address
 * names a step already.
 * @param {number} n
 * @param {string} id
 */
function keepPlace(n, id) {
  if (n <= 1 && stepInAddress(id) === null) return;
  const address = addressOfStep(n, id);
  if (address !== window.location.href) window.history.replaceState(window.history.state, "", address);
}

const WALK_KIND_LABEL = { "narrated": "Watch", "your-turn": "Your move", "question": "Question", "end": "Well done" };

/** @param {PanelArgs<WalkthroughTraits>} args */
function walkthroughPanel({ model, slot, send }) {
  const panel = h("section", { class: "spynb-walk", "aria-label": "Walkthrough" });
  slot.append(panel);
  /** @type {string | null} */
  let copied = null;
  /** @type {number | null} the step a later visit may continue at (progress.js), until the learner moves on */
  let resumeAt = null;
  /** @type {number | null} the step the page address asked for, until it is shown */
  let arriving = null;
  /** whether a step was shown already: the first, at step 1, is where the walkthrough opens, not the learner's place */
  let placed = false;
  const walkSend = (/** @type {object} */ content) => send({ kind: "walk", ...content });

  const walkRule = (/** @type {{rule?: string, rule_href?: string, citation?: string, source?: string}} */ r) =>
    ruleLink(r, "spynb-walk__rule", "Rule ", true);

  const question = (/** @type {WalkStep} */ step) => {
    if (step.kind !== "question") return null;
    const ok = step.right === true;
    if (step.number_answer) {
      const input = h("input", { type: "number", step: 1, inputmode: "numeric", class: "spynb-walk__number",
        "aria-label": "Your answer (a whole number)", dataset: { key: "walk-number" },
        value: step.answered ?? "" });
      const answer = () => {
        const value = /** @type {HTMLInputElement} */ (input).value.trim();
        if (/^-?\d+$/.test(value)) walkSend({ move: "answer", value: Number(value) });
      };
      input.addEventListener("keydown", (event) => { if (event.key === "Enter") answer(); });
      return h("div", { class: "spynb-walk__choices" }, input, button("walk-answer", "Answer", answer));
    }
    if (step.several) return severalChoices(step);
    const same = (/** @type {any} */ a, /** @type {any} */ b) => JSON.stringify(a) === JSON.stringify(b);
    const answered = step.answered !== null && step.answered !== undefined;
    return h("div", { class: "spynb-walk__choices", role: "group", "aria-label": "Answers" },
      step.choices.map((choice, i) => {
        // a first wrong try stays marked and cannot be picked again; the answer given is marked right or wrong
        const tried = step.tried !== null && step.tried !== undefined && same(step.tried, choice.value);
        const picked = answered && same(step.answered, choice.value);
        const verdict = picked ? (ok ? "is-right" : "is-wrong") : tried ? "is-tried" : "";
        const mark = picked ? (ok ? "✓ " : "✗ ") : tried ? "✗ " : "";
        return button(`walk-choice-${i}`, `${mark}${choice.text}`, () => walkSend({ move: "answer", value: choice.value }),
          { class: `spynb-walk__choice ${verdict}`.trim(), "aria-pressed": String(picked), disabled: tried });
      }));
  };

  /** Check boxes, one per choice, and Answer: the learner ticks every choice that is right. */
  const severalChoices = (/** @type {WalkStep} */ step) => {
    const ticked = new Set((Array.isArray(step.answered) ? step.answered : []).map((v) => JSON.stringify(v)));
    const boxes = step.choices.map((choice, i) => {
      const box = h("input", { type: "checkbox", dataset: { key: `walk-tick-${i}` } });
      /** @type {HTMLInputElement} */ (box).checked = ticked.has(JSON.stringify(choice.value));
      return { choice, box, row: h("label", { class: "spynb-walk__tick" }, box, ` ${choice.text}`) };
    });
    const answer = () => walkSend({ move: "answer", value: boxes
      .filter(({ box }) => /** @type {HTMLInputElement} */ (box).checked).map(({ choice }) => choice.value) });
    return h("div", { class: "spynb-walk__choices", role: "group", "aria-label": "Tick every answer that is right" },
      h("p", { class: "spynb-walk__hint", text: "More than one may be right: tick each that is." }),
      boxes.map(({ row }) => row), button("walk-answer", "Answer", answer));
  };

  const linkRow = (/** @type {Walk} */ data) => {
    const n = data.step.number;
    const copy = button("walk-copy", "Copy a link to this step", async () => {
      copied = addressOfStep(n, data.id);
      try {
        await navigator.clipboard.writeText(copied);
        copied = `Copied: ${copied}`;
      } catch (e) {
        copied = `Copy this link: ${copied}`;
      }
      draw();
    });
    const shown = copied ? h("input", { class: "spynb-walk__address", readonly: true, value: copied,
      "aria-label": "Link to this step", dataset: { key: "walk-address" } }) : null;
    return h("div", { class: "spynb-walk__row spynb-walk__small" }, copy, shown);
  };

  const draw = () => {
    const data = /** @type {Walk} */ (model.get("walk") || {});
    const feedback = model.get("feedback") || {};
    if (!data.step) {
      panel.replaceChildren();
      return;
    }
    const focusKey = focusedKey(panel);
    const step = data.step;
    const last = step.kind === "end";
    const answered = step.answered !== null && step.answered !== undefined;  // a question is answered before Next
    const jump = h("select", { "aria-label": "Go to step", dataset: { key: "walk-jump" } },
      data.outline.map((s) => h("option", { value: s.number, selected: s.number === step.number },
        `${s.number}. ${WALK_KIND_LABEL[s.act ? "your-turn" : /** @type {keyof WALK_KIND_LABEL} */ (s.kind)] || ""}: ${s.title}`)));
    jump.addEventListener("change", () => walkSend({ move: "jump", step: Number(/** @type {HTMLSelectElement} */ (jump).value) }));
    const progress = h("progress", { class: "spynb-walk__progress", max: data.count, value: step.number,
      "aria-hidden": "true" });
    const feedbackBox = feedback.text ? h("div", { class: `spynb-walk__feedback ${feedback.ok === true ? "is-ok"
      : feedback.ok === false ? "is-wrong" : "is-shown"}`, role: "status" },
    h("p", { text: feedback.text }), feedback.rule !== step.rule ? walkRule(feedback) : null) : null;
    // feedback on this step (an answer, a wrong move) follows its caption; on the last step's move, precedes it
    const here = feedback.step === step.number;
    copied = copied && panel.dataset.step === String(step.number) ? copied : null;
    // finished: the end step reached by playing on from the first step, with no jump on the way
    rememberStep(data.id, step.number, data.count, Boolean(data.finished), placed || step.number !== 1);
    placed = true;
    if (arriving === step.number) {  // back at the step the address names: bring the walkthrough into sight
      arriving = null;
      requestAnimationFrame(() => panel.scrollIntoView({ block: "start" }));
    }
    if (arriving === null) keepPlace(step.number, data.id);  // not while the step the address names is on its way
    if (step.number !== 1) resumeAt = null;  // the offer is for a walkthrough opened at its start
    const resume = resumeAt ? h("p", { class: "spynb-walk__resume" }, `You were at step ${resumeAt} of ${data.count}. `,
      button("walk-resume", `Continue at step ${resumeAt}`, () => walkSend({ move: "jump", step: resumeAt }))) : null;
    panel.dataset.step = String(step.number);
    panel.dataset.kind = step.kind;
    panel.replaceChildren(...[
      h("header", { class: "spynb-walk__head" },
        h("h4", { class: "spynb-walk__title", text: data.title }),
        h("p", { class: "spynb-walk__position", text: `Step ${step.number} of ${data.count}` }), progress),
      resume,
      step.number === 1 && data.goal ? h("p", { class: "spynb-walk__goal" }, h("strong", { text: "Goal: " }), data.goal) : null,
      data.just ? h("p", { class: "spynb-walk__just" }, h("strong", { text: "What happened: " }), data.just) : null,
      here ? null : feedbackBox,
      h("div", { class: `spynb-walk__step is-${step.kind}`, "aria-live": "polite" },
        h("p", { class: "spynb-walk__kind", text: WALK_KIND_LABEL[step.act ? "your-turn" : step.kind] }),
        h("p", { class: "spynb-walk__caption", text: step.caption }),
        step.shows_hidden ? h("p", { class: "spynb-walk__hidden", text: step.shows_hidden }) : null,
        question(step),
        last && step.links.length ? h("ul", { class: "spynb-walk__links" },
          step.links.map((link) => h("li", {}, h("a", { href: link.href }, link.text)))) : null,
        h("p", { class: "spynb-walk__small" }, walkRule(step),
          step.quote ? h("q", { class: "spynb-walk__quote", text: step.quote }) : null)),
      here ? feedbackBox : null,
      h("div", { class: "spynb-walk__row" },
        button("walk-prev", "◀ Previous", () => walkSend({ move: "previous" }), { disabled: data.at === 0 }),
        step.act ? button("walk-act", step.act, () => walkSend({ move: "act" }), { class: "spynb-walk__next spynb-walk__act" })
          : step.kind === "narrated" || (step.kind === "question" && answered)
            ? button("walk-next", "Next ▶", () => walkSend({ move: "next" }), { class: "spynb-walk__next" }) : null,
        step.kind === "question" && !answered
          ? button("walk-skip", "Skip this question", () => walkSend({ move: "skip" })) : null,
        step.kind === "your-turn" ? button("walk-show", "Show me", () => walkSend({ move: "show" })) : null,
        last ? button("walk-restart", "Start again", () => walkSend({ move: "jump", step: 1 })) : null,
        jump),
      linkRow(data),
    ].filter((part) => part !== null));
    if (focusKey && !refocus(panel, focusKey)) {
      /** @type {HTMLElement | null} */ (panel.querySelector(".spynb-walk__next, [data-key=walk-show], [data-key=walk-restart]"))?.focus();
    }
  };

  const unwatch = watch(model, ["walk", "feedback"], batched(draw));
  const data = model.get("walk") || {};
  const wanted = data.id ? stepInAddress(data.id) : null;
  if (wanted !== null && data.step && !walkHashFollowed.has(model)) {
    walkHashFollowed.add(model);
    if (wanted !== data.step.number) {
      arriving = wanted;
      walkSend({ move: "jump", step: wanted });
    }
  } else if (wanted === null && data.step?.number === 1) {
    const at = readProgress()[data.id]?.at;  // a later visit: offer the step this browser last showed
    resumeAt = at && at > 1 && at <= data.count ? at : null;
  }
  draw();
  return unwatch;
}

/** @type {Panel<WalkthroughTraits>} */
export const panel = walkthroughPanel;
