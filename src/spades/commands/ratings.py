"""``spades ratings``: the room's leaderboard, read from its database, and ``--rebuild``, which replays every stored
game through the rating rules the room rates by now and rewrites every rating and change from them (after a
change of the rules, or to check the stored ratings)."""

from __future__ import annotations

import argparse

from ..language import N_, _
from ..room.protocol import RATING_GROUPS
from .options import one_of


def add_parser(subparsers: argparse._SubParsersAction) -> None:  # type: ignore[type-arg]
    parser = subparsers.add_parser(
        "ratings", help=_("the room's leaderboard, or rebuild its ratings from the stored games"),
        description=_("Print a rating group's leaderboard from the room's database, or, with --rebuild, replay every "
                      "stored game in the order they finished and rewrite every rating from them."))
    parser.add_argument("--database", default=None,
                        help=_("the room's database: a SQLite file or a postgresql:// URL (default: the room's file "
                               "in the data directory)"))
    parser.add_argument("--rebuild", action="store_true", help=_("rebuild every rating from the stored games"))
    parser.add_argument("--group", choices=RATING_GROUPS, type=one_of(N_("a rating group"), RATING_GROUPS),
                        default="partnership", help=_("the rating group to list (default partnership)"))
    parser.set_defaults(func=run)


def run(args: argparse.Namespace) -> int:
    from ..room.social.rating_views import leaderboard
    from ..room.social.ratings import rebuild
    from ..room.store import Store

    store = Store(args.database)
    try:
        if args.rebuild:
            print(rebuild(store), flush=True)
            return 0
        from ..table.leaderboard import board_lines

        for line in board_lines(args.group, [row.model_dump() for row in leaderboard(store, args.group)]):
            print(line)
        return 0
    finally:
        store.close()
