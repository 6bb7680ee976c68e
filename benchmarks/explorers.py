"""Cloak & Dagger: the collector exploring by imagined deals, against the plain collector (the rules bot).

One explorer among collectors (``--seats``, two by default), its seat moving round game by game, a turn
limit of 300.  ``--deals K`` is how many deals the explorer imagines from its view to choose where to
explore (``CollectorBot(imagined_deals=K)``; the search bot's guide imagines 2); ``--deals 0`` plays the
rules bot against itself, the control.  Game ``g`` of seed ``S`` is dealt with seed ``n = 1000 S + g``, the
explorer seeded ``n`` and the collectors after it round the table ``n + 7``, ``n + 14`` and so on.

Run by hand, not in CI (800 games take about 25 s at 2 deals)::

    PYTHONPATH=. python3 benchmarks/explorers.py --deals 2 --games 800 --seed 11
"""

from __future__ import annotations

import argparse
import shlex
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

import spynb  # noqa: E402
from spynb.bots.base import play_match  # noqa: E402
from spynb.cloak_dagger.bot import CollectorBot  # noqa: E402
from spynb.bots.tournament import wilson_interval  # noqa: E402


def explorer_wins(deals: int, games: int, seed: int, seats: int = 2) -> tuple[int, int]:
    """The explorer's wins and the collectors', over ``games`` seeded games."""
    spec = spynb.get_spec("cloak-dagger")
    explorer_won = collectors_won = 0
    for game in range(games):
        explorer, dealt = game % seats, 1000 * seed + game
        bots = {1 + (explorer + k) % seats: CollectorBot(spec, dealt + 7 * k, imagined_deals=0 if k else deals)
                for k in range(seats)}
        winners = play_match(spec, bots, seed=dealt, options={"turn_limit": 300}).winners
        explorer_won += explorer + 1 in winners
        collectors_won += bool(winners) and explorer + 1 not in winners
    return explorer_won, collectors_won


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--deals", type=int, default=2)
    parser.add_argument("--games", type=int, default=800)
    parser.add_argument("--seed", type=int, default=11)
    parser.add_argument("--seats", type=int, default=2)
    args = parser.parse_args()
    won, lost = explorer_wins(args.deals, args.games, args.seed, args.seats)
    low, high = wilson_interval(won, args.games)
    print(f"{args.seats} seats, exploring by {args.deals} imagined deals: {won} wins, the collectors {lost}, of "
          f"{args.games} games: {won / args.games:.3f} [{low:.3f}, {high:.3f}]")
    print("reproduce: PYTHONPATH=. python3 " + shlex.join(["benchmarks/explorers.py", *sys.argv[1:]]))


if __name__ == "__main__":
    main()
