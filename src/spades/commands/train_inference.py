"""``spades train-inference`` and ``spades inference``: fit the model of players from a seed, and measure how well
the search's deals place the hidden cards on held-out positions (see :mod:`spades.search.fit_players` and
:mod:`spades.search.held_out`).

``spades train-inference --seed 1 --out src/spades/search/players.json`` remakes the shipped file: the hands are
played at a budget in sampled deals, from seeds that do not depend on ``--jobs``, and the fits are Newton's
method to convergence, so the same arguments give the same file (the weights are written to six decimals).
"""

from __future__ import annotations

import argparse
import sys
import time
from pathlib import Path

from ..language import _

HANDS = 4_000
THINK = "100i"
# The rule sets of the self-play, and the share of the hands each gets: standard first, then others with other
# tables, packs and bids, so the model has seen the features take the values they take there.
MIX: tuple[tuple[str, dict[str, object], int], ...] = (
    ("standard", {}, 12),
    ("standard", {"jokers": "big_little"}, 1),
    ("whiz", {}, 1),
    ("three_player", {}, 1),
    ("six_partners", {}, 1),
)
CHUNK = 50  # hands a chunk of self-play, each from its own seed


def add_parser(subparsers: argparse._SubParsersAction) -> None:  # type: ignore[type-arg]
    parser = subparsers.add_parser(
        "train-inference", help=_("fit the model of players the search weights its deals by, from a seed"),
        description=_("Play hands between hard and normal, fit the model of how players bid and play to every "
                      "decision, say how well it places the hidden cards of held-out hands, and write the weights "
                      "file."))
    parser.add_argument("--seed", type=int, default=1, help=_("the seed of the self-play (default 1)"))
    parser.add_argument("--hands", type=int, default=HANDS,
                        help=_("hands played for the data (default {hands})", hands=HANDS))
    parser.add_argument("--jobs", type=int, default=2, help=_("processes playing the hands (default 2)"))
    parser.add_argument("--out", type=Path, help=_("the weights file to write (default: only say the figures)"))
    parser.set_defaults(func=run)

    check = subparsers.add_parser(
        "inference", help=_("measure how well the search's deals place the hidden cards of held-out hands"),
        description=_("Play hands between hard and normal from a seed the model was not fitted on; at positions "
                      "through each hand, draw the search's deals and say, for each way of weighting them, the mean "
                      "log-probability of each unseen card's true holder and the share of unseen cards placed "
                      "right."))
    check.add_argument("--seed", type=int, default=2, help=_("the seed of the held-out hands (default 2)"))
    check.add_argument("--hands", type=int, default=200, help=_("held-out hands (default 200)"))
    check.add_argument("--deals", type=int, default=300, help=_("deals drawn at each position (default 300)"))
    check.add_argument("--weights", type=Path, help=_("a weights file (default: the shipped one)"))
    check.add_argument("--variant", default="standard", help=_("the variant of the held-out hands (default standard)"))
    check.set_defaults(func=run_check)


def run(args: argparse.Namespace) -> int:
    from ..search.fit_players import fit_model, play_all, tasks
    from ..search.players_file import players_json

    if args.hands < 1 or args.jobs < 1:
        print("spades train-inference: " + _("--hands and --jobs must be at least 1"), file=sys.stderr)
        return 2
    start = time.perf_counter()
    work = list(tasks(MIX, args.seed, args.hands, CHUNK, THINK))
    played = play_all(work, args.jobs)
    print(f"{len(played)} hands played in {time.perf_counter() - start:.0f} s ({THINK} for hard).", flush=True)
    fit = fit_model(played)
    from ..search.fit_players import log_likelihood
    from ..search.players import N_BID, N_HAND

    bids_ll = log_likelihood(fit.weights[N_HAND:N_HAND + N_BID], fit.rows.bids)
    cards_ll = log_likelihood(fit.weights[N_HAND + N_BID:], fit.rows.cards)
    print(f"{fit.rows.bids.decisions} bids, mean log-probability {bids_ll:.4f}; {fit.rows.cards.decisions} cards "
          f"with a choice, {cards_ll:.4f}; {time.perf_counter() - start:.0f} s in all.", flush=True)
    if args.out is not None:
        made_by = {"command": f"spades train-inference --seed {args.seed} --hands {args.hands}",
                   "hands": len(played), "bid_decisions": fit.rows.bids.decisions,
                   "card_decisions": fit.rows.cards.decisions, "bids_log_p": round(bids_ll, 4),
                   "cards_log_p": round(cards_ll, 4)}
        args.out.write_text(players_json(fit.weights, made_by), encoding="utf-8")
        print(f"wrote {args.out}")
    return 0


def run_check(args: argparse.Namespace) -> int:
    from ..rules import Rules
    from ..search.held_out import held_out_positions, measure
    from ..search.inference import TEMPER
    from ..search.players_file import read_players, shipped_players

    if min(args.hands, args.deals) < 1:
        print("spades inference: " + _("--hands and --deals must be at least 1"), file=sys.stderr)
        return 2
    model = read_players(args.weights) if args.weights else shipped_players()
    start = time.perf_counter()
    positions = held_out_positions(Rules.preset(args.variant), f"held-out-{args.seed}", args.hands, THINK)
    tempers = sorted({0.25, 0.5, 0.75, 1.0, TEMPER})
    places = measure(positions, model, tempers, args.deals, args.seed)
    today = places[1]
    print(f"{len(today.log_p)} positions from {args.hands} held-out hands of {args.variant} (seed {args.seed}, hard "
          f"at {THINK} against normal), {args.deals} deals each:")
    print(f"{'weighting':<26} {'log-p of true holder':>21} {'placed right':>13} {'deals (effective)':>18}")
    for place in places:
        mean_ess = sum(place.ess) / len(place.ess) if place.ess else 0.0
        print(f"{place.name:<26} {place.mean_log_p:>21.4f} {place.share_right:>12.1%} {mean_ess:>18.0f}")
    for place in places[2:]:
        diff, half = place.paired(today)
        print(f"{place.name} against today's: {diff:+.4f} log-probability a card (95% interval {diff - half:+.4f} "
              f"to {diff + half:+.4f})")
    print(f"({time.perf_counter() - start:.0f} s)")
    return 0
