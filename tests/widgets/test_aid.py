"""The deduction aid beside the board (spynb/widgets/aid.py): it is `deduce` of the seat's view, nothing more.

The panel's figures equal :func:`spynb.prob.deduce.deduce` for the view shown;
dealing again everything the seat has not seen leaves the panel unchanged; the
board opens and closes it on the front end's intention, follows the position
while it is open, shows nothing in the teaching view and closes when the device
passes (TG-1, TG-7 for The Target; CD-7, CD-10 for Cloak & Dagger).
"""

from __future__ import annotations

import random
from fractions import Fraction

import pytest

pytest.importorskip("anywidget")

import spynb  # noqa: E402
from spynb.prob import decisions, envelopes  # noqa: E402
from spynb.prob.deduce import deduce  # noqa: E402
from spynb.prob.stats import Estimate  # noqa: E402
from spynb.widgets import aid  # noqa: E402
from spynb.cloak_dagger.widget import CloakDaggerBoard  # noqa: E402
from spynb.kloak.widget import KloakBoard  # noqa: E402
from spynb.target.widget import TargetBoard  # noqa: E402

from .helpers import front_end_sends, hidden_twin_boards  # noqa: E402


def _target_outed():
    """Five seats; seat 1 (CIA) has been shown KGB by seat 3 through an Outed (TG-7)."""
    from spynb.target.state import TargetState

    return TargetState.scenario(5, affiliations={1: "cia", 2: "kgb", 3: "kgb", 4: "cia", 5: "double-agent"},
                                outed_seen={3: {1: "kgb"}})


def _positions():
    """(state, seat) pairs: exact Target (5 and 7 seats), sampled Target (10 seats), Cloak & Dagger notes."""
    tracker = envelopes.tracker_position()
    return [(_target_outed(), 1), (spynb.new_game("target", seats=7, seed=2).state, 3),
            (spynb.new_game("target", seats=10, seed=4).state, 6), (tracker, envelopes.tracker_seat(tracker))]


def _same_cell(shown: dict, cell: Fraction | Estimate | None) -> bool:
    if cell is None:  # a figure no move the seat was not shown leaves certain
        return shown["kind"] == "none" and shown["text"] == "—"
    if isinstance(cell, Estimate):
        return shown["kind"] == "sampled" and (shown["value"], shown["low"], shown["high"]) == (
            cell.value, cell.low, cell.high)
    return shown["kind"] == "exact" and Fraction(shown["fraction"]) == cell and shown["value"] == float(cell)


@pytest.mark.parametrize("index", range(4))
def test_the_panel_equals_deduce_for_the_seat_view(index):
    state, seat = _positions()[index]
    view = state.view(seat)
    data = aid.panel(view.to_dict())
    table = deduce(view, **aid.aid_rows(view.game).options)
    assert data["columns"] == list(table.columns) and data["title"] == table.title
    assert data["kind"] == ("exact" if table.exact else "sampled") and data["notes"] == list(table.notes)
    for row in data["rows"]:
        assert [_same_cell(shown, table[row["key"]][c]) for shown, c in zip(row["cells"], table.columns)] == [
            True] * len(table.columns)
    left_out = set(table.rows) - {row["key"] for row in data["rows"]}
    assert all(table[r][c] in (0, 1) for r in left_out for c in table.columns)  # only settled envelopes are left out
    assert data["rows"], "the position has something uncertain to show"
    assert all("~" not in row["note"] for row in data["rows"]), "a note as the seat wrote it, not markup"


def test_an_exact_chance_is_written_as_its_fraction_not_left_to_a_tooltip():
    data = aid.panel(decisions.outed_view().to_dict())
    cells = [cell for row in data["rows"] for cell in row["cells"]]
    assert data["kind"] == "exact" and cells
    for cell in cells:
        short = Fraction(cell["fraction"]).denominator <= aid.SHORT_DENOMINATOR
        assert cell["text"] == (cell["fraction"] if short else f"{cell['value']:.3f}")
    assert "point at" not in data["method"]


def test_TG_7_the_outed_reveal_moves_the_panel_as_deduce_does():
    data = aid.panel(decisions.outed_view().to_dict())
    row = next(r for r in data["rows"] if r["seat"] == 3)
    assert row["cells"][0]["fraction"] == "0"  # seat 3 showed KGB: it cannot be CIA
    assert Fraction(row["cells"][2]["fraction"]) == deduce(decisions.outed_view())[3]["Double Agent"]


def test_the_target_panel_samples_above_nine_seats_and_its_intervals_hold_the_exact_chances():
    view = spynb.new_game("target", seats=10, seed=4).view(6)
    data = aid.panel(view.to_dict())
    exact = deduce(view)  # 3^9 deals listed: exact
    assert data["kind"] == "sampled" and exact.exact
    inside = [cell["low"] <= exact[row["key"]][c] <= cell["high"]
              for row in data["rows"] for cell, c in zip(row["cells"], exact.columns)]
    assert sum(inside) >= len(inside) - 2  # 27 intervals at 95%: one or two may miss
    assert all(cell["text"].count("±") == 1 for row in data["rows"] for cell in row["cells"])


@pytest.mark.parametrize("index", range(4))
def test_the_panel_reads_only_the_seat_view(index):
    """Dealing again everything the seat has not seen leaves its panel exactly as it was."""
    state, seat = _positions()[index]
    before = aid.panel(state.view(seat).to_dict())
    rng, changed = random.Random(index), False
    for _ in range(8):
        other = state.resample_hidden(seat, rng)
        assert other is not None
        changed |= other.view(None) != state.view(None)
        assert aid.panel(other.view(seat).to_dict()) == before
    assert changed, "the re-deal changed nothing: the test would prove nothing"


def test_the_panel_refuses_the_teaching_view_and_games_without_an_aid():
    game = spynb.new_game("target", seats=4, seed=1)
    with pytest.raises(spynb.SpynbError, match="one seat's own view"):
        aid.panel(game.view(None).to_dict())
    with pytest.raises(spynb.SpynbError, match="no deduction aid"):
        aid.panel(spynb.new_game("kloak", seed=1).view(1).to_dict())


def test_the_panel_is_cached_by_position():
    view = spynb.new_game("target", seats=6, seed=8).view(2).to_dict()
    first = aid.panel(view)
    hits = aid._panel_text.cache_info().hits
    first["rows"].clear()  # a caller changing its copy changes nothing cached
    assert aid.panel(dict(reversed(view.items()))) != first
    assert aid._panel_text.cache_info().hits == hits + 1


# -- on the board -------------------------------------------------------------------------------------

@pytest.mark.parametrize("board_class", [TargetBoard, CloakDaggerBoard])
def test_the_button_opens_the_aid_for_the_seat_shown_and_closes_it(board_class):
    board = board_class(seed=3)
    assert board.aid == {}
    front_end_sends(board, {"kind": "aid", "on": True})
    assert board.error == {} and board.aid == aid.panel(board.view) and board.aid["seat"] == board.viewer
    front_end_sends(board, {"kind": "aid", "on": False})
    assert board.error == {} and board.aid == {}


@pytest.mark.parametrize("board_class", [TargetBoard, CloakDaggerBoard])
def test_the_open_aid_follows_the_position(board_class):
    board = board_class(seed=4, seats=3 if board_class is CloakDaggerBoard else 4)  # a person and bots
    board.show_aid(True)
    rng, panels = random.Random(1), set()
    for _ in range(40):
        if board.game.over:
            break
        if board.thinking:
            board.bot_step()
        elif board.legal:
            assert board.play(rng.choice(board.legal)), board.error
        assert board.aid == aid.panel(board.view)
        panels.add(str(board.aid))
    if board_class is CloakDaggerBoard:
        assert len(panels) > 1, "the notes grew but the panel never changed"


def test_the_aid_says_nothing_in_the_teaching_view():
    board = TargetBoard(seed=2, teaching=True)
    board.show_aid(True)
    assert board.aid["open"] and "teaching view" in board.aid["note"] and "rows" not in board.aid


@pytest.mark.parametrize("board_class", [TargetBoard, CloakDaggerBoard])
def test_at_a_shared_screen_the_aid_closes_when_the_device_passes(board_class):
    seats = 4 if board_class is TargetBoard else 3
    board = board_class(seed=2, seats=seats, players=["human"] * seats)
    front_end_sends(board, {"kind": "aid", "on": True})
    assert board.error["reason"].startswith("Nothing can be deduced while the device passes") and board.aid == {}
    board.uncover()
    first = board.viewer
    board.show_aid(True)
    assert board.aid["seat"] == first
    for _ in range(30):
        if board.cover:
            break
        assert board.aid == aid.panel(board.view)
        assert board.play(board.legal[0]), board.error
    assert board.cover and board.aid == {}, "a pass must close the aid"
    board.uncover()
    assert board.viewer != first and board.aid == {}


def test_the_aid_is_refused_where_there_is_none_and_for_a_bad_switch():
    kloak = KloakBoard(seed=1)
    front_end_sends(kloak, {"kind": "aid", "on": True})
    assert "no deduction aid" in kloak.error["reason"] and kloak.aid == {}
    board = TargetBoard(seed=1)
    front_end_sends(board, {"kind": "aid", "on": "yes"})
    assert "true or false" in board.error["reason"] and board.aid == {}


@pytest.mark.parametrize("game_name, seats", [("target", 5), ("cloak-dagger", 3)])
def test_the_open_aid_of_two_hidden_twins_is_the_same(game_name, seats):
    """Two games that differ only in what the seat shown has not seen give it the same aid on its board."""
    board_class = TargetBoard if game_name == "target" else CloakDaggerBoard
    checked = 0
    for *boards, _seat in hidden_twin_boards(board_class, game_name, 12, seats=seats, max_steps=80):
        panels = []
        for board in boards:
            board.show_aid(True)
            panels.append(board.aid)
        assert panels[0] == panels[1] and panels[0]["rows"] is not None
        checked += 1
    assert checked >= 6
