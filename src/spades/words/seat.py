"""What one seat hears, at either table: the lines of each event (with what only that seat knows), the "your
turn" line, a key's answer, the hint and the coach's review. The terminal table and the room's web table both say
these, so a browser at a room's table says exactly what ``spades play`` says for the same game; the browser only
moves through the hand and plays, and its words come from here through the room."""

from __future__ import annotations

from collections.abc import Collection, Mapping, Sequence

from ..actions import Action
from ..bots import Bot
from ..events import Drew, Event, GameOver, HandStarted, Passed
from ..game import Game
from ..language import N_, _
from ..rules import Rules
from ..view import Phase, SeatView
from ..wire import SPECTATOR
from . import announce as say
from . import clock, keymap, review

__all__ = ["WATCHING_COACH", "answer", "coach", "coach_refusal", "event_lines", "hand_events", "heard_lines", "hint",
           "prompt", "seat_lines", "unplayable"]

# In English, marked for the catalogue: said with ``_(WATCHING_COACH)`` (``coach_refusal`` says it so).
WATCHING_COACH = N_("You are watching this table; the coach reviews the bids and cards of a seat's own player.")


def event_lines(rules: Rules, events: Sequence[Event]) -> list[list[str]]:
    """One list of lines per event, as the terminal says them with every card (verbosity "all")."""
    return [say.event_line(rules, event, verbose=True) for event in events]


def seat_lines(view: SeatView, history: Sequence[Event], start: int, notes: Mapping[int, tuple[int, str]],
               verbose: bool = True, timed: Collection[int] = ()) -> list[list[str]]:
    """The lines of the events from ``start`` on, as the terminal at this seat says them: each event's public
    lines, then what only this seat hears, as the terminal says it right after that event: ``notes`` (by event
    index: the seat and its line, such as the card it kept in the draw) and, after the end of the game, the seat's
    statistics. A spectator gets the public lines only. ``timed``: the events of actions the computer took
    because the seat's clock ran out, said as such."""
    out = []
    for index in range(start, len(history)):
        note = notes.get(index)
        lines = heard_lines(view, history, index, note[1] if note is not None and note[0] == view.seat else None,
                            verbose, index in timed)
        if isinstance(history[index], GameOver) and view.seat != SPECTATOR:
            lines.append(say.statistics_line(view.rules, view.seat, view.results, history))
        out.append(lines)
    return out


def heard_lines(view: SeatView, history: Sequence[Event], index: int, note: str | None = None,
                verbose: bool = True, timed: bool = False) -> list[str]:
    """The lines this seat hears for event ``index``: its public lines, or for the seat's own draw ``note`` (the
    card it kept) with the card that went face up, in one line; for a Nil pass between the seat and its partner,
    the cards passed (``note``, or from the view while it holds that hand); any other ``note`` after them; the
    seat's cards in brief once they are all dealt; and, with tricks and turns only (``verbose`` False), the trick
    so far when a card makes it the seat's turn in the middle of a trick. ``timed``: the computer took the action
    when the seat's time ran out, which every seat hears in one line instead of the event's own."""
    event = history[index]
    lines = [clock.timed_line(view.rules, event)] if timed else say.event_line(view.rules, event, verbose)
    own_pass = isinstance(event, Passed) and view.seat in (event.seat, event.to)
    if own_pass and note is None:
        note = say.pass_line(view, history, index)
    if note is not None:
        if isinstance(event, Drew) and event.seat == view.seat:
            lines = [*lines, say.own_draw_line(event, note)] if timed else [say.own_draw_line(event, note)]
        elif own_pass:
            lines = [*lines, note] if timed else [note]
        else:
            lines.append(note)
    dealt = say.dealt_line(view, history, index)
    if dealt is not None:
        lines.append(dealt)
    if not verbose:
        so_far = say.trick_so_far_line(view, history, index)
        if so_far is not None:
            lines.append(so_far)
    return lines


def prompt(view: SeatView) -> str | None:
    """The terminal's "your turn" line for this seat's decision now, or None when the seat has none to make."""
    if view.seat == SPECTATOR or view.phase is Phase.OVER or view.turn != view.seat or not view.legal:
        return None
    return say.prompt_line(view)


def unplayable(view: SeatView, game: Game) -> str | None:
    """Why the cards of this seat's hand that are not among its legal cards may not be played now, in the engine's
    words ("you must follow clubs"): one reason holds for all of them (the suit led, the two of clubs to lead, or
    spades not broken), so that a table can say it as each such card is reached, before it is tried. None when it
    is not the seat's card to play or every card it holds may be played."""
    if view.seat == SPECTATOR or view.phase is not Phase.PLAY or view.turn != view.seat or view.hand is None:
        return None
    barred = [card for card in view.hand if card not in view.legal]
    return game.why_illegal(barred[0]) if barred else None


def hand_events(events: Sequence[Event], hand: int) -> list[Event]:
    """The public events of one hand: from its start up to the start of the next (its score included)."""
    out: list[Event] = []
    inside = False
    for event in events:
        if isinstance(event, HandStarted):
            if inside:
                break
            inside = event.hand == hand
        if inside:
            out.append(event)
    return out


def answer(view: SeatView, events: Sequence[Event], key: str, hand: int | None = None) -> str:
    """What the terminal's reading ``key`` says now; with ``hand`` (a hand that is over, the player still reading
    about it before going on), what it says between hands about that hand."""
    if hand is not None and (hand < view.hand_number or view.phase is Phase.OVER):
        if key in review.ENDED_KEYS:
            return review.ended_answers(view, hand_events(events, hand))[key]
        if key == "R":
            return say.last_trick_line(review.ended_view(view, hand_events(events, hand)))
    entry = keymap.find(key)
    if entry is None or entry.answer is None:  # a caller's mistake: the keys asked are the keymap's
        raise ValueError(f"no reading key {key!r}")
    return entry.answer(view)


def hint(view: SeatView, events: Sequence[Event], adviser: Bot, hand: int | None = None) -> tuple[str, Action | None]:
    """What the terminal's hint key says, and the action it suggests: the adviser's choice from the seat's own view
    and its reason, or, when the seat has nothing to decide (another's turn, between hands), why not."""
    if view.seat == SPECTATOR or not view.legal or view.turn != view.seat or hand is not None:
        return say.no_hint_line(answer(view, events, "w", hand)), None
    chosen = adviser.hint(view)
    return say.hint_line(chosen.action, chosen.reason, view.phase), chosen.action


def coach_refusal(view: SeatView, hand: int | None) -> str | None:
    """Why C has no review for this seat and ``hand`` (None: it has one): a spectator has no bids or cards of its
    own, and a hand is reviewed only once it is over, as the terminal says when C is pressed during a hand."""
    from ..coach import NOT_OVER

    if view.seat == SPECTATOR:
        return _(WATCHING_COACH)
    if hand is None or not (hand < view.hand_number or (view.phase is Phase.OVER and hand <= view.hand_number)):
        return _(NOT_OVER)
    return None


def coach(game: Game, seat: int, hand: int) -> list[str]:
    """The coach's review of ``seat``'s bids and cards in the finished hand ``hand``: the very lines the terminal
    table says after that hand. It is rebuilt from the seat's own views only (see :mod:`spades.coach`), so it
    tells nothing of another seat's cards. A second or two of search: the room runs it in a worker thread."""
    from ..coach import review_hand, review_words

    return review_words(review_hand(game, hand, seat))

