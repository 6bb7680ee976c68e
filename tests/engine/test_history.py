"""The shared event log: tuples on the hot path, events made when first read."""

from __future__ import annotations

import copy

from spynb.engine import Event, History


def _history(read: list[str]) -> History:
    def narrate(event):  # counts how often a text is written
        read.append(event.kind)
        return f"Seat {event.actor} did {event.kind}."

    history = History({"a": narrate, "b": "Something public happened."})
    history.entries.append((1, "a", 1, frozenset({1}), (("turn", 1),)))
    history.entries.append((2, "b", None, None, (("turn", 1),)))
    history.seal()
    history.entries.append((3, "a", 2, frozenset({2}), (("turn", 2),)))
    return history


def test_an_event_is_narrated_only_when_its_text_is_first_read() -> None:
    read: list[str] = []
    history = _history(read)
    events = history.events()
    assert read == []
    assert [e.text for e in events] == ["Seat 1 did a.", "Something public happened.", "Seat 2 did a."]
    assert [e.text for e in history.events()] and read == ["a", "a"]


def test_the_open_chunk_holds_the_events_since_the_last_seal() -> None:
    history = _history([])
    assert [e.step for e in history.open_events()] == [3]
    history.seal()
    assert history.open_events() == [] and len(history) == 3


def test_a_copy_shares_the_past_but_not_what_comes_next() -> None:
    history = _history([])
    other = history.copy()
    other.entries.append((4, "b", None, None, ()))
    assert len(history) == 3 and len(other) == 4
    assert copy.deepcopy(history) == history != other


def test_a_seats_history_keeps_only_what_it_saw_and_the_chunks() -> None:
    history = _history([])
    seen = history.seen_by(2)
    assert [e.step for e in seen.events()] == [2, 3]
    assert [e.step for e in seen.open_events()] == [3]


def test_equal_histories_hold_the_same_entries_whatever_has_been_read() -> None:
    history, other = _history([]), _history([])
    history.events()
    assert history == other
    other.entries.append((4, "b", None, None, ()))
    assert history != other


def test_events_read_as_the_game_goes_match_events_read_at_the_end() -> None:
    steady, at_the_end = _history([]), _history([])
    for step in range(4, 11):
        steady.events()
        steady.entries.append((step, "b", None, None, ()))
        at_the_end.entries.append((step, "b", None, None, ()))
        if step % 3 == 0:
            steady.seal()
            at_the_end.seal()
    assert [(e.step, e.text) for e in steady.events()] == [(e.step, e.text) for e in at_the_end.events()]
    assert [e.step for e in steady.open_events()] == [e.step for e in at_the_end.open_events()] == [10]


def test_reading_an_event_keeps_what_was_logged() -> None:
    """The narrator's text and the cited rule are kept beside the event; its logged fields never change."""
    def narrate(event):
        return f"Seat {event.actor} cut."

    def cite(event):
        return "CD-2"

    event = Event(1, "cut", 2, None, narrate, (("card", "K"),), cites=cite)
    assert (event.text, event.rule) == ("Seat 2 cut.", "CD-2")
    assert event.narration is narrate and event.cites is cite
    assert event == Event(1, "cut", 2, None, narrate, (("card", "K"),), cites=cite)


def test_a_fresh_copys_open_chunk_is_read_without_making_the_sealed_events() -> None:
    read: list[str] = []
    fresh = _history(read).seen_by(2)  # a copy nobody has read: what a re-deal starts from
    assert [(e.step, e.kind) for e in fresh.open_events()] == [(3, "a")]
    assert fresh._made == [], "the sealed events were made to read the open chunk"
    assert fresh.open_events() == fresh.events()[len(fresh) - 1:]


def test_the_events_since_a_point_are_made_without_the_earlier_ones_when_those_are_unread() -> None:
    fresh = _history([]).copy()
    assert [e.step for e in fresh.events_since(1)] == [2, 3]
    assert fresh._made == [], "the first event was made to read the ones after it"
    assert fresh.events_since(1) == fresh.events()[1:] and fresh.events_since(3) == []


def test_reading_the_open_chunk_again_gives_the_same_events_and_makes_only_the_new_ones() -> None:
    """Every seat's view of a turn reads the open chunk: its events are made once, and each keeps its view data."""
    read: list[str] = []
    fresh = _history(read).copy()
    first = fresh.open_events()
    assert [e.text for e in first] == ["Seat 2 did a."] and read == ["a"]
    assert all(a is b for a, b in zip(fresh.open_events(), first, strict=True)), "the open chunk was made again"
    assert [e.text for e in fresh.open_events()] == ["Seat 2 did a."] and read == ["a"]
    fresh.entries.append((4, "b", None, None, ()))
    again = fresh.open_events()
    assert again[0] is first[0] and [e.step for e in again] == [3, 4]
    fresh.seal()
    assert fresh.open_events() == [] and [e.step for e in fresh.events_since(2)] == [3, 4]
    assert [e.step for e in fresh.events_since(1)] == [2, 3, 4] and fresh._made == []
    assert fresh.events_since(3) == fresh.events()[3:]


def test_the_steps_a_seat_saw_are_read_without_making_an_event() -> None:
    history = _history([]).copy()
    assert history.steps_seen_by(1) == [1, 2] and history.steps_seen_by(2) == [2, 3]
    assert history._made == []
