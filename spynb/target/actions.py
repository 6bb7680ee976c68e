"""The Target's actions and their notation.

=======================================  =====================================================
notation                                 meaning
=======================================  =====================================================
``play kevlar``                          play a card on the Target (TG-3)
``counter shot hand:firearms pile:kevlar``  cancel a card in the pile with its two Rookie cards,
                                         each from your hand or the pile (TG-6, TG-7)
``evade tailed``                         a Slip in the pile cancels this card (TG-7)
``reveal 3``, ``reveal 3 as kgb``        Outed: show your affiliation to seat 3 (a Double
                                         Agent names the colour it shows; TG-7)
``resolve``                              carry out the current step of the resolution
``clear firearms+kevlar+mole``           turn in three Rookie cards of one category (TG-11)
``remove tailed with slip``              remove a card in front of you (TG-7): ``with slip``,
``remove all with deep-cover``           ``with deep-cover`` or ``with <card>+<card>``
``discard kevlar``                       restore: discard down to 4 (TG-12)
``draw intel``                           restore: draw one card from a deck (TG-12)
``pick cia``                             chance: a card picked from Pile 2 (setup)
``assign kgb``                           chance: the affiliation the next seat draws (setup)
``deal kevlar``                          chance: the card a deck gives whoever is drawing
=======================================  =====================================================

>>> parse("counter shot hand:firearms pile:kevlar")
Counter('shot', (('hand', 'firearms'), ('pile', 'kevlar')))
>>> str(parse("reveal 3 as KGB"))
'reveal 3 as kgb'
>>> all(str(parse(str(a))) == str(a) for a in (Play('mole'), TurnIn(('french', 'german', 'russian')),
...     Remove('tailed', ('slip',)), Remove('all', ('deep-cover',)), Draw('intel'), Deal('intel-a'), Resolve()))
True
"""

from __future__ import annotations

from dataclasses import dataclass

from spynb.engine import Action, NotationError
from spynb.engine.notation import read_number

from .cards import AFFILIATIONS, CARDS, COUNTERS, DECKS, RANK, sort_cards

__all__ = ["Play", "Counter", "Evade", "Reveal", "Resolve", "TurnIn", "Remove", "Discard", "Draw",
           "Pick", "Assign", "Deal", "parse", "SOURCES"]

SOURCES = ("hand", "pile")


@dataclass(frozen=True, slots=True, order=True, repr=False)
class Play(Action):
    """Play one card face down (or face up under Blown Cover) on the Target."""

    card: str

    def __str__(self) -> str:
        return f"play {self.card}"


@dataclass(frozen=True, slots=True, order=True, repr=False)
class Counter(Action):
    """Cancel ``card`` in the pile with its two named Rookie cards, each from ``'hand'`` or ``'pile'``.

    The two may be named in either order; they are kept in the order the card names them.
    """

    card: str
    pay: tuple[tuple[str, str], ...]

    def __post_init__(self) -> None:
        Action.__post_init__(self)  # the field types first
        named = COUNTERS.get(self.card)
        if named and sorted(card for _, card in self.pay) == sorted(named):
            object.__setattr__(self, "pay", tuple(sorted(self.pay, key=lambda paid: named.index(paid[1]))))

    def __str__(self) -> str:
        return f"counter {self.card} " + " ".join(f"{where}:{card}" for where, card in self.pay)


@dataclass(frozen=True, slots=True, order=True, repr=False)
class Evade(Action):
    """A Slip in the pile cancels ``card`` (also in the pile)."""

    card: str

    def __str__(self) -> str:
        return f"evade {self.card}"


@dataclass(frozen=True, slots=True, order=True, repr=False)
class Reveal(Action):
    """Outed: show your affiliation to ``seat``; a Double Agent names the ``colour`` shown."""

    seat: int
    colour: str = ""

    def __str__(self) -> str:
        return f"reveal {self.seat} as {self.colour}" if self.colour else f"reveal {self.seat}"


@dataclass(frozen=True, slots=True, order=True, repr=False)
class Resolve(Action):
    """Carry out the current step of the resolution."""

    def __str__(self) -> str:
        return "resolve"


@dataclass(frozen=True, slots=True, order=True, repr=False)
class TurnIn(Action):
    """Turn in three Rookie cards of one category for clearance (TG-11), named in any order, kept in rulebook
    order (``clear kevlar+chemicals+kevlar`` is ``clear kevlar+kevlar+chemicals``)."""

    cards: tuple[str, ...]

    def __post_init__(self) -> None:
        Action.__post_init__(self)  # the field types first
        if all(card in RANK for card in self.cards):
            object.__setattr__(self, "cards", tuple(sort_cards(self.cards)))

    def __str__(self) -> str:
        return "clear " + "+".join(self.cards)


@dataclass(frozen=True, slots=True, order=True, repr=False)
class Remove(Action):
    """Remove ``card`` (or ``'all'``) in front of you ``using`` a Slip, a Deep Cover or two Rookie cards (named
    in either order, kept in the order the card names them)."""

    card: str
    using: tuple[str, ...]

    def __post_init__(self) -> None:
        Action.__post_init__(self)  # the field types first
        named = COUNTERS.get(self.card)
        if named and sorted(self.using) == sorted(named):
            object.__setattr__(self, "using", named)

    def __str__(self) -> str:
        return f"remove {self.card} with " + "+".join(self.using)


@dataclass(frozen=True, slots=True, order=True, repr=False)
class Discard(Action):
    """Restore: discard one card (hand above 4)."""

    card: str

    def __str__(self) -> str:
        return f"discard {self.card}"


@dataclass(frozen=True, slots=True, order=True, repr=False)
class Draw(Action):
    """Restore: draw one card from ``deck`` (hand below 4)."""

    deck: str

    def __str__(self) -> str:
        return f"draw {self.deck}"


@dataclass(frozen=True, slots=True, order=True, repr=False)
class Pick(Action):
    """Chance: an affiliation card picked from the shuffled Pile 2."""

    affiliation: str
    is_chance = True

    def __str__(self) -> str:
        return f"pick {self.affiliation}"


@dataclass(frozen=True, slots=True, order=True, repr=False)
class Assign(Action):
    """Chance: the affiliation card the next seat draws from the combined pile."""

    affiliation: str
    is_chance = True

    def __str__(self) -> str:
        return f"assign {self.affiliation}"


@dataclass(frozen=True, slots=True, order=True, repr=False)
class Deal(Action):
    """Chance: the card a deck gives to whoever is drawing."""

    card: str
    is_chance = True

    def __str__(self) -> str:
        return f"deal {self.card}"


_EXPECTED = ("expected e.g. 'play kevlar', 'counter shot hand:firearms pile:kevlar', 'evade tailed', "
             "'reveal 3', 'reveal 3 as kgb', 'resolve', 'clear firearms+kevlar+mole', 'remove tailed with slip', "
             "'discard kevlar', 'draw intel', 'pick cia', 'assign kgb' or 'deal kevlar'")
_CARD_SET = frozenset(CARDS)


def _card(text: str, word: str) -> str:
    if word not in _CARD_SET:
        raise NotationError(text, f"{word!r} is not a card of The Target (cards are written like 'kevlar', "
                                  "'martial-arts', 'intel-a', 'deflect-forward')")
    return word


def _affiliation(text: str, word: str) -> str:
    word = word.lower()
    if word not in AFFILIATIONS:
        raise NotationError(text, f"{word!r} is not an affiliation (cia, kgb, double-agent)")
    return word


def parse(text: str) -> Action:
    """Read one action from its notation; raises :class:`NotationError` quoting the text."""
    if not isinstance(text, str):
        raise NotationError(repr(text), _EXPECTED)
    words = text.split()
    if not words:
        raise NotationError(text, _EXPECTED)
    verb, args = words[0].lower(), words[1:]
    if verb == "resolve" and not args:
        return Resolve()
    if verb in ("play", "evade", "discard", "deal") and len(args) == 1:
        kind = {"play": Play, "evade": Evade, "discard": Discard, "deal": Deal}[verb]
        return kind(_card(text, args[0]))
    if verb == "draw" and len(args) == 1:
        if args[0] not in DECKS:
            raise NotationError(text, f"{args[0]!r} is not a deck (rookie, operative, espionage, intel)")
        return Draw(args[0])
    if verb in ("pick", "assign") and len(args) == 1:
        return (Pick if verb == "pick" else Assign)(_affiliation(text, args[0]))
    if verb == "counter" and len(args) == 3:
        pay = []
        for word in args[1:]:
            where, sep, card = word.partition(":")
            if not sep or where not in SOURCES:
                raise NotationError(text, f"{word!r} should say where the card comes from, like 'hand:kevlar' "
                                          "or 'pile:kevlar'")
            pay.append((where, _card(text, card)))
        return Counter(_card(text, args[0]), tuple(pay))
    if verb == "reveal" and len(args) in (1, 3) and args[0].isdigit():
        seat = read_number(text, args[0], "a seat number")
        if len(args) == 3:
            if args[1] != "as":
                raise NotationError(text, "expected 'reveal <seat>' or 'reveal <seat> as cia|kgb'")
            return Reveal(seat, _affiliation(text, args[2]))
        return Reveal(seat)
    if verb == "clear" and len(args) == 1:
        return TurnIn(tuple(_card(text, card) for card in args[0].split("+")))
    if verb == "remove" and len(args) == 3 and args[1] == "with":
        target = args[0] if args[0] == "all" else _card(text, args[0])
        return Remove(target, tuple(_card(text, card) for card in args[2].split("+")))
    raise NotationError(text, _EXPECTED)
