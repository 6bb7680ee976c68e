"""Command line: ``python -m spynb rules GAME``, ``replay FILE``, ``tournament GAME --bots A,B`` and ``soak GAME``."""

from __future__ import annotations

import argparse
import sys
from collections.abc import Callable
from pathlib import Path

import spynb


def _count(least: int) -> Callable[[str], int]:
    """An argument type: a whole number of at least ``least`` (argparse answers anything else with usage, exit 2)."""
    def count(text: str) -> int:
        try:
            value = int(text)
        except ValueError:
            raise argparse.ArgumentTypeError(f"must be a whole number, not {text[:80]!r}") from None
        if value < least:
            raise argparse.ArgumentTypeError(f"must be {least} or more, not {text!r}")
        return value
    return count


_positive, _non_negative = _count(1), _count(0)


def _rules(args: argparse.Namespace) -> None:
    for rule in spynb.get_spec(args.game).rules:
        indent = "    " if rule.section else ""
        print(f"{indent}{rule.id:<28} {rule.text}")


def _replay(args: argparse.Namespace) -> None:
    game = spynb.load_record(Path(args.file).read_text())
    print(game.state.text(args.seat))


def _tournament(args: argparse.Namespace) -> None:
    from spynb.bots.tournament import text_progress, tournament

    table = tournament(args.game, [b.strip() for b in args.bots.split(",")], games=args.games, seed=args.seed,
                       seats=args.seats, variant=args.variant, turn_limit=args.turn_limit, progress=text_progress)
    print(table)
    print(f"reproduce: python -m spynb tournament {args.game} --bots {args.bots} --games {args.games} "
          f"--seed {args.seed} --turn-limit {args.turn_limit}" + (f" --seats {args.seats}" if args.seats else "")
          + (f" --variant {args.variant}" if args.variant else ""))


def _soak(args: argparse.Namespace) -> int:
    from spynb.bots.tournament import text_progress
    from spynb.soak import soak

    names = spynb.game_names() if args.game == "all" else (args.game,)
    options = f"--every {args.every} --horizon {args.horizon} --turn-limit {args.turn_limit}"
    found = 0
    for name in names:
        report = soak(name, games=args.games, seed=args.seed, every=args.every, horizon=args.horizon,
                      turn_limit=args.turn_limit, progress=text_progress)
        print(report, flush=True)
        for violation in report.violations[:args.show]:
            print(f"  {violation}\n    reproduce: python -m spynb soak {name} --games 1 --seed {violation.seed} "
                  f"{options}")
        if len(report.violations) > args.show:
            print(f"  … and {len(report.violations) - args.show} more")
        found += len(report.violations)
    print(f"reproduce: python -m spynb soak {args.game} --games {args.games} --seed {args.seed} {options}")
    return 1 if found else 0


def main(argv: list[str] | None = None) -> int:
    from spynb.soak import EVERY, HORIZON, TURN_LIMIT

    parser = argparse.ArgumentParser(prog="spynb", description="Three tabletop spy games as a teaching engine.")
    commands = parser.add_subparsers(dest="command", required=True)
    rules = commands.add_parser("rules", help="list a game's rules and rulings by id")
    rules.add_argument("game", choices=spynb.game_names())
    rules.set_defaults(run=_rules)
    replay = commands.add_parser("replay", help="replay a JSON record and print the final position")
    replay.add_argument("file")
    replay.add_argument("--seat", type=int, default=None, help="show it as this seat knows it")
    replay.set_defaults(run=_replay)
    match = commands.add_parser("tournament", help="seeded games between bots: win rates, seat effects, length")
    match.add_argument("game", choices=spynb.game_names())
    match.add_argument("--bots", required=True, help="comma-separated bot names: random, rules, ismcts")
    match.add_argument("--games", type=_positive, default=100)
    match.add_argument("--seed", type=int, default=0)
    match.add_argument("--seats", type=int, default=None, help="default: one seat per bot")
    match.add_argument("--variant", default=None, help="default: the game's first variant")
    match.add_argument("--turn-limit", type=_positive, default=300)
    match.set_defaults(run=_tournament)
    soak = commands.add_parser("soak", help="seeded bot games checked after every action: invariants, clones, "
                                            "records, replay and no leaks; exits 1 on any violation")
    soak.add_argument("game", choices=("all", *spynb.game_names()))
    soak.add_argument("--games", type=_positive, default=100, help="games per game (seeds SEED, SEED+1, ...)")
    soak.add_argument("--seed", type=int, default=0)
    soak.add_argument("--every", type=_positive, default=EVERY, help="run the no-leak check every K actions")
    soak.add_argument("--horizon", type=_non_negative, default=HORIZON, help="steps to play on after each re-deal")
    soak.add_argument("--turn-limit", type=_positive, default=TURN_LIMIT)
    soak.add_argument("--show", type=_non_negative, default=20, help="violations to print per game")
    soak.set_defaults(run=_soak)
    args = parser.parse_args(argv)
    try:
        return args.run(args) or 0
    except (spynb.SpynbError, OSError) as err:
        print(f"spynb: {err}", file=sys.stderr)
        return 2


if __name__ == "__main__":
    sys.exit(main())
