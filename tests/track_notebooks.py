"""Reading a game's teaching track: its notebooks (lite/tracks.json) and the walkthroughs they play."""

from __future__ import annotations

import json
import re
import sys
from pathlib import Path

REPO = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(REPO / "lite"))

from taught import walkthroughs_in  # noqa: E402
from tracks import Track, load_tracks  # noqa: E402


def track(track_id: str) -> Track:
    """One track of lite/tracks.json."""
    return next(t for t in load_tracks() if t.id == track_id)


def track_parts(track_id: str) -> list[str]:
    """The track's notebooks, as paths below notebooks/, in reading order."""
    return [part.notebook for part in track(track_id).parts]


def cells(notebook: str, kind: str) -> list[str]:
    """The sources of one notebook's cells of one kind ("markdown" or "code"), in order."""
    data = json.loads((REPO / "notebooks" / notebook).read_text(encoding="utf-8"))
    return ["".join(cell["source"]) for cell in data["cells"] if cell["cell_type"] == kind]


def markdown(notebook: str) -> str:
    """All of one notebook's prose, joined."""
    return "\n".join(cells(notebook, "markdown"))


def walkthrough_names(notebooks: list[str]) -> list[str]:
    """The scenarios the notebooks play, each once, in reading order."""
    names: list[str] = []
    for notebook in notebooks:
        played = walkthroughs_in(json.loads((REPO / "notebooks" / notebook).read_text(encoding="utf-8")))
        names += [name for name in played if name not in names]
    return names


LINK_TARGET = re.compile(r"\]\([^)]*\)")
"""A markdown link's address: not read, so not counted."""
WORD = re.compile(r"[A-Za-z0-9][\w'’&+-]*")


def word_count(text: str) -> int:
    """How many words a reader reads in ``text`` (markdown link addresses left out)."""
    return len(WORD.findall(LINK_TARGET.sub("]", text)))


def scenario_reading(data: dict) -> list[str]:
    """What a learner reads on a walkthrough's main path: its title and goal, and every step's caption, quote,
    note of what it shows, question choices and explanation, praise and links (not the feedback for other moves)."""
    texts = [data["title"], data["goal"]]
    for step in data["steps"]:
        texts += [step.get(key, "") for key in ("caption", "quote", "shows_hidden", "explain", "praise")]
        texts += [item["text"] for key in ("choices", "links") for item in step.get(key, [])]
    return texts


def lesson_words(notebook: str) -> int:
    """The words of one notebook's reading: its prose and its walkthroughs' main paths."""
    from spynb import scenarios

    texts = cells(notebook, "markdown")
    for name in walkthrough_names([notebook]):
        texts += scenario_reading(scenarios.load(name).to_data())
    return sum(word_count(text) for text in texts)
