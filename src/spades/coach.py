"""The coach: a finished hand's own bids and cards of one seat, against what the search would have chosen.

Each of the seat's decisions is rebuilt from the game's actions through the engine, so the coach sees exactly
the seat's view at that moment (its hand, the bids, the cards played so far), never a card the seat could not
see. There the ``hard`` player's search chooses; where it chose otherwise (and not a card that plays exactly the
same), the player's action and the search's are played out on the same sampled deals and the mean difference is
the cost. The costliest few are told with a reason: the ``normal`` player's hint when it plays the same as the
search's choice (its reason states only facts of the view, carried as :class:`~spades.bots.Fact`), otherwise that
the search preferred it, in words without the search's own figures, so that the cost is the line's one figure.

Everything is seeded from the game's seed and the seat, and the budget is a number of deals, so a review of the
same record says the same thing on every machine.
"""

from __future__ import annotations

import hashlib
import random
from collections.abc import Iterator
from dataclasses import dataclass, field

from .actions import Action, Bid
from .bots.base import Bot, Fact, bot_seed, position_key
from .cards import Card, held_card, the_card
from .errors import PositionError
from .game import Game
from .language import N_, _, n_, p_
from .view import Phase, SeatView

__all__ = ["DEALS", "MENTION", "MOST", "NOT_OVER", "Lesson", "Review", "coach_seed", "decisions", "lesson_line",
           "review_hand", "review_words", "search_player"]

DEALS = 96  # sampled deals for the search's choice, and again for each cost: a hand's review in about a second
MENTION = 3.0  # points: a smaller cost is not worth a word
SIGMAS = 2.5  # ... nor one within this many standard errors of nothing (the sampling's noise)
MOST = 3  # choices told, the costliest first
# C asked during a hand; in English, marked for the catalogue: said with ``_(NOT_OVER)``.
NOT_OVER = N_("The coach reviews a hand once it is over: press C after the hand, before n.")


@dataclass(frozen=True)
class Lesson:
    """One choice that cost points: in hand ``hand``, at trick ``trick`` (None: the bid), ``action`` was taken
    where ``better`` was worth ``cost`` points more on average (``error``: the standard error of that figure,
    over ``deals`` sampled deals). ``reason`` and its ``facts`` say why ``better``, in the seat's ``view``."""

    hand: int
    trick: int | None
    action: Action
    better: Action
    cost: float
    error: float
    deals: int
    reason: str
    facts: tuple[Fact, ...] = ()
    view: SeatView | None = field(default=None, repr=False, compare=False)


@dataclass(frozen=True)
class Review:
    """The coach's review of one seat's hand: how many decisions had a choice, and the costliest ones."""

    hand: int
    seat: int
    checked: int
    costly: int  # choices that cost points worth a word (only the costliest MOST are in ``lessons``)
    lessons: tuple[Lesson, ...]


def decisions(game: Game, hand: int, seat: int) -> Iterator[tuple[SeatView, Action]]:
    """Every action ``seat`` took in hand number ``hand`` of ``game``, with the seat's view just before it, rebuilt
    by replaying the game's actions through the engine."""
    starts = game.starts
    index = next((i for i, s in enumerate(starts) if s.number == hand), None)
    if index is None:
        raise PositionError(_("hand {hand} has not been played", hand=hand))
    first = starts[index].action_index
    last = starts[index + 1].action_index if index + 1 < len(starts) else len(game.actions)
    scratch = game.clone()
    scratch.truncate(first)
    for action in game.actions[first:last]:
        if scratch.turn == seat:
            yield scratch.view(seat), action
        scratch.apply(action)


def coach_seed(game: Game, seat: int) -> str:
    """The seed of the coach's search for ``seat`` of ``game``: derived one way from the game's seed, as a bot's."""
    return bot_seed(game.seed, "coach", seat)


def search_player(game: Game, seat: int, deals: int = DEALS) -> Bot:
    """The search the coach asks, for ``seat`` of ``game``: the ``hard`` player with a budget of ``deals`` sampled
    deals and the coach's seed, so its choice in a view is the same on every machine."""
    from .bots.hard import HardBot

    return HardBot(seed=coach_seed(game, seat), think=f"{deals}i")


def review_hand(game: Game, hand: int, seat: int, deals: int = DEALS) -> Review:
    """The review of ``seat``'s bids and cards in hand ``hand`` of ``game`` (finished or not: the decisions so
    far), with ``deals`` sampled deals for each choice of the search and again for each cost."""
    from .bots.normal import NormalBot
    from .search.compare import difference

    seed = coach_seed(game, seat)
    search = search_player(game, seat, deals)
    rules_player = NormalBot(seed=seed)
    checked = 0
    lessons: list[Lesson] = []
    for view, action in decisions(game, hand, seat):
        if not _reviewed(view, action):
            continue
        checked += 1
        chosen = search.hint(view)
        better = chosen.action
        if _same_play(view, better, action):
            continue
        rule = rules_player.hint(view)
        reason, facts = _trick_reason(view, action, better) or (_search_reason(better, rule.action), ())
        if _same_play(view, rule.action, better):
            better, reason, facts = rule.action, rule.reason, rule.facts
        cost = difference(view, better, action, deals, _cost_rng(seed, view))
        if cost.mean < MENTION or cost.mean <= SIGMAS * cost.error:
            continue
        trick = len(view.tricks) + 1 if view.phase is Phase.PLAY else None
        lessons.append(Lesson(hand=hand, trick=trick, action=action, better=better, cost=cost.mean,
                              error=cost.error, deals=cost.deals, reason=reason, facts=facts, view=view))
    lessons.sort(key=lambda lesson: -lesson.cost)
    return Review(hand=hand, seat=seat, checked=checked, costly=len(lessons), lessons=tuple(lessons[:MOST]))


def _reviewed(view: SeatView, action: Action) -> bool:
    """A bid or card with more than one way to go: the search has nothing to say about the only legal action, the
    two-player draw, the look at the cards, Blind Nil (chosen before the cards are seen), or the cards of a Nil
    pass (the search does not weigh passes: it passes by a fixed rule, see :mod:`spades.bots.hard`)."""
    if view.phase is Phase.PASS:
        return False
    if isinstance(action, Bid):
        return not action.blind and sum(1 for b in view.legal if isinstance(b, Bid) and not b.blind) > 1
    return isinstance(action, Card) and len(view.legal) > 1


def _same_play(view: SeatView, a: Action, b: Action) -> bool:
    """Whether ``a`` and ``b`` are the same bid, or cards of one suit in play with nothing between them (in the
    rules' order of that suit: a joker above the ace of spades) that another seat may hold (every card between is
    in the seat's hand, played, or turned face up in the draw): they take the same tricks."""
    if a == b:
        return True
    rules = view.rules
    if not (isinstance(a, Card) and isinstance(b, Card)) or rules.suit_of(a) != rules.suit_of(b):
        return False
    gone = {int(c) for t in view.tricks for c in t.cards} | {int(c) for _, c in view.trick}
    gone |= {int(c) for c in view.discards}  # two-player: the cards turned face up are out of the hand
    held = {int(c) for c in view.hand or ()}
    low, high = sorted((rules.power(a), rules.power(b)))
    between = (c for c in range(54)
               if rules.pack >> c & 1 and rules.suit_of(c) == rules.suit_of(a) and low < rules.power(c) < high)
    return all(c in gone or c in held for c in between)


def _search_reason(better: Action, rule: Action) -> str:
    """Why ``better``, when the rule player would have chosen otherwise: the search's preference in words only.

    The search's own sentence carries its figures (a gain over the rule choice, a mean, a count of deals) from its
    sample, while the cost the coach tells comes from another, paired sample of the player's action against
    ``better``; a line with both would give a learner two different numbers for one comparison. So the line's one
    figure is the cost, and the reason says only what the search preferred."""
    ours = _action_words(better, False)
    if isinstance(rule, Card):
        # Translators: {card} is the rule player's card, "the rule player's ace of spades".
        return _("the search prefers {better} to {card}, playing out sampled deals of the unseen cards", better=ours,
                 card=held_card(rule, p_("coach", "the rule player")))
    if isinstance(rule, Bid) and rule.value == 0:
        return _("the search prefers {better} to the rule player's Nil, playing out sampled deals of the unseen "
                 "cards", better=ours)
    if isinstance(rule, Bid):
        return _("the search prefers {better} to the rule player's bid of {bid}, playing out sampled deals of the "
                 "unseen cards", better=ours, bid=rule.value)
    return _("the search prefers {better} to the rule player's {choice}, playing out sampled deals of the unseen "
             "cards", better=ours, choice=str(rule))


def _trick_reason(view: SeatView, action: Action, better: Action) -> tuple[str, tuple[Fact, ...]] | None:
    """What the two cards do to the trick in progress, when they differ there: the one thing a learner can see at
    the table without the search's figures. Only facts of the seat's view: who is winning the trick so far, whether
    the seat's own Nil still stands, and which of the two cards beats the winning card."""
    from .seats import seat_words
    from .tricks import beats

    winning = view.winning
    if not (isinstance(action, Card) and isinstance(better, Card)) or winning is None:
        return None
    seat, card = winning
    takes, keeps = beats(action, card, rules=view.rules), beats(better, card, rules=view.rules)
    if takes == keeps:
        return None
    rules = view.rules
    partner = rules.partnerships and seat == view.partner
    who = p_("seat", "partner") if partner else seat_words(seat, view.players)
    fact = Fact("partner_winning" if partner else "winning", seat=seat, card=card)
    own_bid = view.bids[view.seat]
    nil = own_bid is not None and own_bid.value == 0 and view.tricks_won[view.seat] == 0
    # Translators: {winning} is a seat's card, "North's ace of spades" or "partner's ace of spades".
    fields = {"winning": held_card(card, who), "better": the_card(better), "action": the_card(action)}
    if takes and nil:
        return (_("you are Nil and {winning} is winning: {better} stays under it, {action} went over it", **fields),
                (Fact("nil", seat=view.seat), fact))
    if takes and partner:
        return _("{winning} is winning: {better} leaves it so, {action} went over it", **fields), (fact,)
    if takes:
        return _("{winning} is winning: {better} stays under it, {action} went over it", **fields), (fact,)
    if not partner and not nil:
        return _("{winning} is winning: {better} beats it, {action} does not", **fields), (fact,)
    return None


def _cost_rng(seed: str, view: SeatView) -> random.Random:
    """The deals a cost is measured on: fixed by the coach's seed and the position, apart from the search's own."""
    digest = hashlib.blake2b(f"{seed}\x00{position_key(view)}".encode(), digest_size=16,
                             person=b"spades-coach").digest()
    return random.Random(digest)


def _action_words(action: Action, own: bool) -> str:
    """An action as a noun: "the ace of spades"; a bid, the player's own ("your bid of 4") or another ("a bid of
    4")."""
    if isinstance(action, Card):
        return the_card(action)
    if isinstance(action, Bid):
        if action.value == 0:
            return _("your Nil") if own else _("Nil")
        return _("your bid of {bid}", bid=action.value) if own else _("a bid of {bid}", bid=action.value)
    return str(action)


def lesson_line(lesson: Lesson) -> str:
    """One choice in plain words: "Trick 4: the king of hearts cost about 12 points; better the three of hearts.
    Why: partner's ace of hearts is winning: play low, the three of hearts." """
    points = round(lesson.cost)
    # Translators: {action} is what the player did, {better} what was better, {reason} why (a sentence without its
    # full stop).
    fields = {"action": _action_words(lesson.action, True), "better": _action_words(lesson.better, False),
              "reason": lesson.reason.rstrip(".")}
    if lesson.trick is None:
        return n_("Bidding: {action} cost about {n} point; better {better}. Why: {reason}.",
                  "Bidding: {action} cost about {n} points; better {better}. Why: {reason}.", points, **fields)
    return n_("Trick {trick}: {action} cost about {n} point; better {better}. Why: {reason}.",
              "Trick {trick}: {action} cost about {n} points; better {better}. Why: {reason}.", points,
              trick=lesson.trick, **fields)


def review_words(review: Review) -> list[str]:
    """The review as the table says it: one line when nothing cost anything worth a word, else a heading and a
    line for each of the costliest choices."""
    hand, checked = review.hand, review.checked
    if checked == 0:
        return [_("Coach, hand {hand}: you had no choice to make.", hand=hand)]
    if not review.lessons:
        return [n_("Coach, hand {hand}: none of your {n} choice clearly cost {least} points or more against the "
                   "search's choice; well played.",
                   "Coach, hand {hand}: none of your {n} choices clearly cost {least} points or more against the "
                   "search's choice; well played.", checked, hand=hand, least=format(MENTION, ".0f"))]
    if review.costly > len(review.lessons):
        head = n_("Coach, hand {hand}: {costly} of your {n} choice cost points against the search's choice; the "
                  "costliest {told}:",
                  "Coach, hand {hand}: {costly} of your {n} choices cost points against the search's choice; the "
                  "costliest {told}:", checked, hand=hand, costly=review.costly, told=len(review.lessons))
    else:
        head = n_("Coach, hand {hand}: {costly} of your {n} choice cost points against the search's choice:",
                  "Coach, hand {hand}: {costly} of your {n} choices cost points against the search's choice:",
                  checked, hand=hand, costly=review.costly)
    return [head, *(lesson_line(lesson) for lesson in review.lessons)]
