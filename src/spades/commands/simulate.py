"""``spades simulate``: whole games between computer players (``normal`` by default), with figures and records.

The default is ``normal``, not ``random``: random bidders go set so often that a game rarely reaches its target
(none of three standard games did within 200 hands), and figures of games that never end describe no game a
person plays. ``--bots random`` is still the fastest way to run the engine."""

from __future__ import annotations

import argparse
import json
import random
import time
from pathlib import Path

from ..game import Game
from ..language import N_, _
from ..record import save_record
from ..rules import Rules
from ..stats import HandStats
from ..words.announce import plural
from .options import add_rules_arguments, level_names, one_of, rules_from_args


def play_game(rules: Rules, seed: int | str, level: str, max_hands: int) -> Game:
    """One game to its end, or stopped after ``max_hands`` hands (random bidders may never reach the target)."""
    game = Game(rules, seed)
    if level == "random":
        rng = random.Random(f"simulate:{seed}")
        choice = rng.choice
        legal = game.legal_actions
        apply = game.apply
        while not game.over and game.hand_number <= max_hands:
            apply(choice(legal()))
    else:
        from ..bots import bot_seed, make_bot

        bots = [make_bot(level, seed=bot_seed(seed, "player", seat)) for seat in range(rules.players)]
        while not game.over and game.hand_number <= max_hands:
            game.apply(bots[game.turn].act(game.view(game.turn)))
    if not game.over:
        game.truncate(game.starts[-1].action_index)  # drop the unfinished hand: records end on a hand boundary
    return game


def run(args: argparse.Namespace) -> int:
    from ..cli import CommandError

    rules = rules_from_args(args)
    if args.games < 1:
        raise CommandError(_("--games must be at least 1"))
    records = Path(args.records) if args.records else None
    if records:
        records.mkdir(parents=True, exist_ok=True)
    stats = HandStats(rules.sides)
    wins = [0] * rules.sides
    finished = 0
    hands_in_finished = 0
    started = time.perf_counter()
    for index in range(args.games):
        seed = f"{args.seed}:{index}"
        game = play_game(rules, seed, args.bots, args.max_hands)
        stats.add_all(game.results)
        if game.over:
            finished += 1
            hands_in_finished += len(game.results)
            if game.winner is not None:
                wins[game.winner] += 1
        if records:
            save_record(game, records / f"game-{index + 1:05d}.json", meta={"players": args.bots})
    elapsed = time.perf_counter() - started
    summary = {
        "variant": rules.variant,
        "options": rules.options(),
        "players": args.bots,
        "games": args.games,
        "finished": finished,
        "wins": wins,
        "hands_per_game": round(hands_in_finished / finished, 2) if finished else None,
        **stats.summary(),
        "seconds": round(elapsed, 3),
    }
    if args.json:
        print(json.dumps(summary))
        return 0
    side_names = _side_names(rules)
    games = f"{args.games} game" if args.games == 1 else f"{args.games} games"
    print(f"{games} of {rules.describe()}, {args.bots} players, seed {args.seed}")
    stopped = args.games - finished
    print(f"finished: {finished} of {args.games}" + (f" ({stopped} stopped after {plural(args.max_hands, 'hand')})"
                                                     if stopped else ""))
    if finished:
        print(f"hands per finished game: {summary['hands_per_game']}")
    print("wins: " + ", ".join(f"{name} {w}" for name, w in zip(side_names, wins, strict=True)))
    print("points per hand: " + ", ".join(
        f"{name} {p}" for name, p in zip(side_names, summary["points_per_hand"], strict=True)))
    print(f"set rate: {summary['set_rate']:.1%} of {stats.contracts} contracts")
    nil_rate = f"{summary['nil_success']:.1%} made" if stats.nil_bids else "none bid"
    print(f"Nil bids: {stats.nil_bids} ({nil_rate})")
    if rules.blind_nil:
        blind_rate = f"{summary['blind_nil_success']:.1%} made" if stats.blind_nil_bids else "none bid"
        print(f"Blind Nil bids: {stats.blind_nil_bids} ({blind_rate})")
    print(f"bags per hand per side: {summary['bags_per_hand']}")
    print(f"hands: {stats.hands} in {elapsed:.2f} s")
    return 0


def _side_names(rules: Rules) -> list[str]:
    from ..seats import side_name

    return [side_name(rules, side) for side in range(rules.sides)]


def add_parser(sub: argparse._SubParsersAction) -> None:  # type: ignore[type-arg]
    parser = sub.add_parser(
        "simulate", help=_("play whole games between computer players and report figures"),
        description=_("Play whole games between computer players and report points per hand per side, the set rate, "
                      "Nil bids and their success, bags per hand and hands per game."))
    add_rules_arguments(parser)
    parser.add_argument("--games", type=int, default=100, help=_("how many games (default 100)"))
    parser.add_argument("--seed", default="1", help=_("the seed of the first game; game i uses SEED:i"))
    levels = level_names()
    parser.add_argument("--bots", default="normal", type=one_of(N_("a level"), levels), metavar="LEVEL",
                        help=_("the level of every seat: {levels} (default normal, so that games reach their end: "
                               "random players are the fastest, but their bids rarely reach a target)",
                               levels=", ".join(levels)))
    parser.add_argument("--max-hands", type=int, default=200,
                        help=_("stop a game after this many hands (default 200; random bidders rarely reach a "
                               "target)"))
    parser.add_argument("--json", action="store_true", help=_("one JSON object instead of text"))
    parser.add_argument("--records", metavar="DIR", help=_("write each game's record to DIR"))
    parser.set_defaults(func=run)
