"""Kuhn poker's rules: a short rulebook of our own, its sentences, and rulings KP-1 … KP-5."""

from spynb.engine.rules import RULING, RuleBook, annotations, register, rulebook_rules

_SECTIONS: tuple[tuple[str, tuple[str, ...]], ...] = (
    ("Cards", (
        "The deck is three cards, Jack, Queen and King, ranked in that order from low to high.",
    )),
    ("Ante", (
        "Each of the two players puts one chip into the pot before the deal.",
    )),
    ("Deal", (
        "Each player is dealt one card face down, and the third card is set aside unseen.",
        "A player looks at their own card only.",
    )),
    ("Betting", (
        "The first player checks or bets one chip.",
        "After a check the second player checks or bets one chip.",
        "After a bet the other player calls, adding one chip, or folds.",
    )),
    ("Showdown", (
        "After two checks or a call both cards are shown, and the higher card takes the pot.",
        "A player who folds gives the pot to the other, and no card is shown.",
    )),
)

_RULINGS: tuple[tuple[str, str, str, str], ...] = (
    ("KP-1", "Seats", "Betting", "Seat 1 is dealt first and acts first; the seats then alternate."),
    ("KP-2", "Hidden cards", "Deal",
     "A seat's view shows its own card; the other card stays hidden from it unless a showdown shows both. "
     "A folded hand is never shown."),
    ("KP-3", "Turn limit", "Betting",
     "A simulation may set a turn limit (betting actions): reaching it before the hand ends stops the game "
     "with no winner."),
    ("KP-4", "One bet", "Betting", "A bet is one chip, and there is no raise: after a bet the only moves are "
     "call and fold."),
    ("KP-5", "The pot", "Showdown", "Whoever wins takes the whole pot: the two antes and every chip bet or called."),
)

RULES = register(RuleBook("kuhn", rulebook_rules("KP", ((title, "", sentences) for title, sentences in _SECTIONS))
                          + annotations("KP", RULING, _RULINGS)))
"""Every rule of Kuhn poker, by id (``KP/Betting``, ``KP/Betting.1``, ``KP-2``)."""
