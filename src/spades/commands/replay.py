"""``spades replay FILE``: a record, hand by hand: the deal, the bids, every trick and the scores.

By default in the table's spoken words, one line per event, so a screen reader says "North plays the ten of
hearts" rather than "10H" and each hand's cards suit by suit rather than as PBN; ``--compact`` keeps the short
notation (card codes, the deal in PBN) for reading by eye and for scripts. ``--review`` prints the coach's review
of one seat's play instead (see :mod:`spades.coach`)."""

from __future__ import annotations

import argparse
import contextlib
from typing import Any

from .. import seats
from ..actions import Bid, Choice
from ..cards import Card
from ..events import (
    BidChanged,
    BidMade,
    CardPlayed,
    Drew,
    Event,
    GameOver,
    HandScored,
    HandStarted,
    Looked,
    Passed,
    SpadesBroken,
    TrickWon,
)
from ..game import Game, seat_name
from ..record import RecordError, deal_text, load_record, read_meta
from ..words import announce as say
from ..words.seat import hand_events
from .options import seat_guess, seat_named

NOT_A_RECORD = ("record: ", "format: ")  # the first checks of a record, failed by JSON that is not one
PHASE_WORDS = {"draw": "the draw", "bid": "the bidding", "play": "the play"}


def shown_events(game: Game, hand: int | None) -> list[Event]:
    """The record's events, or those of hand number ``hand`` only (from its start to its score)."""
    if hand is None:
        return list(game.events)
    played = [start.number for start in game.starts]
    if hand not in played:
        raise ValueError(f"--hand {hand}: {hands_held(played)}")
    return hand_events(game.events, hand)


def render_words(game: Game, *, tricks: bool = True, hand: int | None = None) -> list[str]:
    """The record as the table says it: its announcement for each event, each finished hand's cards by seat
    (``tricks`` False: bids and scores only, no cards); ``hand``: that hand only."""
    rules = game.rules
    lines = [f"{rules.describe()}; seed {game.seed!r}."]
    for event in shown_events(game, hand):
        if not tricks and isinstance(event, CardPlayed | SpadesBroken | TrickWon | Drew):
            continue
        if isinstance(event, HandStarted | GameOver):
            lines.append("")
        lines.extend(say.event_line(rules, event, verbose=True))
        if tricks and isinstance(event, HandStarted) and (event.hand <= len(game.results) or game.over):
            with contextlib.suppress(ValueError):  # a hand not yet finished keeps its cards hidden
                for seat, held in enumerate(game.dealt_hands(event.hand)):
                    lines.append(f"{say.name(rules, seat)}'s cards: {say.suits_words(held)}.")
    if not game.over and hand in (None, game.hand_number):
        lines += ["", f"The record stops in hand {game.hand_number}, during {PHASE_WORDS[game.phase.value]}."]
    return lines


def render(game: Game, *, tricks: bool = True, hand: int | None = None) -> list[str]:
    """The record in card codes, the deal in PBN (``tricks`` False: bids and scores only); ``hand``: that hand."""
    rules = game.rules
    n = rules.players
    lines = [f"{rules.describe()}; seed {game.seed!r}"]

    def side_name(side: int) -> str:
        return seats.side_name(rules, side)

    for event in shown_events(game, hand):
        if isinstance(event, HandStarted):
            lines.append("")
            lines.append(f"Hand {event.hand}, {seat_name(event.dealer, n)} deals")
            if tricks and (event.hand <= len(game.results) or game.over):
                with contextlib.suppress(ValueError):  # a hand not yet finished keeps its cards hidden
                    lines.append(f"  deal {deal_text(game.dealt_hands(event.hand), n)}")
        elif isinstance(event, Drew) and tricks:
            if event.discard is None:  # discards face down: nobody else learns the card
                how = ("keeps the first card; the next goes face down" if event.kept_first
                       else "discards the first card face down")
            else:
                how = ("keeps the first card" if event.kept_first else "discards the first card") + \
                    f"; {event.discard} face up"
            lines.append(f"  {seat_name(event.seat, n)} {how}")
        elif isinstance(event, Looked):
            lines.append(f"  {seat_name(event.seat, n)} looks at the cards")
        elif isinstance(event, BidMade):
            lines.append(f"  {seat_name(event.seat, n)} bids {event.bid.spoken}")
        elif isinstance(event, BidChanged):
            lines.append(f"  {seat_name(event.seat, n)}'s bid becomes {event.bid.spoken}")
        elif isinstance(event, Passed):
            lines.append(f"  {seat_name(event.seat, n)} passes {say.plural(event.count, 'card')} to "
                         f"{seat_name(event.to, n)}")
        elif isinstance(event, TrickWon) and tricks:
            plays = ", ".join(f"{seat_name(s, n)} {c}" for s, c in event.plays)
            lines.append(f"  trick {event.number}: {plays}; {seat_name(event.seat, n)} wins")
        elif isinstance(event, HandScored):
            for side in event.result.sides:
                nil = "".join(f", {'Blind ' if x.blind else ''}Nil by {seat_name(x.seat, n)} "
                              f"{'made' if x.made else 'failed'}" for x in side.nils)
                lines.append(f"  {side_name(side.side)}: bid {side.contract}, took {side.tricks}{nil}: "
                             f"{side.points:+d}, score {side.score}, bags {side.total_bags}")
        elif isinstance(event, GameOver):
            lines.append("")
            who = "a draw" if event.winner is None else f"{side_name(event.winner)} win"
            lines.append(f"Game over: {who}, " + ", ".join(
                f"{side_name(i)} {s}" for i, s in enumerate(event.scores)))
    if not game.over and hand in (None, game.hand_number):
        lines.append("")
        lines.append(f"(the record stops in hand {game.hand_number}, {game.phase.value})")
    return lines


def reviewed_seat(game: Game, meta: dict[str, Any], seat: str | None) -> int:
    """The seat ``--seat`` names (a letter, a name or a number); by default the seat a person played at the table
    (the record's ``meta.human``), else South."""
    n = game.rules.players
    if seat is None:
        human = meta.get("human")
        if isinstance(human, int) and not isinstance(human, bool) and 0 <= human < n:
            return human
        return seats.seat_letters(n).index("S")
    text = seat.strip()
    if text.isdigit() and int(text) < n:
        return int(text)
    named = seat_named(text, n)
    if named is not None:
        return named
    raise ValueError(f"--seat {seat!r} is not a seat of this game{seat_guess(text, n)} "
                     f"({', '.join(seats.SEAT_NAMES[n])})")


def review_lines(game: Game, seat: int, hand: int | None = None) -> list[str]:
    """The coach's review of ``seat`` in every finished hand of the record, or in hand number ``hand`` only."""
    from ..coach import review_hand, review_words

    played = [start.number for start in game.starts]
    finished = played[:len(game.results)]
    if hand is not None and hand not in played:
        raise ValueError(f"--hand {hand}: {hands_held(played)}")
    hands = [hand] if hand is not None else finished
    lines = [f"The coach's review of {seat_name(seat, game.rules.players)}'s bids and cards."]
    if not hands:
        lines.append("No hand of this record is finished yet.")
    for number in hands:
        lines.extend(review_words(review_hand(game, number, seat)))
    return lines


def run(args: argparse.Namespace) -> int:
    from ..cli import CommandError

    try:
        game = load_record(args.file)
    except RecordError as error:
        if str(error).startswith(NOT_A_RECORD):  # JSON, but of something else: its fields would say nothing
            from ..paths import data_dir

            raise CommandError(f"{args.file} is not a game record; spades play keeps each finished game in "
                               f"{data_dir() / 'games'}, and spades simulate --records writes them") from None
        raise CommandError(str(error)) from None
    try:
        if args.review:
            seat = reviewed_seat(game, read_meta(args.file), args.seat)
            print("\n".join(review_lines(game, seat, args.hand)))
            return 0
        if args.seat is not None:
            raise ValueError("--seat chooses the seat the coach reviews: add --review")
        show = render if args.compact else render_words
        print("\n".join(show(game, tricks=not args.brief, hand=args.hand)))
    except ValueError as error:
        raise CommandError(str(error)) from None
    return 0


def add_parser(sub: argparse._SubParsersAction) -> None:  # type: ignore[type-arg]
    parser = sub.add_parser(
        "replay", help="show a game record hand by hand",
        description="Show a game record hand by hand: the deal, every bid and trick, and the scores after each "
                    "hand.")
    parser.add_argument("file", help="a record written by `spades simulate --records` or a saved game")
    parser.add_argument("--brief", action="store_true", help="bids and scores only, no cards or tricks")
    parser.add_argument("--compact", action="store_true",
                        help="card codes (AS, 10H) and the deal in PBN instead of spoken words")
    parser.add_argument("--review", action="store_true",
                        help="the coach's review instead: in each finished hand, the seat's bids and cards that the "
                             "search would have chosen otherwise, the three costliest with their cost and reason")
    parser.add_argument("--hand", type=int, metavar="N", help="only hand number N (with --review: its review)")
    parser.add_argument("--seat", metavar="S", help="with --review: the seat reviewed, by its letters or name in any "
                        "case (N, E, S or W at four; S, SW, NW, N, NE, SE at six); default: the seat a person "
                        "played, else South")
    parser.set_defaults(func=run)


__all__ = ["Bid", "Card", "Choice", "render", "render_words"]


def hands_held(played: list[int]) -> str:
    """Which hands a record holds, as said when ``--hand`` asks for another."""
    if len(played) == 1:
        return f"the record holds only hand {played[0]}"
    return f"the record holds hands {played[0]} to {played[-1]}"
