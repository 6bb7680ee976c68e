"""The box as text and as a drawing, for a seat and for the teacher."""

from __future__ import annotations

import xml.etree.ElementTree as ET

from spynb.render import svg_for
from tests.cloak_dagger.scenarios import play, started


def _texts(svg: str) -> list[str]:
    return [el.text or "" for el in ET.fromstring(svg).iter() if el.tag.endswith("text")]


def test_the_omniscient_drawing_shows_every_envelope_and_says_what_it_is() -> None:
    game = play(started(), "7", "draw X")
    svg = game._repr_svg_()
    root = ET.fromstring(svg)
    assert "omniscient" in root.get("aria-label", "")
    texts = _texts(svg)
    assert "X" in texts and [t for t in texts if t.isdigit()][:20] == [str(n) for n in range(1, 21)]


def test_a_seat_drawing_shows_its_notes_and_nothing_it_has_not_seen() -> None:
    game = play(started(), "7", "draw X", "9", "draw Y")  # seat 2 placed Y unseen by seat 1
    seat1 = _texts(svg_for(game.state, 1))
    assert "X" in seat1 and "Y" not in seat1
    assert "Y" in _texts(svg_for(game.state, 2)) and "X" not in _texts(svg_for(game.state, 2))


def test_the_text_table_lists_twenty_envelopes_hands_and_stack() -> None:
    game = play(started(), "7", "draw X")
    table = str(game.state)
    assert " 7 X" in table and "seat 1: —" in table and "stack: 23 cards" in table
    assert "your hand" in game.state.text(2) and " 7 ?" in game.state.text(2)
