"""A Cloak & Dagger player of rules of thumb: it gathers the three documents beside one of its agents.

It reads only its view: the note list (CD-10), its hand, the public hand
sizes and the envelope it has just opened.  Its plan, worked out afresh each
time from the notes:

* the *base* is the envelope, free of rival agents, with the most kinds of
  document, its dagger breaking ties (so the base does not wander);
* an agent of its own must stand in the base: one is brought there,
  carrying a missing document if it stands beside one (CD-6);
* the other agent is the *runner*: it walks to an envelope holding a
  missing document (two turns, CD-4) and carries it home (two more); a
  double agent found beside a missing document carries it home as well;
* when nothing is known of a missing document it explores, opening the
  envelopes it knows least about (an empty one makes it place a card, CD-5);
  with ``imagined_deals``, it first opens the envelope that most of a few
  deals imagined from its view (the search bot's ``determinise``) show
  holding a missing document;
* it replaces an envelope that wins at once (CD-8), finishing into it
  included, and tracks a hazard (CD-7) when it has nothing better to do
  and a rival is carrying cards.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import cast

from .actions import Open, Pass
from .cards import ENVELOPES
from .determinise import determinise
from .state import DECIDE, SELECT, CloakDaggerState
from spynb.engine import Action, GameSpec, State, View

from spynb.bots.base import choices
from spynb.bots.ismcts import SearchSettings

__all__ = ["CollectorBot", "SEARCH", "imagining_collector", "take_a_win"]

DOCUMENTS = "XYZ"
DOUBLE_AGENTS = "abc"
HAZARDS = "KLMNPQRSTUVW"
AGENTS = "defghjDEFGHJ"


def _kinds(cards: str) -> set[str]:
    return set(cards) & set(DOCUMENTS)


class CollectorBot:
    """Brings documents to one of its agents; wins when it finds them all together.

    >>> import spynb
    >>> from spynb.bots.base import RandomBot, play_match
    >>> spec = spynb.get_spec("cloak-dagger")
    >>> play_match(spec, {1: CollectorBot(spec, 1), 2: RandomBot(spec, 2)}, seed=4,
    ...            options={"turn_limit": 300}).winners
    (1,)
    """

    name = "rules"

    def __init__(self, spec: GameSpec | None = None, seed: int = 0, imagined_deals: int = 0) -> None:
        self.rng = random.Random(seed)
        self.imagined_deals = imagined_deals
        """How many deals it imagines from its view to choose where to explore; 0: it reads only its notes."""

    def choose(self, view: View, legal: Sequence[Action]) -> Action:
        by_text = {str(a): a for a in choices(legal)}
        opened = view.data.get("opened")
        plan = _Plan(view, self.imagined_deals)
        if opened:
            choice = plan.decide(opened["envelope"], opened["contents"])
        elif plan.hand:
            choice = str(plan.finish())
        else:
            choice = str(plan.select(self.rng))
        return by_text.get(choice) or self.rng.choice(legal)


class _Plan:
    """The bot's reading of its notes: base, missing documents, where its agents and the documents lie."""

    def __init__(self, view: View, imagined_deals: int = 0) -> None:
        self.view, self.imagined_deals = view, imagined_deals
        self.own: str  # the view's JSON-safe fields, typed here once
        self.hand: str
        self.notes: dict[int, str]
        self.seen: dict[int, tuple[bool, bool, int]]
        self.own, self.hand = view["agents"], view["hand"]
        self.anchor = self.own[1]
        self.rivals = set(AGENTS) - set(self.own)
        self.notes = {n["envelope"]: n["letters"] for n in view["notes"]}
        self.seen = {n["envelope"]: (n["seen_turn"] is not None, n["complete"] and not n["unknown"],
                                     n["seen_turn"] or 0) for n in view["notes"]}
        self.someone_holds = any(n for s, n in view["hand_sizes"].items() if s != str(view.seat))
        clean = [e for e, cards in self.notes.items() if not self.rivals & set(cards)]
        self.base = max(clean or self.notes, key=self._worth)
        self.missing = sorted(set(DOCUMENTS) - _kinds(self.notes[self.base]))
        self.targets = [e for e, cards in self.notes.items() if e != self.base and _kinds(cards) & set(self.missing)]

    def _worth(self, envelope: int) -> tuple[int, int, int]:
        cards = self.notes[envelope]
        return 2 * len(_kinds(cards)) + (self.anchor in cards), self._mine(cards), -envelope

    def _mine(self, cards: str) -> int:
        return sum(agent in cards for agent in self.own)

    def _wins(self, cards: str) -> bool:
        """CD-8 as the notes show it: all three documents, an own agent, no rival agent."""
        return len(_kinds(cards)) == 3 and self._mine(cards) > 0 and not self.rivals & set(cards)

    # -- an empty hand: which envelope to open ------------------------------------------
    def select(self, rng: random.Random) -> int:
        notes, base = self.notes, self.base
        winning = [e for e, cards in notes.items() if self._wins(cards)]
        fetch = [e for e in self.targets if self._mine(notes[e])]
        elsewhere = [e for e, cards in notes.items() if e != base and self._mine(cards)]
        ferry = [e for e in self.targets if set(DOUBLE_AGENTS) & set(notes[e])]
        for choice in (winning, fetch, [] if self._mine(notes[base]) else elsewhere):
            if choice:
                return choice[0]
        if self.targets and elsewhere:
            return elsewhere[0]  # the runner sets off from where it stands
        if self.targets and self._mine(notes[base]) == 2:
            return base  # the runner leaves the base, the other agent stays
        if ferry and self._mine(notes[base]):
            return ferry[0]
        return self._explore(rng)

    def _explore(self, rng: random.Random) -> int:
        """The envelope known least: never seen, then holding unseen cards, then seen longest ago; with imagined
        deals, first the one that most of them show holding a missing document."""
        likely = self._likely_documents(rng)
        return min(self.seen, key=lambda e: (-likely[e], self.seen[e][0], self.seen[e][1], self.seen[e][2],
                                             rng.random()))

    def _likely_documents(self, rng: random.Random) -> dict[int, int]:
        """For each envelope, how many of ``imagined_deals`` deals drawn from the view put a missing document in it."""
        likely = dict.fromkeys(self.seen, 0)
        wanted = set(self.missing or DOCUMENTS)
        for _ in range(self.imagined_deals):
            deal = determinise(self.view, rng)
            for envelope in likely:
                if not wanted.isdisjoint(deal.envelopes[envelope]):
                    likely[envelope] += 1
        return likely

    # -- cards in hand: where they must go (CD-4) --------------------------------------------
    def finish(self) -> int:
        hand, notes = self.hand, self.notes
        winning = [e for e, cards in notes.items() if self._wins(cards + hand)]
        if winning:
            return winning[0]
        runner_only = self._mine(hand) and not _kinds(hand) & set(self.missing)
        if runner_only and self._mine(notes[self.base]) and self.targets:
            return self.targets[0]
        return self.base

    # -- after looking inside: what to do with it ------------------------------------------------
    def decide(self, envelope: int, inside: str) -> str:
        if self._wins(inside):
            return "pass"  # replacing it wins (CD-8)
        mine = [a for a in self.own if a in inside]
        carry = [d for d in self.missing if d in inside]
        base_agents = self._mine(self.notes[self.base])
        if envelope != self.base and mine:
            if carry:
                return f"take {mine[0]}+{carry[0]}"
            if not base_agents or self.targets:
                return f"take {mine[0]}"
        if envelope == self.base and len(mine) == 2 and self.targets:
            runner = [a for a in mine if a != self.anchor][0]
            return f"take {runner}"
        doubles = [c for c in DOUBLE_AGENTS if c in inside]
        if envelope != self.base and doubles and carry and base_agents:
            return f"take {doubles[0]}+{carry[0]}"  # a double agent ferries a document home
        hazards = [c for c in inside if c in HAZARDS]
        if hazards and self.someone_holds:
            return f"track {hazards[0]}"  # learn where a carried card goes (CD-7)
        return "pass"



def imagining_collector(spec: GameSpec | None = None, seed: int = 0) -> CollectorBot:
    """The search bot's guide: the collector, exploring where two deals imagined from its view put a missing
    document.  A couple of deals explore roughly in proportion to the odds; many (64), which nearly always pick the
    likeliest envelope, did worse (``benchmarks/README.md``, ``benchmarks/explorers.py``)."""
    return CollectorBot(spec, seed, imagined_deals=2)


_OPEN = {e: Open(e) for e in ENVELOPES}
_PASS = Pass()


def take_a_win(state: State, rng: random.Random) -> Action | None:
    """A rollout's rule of thumb: win at once when the imagined envelopes allow it (CD-8), else leave it to chance.

    With cards in hand, finish into the envelope they complete (CD-4); with none, select an envelope that wins
    as it stands, and replace it untouched.  The searching bot imagines every envelope, so it may read them.
    """
    imagined = cast(CloakDaggerState, state)
    seat = imagined.current
    hand, envelopes = imagined.hands[seat], imagined.envelopes
    if imagined.phase is SELECT:
        for envelope in ENVELOPES:
            if imagined.wins_with(seat, envelopes[envelope] + hand):
                return _OPEN[envelope]
    elif imagined.phase is DECIDE and not hand and imagined.wins_with(seat, envelopes[imagined.selected]):
        return _PASS
    return None


SEARCH = SearchSettings(iterations=4000, rollout_depth=24, prefer=take_a_win, paired=True, margin=0.05,
                        follow_up=True, guide=imagining_collector)
"""The search bot in Cloak & Dagger compares (``paired``): each legal action is played on from the same imagined
envelopes with the same draws, for a few turns of random play but for a win the envelopes allow
(:func:`take_a_win`), and scored against the best rival's progress; after opening an envelope, the best of the
decisions it then allows counts (``follow_up``: the seat decides knowing what is inside).  The guide's choice (the
collector exploring by imagined deals, :func:`imagining_collector`) stands unless another gains more than 0.05 of a
win over it on average."""
