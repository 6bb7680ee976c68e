"""Cloak & Dagger's rules: the rulebook's sections in its own words, sentence by sentence, and rulings CD-1 … CD-10.

>>> RULES["CD/Reminder.2"].text
'You must show: an agent involved, your own or double, when you begin a transfer;'
"""

from spynb.engine.rules import RULING, RuleBook, annotations, printed_rules, register

# (section title, its lines as printed): [n] starts sentence CD/<title>.<n>; see printed_rules
_SECTIONS: tuple[tuple[str, tuple[str, ...]], ...] = (
    ("Contents", (
        "[1] Envelopes, depicting locations, are identified by numbers 1 to 20 and cards by letters (omitting I and "
        "0). "
        "[2] a, b and c, illustrating implements, represent also double agents. "
        "[3] Cloaks d to j and daggers D to J denote agents for each player. "
        "[4] Character cards K to W describe hazards. "
        "[5] Document cards X, Y and z are in triplicate. "
        "(Printed as \"z\" in the source; the Example below refers to it as \"Z\".) "
        "[6] Lists are for making notes.",
    )),
    ("Aim", (
        "[1] To win, all three kinds of document must be found, and procured by either of one's own agents in the same "
        "location.",
    )),
    ("Procedure in Outline", (
        "[1] The envelopes are kept in the box which is so shaped that each player in turn may easily select an "
        "envelope and examine its contents without revealing which is chosen.",
        "[2] Depending on circumstances, a player may often either:",
        "- bring a fresh card into play, placing it in an empty envelope;",
        "- start transferring a particular card or two from one envelope to another;",
        "- finish such a transfer (or, on his first turn, deposit his cards in an envelope);",
        "OR 4. activate a hazard, enabling him to track cards being transferred by other players, as described later.",
        "[3] A transfer takes anyone two of his turns in succession, the card(s) being held in the hand in the "
        "interim. [4] Otherwise a player is empty handed between turns.",
        "[5] Notice that not more than one of the four actions listed is allowed in a single turn.",
    )),
    ("Preparation", (
        "[1] Every player takes possession of a pair of cloak and dagger cards corresponding alphabetically, and "
        "commences with these in hand. [2] The twenty four cards of other kinds are shuffled, and stacked face "
        "downwards. [3] The twenty envelopes are put in order in the box. [4] Players cut the stack, and whoever does "
        "so at the earliest letter in the alphabet proceeds first with the game after reshuffling.",
    )),
    ("Examining", (
        "[1] Each player in turn, recurrently, chooses and removes any envelope, usually without revealing its "
        "identity, inspects it and returns it to its position in the box. [2] He puts his cloak and dagger inside the "
        "first envelope he selects, and observes any cards which may lie concealed in each envelope he inspects.",
    )),
    ("Placing", (
        "[1] When he has no card in hand (and unless the stack is exhausted) anyone choosing an envelope found to be "
        "empty then shows the number on this to the other players, draws the top card from the stack, looks at it and "
        "encloses it in the envelope.",
    )),
    ("Starting a Transfer", (
        "[1] If a player has no card in hand while choosing an envelope already containing either his own cloak or "
        "dagger or the pistol, binocular or camera card, provided he shows that card to everyone he may withdraw it "
        "into his hand. [2] On doing so he may also take in hand any second card present without displaying it, but "
        "not more.",
    )),
    ("Finishing a Transfer", (
        "[1] Any card or two retained in a player's hand must be inserted in whichever envelope he next selects.",
    )),
    ("Tracking", (
        "[1] Anyone not using his turn to start or finish a card transfer, but choosing an envelope which already "
        "contains a 'character' hazard, may expose this card and return it to the bottom of the stack. [2] Then every "
        "other player who at that time has anything in hand must show the number of the next envelope he selects to "
        "him who exposed the hazard.",
    )),
    ("Winning", (
        "[1] The winner is the first player, having no card in hand, about to replace an envelope containing secret "
        "plans, private report and coded message cards, and his own cloak or dagger card, but no cloak or dagger "
        "belonging to anyone else.",
    )),
    ("Reminder", (
        "You must show:",
        "- [1] the chosen envelope when you draw a card from the stack;",
        "- [2] an agent involved, your own or double, when you begin a transfer;",
        "- [3] the envelope, to anyone who exposed a hazard since your last turn, when you end a transfer;",
        "- [4] a hazard when you return it to the stack.",
    )),
    ("Example", (
        "[1] You can start collecting documents by first finding an X, Y or Z, drawn from the stack by yourself or "
        "somebody else, and then using two turns to move your own cloak (agent) to the same location. [2] Later you "
        "can shift both together, if nobody meanwhile employs another agent to remove either of them. [4] WATCH OUT "
        "FOR SUCH CONFISCATION OF MATERIAL OR CAPTURE OF PERSONNEL. [3] Anybody exercising a hazard between your "
        "earlier turns mentioned may find out your intentions by looking in the location made known to him.",
    )),
    ("Note Taking", (
        "[2] Recommended practice for each player: write down the numbers 1 to 20 (or use a list supplied), and note "
        "the letter identifying your own cards. [1] So far as you can, record the letters of cards in the game box "
        "against the numbers of the envelopes holding them, and cross out the letters of cards gone. Question marks "
        "can signify unknown cards.",
    )),
)

_RULINGS: tuple[tuple[str, str, str, str], ...] = (
    ("CD-1", "Cards", "Contents",
     "Implements a pistol, b binocular, c camera are double agents; cloaks d e f g h j and daggers D E F G H J; "
     "hazards K to W without O (12); documents X, Y, Z three of each. The stack is the 24 non-agent cards. "
     "2 to 6 players; seat 1 owns d/D, seat 2 e/E, and so on."),
    ("CD-2", "First player", "Preparation",
     "Each player cuts a random card from the shuffled stack; the earliest letter wins (a < b < c < K < … < Z) and "
     "the stack is reshuffled. Play goes round the seats from that player. Only documents come in threes, so only "
     "they can tie: tied players cut again, and the earliest letter of that cut starts."),
    ("CD-3", "A turn", "Procedure in Outline",
     "Select exactly one envelope, see its contents, then do at most one of: place, start a transfer, finish a "
     "transfer, track; or nothing where no action is compulsory. The envelope is then replaced."),
    ("CD-4", "Finishing is compulsory", "Finishing a Transfer",
     "A player holding cards puts all of them into the envelope selected on their next turn. A player's first turn "
     "deposits their cloak and dagger this way."),
    ("CD-5", "Place", "Placing",
     "Placing is compulsory whenever possible: an empty-handed player who selects an empty envelope while the stack "
     "has cards must place. The envelope number is shown to all; only the placer sees the card."),
    ("CD-6", "Start a transfer", "Starting a Transfer",
     "Only with an empty hand, from an envelope holding the player's own cloak or dagger, or a, b or c. That card is "
     "shown to all (the envelope number is not). The player may take one more card of any kind from the same "
     "envelope, unseen. How many cards a player holds is always public."),
    ("CD-7", "Track", "Tracking",
     "Only with an empty hand, from an envelope holding a character K to W: show it and put it at the bottom of the "
     "stack. Every other player holding cards at that moment must show the tracker the number of the envelope into "
     "which they next finish. Obligations to several trackers accumulate."),
    ("CD-8", "Win", "Winning",
     "Checked only for the acting player, when they replace the envelope with an empty hand (finishing into it "
     "counts): the envelope holds at least one X, one Y and one Z, the player's own cloak or dagger, and no other "
     "player's cloak or dagger. a, b, c do not block."),
    ("CD-9", "Exhausted stack", "Placing",
     "When the stack is exhausted placing is impossible and nothing else changes. Simulations may set a turn limit, "
     "which ends the game with no winner."),
    ("CD-10", "Notes", "Note Taking",
     "Each player's knowledge is what they saw, stamped with the turn they saw it: envelope to letters, ? for "
     "unknown, crossed-out letters for cards known to have left."),
)


RULES = register(RuleBook("cloak-dagger", printed_rules("CD", _SECTIONS) + annotations("CD", RULING, _RULINGS)))
"""Every rule of Cloak & Dagger, by id (``CD/Placing``, ``CD/Placing.1``, ``CD-5``)."""
