"""The Target board: the table with its seats and HQs in circle order (TG-2), the marker, deposited Intel
beside each HQ and the cards in front of each seat beside it; the revealed pile and the seat's hand in the
middle; face-up cards, clearance tokens, and the six resolution steps.

Everyone plays a card face down at once (TG-3): in hot-seat play the device
passes to each pending human seat in turn, and nobody's choice shows before
the pile is revealed.  The resolution then runs one step at a time (``resolve``
or the choices a step offers), the current step highlighted.

A move is made on the card it concerns (:func:`table_moves`): a card of the hand is played or discarded by
clicking it, a card in the pile countered or evaded, a card in front of the seat removed, and an Outed Target
shows its affiliation by clicking the seat it shows it to.  When a card allows several moves they are offered
at the card; a click that allows none is answered by the rule that forbids the move.

>>> board = TargetController(seed=2)
>>> board.glossary["steps"][0]
{'stages': ['deflect'], 'title': '1 Deflect', 'rule': 'TG-5'}
>>> board.moves_at["hand:defector"], board.click("hand:defector"), board.view["played"]
(['play defector'], True, [1])
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any, ClassVar

from spynb.engine import Action
from .actions import Counter, Discard, Evade, Play, Remove, Reveal, parse
from .svg import CATEGORY_COLOURS, DECK_COLOURS, card_face
from .cards import AFFILIATION_NAMES, COUNTERS, DECK_OF, TOKEN_FOR, describe
from spynb.widgets.fields import Field
from spynb.widgets.play import BoardController, lazy_board
from spynb.widgets.refusals import refusal

__all__ = ["TargetController"]

STEPS = (
    (("deflect",), "1 Deflect", "TG-5"),
    (("operatives",), "2 Operatives", "TG-6"),
    (("espionage", "outed"), "3 Surveillance and Outed", "TG-7"),
    (("intel",), "4 Intel at an HQ", "TG-9"),
    (("movement",), "5 Reverse and Advance to HQ", "TG-10"),
    (("take", "restore"), "6 Take the rest, restore to 4", "TG-12"),
)


def place_of(action: Action) -> list[str]:
    """Where on the table ``action`` is made: ``hand:<card>``, ``pile:<card>``, ``front:<card>`` (a card in front
    of the seat acting) or ``seat:<n>`` (an Outed Target's reveal); none for the moves of the buttons alone
    (resolve, draw, turn in a set).

    >>> place_of(parse("counter shot hand:firearms pile:kevlar")), place_of(parse("reveal 3 as kgb"))
    (['pile:shot'], ['seat:3'])
    """
    if isinstance(action, (Play, Discard)):
        return [f"hand:{action.card}"]
    if isinstance(action, (Counter, Evade)):
        return [f"pile:{action.card}"]
    if isinstance(action, Reveal):
        return [f"seat:{action.seat}"]
    if isinstance(action, Remove):
        return [f"front:{action.card}"]
    return []


def table_moves(legal: Iterable[str], front: Iterable[str] = ()) -> dict[str, list[str]]:
    """The legal moves (notation, in the engine's order) made on each card or seat (:func:`place_of`); a Deep
    Cover's removal of every card in ``front`` of the seat is offered on each of them.

    >>> table_moves(["play kevlar", "counter shot hand:firearms hand:kevlar", "evade tailed", "resolve"])
    {'hand:kevlar': ['play kevlar'], 'pile:shot': ['counter shot hand:firearms hand:kevlar'], \
'pile:tailed': ['evade tailed']}
    >>> table_moves(["remove all with deep-cover"], front=["tailed", "outed"])
    {'front:tailed': ['remove all with deep-cover'], 'front:outed': ['remove all with deep-cover']}
    """
    found: dict[str, list[str]] = {}
    for notation in legal:
        action = parse(notation)
        places = place_of(action)
        if isinstance(action, Remove) and action.card == "all":
            places = [f"front:{card}" for card in dict.fromkeys(front)]
        for place in places:
            found.setdefault(place, []).append(notation)
    return found


def natural_move(place: str, stage: str) -> str:
    """The move a click on ``place`` asks for when none is legal, so that the engine says which rule forbids it
    (a card of the hand is discarded at the restore and played otherwise; a card in the pile or in front of the
    seat is paid for with the two Rookie cards that counter it); '' when no move is made there at all.

    >>> natural_move("hand:kevlar", "restore"), natural_move("pile:shot", "play"), natural_move("pile:intel-a", "play")
    ('discard kevlar', 'counter shot hand:firearms hand:kevlar', '')
    """
    where, _, what = place.partition(":")
    if where == "hand":
        return f"{'discard' if stage == 'restore' else 'play'} {what}"
    if where == "seat":
        return f"reveal {what}"
    pair = COUNTERS.get(what)
    if where == "pile" and pair:
        return f"counter {what} " + " ".join(f"hand:{card}" for card in pair)
    if where == "front" and pair:
        return f"remove {what} with {'+'.join(pair)}"
    return ""


class TargetController(BoardController):
    """The Target: play a card on the Target, then watch (and act in) the six resolution steps."""

    GAME: ClassVar[str] = "target"

    moves_at: Field[dict[str, list[str]]]
    moves_at = Field({}, "The legal moves made on each card or seat of the table: 'hand:<card>', 'pile:<card>', "
                         "'front:<card>' (in front of the seat acting) or 'seat:<n>' -> their notation, in the "
                         "engine's order; moves of the buttons alone (resolve, draw, turn in a set) are not here.")

    def _draw(self) -> None:
        super()._draw()
        front = self.view.get("front", {}).get(str(self._acting_seat()), ())
        self.moves_at = table_moves(self.legal, front)

    def click(self, place: Any) -> bool:
        """A click on a card or seat of the table (a key of :attr:`moves_at`): its one move is played; several
        are offered at the card and none played; with none, the rule that forbids the move is told. True if a
        move was played."""
        if not isinstance(place, str) or ":" not in place or len(place) > 40:
            self.error = refusal(f"a place on the table is written like 'hand:kevlar', not {place!r:.40}")
            return False
        moves = self.moves_at.get(place, [])
        if len(moves) > 1:
            self.error = refusal(f"{len(moves)} moves are made there: choose one of those shown at the card")
            return False
        if moves:
            return self.play(moves[0])
        natural = natural_move(place, str(self.view.get("stage", "")))
        if natural:
            return self.play(natural)
        self.error = refusal(f"Nothing is done with {describe(place.partition(':')[2])} there now: only attacks "
                             "and surveillance are countered", rule="TG-6",
                             citation=self._spec.rules.citation("TG-6"), kind="illegal")
        return False

    MESSAGES = {"card": "_card_message"}

    def _card_message(self, content: dict[str, Any]) -> None:
        self.click(content.get("at"))

    def glossary_data(self) -> dict[str, Any]:
        """The steps, every card's face (the SVG picture draws the same data), the colours and the tokens."""
        return {"steps": [{"stages": list(s), "title": t, "rule": r} for s, t, r in STEPS],
                "decks": dict(DECK_OF), "names": {card: describe(card) for card in DECK_OF},
                "faces": {card: card_face(card) for card in DECK_OF}, "token_for": dict(TOKEN_FOR),
                "deck_colours": dict(DECK_COLOURS), "category_colours": dict(CATEGORY_COLOURS),
                "affiliations": dict(AFFILIATION_NAMES)}

    def changed_keys(self, before: dict[str, Any], after: dict[str, Any]) -> list[str]:
        keys = []
        for name in ("hand", "revealed", "deposits", "face_up", "tokens", "marker", "stage", "language_pass"):
            if before.get(name) != after.get(name):
                keys.append(name)
        if "revealed" not in keys and before.get("pile") != after.get("pile"):
            keys.append("revealed")  # the pile's section shows what is left of the revealed pile too
        for seat, cards in after.get("front", {}).items():
            if before.get("front", {}).get(seat) != cards:
                keys.append(f"seat-{seat}")
        return keys


__getattr__ = lazy_board(__name__, TargetController)
"""``TargetBoard`` (also ``BOARD``), the notebook's anywidget of the controller, is made when first asked for."""
