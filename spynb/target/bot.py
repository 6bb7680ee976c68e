"""A player of The Target by rules of thumb: Intel home, attacks countered, sets turned in.

It reads only its view: its affiliation, hand and the face-up table.  Its
rules, in order:

* turn in any set that earns a token or a pass (TG-11), and while
  restoring also a set of a category it has cleared already, when its
  tokens let it draw the cards back from an advanced deck; drop a
  Surveillance card from in front of it when it can (TG-7);
* when the Target is its own HQ, play the Intel that brings the most of one
  letter there (a Double Agent plays Dirty Intel on either HQ, TG-14); on the
  rival HQ, play a Bombed (TG-6) or a Deflect (TG-5) to spoil what the
  others deposit, never Intel; when it is the Target itself, play a Missed if it holds one; when
  the Target is a seat that showed it the rival colour, attack; with Intel
  in hand and its HQ next in line after this Target, play Advance to HQ
  (TG-10); otherwise give away the card it needs least, never Intel;
* as the Target, counter every attack and Surveillance it can (paying from
  the pile first), let a Slip cancel Blown Cover first, show an Outed
  affiliation to a seat it believes is a partner;
* restore towards Intel: draw from the Intel deck while it holds fewer than
  two, else from the deck it needs, and discard the card it needs least.
"""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from typing import Any, TypeVar, cast

from spynb.engine import Action, GameSpec, State, View
from .state import TargetState
from .actions import Counter, Discard, Draw, Evade, Play, Remove, Resolve, Reveal, TurnIn
from .cards import ATTACKS, CATEGORY, COUNTERS, DIRTY, INTEL, SURVEILLANCE, TOKEN_FOR, letter_of
from .narration import direction_name

from spynb.bots.base import choices
from spynb.bots.ismcts import SearchSettings

__all__ = ["AgentBot", "SEARCH", "by_the_rules"]

_EVADE_FIRST = ("blown-cover", "wiretapped", "tailed", "staked-out", "outed")


class AgentBot:
    """Brings Intel home to its side's HQ and keeps its hand and tokens safe.

    >>> from . import TargetState
    >>> state = TargetState.scenario(4, {1: ["intel-c", "intel-a", "kevlar", "mole"]}, affiliations={1: "cia"},
    ...                              marker="CIA", deposits={"CIA": ["intel-a"]})
    >>> AgentBot(seed=0).choose(state.view(1), state.legal_actions(1))   # a second A at home
    Play('intel-a')
    """

    name = "rules"

    def __init__(self, spec: GameSpec | None = None, seed: int = 0) -> None:
        self.rng = random.Random(seed)

    def choose(self, view: View, legal: Sequence[Action]) -> Action:
        return _choose(_Me(view.seat, view.data), choices(legal), self.rng)


def _choose(me: _Me, legal: Sequence[Action], rng: random.Random) -> Action:
    """The agent's rules, in order, for the seat ``me`` describes."""
    by_kind = _ByKind(legal)
    for turn_in in by_kind.of(TurnIn):
        if me.earns(turn_in.cards) or (Play not in by_kind and me.tokens):
            return turn_in  # TG-11: a set already cleared only cycles the hand, worth it towards advanced decks
    for remove in by_kind.of(Remove):
        if remove.card == "all" or remove.card in SURVEILLANCE:
            return remove
    if Play in by_kind:
        return me.play([a.card for a in by_kind.of(Play)])
    if Counter in by_kind:
        return min(by_kind.of(Counter), key=lambda a: (sum(w == "hand" for w, _ in a.pay), str(a)))
    if Evade in by_kind:
        return min(by_kind.of(Evade), key=lambda a: _EVADE_FIRST.index(a.card))
    if Reveal in by_kind:
        return me.reveal(by_kind.of(Reveal), rng)
    if Discard in by_kind:
        return Discard(me.least_needed([a.card for a in by_kind.of(Discard)]))
    if Draw in by_kind:
        return me.draw([a.deck for a in by_kind.of(Draw)])
    if Resolve in by_kind:
        return Resolve()
    return rng.choice(list(legal))


_A = TypeVar("_A", bound=Action)


class _ByKind:
    """The legal actions grouped by class; :meth:`of` gives one class's, typed as that class."""

    __slots__ = ("_lists",)

    def __init__(self, legal: Sequence[Action]) -> None:
        self._lists: dict[type[Action], list[Action]] = {}
        for action in legal:
            self._lists.setdefault(type(action), []).append(action)

    def __contains__(self, kind: object) -> bool:
        return kind in self._lists

    def of(self, kind: type[_A]) -> list[_A]:
        """The legal actions of class ``kind`` (each list holds only its key's class)."""
        return cast("list[_A]", self._lists.get(kind, []))


class _Me:
    """What the seat knows, read from its view's data (or the same keys read off a state: :func:`_table`)."""

    def __init__(self, seat: int | None, view: Mapping[str, Any]) -> None:
        self.seat = seat
        self.side = view["affiliation"]
        self.hq = None if self.side == "double-agent" else self.side.upper()
        self.hand = list(view["hand"])
        self.tokens = set(view["tokens"][str(self.seat)])
        self.has_pass = self.seat in view["language_pass"]
        self.deposits = view["deposits"]
        self.marker = view["marker"]
        circle = view["circle"]
        step = 1 if view["direction"] == "clockwise" else -1
        self.next_hq = next(circle[(view["marker_index"] + step * i) % len(circle)] for i in range(1, len(circle) + 1)
                            if isinstance(circle[(view["marker_index"] + step * i) % len(circle)], str))
        self.friends = {int(s) for s, c in view["shown_to_me"].items() if c == self.side}
        self.rivals = {int(s) for s, c in view["shown_to_me"].items() if self.hq and c != self.side}

    def earns(self, cards: Sequence[str]) -> bool:
        """Whether turning in ``cards`` gives a token or a Languages pass the seat lacks (TG-11)."""
        category = CATEGORY[cards[0]]
        return not self.has_pass if category == "languages" else TOKEN_FOR[category] not in self.tokens

    def wanted(self, card: str) -> bool:
        """Intel this seat's side wants deposited."""
        if self.side == "double-agent":
            return card in DIRTY
        return card in INTEL

    def intel_value(self, card: str) -> int:
        """How many of its letter would stand at home with it (TG-14)."""
        if self.hq is None:
            return sum(c in DIRTY for cards in self.deposits.values() for c in cards) + 1
        return sum(letter_of(c) == letter_of(card) for c in self.deposits[self.hq]) + 1

    def keep(self, card: str) -> float:
        """How much the seat wants to keep ``card`` (higher: keep)."""
        if card in INTEL:
            return 10 + self.intel_value(card) if self.wanted(card) else 0.5
        category = CATEGORY.get(card)
        if category is not None:
            same = sum(CATEGORY.get(c) == category for c in self.hand)
            if category == "languages":
                return 2 + 0.5 * same
            if TOKEN_FOR[category] in self.tokens:
                return 1.5 if any(card in pair for pair in COUNTERS.values()) else 1
            return 3 + same + (category == "contacts")  # Contacts open the Intel deck
        if card == "missed":
            return 7
        if card in ATTACKS:
            return 4
        if card in ("slip", "deep-cover"):
            return 5
        if card in ("advance-hq",):
            return 6
        return 2.5

    def least_needed(self, cards: Sequence[str]) -> str:
        return min(cards, key=lambda c: (self.keep(c), c))

    def play(self, cards: Sequence[str]) -> Action:
        marker = self.marker
        if isinstance(marker, str):  # an HQ's turn (TG-9)
            mine = [c for c in cards if self.wanted(c)]
            if mine and (self.hq is None or marker == self.hq):
                return Play(max(mine, key=lambda c: (self.intel_value(c), c in DIRTY, c)))
            if self.hq is not None and marker != self.hq:
                for spoiler in ("bombed", "deflect-forward", "deflect-backward"):  # TG-6, TG-5: no deposit for them
                    if spoiler in cards:
                        return Play(spoiler)
        elif marker == self.seat:
            if "missed" in cards:
                return Play("missed")
        else:
            attacks = [c for c in cards if c in ATTACKS]
            if marker in self.rivals and attacks:
                return Play(attacks[0])
            holds_intel = any(self.wanted(c) for c in self.hand)
            if "advance-hq" in cards and holds_intel and (self.hq is None or self.next_hq == self.hq):
                return Play("advance-hq")
        harmful = set(ATTACKS) if marker == self.seat or marker in self.friends else set()
        if isinstance(marker, str) and (self.hq is None or marker == self.hq):
            harmful.update(("bombed", "deflect-forward", "deflect-backward"))  # they would spoil the deposit
        giveable = [c for c in cards if c not in INTEL and c not in harmful]
        return Play(self.least_needed(giveable or list(cards)))

    def reveal(self, choices: Sequence[Reveal], rng: random.Random) -> Action:
        friendly = [r for r in choices if r.seat in self.friends]
        pool = friendly or list(choices)
        if self.side == "double-agent":
            return rng.choice(pool)
        return pool[0]

    def draw(self, decks: Sequence[str]) -> Action:
        intel_held = sum(self.wanted(c) for c in self.hand)
        if "intel" in decks and intel_held < 2:
            return Draw("intel")
        if "operative" in decks and not any(c == "missed" for c in self.hand):
            return Draw("operative")
        return Draw("rookie" if "rookie" in decks else decks[0])



def _table(state: TargetState, seat: int) -> dict[str, Any]:
    """What :class:`_Me` reads of ``seat``'s view, read off the state at the cost of a few lookups: the same
    values as the view's (``tests/bots/test_target_bots.py`` compares them)."""
    return {
        "affiliation": state.affiliation[seat],
        "hand": state.hands[seat],
        "tokens": {str(seat): state.tokens[seat]},
        "language_pass": state.language_pass,
        "deposits": state.deposits,
        "marker": state.target,
        "marker_index": state.marker,
        "circle": state.circle,
        "direction": direction_name(state.direction),
        "shown_to_me": {str(s): seen[seat] for s, seen in state.outed_seen.items() if seat in seen},
    }


def by_the_rules(state: State, rng: random.Random) -> Action:
    """A rollout's policy: the first seat to move plays as :class:`AgentBot` would from its view of ``state``.

    The searching bot imagines every hand, so it may read them: each imagined seat reads only its own part.
    """
    imagined = cast(TargetState, state)
    seat = imagined.turn.seats[0]
    return _choose(_Me(seat, _table(imagined, seat)), imagined.random_universe(), rng)


SEARCH = SearchSettings(iterations=160, rollout_depth=24, prefer=by_the_rules, paired=True, margin=0.05)
"""The search bot in The Target: random rollouts say nothing of a card game won over many turns, and a tree of
a few hundred imagined games cannot tell most of its choices apart, so it compares (``paired``): each legal
action is played on from the same imagined deals for two turns or so, every seat then playing as the agent
would (:func:`by_the_rules`), and the agent's own choice stands unless another gains more than 0.05 of a win
over it on average (as much as a third of an Intel deposited, in ``evaluate``'s terms)."""
