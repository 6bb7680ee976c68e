"""Text display of KLOAK views: an ASCII board, rank 5 at the top, files a to e.

Each square is three characters: `` O `` an uncovered small piece (its colour
letter), ``[ ]`` a big piece alone, ``[O]`` a big piece kloaking an ``O`` (the
omniscient view), ``[?]`` a kloaked piece whose colour the seat cannot see,
``[o]`` one the memory aid recalls (lower case: remembered, not seen), `` . ``
an empty square.  Letters, not colours, so it reads the same to everyone.
"""

from __future__ import annotations

from typing import Any

from spynb.engine import View, wording
from spynb.engine.wording import outcome

from .board import COLOUR_NAMES, FILES, RANKS

__all__ = ["text_board", "status_line", "cell", "ending_reason"]


def status_line(view: View) -> str:
    """Where the game stands, in one line (:func:`spynb.engine.wording.status_line`)."""
    phase, turn = view["phase"], view["turn_number"]
    if phase == "setup":
        placed = sum(1 for e in view["events"] if e["kind"] == "place")
        return wording.status_line(0, f"setting up: {placed} of {sum(view['colours'].values())} small pieces placed")
    if phase == "over":
        return wording.status_line(turn, outcome(view["winners"], view["events"], nobody="a draw",  # KL-9
                                                 draw="a draw: no side can reach two scores any more (KL-15)"),
                                   over=True)
    mover = view["to_move"][0]
    extra = " (and again next turn, KL-8)" if view["extra_turns"] else ""
    if phase == "choose":
        lines = "; ".join(" ".join(line) for line in view["candidates"])
        return wording.status_line(turn, f"seat {mover} chooses which line scores: {lines}{extra}")
    return wording.status_line(turn, f"seat {mover} to move{extra}")


def ending_reason(view: dict[str, Any]) -> dict[str, Any]:
    """Why a won game ended, from its final view: the two lines the winning side scored (KL-9); {} for a draw
    or a game still running (the board then says what the last event says).

    >>> ending_reason({"winners": [1], "scores": {"1": [{"colour": "G", "squares": ["a1", "a2", "a3"]},
    ...     {"colour": "O", "squares": ["c1", "c2", "c3"]}], "2": []}})["reason"]
    'Two lines scored: a1 a2 a3 in green and c1 c2 c3 in orange.'
    """
    winners = view.get("winners") or []
    lines = [f"{' '.join(line['squares'])} in {COLOUR_NAMES.get(line['colour'], line['colour'])}"
             for seat in winners for line in (view.get("scores") or {}).get(str(seat), [])]
    if not lines:
        return {}
    return {"reason": f"Two lines scored: {' and '.join(lines)}." if len(lines) == 2
            else f"Lines scored: {', '.join(lines)}.", "rule": "KL-9"}


def cell(square: str, view: View, memory: dict[str, str | None] | None = None) -> str:
    """The three characters that draw one square."""
    small = view["small"].get(square)
    if square in view["big"]:
        if small is None:
            return "[ ]"
        known = memory.get(square) if memory else None
        if small == "?" and known:
            return f"[{known.lower()}]"
        return f"[{small}]"
    return f" {small} " if small else " . "


def text_board(view: View, memory: bool = False) -> str:
    """The board with a status line, the scores and a key; ``memory`` fills ``[?]`` from the memory aid."""
    from .memory import memory_aid

    recalled = memory_aid(view) if memory and not view.omniscient else None
    lines = [view.label + (" — with the memory aid" if recalled is not None else ""), status_line(view)]
    lines.append("     " + "   ".join(FILES))
    for rank in reversed(RANKS):
        lines.append((f" {rank}  " + " ".join(cell(f"{f}{rank}", view, recalled) for f in FILES)).rstrip())
    teams = view["teams"]
    scores = ", ".join(f"{wording.seats(team)}: {n}" for team, n in zip(teams, view["team_scores"]))
    lines.append(f"scores ({'teams' if any(len(t) > 1 for t in teams) else 'seats'}): {scores}")
    colours = ", ".join(f"{c} {COLOUR_NAMES[c]} ×{n}" for c, n in view["colours"].items())
    lines.append(f"key: {colours}; [ ] big piece, [O] big piece kloaking O, [?] hidden, [o] remembered, . empty")
    return "\n".join(lines)
