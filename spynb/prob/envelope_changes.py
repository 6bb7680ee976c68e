"""Cloak & Dagger: which envelopes a move the seat was not shown may have changed since its last look (CD-4, CD-6,
CD-7, CD-10).

A note records what the seat saw, and stays true until someone changes the
envelope unseen:

* a rival's finish the seat was not shown (CD-4, CD-7) may have *added* cards
  to any envelope the seat has not looked into completely since;
* a rival's take (CD-6) shows its card but not the envelope: if a note the
  seat can trust holds that card, the take came from there, and a second card
  taken with it (the count is public) left that envelope unseen; if no trusted
  note holds it, the take came from an envelope that may hold it unseen, and
  any of those may have *lost* cards;
* a rival's track (CD-7) shows its hazard: likewise, if no trusted note holds
  it, any envelope that may hold it unseen may have lost a card.

A complete look (``open``, ``show_empty``, ``win``) settles an envelope
again.  A note is *trusted* while its envelope may not have lost a card: every
letter on it is still there, and each ``?`` still holds the card it stood for.

>>> from spynb.prob.decisions import tracker_view
>>> view = tracker_view()
>>> unseen = changed_unseen(view)
>>> 1 in unseen.gained, 1 in unseen.lost       # the tracker looked into its own envelope last
(False, False)
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from spynb.cloak_dagger.cards import owner_of
from spynb.cloak_dagger.notes import Notebook
from spynb.engine import View

from .deduce import seat_of

__all__ = ["Unseen", "changed_unseen"]

LOOKS = ("open", "show_empty", "win")
"""The events that show a seat everything inside an envelope."""


@dataclass(frozen=True)
class Unseen:
    """The envelopes unseen moves may have changed since the seat's last complete look into each."""

    gained: Mapping[int, str]
    """Per envelope a finish the seat was not shown may have put cards into, the letters those finishes were known
    to carry (shown when taken, CD-6)."""
    gained_unseen: frozenset[int]
    """The envelopes such a finish may have put a card into that nobody but its owner saw."""
    lost: frozenset[int]
    """Envelopes an unseen take or track may have removed cards from (their notes are no longer trusted)."""
    kept: Mapping[int, str]
    """Per lost envelope, the letters the seat saw go in since (a tracked finish, CD-7): still there."""


class _Fold:
    """The seat's notes read event by event, with the envelopes changed unseen so far."""

    def __init__(self, seat: int) -> None:
        self.book = Notebook(seat)
        self.lost: set[int] = set()
        self.kept: dict[int, str] = {}
        self.placed: Counter[int] = Counter()  # per envelope, its ? placed from the stack (CD-5)
        self.carried: dict[int, tuple[str, int]] = {}  # per hidden finish (by turn): letters known, cards unseen

    def gains(self) -> tuple[dict[int, str], set[int]]:
        """Per envelope the hidden finishes may have reached, the letters they carried; those they may have put an
        unseen card into."""
        letters: dict[int, str] = {}
        unseen: set[int] = set()
        for finish in self.book.finishes:
            known, hidden = self.carried[finish.turn]
            for envelope in finish.could_be:
                letters[envelope] = letters.get(envelope, "") + known
                if hidden:
                    unseen.add(envelope)
        return letters, unseen

    def read(self, event: Mapping[str, Any]) -> None:
        kind, actor = event["kind"], event["actor"]
        envelope: int = event.get("envelope", 0)
        rival = actor != self.book.seat
        if kind in ("take", "track") and rival:
            self._lose(self._left_from(event["shown"] if kind == "take" else event["hazard"], event.get("count", 1)))
        elif kind == "shown" and rival and envelope in self.lost:
            self.kept[envelope] = self.kept.get(envelope, "") + self.book.known_in_hand(actor)
        elif kind == "finish" and rival:
            known = self.book.known_in_hand(actor)
            self.carried[event["turn"]] = known, event["count"] - len(known)
        self.book.take_in(kind, actor, event)
        if kind == "place":
            self.placed[envelope] += 1
        elif kind == "placed":
            self.placed[envelope] -= 1
        elif kind in LOOKS:
            self.placed[envelope] = 0
            self.lost.discard(envelope)
            self.kept.pop(envelope, None)

    def _lose(self, envelopes: set[int]) -> None:
        self.lost |= envelopes
        for envelope in envelopes:
            self.kept.pop(envelope, None)

    def _left_from(self, card: str, count: int) -> set[int]:
        """The envelopes whose notes a rival's take of ``card`` (and ``count`` - 1 more, unseen) or track of it may
        have made wrong."""
        notes = self.book.notes
        holders = [e for e, note in notes.items() if e not in self.lost and card in note.letters]
        if len(holders) == 1:  # a trusted note holds it: it came from there, with any second card
            return set(holders) if count > 1 else set()
        agent = owner_of(card) is not None  # never placed from the stack (CD-1, CD-5)
        as_unknown = {e for e, note in notes.items() if note.unknown > (self.placed[e] if agent else 0)}
        if count == 1:  # it alone left: a note is wrong only where it was one of the ?, or seen go in
            return as_unknown | {e for e in self.lost if card in self.kept.get(e, "")}
        letters, unseen = self.gains()
        return as_unknown | self.lost | unseen | {e for e, known in letters.items() if card in known}


def changed_unseen(view: View) -> Unseen:
    """Which envelopes moves ``view``'s seat was not shown may have changed since it last looked (the module doc)."""
    fold = _Fold(seat_of(view))
    for event in view["events"]:
        fold.read(event)
    letters, unseen = fold.gains()
    return Unseen(letters, frozenset(unseen), frozenset(fold.lost), dict(fold.kept))
