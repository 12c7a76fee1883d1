"""Deals resampled from one seat's view: the unseen cards dealt again so that every hand fits what the seat knows,
and weighted by how well they explain the bids and the plays it has seen.

The work is the search's own sampler (:class:`spades.search.sampler.Sampler`); this module is its public face,
for programs that reason from a view (a learner's belief over hidden cards, a determinized search of one's own).

A deal is each seat's hand *as it is now*: the cards it still holds, the played ones gone. It always fits the view
exactly (the hard constraints):

- the seat's own hand is its own; a card played, or a two-player discard the seat has seen, is in no hand;
- every other seat holds as many cards as it does now (the hand size less the cards it has played; during the
  two-player draw, the cards it has kept so far);
- a seat that did not follow a suit holds none of it, and a seat that led a spade before spades were broken
  holds nothing but spades;
- a Whiz or Mirror number bid is the bidder's spade count (when no Nil pass has moved cards since);
- two-player: once the draw is over, the other hand is every card this seat has not seen (face-up discards), or
  any of them (face-down discards: the rest were the other's discards); during the draw, the card this seat has
  just drawn is in no hand;
- after a Nil pass, the partner holds the cards this seat passed it, unless played or passed back since;
- only the rules' pack is dealt, each card in its suit in play (a joker is a spade).

A seat that has not looked at its cards (it may still bid Blind Nil) knows no hand, its own included: every hand
is then dealt. During the Nil pass itself no deal is made: how many cards a passing seat has set aside is not in
anyone else's view.

The weights (soft evidence) follow one model, :meth:`Sampler.weight`: a deal's weight is
``exp(-(bid gaps) - (play costs))``, 1 for a perfect fit.

- *Bids.* For each other seat that bid a number freely (not a Whiz or Mirror count, which is kept exactly, not
  Blind Nil, which says nothing), the trick estimate of the hand it held when it bid (its cards now, the ones it
  has played, and the Nil pass undone for this seat's partner) is scaled to the table (x 4 / players; x 1.25 at
  two), and the gap to the bid costs ``gap**2 / (2 * 1.6**2)``: a deal where a seat that bid 6 holds a two-trick
  hand weighs ``exp(-3.1)``, about 1/20, of one where its hand is worth 6 tricks. In Suicide only a hand weaker
  than its bid costs (the partner of a forced Nil may bid low on a big hand).
- *Nil bids* are not weighed but fitted: each deal's free Nil bidders (a Nil chosen on the cards) get hands fit to
  bid Nil, by swaps with the other unseen hands.
- *Plays.* Each card a seat still holds in the deal costs what its plays this hand say against it: 2.0 for a
  card an intact Nil bidder would have ducked with (between its card and the winner) or followed low with, 1.5
  for a card between the winner and the card the last seat took the trick with (it wins as cheaply as it can),
  0.5 for a card lower than one a seat played to lose a trick or discarded.
- *Two-player, face-down discards*: the other hand is drawn with the high cards likelier (it kept the better card
  of most draws).

:func:`resample` draws ``oversample`` times as many deals as it returns and keeps them in proportion to their
weights (systematic resampling), as the search does.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import TYPE_CHECKING

from .cards import CardSet
from .errors import PositionError
from .view import Phase, SeatView

if TYPE_CHECKING:
    from .search.sampler import Sampler

__all__ = ["Deal", "deal_weight", "resample", "sampler_for"]

Deal = tuple[CardSet, ...]


def resample(view: SeatView, rng: random.Random | int | None = None, n: int = 1, *,
             oversample: int = 3) -> list[Deal]:
    """``n`` deals of the cards ``view``'s seat cannot see, each consistent with the view (see the module's text),
    drawn in proportion to their weights from ``n * oversample`` deals (``oversample=1``: unweighted). ``rng``: a
    ``random.Random``, or a seed for one; the same view and seed give the same deals."""
    if not isinstance(n, int) or n < 1:
        raise ValueError(f"n={n!r}: ask for at least one deal")
    if not isinstance(oversample, int) or oversample < 1:
        raise ValueError(f"oversample={oversample!r}: draw at least as many deals as are kept (1 or more)")
    if not isinstance(rng, random.Random):
        rng = random.Random(rng)
    hands = sampler_for(view).deals(rng, n, oversample)
    return [tuple(CardSet(hand) for hand in deal) for deal in hands]


def deal_weight(view: SeatView, deal: Sequence[int]) -> float:
    """How well ``deal`` (each seat's hand now, as :func:`resample` gives them) explains the bids and plays of
    ``view``: 1 for a perfect fit, smaller the worse (the model is in the module's text). The deal is not checked
    against the view's hard constraints."""
    if len(deal) != view.players:
        raise ValueError(f"a deal of {len(deal)} hands; {view.rules.variant} has {view.players} players")
    return sampler_for(view).weight([int(hand) for hand in deal])


def sampler_for(view: SeatView) -> Sampler:
    """The search's sampler for ``view``, set up for every phase a deal can be made in (see the module's text)."""
    from .search.sampler import Sampler

    if view.phase is Phase.PASS:
        raise PositionError("no deal is resampled during the Nil pass: the cards the passing seats have set aside "
                            "are in no other seat's view; resample before it or once the play begins")
    if view.hand is None:
        from .search.blind import unlooked_sampler

        return unlooked_sampler(view)
    sampler = Sampler.from_view(view)
    if view.phase is Phase.DRAW:
        _mid_draw(view, sampler)
    return sampler


def _mid_draw(view: SeatView, sampler: Sampler) -> None:
    """During the two-player draw the other seat holds only the cards it has kept so far (one a draw: as many as
    this seat, or one more or one fewer by who drew first and whose turn it is), and the card this seat has just
    drawn is in no hand yet."""
    me = view.seat
    other = 1 - me
    kept = len(view.hand or ())
    first = (view.dealer + 1) % 2  # the non-dealer draws first
    theirs = kept  # both have drawn as often: the first drawer is to draw, or the second has just drawn
    if me == first and view.turn != me:
        theirs -= 1  # this seat drew first and the other has yet to answer
    elif me != first and view.turn == me:
        theirs += 1  # the other drew first and this seat has yet to answer
    sampler.room[other] = theirs
    if view.offered is not None:
        sampler.pool = [card for card in sampler.pool if card != view.offered]
    if len(sampler.fixed) > view.players:  # face-down discards: a pile beside the seats takes the rest
        sampler.room[view.players] = len(sampler.pool) - theirs
