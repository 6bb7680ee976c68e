"""A Cloak & Dagger player of rules of thumb: it collects documents with its own agent.

It reads only its view: the note list (CD-10), its hand and the open envelope.
Its plan: pick a *base* — the envelope its notes show with the most kinds of
document and no rival agent — and ferry its own agents and the missing
documents there until an agent stands beside X, Y and Z (CD-8).
"""

from __future__ import annotations

import random
from collections.abc import Sequence

from spynb.engine import Action, GameSpec, View

__all__ = ["CollectorBot", "RULES_BOT"]

DOCUMENTS = "XYZ"
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

    def __init__(self, spec: GameSpec | None = None, seed: int = 0) -> None:
        self.rng = random.Random(seed)

    def choose(self, view: View, legal: Sequence[Action]) -> Action:
        by_text = {str(a): a for a in legal}
        opened = view.data.get("opened")
        plan = _Plan(view)
        choice = plan.decide(opened["envelope"], opened["contents"]) if opened else plan.select(self.rng)
        return by_text.get(choice) or self.rng.choice(legal)


class _Plan:
    def __init__(self, view: View) -> None:
        self.own, self.hand = view["agents"], view["hand"]
        self.rivals = set(AGENTS) - set(self.own)
        self.notes = {n["envelope"]: n["letters"] for n in view["notes"]}
        self.clean = {e: cards for e, cards in self.notes.items() if not self.rivals & set(cards)}
        self.base = max(self.clean, key=lambda e: (len(_kinds(self.clean[e])), self._has_agent(self.clean[e]), -e))
        self.missing = set(DOCUMENTS) - _kinds(self.clean[self.base])
        self.seen = {n["envelope"]: n["seen_turn"] for n in view["notes"]}
        self.someone_holds = any(n for s, n in view["hand_sizes"].items() if s != str(view.seat))

    def _has_agent(self, cards: str) -> bool:
        return any(a in cards for a in self.own)

    def select(self, rng: random.Random) -> str:
        base, clean = self.base, self.clean
        if self.hand:  # finishing (CD-4): carry documents to the base, a lone agent to a missing document
            if _kinds(self.hand) & self.missing or not self.missing:
                return str(base)
            fetch = [e for e, cards in clean.items() if e != base and _kinds(cards) & self.missing]
            return str(fetch[0] if fetch else base)
        if self._has_agent(clean[base]) and not self.missing:
            return str(base)  # look in and win
        agents_elsewhere = [e for e, cards in clean.items() if e != base and self._has_agent(cards)]
        with_missing = [e for e in agents_elsewhere if _kinds(clean[e]) & self.missing]
        if with_missing or agents_elsewhere:
            return str((with_missing or agents_elsewhere)[0])
        if self._has_agent(clean[base]) and any(_kinds(c) & self.missing for e, c in clean.items() if e != base):
            return str(base)  # take the agent out to fetch what is missing
        return str(min(self.seen, key=lambda e: (self.seen[e] or -1, rng.random())))  # explore

    def decide(self, envelope: int, inside: str) -> str:
        mine = [a for a in self.own if a in inside]
        if mine and not self.missing and envelope == self.base and not self.rivals & set(inside):
            return "pass"  # replacing it wins (CD-8)
        if mine and envelope != self.base:
            carry = sorted(_kinds(inside) & self.missing) or sorted(_kinds(inside))
            return f"take {mine[0]}+{carry[0]}" if carry else f"take {mine[0]}"
        if mine and self.missing:
            return f"take {mine[0]}"
        doubles = [c for c in "abc" if c in inside]
        carry = sorted(_kinds(inside) & self.missing)
        if doubles and carry and envelope != self.base and self._has_agent(self.clean[self.base]):
            return f"take {doubles[0]}+{carry[0]}"  # a double agent ferries a document home
        hazards = [c for c in inside if "K" <= c <= "W"]
        if hazards and self.someone_holds:
            return f"track {hazards[0]}"  # learn where a carried card goes (CD-7)
        return "pass"
RULES_BOT = CollectorBot
