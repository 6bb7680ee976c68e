"""Why an action is not legal now: the rule it breaks, cited, and a sentence a student understands.

:func:`explain` is asked only after an action failed the legality test, so it may look at the position
at leisure; every branch names a rule id of :mod:`spynb.target.rules`.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from spynb.engine import Action, IllegalActionError

from .actions import Counter, Discard, Draw, Evade, Play, Remove, Resolve, Reveal, TurnIn
from .cards import ATTACKS, CATEGORY, COUNTERS, HAND, SURVEILLANCE, describe
from .choices import cleared_decks
from .piles import holds
from .stages import PLAYING, STAGE_TITLES, Stage

if TYPE_CHECKING:
    from .state import TargetState

__all__ = ["explain"]


def explain(state: TargetState, action: Action, seat: int) -> IllegalActionError:
    """The typed error for an ``action`` ``seat`` may not take now: the rule it breaks and why, in a sentence."""
    illegal, stage, hand = state.spec.rules.illegal, state.stage, state.hands[seat]
    now = f"now is {STAGE_TITLES[stage]}"
    if isinstance(action, Play):
        if stage not in PLAYING:
            return illegal("TG-3", f"Cards are played at the start of a turn, before the reveal; {now}", action)
        if action.card not in hand:
            return illegal("TG-3", f"You do not hold {describe(action.card)}: play a card from your hand", action)
        return illegal("TG-3", "You play exactly one card each turn", action)
    if isinstance(action, TurnIn):
        return _turn_in(state, action, seat)
    if isinstance(action, Remove):
        return _remove(state, action, seat)
    if isinstance(action, Counter):
        return _counter(state, action, seat)
    if isinstance(action, Evade):
        if stage is not Stage.ESPIONAGE:
            return illegal("TG-7", f"A Slip in the pile cancels a card in step 3; {now}", action)
        if "slip" not in state.pile:
            return illegal("TG-7", "There is no Slip in the pile", action)
        if "deep-cover" in state.pile:
            return illegal("TG-S6", "A Deep Cover in the pile already cancels every card: choose nothing", action)
        return illegal("TG-7", f"There is no {describe(action.card)} in the pile for a Slip to cancel", action)
    if isinstance(action, Reveal):
        if stage is not Stage.OUTED:
            return illegal("TG-7", f"Only an Outed Target reveals their affiliation, in step 3; {now}", action)
        if action.seat == seat or not 1 <= action.seat <= state.seats:
            return illegal("TG-7", "Show your affiliation to another player", action)
        if action.seat in state.outed_seen.get(seat, {}):
            return illegal("TG-7", f"Seat {action.seat} has already seen your affiliation through an Outed: "
                                   "show it to a new player", action)
        if state.affiliation[seat] == "double-agent":
            return illegal("TG-7", "A Double Agent chooses the colour it shows: "
                                   f"'reveal {action.seat} as cia' or 'reveal {action.seat} as kgb'", action)
        return illegal("TG-7", f"Your envelope shows your own colour: write 'reveal {action.seat}'", action)
    if isinstance(action, Resolve):
        if stage in PLAYING:
            return illegal("TG-3", "Everyone plays a card before the pile is resolved", action)
        if stage is Stage.ESPIONAGE:
            return illegal("TG-S6", "The pile has more Surveillance and Outed cards than Slips: first choose "
                                    "which ones the Slips cancel ('evade <card>')", action)
        if stage is Stage.OUTED:
            return illegal("TG-7", "You were Outed: choose whom to show your affiliation to", action)
        return illegal("TG-12", "Restore your hand to 4 cards: discard or draw", action)
    if isinstance(action, Discard):
        if stage is not Stage.RESTORE:
            return illegal("TG-12", f"Discarding down to 4 comes at the end of the turn; {now}", action)
        if len(hand) <= HAND:
            return illegal("TG-12", f"Your hand has {len(hand)} cards: only a hand above 4 discards", action)
        return illegal("TG-12", f"You do not hold {describe(action.card)}", action)
    if isinstance(action, Draw):
        if stage is not Stage.RESTORE:
            return illegal("TG-12", f"Drawing up to 4 comes at the end of the turn; {now}", action)
        if len(hand) >= HAND:
            return illegal("TG-12", f"Your hand has {len(hand)} cards: only a hand below 4 draws", action)
        if action.deck != "rookie" and action.deck not in cleared_decks(state, seat):
            return illegal("TG-11", f"You have no clearance for the {action.deck.title()} deck: turn in three "
                                    "Rookie cards of its category first", action)
        return illegal("TG-S12", f"The {action.deck.title()} deck and its discard pile are empty", action)
    return illegal("TG-S1", f"{action} is not a choice now ({STAGE_TITLES[stage]})", action)


def _turn_in(state: TargetState, action: TurnIn, seat: int) -> IllegalActionError:
    illegal, hand = state.spec.rules.illegal, state.hands[seat]
    categories = {CATEGORY.get(c) for c in action.cards}
    if len(action.cards) != 3 or len(categories) != 1 or None in categories:
        return illegal("TG-11", "A set is three Rookie cards of one category: Training, Materials, Contacts or "
                                "Languages", action)
    if not holds(hand, action.cards):
        return illegal("TG-11", f"You do not hold {' + '.join(map(describe, action.cards))}", action)
    return illegal("TG-3", "Keep one card to play on the Target this turn", action)


def _remove(state: TargetState, action: Remove, seat: int) -> IllegalActionError:
    illegal, hand, front = state.spec.rules.illegal, state.hands[seat], state.front[seat]
    if action.card == "all":
        if action.using != ("deep-cover",):
            return illegal("TG-7", "Only a Deep Cover removes all the cards in front of you", action)
        if not front:
            return illegal("TG-7", "There are no Espionage cards in front of you", action)
        if "deep-cover" not in hand:
            return illegal("TG-7", "You do not hold a Deep Cover", action)
    else:
        if action.card not in front:
            return illegal("TG-7", f"There is no {describe(action.card)} in front of you", action)
        if action.using == ("slip",):
            if "slip" not in hand:
                return illegal("TG-7", "You do not hold The Slip", action)
        elif action.using == ("deep-cover",):
            return illegal("TG-7", "A Deep Cover removes all: write 'remove all with deep-cover'", action)
        elif action.using != COUNTERS.get(action.card):
            pair = COUNTERS.get(action.card)
            how = f"{pair[0]}+{pair[1]}" if pair else "The Slip or Deep Cover only"
            return illegal("TG-7", f"{describe(action.card)} is removed with {how}", action)
        elif not holds(hand, action.using):
            return illegal("TG-7", f"You need both {' and '.join(map(describe, action.using))} in your hand",
                           action)
    return illegal("TG-3", "Keep one card to play on the Target this turn", action)


def _counter(state: TargetState, action: Counter, seat: int) -> IllegalActionError:
    illegal, stage, card = state.spec.rules.illegal, state.stage, action.card
    rule = "TG-6" if card in ATTACKS else "TG-7"
    if stage not in (Stage.OPERATIVES, Stage.ESPIONAGE):
        return illegal(rule, "Counters are used while the Target resolves step 2 (attacks) or step 3 "
                             f"(surveillance); now is {STAGE_TITLES[stage]}", action)
    if card not in state.pile:
        return illegal(rule, f"There is no {describe(card)} in the pile", action)
    if card in ATTACKS and stage is not Stage.OPERATIVES:
        return illegal("TG/Play.5", "Attacks are dealt with in step 2", action)
    if card in SURVEILLANCE and stage is not Stage.ESPIONAGE:
        return illegal("TG/Play.6", "Surveillance cards are dealt with in step 3", action)
    if card not in COUNTERS:
        return illegal(rule, f"{describe(card)} has no Rookie counter", action)
    if "missed" in state.pile:
        return illegal("TG-6", "A Missed in the pile cancels every attack: no counter is needed", action)
    named = COUNTERS[card]
    if tuple(c for _, c in action.pay) != named:
        return illegal(rule, f"{describe(card)} is countered by {describe(named[0])} + {describe(named[1])}",
                       action)
    for where, named_card in action.pay:
        place = state.hands[seat] if where == "hand" else state.pile
        if named_card not in place:
            return illegal("TG-FAQ-2", f"There is no {describe(named_card)} in your {where}", action)
    return illegal(rule, f"{action} is not possible now", action)
