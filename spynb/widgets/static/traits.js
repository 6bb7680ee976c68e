// spynb boards: the types of what the front end receives, checked by tsc.
//
// The traits of a board (spynb/widgets/play.py and the mixins pacing.py,
// narration.py and ending.py; each trait's help there says more) and the model that holds
// them.  A game's module adds its own view (CloakDaggerView, KloakView,
// TargetView) and traits (KLOAK's touch-move), a panel's module its own traits
// (walkthrough.js).  This module holds types only: nothing links it into a
// widget.

/**
 * The model anywidget hands to `render`, typed by the traits it holds.
 * @template T
 * @typedef Model
 * @property {<K extends keyof T & string>(name: K) => T[K]} get
 * @property {(event: string, callback: (...args: any[]) => void) => void} on
 * @property {(event: string, callback: (...args: any[]) => void) => void} off
 * @property {(content: object) => void} send
 */

/**
 * What every view holds (spynb.engine.View.to_dict): a seat's (`seat` its number), the labelled teaching
 * view (`seat` null, `omniscient` true), or, while the device passes between seats, only the game and the
 * label.  Each game's module types its own fields (CloakDaggerView, KloakView, TargetView).
 * @typedef View
 * @property {string} [label]
 * @property {string} [game]
 * @property {number | null} [seat]
 * @property {boolean} [omniscient]
 * @property {ViewEvent[]} [events]   what the seat saw happen, oldest first
 */

/**
 * One event a view holds (spynb.engine.core.Event.to_dict): its sentence, and data by kind.
 * @typedef {{ step: number, kind: string, actor: number | null, seen_by: string | number[], text: string,
 *   rule?: string, [data: string]: unknown }} ViewEvent
 */

/**
 * Why the last intention was refused (spynb/widgets/refusals.py); {} after an accepted one.
 * @typedef BoardError
 * @property {string} [kind]      "illegal", "notation", "record" or "refused"
 * @property {string} [rule]      the rule id, or ""
 * @property {string} [reason]
 * @property {string} [citation]
 * @property {string} [where]     where a bad record went wrong
 * @property {string} [message]
 */

/**
 * What a new game may choose, and whether the board follows a walkthrough.
 * @typedef Setup
 * @property {string} game
 * @property {string} title
 * @property {string[]} variants
 * @property {Record<string, string>} [variant_titles] what each variant is, in a few words (offered by it)
 * @property {Record<string, number[]>} seat_counts   per variant
 * @property {string[]} bots
 * @property {string} opponent                        the bot that plays the seats no one names
 * @property {string} variant
 * @property {number} seats
 * @property {boolean} walkthrough
 * @property {number | null} [seed]                   the game's seed, once it is over (null while it runs)
 */

/**
 * @typedef History
 * @property {number} length       actions played
 * @property {number} review       the step under review, -1 when live
 * @property {boolean} can_undo
 * @property {string} undo_note
 */

/**
 * How the game ended (spynb/widgets/ending.py); {} while it runs.
 * @typedef Ending
 * @property {"won" | "lost" | "draw" | "over"} [outcome]   for the person's seat ("over": no single person)
 * @property {string} [headline]     "You won", "You lost", "Draw", or who won
 * @property {string} [winners]      the winning seats by name, and the side where the game has sides
 * @property {string} [reason]       why, in one sentence
 * @property {string} [rule]         the rule the reason applies, or ""
 * @property {Record<string, string>} [roles]   seat -> what it was, where the game hid it until the end
 * @property {number} [seed]         deals the same game again
 */

/**
 * The last action, if a seat other than the one shown took it; {} otherwise.
 * @typedef {{ seat?: number, step?: number, bot?: boolean, text?: string, rules?: string[] }} Narrated
 */

/**
 * One turn of the log: every event the seat shown saw, `new` marking the narrated action's.
 * @typedef {{ turn: number, title: string, events: { text: string, rule: string, new: boolean }[] }} LogTurn
 */

/**
 * One figure of the deduction aid: its text, whether it is exact or sampled, and its fraction or interval.
 * @typedef {{ text: string, kind: "exact" | "sampled" | "none", title: string }} AidCell
 */

/**
 * One row of the deduction aid: a seat or, say, an envelope, and its figures.
 * @typedef {{ key: number, seat: number | null, label: string, note: string, cells: AidCell[] }} AidRow
 */

/**
 * The deduction aid's panel (spynb/widgets/aid.py): {} while closed; {open, note} when there is nothing to
 * deduce; else its title, columns, rows, how it was computed, and notes.
 * @typedef Aid
 * @property {boolean} [open]
 * @property {string} [note]
 * @property {string} [game]
 * @property {string} [heading]  what each row is ("Seat", "Envelope")
 * @property {string} [title]
 * @property {string} [method]
 * @property {"exact" | "sampled"} [kind]
 * @property {string[]} [columns]
 * @property {AidRow[]} [rows]
 * @property {string} [left_out]
 * @property {string[]} [notes]
 * @property {string[]} [note_rules]   the rule each note applies ("" for none), shown as a link after it
 */

/**
 * The traits every board sends its front end (spynb/widgets/play.py, pacing.py, narration.py; each
 * trait's help there says more), `V` being the game's view.  A seat trait arrives as 0 for None.
 * @template {View} [V=View]
 * @typedef BoardTraits
 * @property {V} view                 the view of the seat shown, or the labelled teaching view
 * @property {string[]} legal         the notation of the shown seat's legal actions
 * @property {string} status
 * @property {BoardError} error
 * @property {number} viewer
 * @property {boolean} teaching
 * @property {string} cover           the cover's sentence while the device passes, else ""
 * @property {string[]} players       per seat: "human" or a bot's name
 * @property {string[]} names         per seat: its name (text from users)
 * @property {Setup} setup
 * @property {History} history
 * @property {string[]} changed       data-keys of what the last step changed
 * @property {Record<string, any>} glossary   static facts about the game (card names, colours)
 * @property {"step" | "slow" | "fast"} pace
 * @property {number} thinking        the bot seat to move next, 0 for none
 * @property {Narrated} narration
 * @property {LogTurn[]} log
 * @property {Aid} aid                the deduction aid's panel, {} while closed (boards whose game has an aid)
 * @property {Ending} ending          who won and why, once the game is over; {} while it runs
 */

export {};
