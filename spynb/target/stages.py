"""The stages of The Target's turn, by name (rulebook *Setup* and *Play*; rulings TG-1 … TG-14).

A game is always at one :class:`Stage`, which views report as a plain string (``view(...)["stage"]``):

=============  ==============================================================  ==================
stage          what happens                                                    who acts
=============  ==============================================================  ==================
``pick``       setup: cards picked one by one from the shuffled Pile 2         chance
``assign``     setup: each seat draws its affiliation from the combined pile   chance
``deal``       setup: 4 Rookie cards each, one card at a time                  chance
``surveilled`` seats under surveillance play one at a time: Blown Cover face   that seat
               up first, then the others show their card (TG-8, TG-FAQ-3)
``play``       everyone else plays one card face down, at the same time        several seats
``deflect``    step 1: Deflect (TG-5)                                          the Target
``operatives`` step 2: counters, Missed, attacks, Bombed (TG-6)                the Target
``espionage``  step 3: Evasion, counters, cards go in front (TG-7)             the Target
``outed``      step 3: an Outed Target shows its affiliation (TG-7)            the Target
``intel``      step 4: Intel deposited at an HQ (TG-9, TG-14)                  —
``movement``   step 5: Reverse, then Advance to HQ (TG-10)                     the Target
``take``       step 6: the Target takes the rest of the pile                   —
``restore``    step 6: every hand back to 4 (TG-12, TG-13)                     several seats
``over``       the game is over (TG-14, or the turn limit)                     nobody
=============  ==============================================================  ==================

>>> Stage("deflect") is Stage.DEFLECT, NEXT[Stage.TAKE], Stage.PLAY in PLAYING
(True, <Stage.RESTORE: 'restore'>, True)
>>> Stage("deflekt")
Traceback (most recent call last):
...
ValueError: 'deflekt' is not a valid Stage
"""

from __future__ import annotations

from enum import StrEnum

__all__ = ["Stage", "STAGES", "STAGE_TITLES", "STAGE_RULES", "PLAYING", "RESOLUTION", "NEXT", "RESOLVING"]


class Stage(StrEnum):
    """A stage of The Target's turn (see the table above); a string, so views and events carry it as JSON."""

    PICK = "pick"
    ASSIGN = "assign"
    DEAL = "deal"
    SURVEILLED = "surveilled"
    PLAY = "play"
    DEFLECT = "deflect"
    OPERATIVES = "operatives"
    ESPIONAGE = "espionage"
    OUTED = "outed"
    INTEL = "intel"
    MOVEMENT = "movement"
    TAKE = "take"
    RESTORE = "restore"
    DONE = "over"


STAGES = tuple(Stage)
"""Every stage, in the order a game meets them."""
STAGE_TITLES = {
    Stage.PICK: "Setup: picking cards from Pile 2",
    Stage.ASSIGN: "Setup: each player draws an affiliation",
    Stage.DEAL: "Setup: dealing 4 Rookie cards to each player",
    Stage.SURVEILLED: "Playing: players under surveillance go first",
    Stage.PLAY: "Playing: everyone plays one card face down",
    Stage.DEFLECT: "Step 1: Deflect",
    Stage.OPERATIVES: "Step 2: Operatives",
    Stage.ESPIONAGE: "Step 3: Surveillance",
    Stage.OUTED: "Step 3: Outed",
    Stage.INTEL: "Step 4: Intel at an HQ",
    Stage.MOVEMENT: "Step 5: Reverse and Advance to HQ",
    Stage.TAKE: "Step 6: the Target takes the rest",
    Stage.RESTORE: "Step 6: everyone restores to 4 cards",
    Stage.DONE: "Game over",
}
"""What each stage is called on the board."""
STAGE_RULES = {
    Stage.SURVEILLED: "TG-8", Stage.PLAY: "TG-3", Stage.DEFLECT: "TG-5", Stage.OPERATIVES: "TG-6",
    Stage.ESPIONAGE: "TG-7", Stage.OUTED: "TG-7", Stage.INTEL: "TG-9", Stage.MOVEMENT: "TG-10",
    Stage.TAKE: "TG-12", Stage.RESTORE: "TG-12",
}
"""The ruling each stage follows, shown beside its title as a link (the setup and the end follow none)."""
PLAYING = (Stage.SURVEILLED, Stage.PLAY)
"""The stages in which seats play their card for the turn (TG-3, TG-8)."""
RESOLUTION = (Stage.DEFLECT, Stage.OPERATIVES, Stage.ESPIONAGE, Stage.OUTED, Stage.INTEL, Stage.MOVEMENT, Stage.TAKE)
"""The steps that resolve the pile, in order (rulebook: Play, steps 1–6)."""
NEXT = dict(zip(RESOLUTION, (*RESOLUTION[1:], Stage.RESTORE)))
"""The stage after each resolution step."""
RESOLVING = frozenset((*RESOLUTION, Stage.RESTORE))
"""From the reveal to the end of the turn: the pile has a receiver."""
if set(STAGE_TITLES) != set(Stage):  # the table checks itself on import
    raise AssertionError("every stage needs a title")
