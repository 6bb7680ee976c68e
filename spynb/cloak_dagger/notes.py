"""The note list of ruling CD-10, derived from what one seat saw.

The rulebook's *Note Taking*: write the envelope numbers, record the letters
seen against them, cross out letters of cards gone, ``?`` for unknown cards.
The list is folded from the events the seat saw — nothing else — so it can
never hold anything the seat did not see.

A note records what was seen, not what is still there: a rival who finishes a
transfer (CD-4) puts its cards into an envelope no one else is shown, unless
they tracked it (CD-7), so every envelope the seat has not looked into since may
hold them.  The notebook keeps those finishes (:class:`HiddenFinish`) beside the
notes, and :meth:`Notebook.may_hold_unseen` says which notes they make uncertain.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field, replace
from typing import Any

from spynb.engine import Event

from .cards import DOCUMENTS, ENVELOPES, agents_of, sort_cards

__all__ = ["note_list", "notebook", "hidden_finishes", "HiddenFinish", "Note", "Notebook"]


@dataclass
class Note:
    """What a seat has written against one envelope."""

    letters: str = ""
    unknown: int = 0
    gone: str = ""
    seen_turn: int | None = None
    complete: bool = False
    """True when the seat knew every card inside at ``seen_turn``."""

    def look(self, contents: str, turn: int) -> None:
        self.letters, self.unknown, self.gone, self.seen_turn, self.complete = contents, 0, "", turn, True

    def add(self, letters: str, unknown: int, turn: int) -> None:
        self.letters = sort_cards(self.letters + letters)
        self.unknown += unknown
        self.seen_turn = turn

    def cross_out(self, card: str) -> bool:
        if card not in self.letters:
            return False
        self.letters = self.letters.replace(card, "", 1)
        self.gone = sort_cards(self.gone + card)
        return True

    def text(self) -> str:
        if self.seen_turn is None:
            return "?"
        parts = list(self.letters) + ["?"] * self.unknown + ([] if self.complete else ["…"])
        parts += [f"~{card}~" for card in self.gone]
        return " ".join(parts) if parts else "empty"

    def to_dict(self, envelope: int) -> dict[str, Any]:
        return {"envelope": envelope, "letters": self.letters, "unknown": self.unknown, "gone": self.gone,
                "seen_turn": self.seen_turn, "complete": self.complete, "text": self.text()}


@dataclass
class HiddenFinish:
    """A rival's finish the seat was not shown (CD-4, CD-7): how many cards (public, CD-6) went where it cannot say."""

    seat: int
    count: int
    turn: int
    could_be: set[int] = field(default_factory=lambda: set(ENVELOPES))
    """The envelopes the seat has not looked into completely since: the cards may be in any of them."""


@dataclass
class Notebook:
    seat: int
    notes: dict[int, Note] = field(default_factory=lambda: {e: Note() for e in ENVELOPES})
    known_hands: dict[int, tuple[str, int]] = field(default_factory=dict)
    """Per seat: the letters everyone knows it holds, and how many more unseen."""
    finishes: list[HiddenFinish] = field(default_factory=list)
    """The rivals' finishes the seat was not shown, while some envelope it has not looked into since may hold them."""
    shown_by: int = 0
    """The seat whose finish the seat was just shown as a tracker (CD-7), until that finish."""

    @classmethod
    def from_view(cls, seat: int, notes: Sequence[Mapping[str, Any]], hands_known: Mapping[str, str]) -> Notebook:
        """The notebook a seat's view shows (its ``notes`` and ``hands_known``), as the seat wrote it."""
        book = cls(seat, {n["envelope"]: Note(n["letters"], n["unknown"], n["gone"], n["seen_turn"], n["complete"])
                          for n in notes})
        book.known_hands = {int(s): (letters, 0) for s, letters in hands_known.items()}
        return book

    def copy(self) -> Notebook:
        return Notebook(self.seat, {e: replace(note) for e, note in self.notes.items()}, dict(self.known_hands),
                        [replace(f, could_be=set(f.could_be)) for f in self.finishes], self.shown_by)

    def may_hold_unseen(self, envelope: int) -> bool:
        """Whether a finish the seat was not shown came after its last complete look into ``envelope``: if so, a
        complete note of it is no longer certain."""
        return any(envelope in finish.could_be for finish in self.finishes)

    def watch(self, kind: str, actor: int | None, data: Mapping[str, Any]) -> None:
        """Keep the hidden finishes up to date with one event the seat saw (its kind, actor and facts)."""
        if kind in ("open", "show_empty", "win"):  # a complete look: whatever went in before is seen
            for finish in self.finishes:
                finish.could_be.discard(data["envelope"])
            self.finishes = [finish for finish in self.finishes if finish.could_be]
        elif kind == "shown":
            self.shown_by = actor or 0
        elif kind == "finish":
            if actor not in (self.seat, self.shown_by):
                self.finishes.append(HiddenFinish(actor or 0, data["count"], data["turn"]))
            self.shown_by = 0

    def known_in_hand(self, seat: int) -> str:
        """The letters of ``seat``'s hand that everyone has seen."""
        return self.known_hands.get(seat, ("".join(agents_of(seat)), 0))[0]

    def cross_out_everywhere(self, card: str, except_envelope: int = 0) -> None:
        if card in DOCUMENTS:  # three of each: one leaving says nothing of the others
            return
        for envelope, note in self.notes.items():
            if envelope != except_envelope:
                note.cross_out(card)

    def read(self, event: Event) -> None:
        self.take_in(event.kind, event.actor, dict(event.data))

    def take_in(self, kind: str, actor: int | None, data: Mapping[str, Any]) -> None:
        """Note one event the seat saw, from its kind, actor and facts (an event's data, or a view's event)."""
        turn: int = data.get("turn", 0)
        envelope: int = data.get("envelope", 0)
        self.watch(kind, actor, data)
        if kind == "open":
            for card in data["contents"]:
                self.cross_out_everywhere(card, except_envelope=envelope)
            self.notes[envelope].look(data["contents"], turn)
        elif kind == "show_empty":
            self.notes[envelope].look("", turn)
        elif kind == "place":
            self.notes[envelope].add("", 1, turn)
        elif kind == "placed":
            note = self.notes[envelope]
            note.unknown -= 1
            note.add(data["card"], 0, turn)
        elif kind == "take":
            self.cross_out_everywhere(data["shown"])
            self.known_hands[actor] = (data["shown"], data["count"] - 1)  # type: ignore[index]  # a seat's move
        elif kind == "took":
            for card in data["cards"]:
                self.notes[envelope].cross_out(card)
        elif kind in ("track", "tracked"):
            self.cross_out_everywhere(data["hazard"])
        elif kind == "deposit":
            self.notes[envelope].add(data["cards"], 0, turn)
        elif kind == "shown" and actor != self.seat:
            letters = self.known_in_hand(actor)  # type: ignore[arg-type]  # a seat's move
            unseen = data["count"] - len(letters)
            self.notes[envelope].add(letters, unseen, turn)
        elif kind == "finish":
            self.known_hands[actor] = ("", 0)  # type: ignore[index]  # a seat's move
        elif kind == "win":
            self.notes[envelope].look(data["contents"], turn)


def notebook(seat: int, events: Iterable[Event], before: Notebook | None = None) -> Notebook:
    """Everything ``seat`` has written down, folded from the events it saw (after what it knew ``before``)."""
    book = Notebook(seat) if before is None else before.copy()
    for event in events:
        if event.visible_to(seat):
            book.read(event)
    return book


def hidden_finishes(seat: int, events: Iterable[Mapping[str, Any]]) -> list[HiddenFinish]:
    """The finishes ``seat`` was not shown that may lie in an envelope it has not looked into since, from the events
    a view gives it (``view["events"]``)."""
    book = Notebook(seat)
    for event in events:
        book.watch(event["kind"], event["actor"], event)
    return book.finishes


def note_list(seat: int, events: Iterable[Event]) -> tuple[dict[str, Any], ...]:
    """CD-10: the seat's notes, envelope 1 to 20, from the events it saw.

    >>> import spynb
    >>> game = spynb.new_game("cloak-dagger", seats=2, seed=1)
    >>> first = game.turn.seats[0]
    >>> _ = game.play("5")           # deposit cloak and dagger (CD-4)
    >>> [n["text"] for n in game.view(first)["notes"]][3:6]
    ['?', 'd D', '?']
    """
    book = notebook(seat, events)
    return tuple(book.notes[e].to_dict(e) for e in ENVELOPES)
