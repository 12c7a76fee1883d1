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
from ..game import Game
from ..language import N_, _, n_, p_
from ..record import RecordError, deal_text, load_record, read_meta
from ..seats import seat_words
from ..words import announce as say
from ..words.seat import hand_events
from .options import add_language_argument, seat_guess, seat_named

NOT_A_RECORD = ("record: ", "format: ")  # the first checks of a record, failed by JSON that is not one
PHASE_WORDS = {"draw": N_("the draw"), "bid": N_("the bidding"), "play": N_("the play")}


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
    lines = [_("{rules}; seed {seed}.", rules=rules.describe(), seed=repr(game.seed))]
    for event in shown_events(game, hand):
        if not tricks and isinstance(event, CardPlayed | SpadesBroken | TrickWon | Drew):
            continue
        if isinstance(event, HandStarted | GameOver):
            lines.append("")
        lines.extend(say.event_line(rules, event, verbose=True))
        if tricks and isinstance(event, HandStarted) and (event.hand <= len(game.results) or game.over):
            with contextlib.suppress(ValueError):  # a hand not yet finished keeps its cards hidden
                for seat, held in enumerate(game.dealt_hands(event.hand)):
                    lines.append(_("{seat}'s cards: {cards}.", seat=say.name(rules, seat),
                                   cards=say.suits_words(held)))
    if not game.over and hand in (None, game.hand_number):
        lines += ["", _("The record stops in hand {hand}, during {phase}.", hand=game.hand_number,
                        phase=_(PHASE_WORDS[game.phase.value]))]
    return lines


def render(game: Game, *, tricks: bool = True, hand: int | None = None) -> list[str]:
    """The record in card codes, the deal in PBN (``tricks`` False: bids and scores only); ``hand``: that hand."""
    rules = game.rules
    n = rules.players
    lines = [_("{rules}; seed {seed}", rules=rules.describe(), seed=repr(game.seed))]

    def side_name(side: int) -> str:
        return seats.side_words(rules, side)

    for event in shown_events(game, hand):
        if isinstance(event, HandStarted):
            lines.append("")
            lines.append(_("Hand {hand}, {seat} deals", hand=event.hand, seat=seat_words(event.dealer, n)))
            if tricks and (event.hand <= len(game.results) or game.over):
                with contextlib.suppress(ValueError):  # a hand not yet finished keeps its cards hidden
                    lines.append("  " + _("deal {deal}", deal=deal_text(game.dealt_hands(event.hand), n)))
        elif isinstance(event, Drew) and tricks:
            lines.append("  " + drew_words(seat_words(event.seat, n), event))
        elif isinstance(event, Looked):
            lines.append("  " + _("{seat} looks at the cards", seat=seat_words(event.seat, n)))
        elif isinstance(event, BidMade):
            lines.append("  " + _("{seat} bids {bid}", seat=seat_words(event.seat, n), bid=event.bid.spoken))
        elif isinstance(event, BidChanged):
            lines.append("  " + _("{seat}'s bid becomes {bid}", seat=seat_words(event.seat, n), bid=event.bid.spoken))
        elif isinstance(event, Passed):
            lines.append("  " + n_("{seat} passes {n} card to {to}", "{seat} passes {n} cards to {to}", event.count,
                                   seat=seat_words(event.seat, n), to=seat_words(event.to, n)))
        elif isinstance(event, TrickWon) and tricks:
            plays = ", ".join(f"{seat_words(s, n)} {c}" for s, c in event.plays)
            lines.append("  " + _("trick {number}: {plays}; {seat} wins", number=event.number, plays=plays,
                                  seat=seat_words(event.seat, n)))
        elif isinstance(event, HandScored):
            for side in event.result.sides:
                lines.append("  " + side_words(side_name(side.side), side, n))
        elif isinstance(event, GameOver):
            lines.append("")
            scores = ", ".join(f"{side_name(i)} {s}" for i, s in enumerate(event.scores))
            if event.winner is None:
                lines.append(_("Game over: a draw, {scores}", scores=scores))
            else:
                lines.append(_("Game over: {side} win, {scores}", side=side_name(event.winner), scores=scores))
    if not game.over and hand in (None, game.hand_number):
        lines.append("")
        lines.append(_("(the record stops in hand {hand}, {phase})", hand=game.hand_number,
                       phase=phase_word(game.phase.value)))
    return lines


def drew_words(seat: str, event: Drew) -> str:
    """A draw in the compact form: which card was kept, and the discard when it goes face up."""
    if event.discard is None:  # discards face down: nobody else learns the card
        if event.kept_first:
            return _("{seat} keeps the first card; the next goes face down", seat=seat)
        return _("{seat} discards the first card face down", seat=seat)
    if event.kept_first:
        return _("{seat} keeps the first card; {card} face up", seat=seat, card=event.discard)
    return _("{seat} discards the first card; {card} face up", seat=seat, card=event.discard)


def side_words(name: str, side: Any, players: int) -> str:
    """A side's hand in the compact form: its contract and tricks, each Nil, the points, the score and bags."""
    nils = [nil_words(seat_words(x.seat, players), x.blind, x.made) for x in side.nils]
    fields = {"side": name, "bid": side.contract, "took": side.tricks, "points": f"{side.points:+d}",
              "score": side.score, "bags": side.total_bags}
    if nils:
        # Translators: {nils} is one or more of "Nil by North made" (and the like), joined by commas.
        return _("{side}: bid {bid}, took {took}, {nils}: {points}, score {score}, bags {bags}", nils=", ".join(nils),
                 **fields)
    return _("{side}: bid {bid}, took {took}: {points}, score {score}, bags {bags}", **fields)


def nil_words(seat: str, blind: bool, made: bool) -> str:
    if blind:
        return _("Blind Nil by {seat} made", seat=seat) if made else _("Blind Nil by {seat} failed", seat=seat)
    return _("Nil by {seat} made", seat=seat) if made else _("Nil by {seat} failed", seat=seat)


def phase_word(phase: str) -> str:
    """A phase's name as the compact form says where a record stops (its code when it is none of these)."""
    words = {"draw": p_("phase", "draw"), "bid": p_("phase", "bid"), "pass": p_("phase", "pass"),
             "play": p_("phase", "play"), "over": p_("phase", "over")}
    return words.get(phase, phase)


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
    near = seat_guess(text, n)
    names = ", ".join(seat_words(seat, n) for seat in range(n))
    if near is not None:
        raise ValueError(_("--seat {seat} is not a seat of this game (did you mean {near}?) ({seats})",
                           seat=repr(seat), near=near, seats=names))
    raise ValueError(_("--seat {seat} is not a seat of this game ({seats})", seat=repr(seat), seats=names))


def review_lines(game: Game, seat: int, hand: int | None = None) -> list[str]:
    """The coach's review of ``seat`` in every finished hand of the record, or in hand number ``hand`` only."""
    from ..coach import review_hand, review_words

    played = [start.number for start in game.starts]
    finished = played[:len(game.results)]
    if hand is not None and hand not in played:
        raise ValueError(f"--hand {hand}: {hands_held(played)}")
    hands = [hand] if hand is not None else finished
    lines = [_("The coach's review of {seat}'s bids and cards.", seat=seat_words(seat, game.rules.players))]
    if not hands:
        lines.append(_("No hand of this record is finished yet."))
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

            raise CommandError(_("{file} is not a game record; spades play keeps each finished game in {folder}, and "
                                 "spades simulate --records writes them", file=args.file,
                                 folder=data_dir() / "games")) from None
        raise CommandError(str(error)) from None
    try:
        if args.review:
            seat = reviewed_seat(game, read_meta(args.file), args.seat)
            print("\n".join(review_lines(game, seat, args.hand)))
            return 0
        if args.seat is not None:
            raise ValueError(_("--seat chooses the seat the coach reviews: add --review"))
        show = render if args.compact else render_words
        print("\n".join(show(game, tricks=not args.brief, hand=args.hand)))
    except ValueError as error:
        raise CommandError(str(error)) from None
    return 0


def add_parser(sub: argparse._SubParsersAction) -> None:  # type: ignore[type-arg]
    parser = sub.add_parser(
        "replay", help=_("show a game record hand by hand"),
        description=_("Show a game record hand by hand: the deal, every bid and trick, and the scores after each "
                      "hand."))
    parser.add_argument("file", help=_("a record written by `spades simulate --records` or a saved game"))
    parser.add_argument("--brief", action="store_true", help=_("bids and scores only, no cards or tricks"))
    parser.add_argument("--compact", action="store_true",
                        help=_("card codes (AS, 10H) and the deal in PBN instead of spoken words"))
    parser.add_argument("--review", action="store_true",
                        help=_("the coach's review instead: in each finished hand, the seat's bids and cards that the "
                               "search would have chosen otherwise, the three costliest with their cost and reason"))
    parser.add_argument("--hand", type=int, metavar="N", help=_("only hand number N (with --review: its review)"))
    parser.add_argument("--seat", metavar="S",
                        help=_("with --review: the seat reviewed, by its letters or name in any case (N, E, S or W at "
                               "four; S, SW, NW, N, NE, SE at six); default: the seat a person played, else South"))
    add_language_argument(parser)
    parser.set_defaults(func=run)


__all__ = ["Bid", "Card", "Choice", "render", "render_words"]


def hands_held(played: list[int]) -> str:
    """Which hands a record holds, as said when ``--hand`` asks for another."""
    if len(played) == 1:
        return _("the record holds only hand {hand}", hand=played[0])
    return _("the record holds hands {first} to {last}", first=played[0], last=played[-1])
