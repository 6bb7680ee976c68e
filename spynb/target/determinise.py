"""Imagining what one seat cannot see in The Target (for searching bots), and scoring a position.

:func:`determinise` builds a full state from a seat's view alone.  Everything
face up stays as the view shows it: the circle and the marker, the stage of
the turn, hand sizes, tokens, cards in front, deposits, the discard piles,
the pile being resolved, face-up and shown plays, who was Outed to whom.
What the seat cannot see is dealt at random, keeping every public count:

* the cards it has not seen (each deck's cards minus its own hand, every
  face-up card and the discards) are split into the decks — exactly as many
  of each deck's cards as the deck's public size — and the other hands and
  the face-down plays;
* the other seats' affiliations are drawn as the setup draws them (Pile 1
  plus a random pick from Pile 2, TG-1), keeping the seat's own and what an
  Outed showed it (a colour shown is that colour or a Double Agent's, TG-7).

:func:`evaluate` scores a position for a seat from the deposits (TG-14).

>>> import random, spynb
>>> game = spynb.new_game("target", seats=5, seed=1)
>>> imagined = determinise(game.view(2), random.Random(0))
>>> imagined.validate(), imagined.view(2)["hand"] == game.view(2)["hand"]
([], True)
>>> imagined.legal_actions(2) == game.legal_actions(2)
True
>>> 0 < evaluate(imagined, 2) < 1
True
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Mapping, Sequence

from spynb.engine import SpynbError, View
from spynb.games import get_spec

from .cards import DECK_COUNTS, DECK_OF, DECKS, DIRTY, HQS, letter_of, sort_cards
from .stages import PLAYING, RESOLVING, Stage
from .redeal import deal_affiliations
from .rules import RULES
from .state import MidTurn, TargetState

__all__ = ["determinise", "evaluate"]

_WATCHING = ("staked-out", "tailed", "wiretapped")
_MOVERS = frozenset(("reverse", "advance-hq"))


def determinise(view: View, rng: random.Random) -> TargetState:
    """A state consistent with ``view`` (a seat's view while the seat has a choice to make).

    :raises SpynbError: for the omniscient view, a view of another game, or one with nothing to imagine.
    """
    me = view.seat_of(RULES.game)
    if view["stage"] not in PLAYING and view["stage"] not in RESOLVING:
        raise SpynbError(f"nothing to imagine at the {view['stage']!r} stage: determinise a view where a seat chooses")
    stage = Stage(view["stage"])
    seats = view["seats"]
    state = get_spec(view.game).new_state("standard", seats, {"turn_limit": view["turn_limit"]})
    assert isinstance(state, TargetState)  # what The Target's spec makes
    known_plays = {int(s): c for s, c in view["known_plays"].items()}
    played = list(view["played"]) if stage in PLAYING else []
    hidden_plays = [s for s in played if s not in known_plays]

    # the cards: what the seat has seen stays, the rest is dealt at random
    unseen = Counter({card: n for counts in DECK_COUNTS.values() for card, n in counts.items()})
    seen: list[str] = list(view["hand"])
    for cards in (*view["front"].values(), *view["deposits"].values(), view["pile"]):
        seen.extend(cards)
    for counts in view["discards"].values():
        seen.extend(card for card, n in counts.items() for _ in range(n))
    if stage in PLAYING:
        seen.extend(known_plays[s] for s in played if s in known_plays)
    unseen.subtract(seen)
    if any(n < 0 for n in unseen.values()):
        raise SpynbError("the view shows more cards than the game has")
    decks: dict[str, dict[str, int]] = {}
    elsewhere: list[str] = []
    for deck in DECKS:
        cards = [c for c in sort_cards(unseen.elements()) if DECK_OF[c] == deck]
        rng.shuffle(cards)
        size = view["deck_sizes"][deck]
        decks[deck] = dict(Counter(cards[:size]))
        elsewhere.extend(cards[size:])
    rng.shuffle(elsewhere)
    hands: list[list[str]] = [[] for _ in range(seats + 1)]
    for seat in range(1, seats + 1):
        if seat == me:
            hands[seat] = list(view["hand"])
        else:
            size = view["hand_sizes"][str(seat)]
            hands[seat], elsewhere = sort_cards(elsewhere[:size]), elsewhere[size:]
    plays = {s: c for s, c in known_plays.items()}
    for seat in hidden_plays:
        plays[seat] = elsewhere.pop()
    if elsewhere:
        raise SpynbError(f"{len(elsewhere)} unseen cards have no place: the view's counts disagree")

    affiliation, removed, outed_seen = _affiliations(view, me, rng)
    circle = tuple(view["circle"])
    marker = view["marker_index"]
    direction = 1 if view["direction"] == "clockwise" else -1
    play_order, pending = _still_to_play(view, circle, marker, direction)
    moved = stage in (Stage.TAKE, Stage.RESTORE)  # step 5 is done: its cards are in the revealed pile (TG-10)
    state.take_up(MidTurn(
        decks=decks,
        discards={deck: dict(view["discards"][deck]) for deck in DECKS},
        hands=hands,
        front=[[]] + [list(view["front"][str(s)]) for s in range(1, seats + 1)],
        tokens=[[]] + [list(view["tokens"][str(s)]) for s in range(1, seats + 1)],
        deposits={hq: list(view["deposits"][hq]) for hq in HQS},
        language_pass=list(view["language_pass"]),
        affiliation=affiliation, removed=removed, outed_seen=outed_seen,
        marker=marker, direction=direction, turn_number=view["turn_number"], stage=stage, plays=plays,
        face_up={int(s): c for s, c in view["face_up"].items()},
        shown={int(s): list(w) for s, w in view["shown"].items()},
        pile=list(view["pile"]), revealed=list(view["revealed"]),
        receiver=circle.index(view["receiver"]) if view["receiver"] is not None else marker,
        play_order=play_order, pending=pending,
        outed_left=_outed_left(view) if stage is Stage.OUTED else 0,
        moved=moved and not _MOVERS.isdisjoint(view["revealed"]),
        advance=moved and "advance-hq" in view["revealed"],
    ))
    return state


def _still_to_play(view: View, circle: tuple[str | int, ...], marker: int,
                   direction: int) -> tuple[list[int], list[int]]:
    """TG-8 and TG-FAQ-3: surveilled seats first (Blown Cover, then the watched), in turn order; then the rest."""
    stage = Stage(view["stage"])
    if stage not in PLAYING:
        return [], []
    around = [circle[(marker + direction * i) % len(circle)] for i in range(len(circle))]
    order = [s for s in around if isinstance(s, int)]
    front = {s: view["front"][str(s)] for s in order}
    blown = [s for s in order if "blown-cover" in front[s]]
    watched = [s for s in order if s not in blown and any(c in _WATCHING for c in front[s])]
    first = blown + watched
    played = set(view["played"])
    if stage is Stage.PLAY:
        return [], sorted(view["to_move"])
    now = view["to_move"][0]  # whoever the view says plays now goes first (a removal may have changed fronts)
    queue = [now] + [s for s in first if s not in played and s != now]
    return queue, sorted(s for s in order if s not in queue and s not in played)


def _outed_left(view: View) -> int:
    """Outed cards still to show this turn, from this turn's events (at least one: the stage is on)."""
    left = 0
    for event in view["events"]:
        if event["kind"] == "espionage":
            left = list(event.get("kept", ())).count("outed")
        elif event["kind"] == "outed":
            left -= 1
    return max(left, 1)


def _affiliations(view: View, me: int, rng: random.Random) -> tuple[list[str], dict[str, int],
                                                                       dict[int, dict[int, str]]]:
    """Other seats' affiliations drawn as the setup draws them, given what seat ``me`` knows (TG-1, TG-7): each
    seat's affiliation (index 0 unused), the affiliation cards left out, and the colour each Outed showed."""
    seats = view["seats"]
    shown = {int(s): c for s, c in view["shown_to_me"].items()}
    chosen, removed = deal_affiliations(seats, me, view["affiliation"], shown, rng)
    outed: dict[int, dict[int, str]] = {}
    for owner, viewers in view["outed"].items():
        owner_seat = int(owner)
        affiliation = chosen[owner_seat]
        colours: dict[int, str] = {}
        for viewer in viewers:
            if viewer == me and owner_seat in shown:
                colours[viewer] = shown[owner_seat]
            elif affiliation == "double-agent":
                colours[viewer] = rng.choice(("cia", "kgb"))
            else:
                colours[viewer] = affiliation
        outed[owner_seat] = colours
    return [""] + [chosen[s] for s in range(1, seats + 1)], dict(Counter(removed)), outed


def _progress(deposits: Mapping[str, Sequence[str]], affiliation: str) -> int:
    if affiliation == "double-agent":
        return sum(c in DIRTY for cards in deposits.values() for c in cards)
    letters = [letter_of(c) for c in deposits[affiliation.upper()]]
    return max((letters.count(x) for x in set(letters)), default=0)


def evaluate(state: TargetState, seat: int) -> float:
    """How promising ``state`` is for ``seat``'s side: 1 won, 0 lost, ½ no winner; else by deposits.

    Each Intel towards the side's three (TG-14) is worth about a sixth, each
    towards the best rival side's three costs as much, and Intel the side
    holds counts a little.  Read off the state itself (a search scores every
    imagined game with it): the same value as from the omniscient view.
    """
    if state.over:
        winners = state.winners
        if not winners:
            return 0.5
        return 1.0 if seat in winners else 0.0
    affiliation, deposits = state.affiliation, state.deposits
    mine = affiliation[seat]
    own = _progress(deposits, mine)
    rival = max((_progress(deposits, side) for side in set(affiliation[1:]) if side != mine), default=0)
    wanted = "dirty" if mine == "double-agent" else ("intel", "dirty")
    held = sum(1 for s in range(1, state.seats + 1) if affiliation[s] == mine
               for c in state.hands[s] if c.startswith(wanted))
    value = 0.5 + 0.15 * (own - rival) + 0.02 * min(held, 5)
    return min(0.95, max(0.05, value))
