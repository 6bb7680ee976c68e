"""Command line: ``python -m spynb rules GAME``, ``replay FILE`` and ``tournament GAME --bots A,B``."""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

import spynb


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
                       seats=args.seats, turn_limit=args.turn_limit, progress=text_progress)
    print(table)
    print(f"reproduce: python -m spynb tournament {args.game} --bots {args.bots} --games {args.games} "
          f"--seed {args.seed} --turn-limit {args.turn_limit}" + (f" --seats {args.seats}" if args.seats else ""))


def main(argv: list[str] | None = None) -> int:
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
    match.add_argument("--games", type=int, default=100)
    match.add_argument("--seed", type=int, default=0)
    match.add_argument("--seats", type=int, default=None, help="default: one seat per bot")
    match.add_argument("--turn-limit", type=int, default=300)
    match.set_defaults(run=_tournament)
    args = parser.parse_args(argv)
    try:
        args.run(args)
    except (spynb.SpynbError, OSError) as err:
        print(f"spynb: {err}", file=sys.stderr)
        return 2
    return 0


if __name__ == "__main__":
    sys.exit(main())
