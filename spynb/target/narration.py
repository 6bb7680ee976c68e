"""The Target's event texts: one narrator per kind of event, writing the text from the event's facts.

A narrator reads only the event (its actor and data), and runs only when the
text is first read, so a simulated game formats no text.

>>> from spynb.engine import Event
>>> Event(4, "card", 2, frozenset((2,)), NARRATORS["card"], (("card", "audio-visual"), ("deck", "rookie"))).text
'Seat 2 drew Audio/Visual.'
>>> Event(9, "end", None, None, NARRATORS["end"], (("target", "CIA"),)).text
'Every hand is back to 4; the Target Marker moves to the CIA HQ.'
"""

from __future__ import annotations

from collections.abc import Callable, Iterable

from spynb.engine import Event
from spynb.engine.wording import counted, for_number, listed, seats

from .cards import ATTACKS, HQS, TOKEN_FOR, describe

__all__ = ["NARRATORS", "CITES", "direction_name", "winning_intel"]


def direction_name(direction: int) -> str:
    return "clockwise" if direction > 0 else "counter-clockwise"


def _listing(cards: Iterable[str]) -> str:
    names = [describe(c) for c in cards]
    return ", ".join(names) if names else "nothing"


def _names(cards: Iterable[str]) -> str:
    """Cards by name as the subject of a sentence: "Firearms and Kevlar"."""
    return listed(map(describe, cards))


def _who(position: str | int) -> str:
    """A place on the circle (events keep it as text): an HQ or a seat."""
    return f"the {position} HQ" if position in HQS else f"seat {position}"


def _capital(text: str) -> str:
    """``text`` starting a sentence ("seat 3" -> "Seat 3", "the CIA HQ" -> "The CIA HQ")."""
    return text[:1].upper() + text[1:]


def _played(e: Event) -> str:
    together = e.get("seats")
    return (f"{seats(together).capitalize()} played face down." if together
            else f"Seat {e.actor} played a card face down.")


def _deflect(e: Event) -> str:
    net = e.get("net")
    where = (f"to {_who(e.get('receiver'))}, {counted(abs(net), 'player')} {'on' if net > 0 else 'back'}"
             if net else "nowhere: they cancel out")
    cards = e.get("cards")
    return f"Step 1: {_names(cards)} {for_number(len(cards), 'deflects', 'deflect')} the pile {where}."


def _operatives(e: Event) -> str:
    cards, hq = e.get("cards"), e.get("hq")
    if hq:
        what = ("Bombed: the Intel played this turn is destroyed" if e.get("bombed") else
                "Missed saves the Intel from the Bombed" if "bombed" in cards else "no one to hit")
        return f"Step 2 at the {hq} HQ: {_listing(cards)} — {what}."
    why = "Missed: every attack misses" if any(c in ATTACKS for c in cards) else "no attack"
    return f"Step 2: {_listing(cards)} — {why}."


def _attack(e: Event) -> str:
    tokens = e.get("tokens")
    return (f"Step 2: seat {e.actor} is hit by {_listing(e.get('attacks'))}: discards their hand "
            f"({_listing(e.get('lost'))}), returns every clearance token"
            f"{' (' + ', '.join(tokens) + ')' if tokens else ''} and draws 4 Rookie cards; Espionage cards in "
            "front stay.")


def _espionage(e: Event) -> str:
    hq = e.get("hq")
    if hq:
        return f"Step 3 at the {hq} HQ: {_listing(e.get('cards'))} discarded."
    cancelled, kept = e.get("cancelled"), e.get("kept")
    parts = []
    if cancelled:
        used = e.get("used")
        parts.append(f"{_names(used)} {for_number(len(used), 'cancels', 'cancel')} {_listing(cancelled)}")
    if kept:
        parts.append(f"{_names(kept)} {for_number(len(kept), 'goes', 'go')} face up in front of seat {e.get('seat')}")
    return f"Step 3: {'; '.join(parts)}."


NUMBER_WORDS = {3: "three", 4: "four", 5: "five", 6: "six", 7: "seven", 8: "eight"}


def winning_intel(team: str, intel: Iterable[tuple[str, str]]) -> str:
    """What won, as a clause: "Intel A, Intel A and Dirty Intel A are at the KGB HQ"; "three Dirty Intel are
    deposited (Dirty Intel B at the KGB HQ, Dirty Intel A and Dirty Intel D at the CIA HQ)" (three or more win)."""
    by_hq = {hq: [card for at, card in intel if at == hq] for hq in HQS}
    places = [f"{_names(cards)} at the {hq} HQ" for hq, cards in by_hq.items() if cards]
    if team == "double-agent":
        count = sum(len(cards) for cards in by_hq.values())
        return (f"{NUMBER_WORDS.get(count, str(count))} Dirty Intel are deposited ({', '.join(places)})" if places
                else "three Dirty Intel are deposited")
    cards = by_hq.get(team.upper())
    return (f"{_names(cards)} are at the {team.upper()} HQ" if cards
            else f"three Intel of one letter are at the {team.upper()} HQ")


def _win(e: Event) -> str:
    team = e.get("team")
    return f"The {describe(team)} side wins: {winning_intel(team, e.get('intel') or ())}. Winners: {seats(e.get('winners'))}."


def _movement(e: Event) -> str:
    return (f"Step 5: {_listing(e.get('cards'))} — play will go {direction_name(e.get('direction'))}"
            f"{' and the next Target is the next HQ' if e.get('advance') else ''}; "
            f"next Target: {_who(e.get('next_target'))}.")


def _counter(e: Event) -> str:
    card = e.get("card")
    paid = " and ".join(f"{describe(c)} from the {where}" for where, c in e.get("pay"))
    return f"Seat {e.actor} counters {describe(card)} with {paid}."


def _clearance(e: Event) -> str:
    category = e.get("category")
    if e.get("gains") is False:  # TG-11: a set of a category already cleared cycles the hand, nothing more
        had = "an unused pass" if category == "languages" else f"the {TOKEN_FOR[category].title()} token"
        gain = f"no second clearance (it has {had}), only a hand to restore"
    elif category == "languages":
        gain = "a one-time pass to restore from any advanced deck, no token"
    else:
        gain = f"the {TOKEN_FOR[category].title()} clearance token"
    return f"Seat {e.actor} turned in {_listing(e.get('cards'))} ({category}) for {gain}."


NARRATORS: dict[str, Callable[[Event], str]] = {
    # setup
    "scenario": lambda e: "A teaching scenario was set up.",
    "pick": lambda e: f"{describe(e.get('affiliation'))} was picked from Pile 2.",
    "picked": lambda e: "A card was picked from Pile 2, face down.",
    "combined": lambda e: ("The picked cards were shuffled into Pile 1; "
                           + ("the other card was" if e.get("removed") == 1 else f"the other {e.get('removed')} were")
                           + " removed from play unseen."),
    "affiliation": lambda e: f"Seat {e.actor} drew {describe(e.get('affiliation'))} and sealed it in their envelope.",
    "circle": lambda e: ("Every player has an envelope; the envelopes and HQs form the circle "
                         f"{' '.join(map(str, e.get('circle')))}."),
    "marker": lambda e: "The Target Marker moves from the KGB HQ onto seat 1's envelope: seat 1 is the first Target.",
    # draws
    "drew": lambda e: f"Seat {e.actor} drew a card from the {e.get('deck').title()} deck.",
    "card": lambda e: f"Seat {e.actor} drew {describe(e.get('card'))}.",
    "reshuffle": lambda e: (f"The {e.get('deck').title()} deck is empty: its discard pile is shuffled into a new "
                            "deck."),
    "no_draw": lambda e: f"Seat {e.actor} cannot draw: the {e.get('deck').title()} deck and its discards are empty.",
    # playing
    "turn": lambda e: (f"Turn {e.get('turn')}: the Target is {_who(e.get('target'))}; play is "
                       f"{direction_name(e.get('direction'))}."),
    "face_up": lambda e: f"Seat {e.actor} (Blown Cover) played {describe(e.get('card'))} face up.",
    "show": lambda e: (f"Seat {e.actor} showed {describe(e.get('card'))} to {seats(e.get('watchers'))} "
                       "before playing it."),
    "shown": lambda e: (f"Seat {e.actor} showed their card to {seats(e.get('watchers'))}, then played it "
                        "face down."),
    "played": _played,
    "my_play": lambda e: f"Seat {e.actor} played {describe(e.get('card'))} face down.",
    "reveal": lambda e: f"The pile is shuffled and revealed: {_listing(e.get('pile'))}.",
    # resolution
    "deflect": _deflect,
    "operatives": _operatives,
    "attack": _attack,
    "espionage": _espionage,
    "outed_void": lambda e: (f"{_capital(_who(e.get('receiver')))} was Outed, but every other player has already "
                             "seen their affiliation."),
    "destroyed": lambda e: f"Step 4: the Bombed destroys {_listing(e.get('cards'))} at the {e.get('hq')} HQ.",
    "deposit": lambda e: (f"Step 4: {_listing(e.get('cards'))} deposited at the {e.get('hq')} HQ; once "
                          "deposited, Intel is never lost."),
    "hq_discard": lambda e: (f"Step 4: {_names(e.get('cards'))} played on the {e.get('hq')} HQ "
                             f"{for_number(len(e.get('cards')), 'is', 'are')} discarded."),
    "win": _win,
    "movement": _movement,
    "take": lambda e: f"Step 6: seat {e.actor} takes the rest of the pile: {_listing(e.get('cards'))}.",
    "end": lambda e: f"Every hand is back to 4; the Target Marker moves to {_who(e.get('target'))}.",
    "limit": lambda e: f"The turn limit of {e.get('limit')} turns is reached: no winner.",
    # a seat's decisions
    "counter": _counter,
    "evade": lambda e: f"Seat {e.actor} lets a Slip from the pile cancel {describe(e.get('card'))}.",
    "outed": lambda e: f"Seat {e.actor} was Outed and showed their affiliation to seat {e.get('viewer')}.",
    "outed_shown": lambda e: f"Seat {e.actor} showed seat {e.get('viewer')} the colour {describe(e.get('colour'))}.",
    "clearance": _clearance,
    "remove": lambda e: (f"Seat {e.actor} discarded {_listing(e.get('using'))} to remove "
                         f"{_listing(e.get('removed'))} from in front of them."),
    "discard": lambda e: f"Seat {e.actor} discarded {describe(e.get('card'))}.",
}
"""Event kind -> its narrator (:class:`~spynb.engine.Event` calls it when the text is first read)."""

CITES: dict[str, str | Callable[[Event], str]] = {
    "circle": "TG-2", "marker": "TG-2", "reshuffle": "TG-13", "no_draw": "TG-S12", "show": "TG-8", "reveal": "TG-4",
    "deflect": "TG-5", "operatives": "TG-6", "attack": "TG-6", "destroyed": "TG-6", "deposit": "TG-9",
    "hq_discard": "TG-9", "win": "TG-14", "movement": "TG-10", "limit": "TG-14", "evade": "TG-7", "outed": "TG-7",
    "outed_void": "TG-7", "clearance": "TG-11", "remove": "TG-7",
    "espionage": lambda e: "TG-9" if e.get("hq") else "TG-7",
    "counter": lambda e: "TG-6" if e.get("card") in ATTACKS else "TG-7",
}
"""Event kind -> the rule it applies (a ruling's id, or a function of the event naming it), shown beside the text
as a link, never in it."""
if not set(CITES) <= set(NARRATORS):  # the table checks itself on import
    raise ValueError(f"rules cited for events nobody narrates: {sorted(set(CITES) - set(NARRATORS))}")
