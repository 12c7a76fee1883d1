"""The hard player: it thinks by search over the deals its seat cannot see.

Every bid and card is chosen by sampling deals of the unseen cards that fit the seat's view (voids shown, bids,
two-player discards), trying each candidate on each deal with the kernel (rule-played playouts, the last tricks
solved exactly), and taking the candidate with the best mean reward: the change in the score difference, bags
priced and the end of the game counted (see :mod:`spades.search`). Blind Nil or a look is searched too, on whole
deals (the seat's own hand unseen): Blind Nil only when it is clearly better than looking
(:mod:`spades.search.blind`). The two-player draw follows the normal player's rules: a search of keep against
discard (the rest of the draw and the hand played out) measured no gain in the arena, as its deals could not tell
which cards the other player kept by choice (the view does not record which draws were keeps).

The Nil pass is not searched: the seat passing first (the Nil bidder) gives its highest cards, the partner passes
back its lowest (:func:`spades.kernel.bridge.pass_choice`), the very rule the kernel's playouts pass by when a
search of the bidding plays a hand on past the bids, so the search prices a Nil as its own side will pass for it.
Blind Nil is searched at four seats in partnerships, where its search was measured; at other tables the rule
player's choice stands.

``think``: seconds per decision (a float, default :data:`DEFAULT_THINK`), or a number of sampled deals written
``"200i"``. A budget in deals gives the same choice for the same view and seed on every machine; a budget in
seconds evaluates as many deals as the machine manages in that time, so its choices vary with the machine's
speed and load.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from ..actions import BLIND_NIL, Bid, Choice
from ..cards import CARDS, Card, the_card
from ..errors import NotYourTurn
from ..language import _, n_
from ..view import Phase, SeatView
from .base import Bot, Fact, Hint, register
from .bidding import choose_bid, choose_draw
from .normal import NormalBot

if TYPE_CHECKING:  # the search imports numba: loaded with the first decision, not with the level
    import numpy as np

    from ..search.blind import BlindDecision
    from ..search.search import Decision

__all__ = ["DEFAULT_THINK", "HardBot"]

DEFAULT_THINK = 0.4  # seconds per decision when no budget is given


@register("hard")
class HardBot(Bot):
    def __init__(self, seed: int | str = 0, think: float | str | None = None) -> None:
        from ..search.search import Budget

        super().__init__(seed=seed, think=think)  # type: ignore[arg-type]
        self.budget = Budget.parse(think, DEFAULT_THINK)
        self.rules_player = NormalBot(seed=seed)
        self.playouts: np.ndarray | None = None  # the learned playout player's weights (None: the rules)
        self.model: np.ndarray | None = None  # the model of players' weights for the deals (None: hand-set)
        if self.inference:
            from ..search.players_file import shipped_players

            self.model = shipped_players()

    inference = False  # whether the sampled deals are weighted by the model of players (spades.search.inference)

    def hint(self, view: SeatView) -> Hint:
        if not view.legal:
            raise NotYourTurn("it is not this seat's turn")
        if view.phase is Phase.DRAW:
            return choose_draw(view)
        if view.phase is Phase.PASS:
            return _pass_card(view)
        if Choice.LOOK in view.legal:
            if BLIND_NIL not in view.legal:
                return choose_bid(view)
            if view.rules.players != 4 or not view.rules.partnerships:
                return self.rules_player.hint(view)
            return self._blind_or_look(view)
        if len(view.legal) == 1:
            only = view.legal[0]
            if isinstance(only, Card):
                return Hint(only, _("the only legal choice: {card}", card=the_card(only)),
                            (Fact("only_legal", card=only),))
            return Hint(only, _("the only legal choice: {action}", action=getattr(only, "spoken", str(only))))
        from ..search.search import choose

        rule = self.rules_player.hint(view)
        if self.playouts is None:
            choice = choose(view, self.budget, self.decision_rng(view), rule.action, model=self.model)
        else:
            choice = choose(view, self.budget, self.decision_rng(view), rule.action, self.playouts, self.model)
        if choice.verdict in ("agrees", "kept"):
            return Hint(choice.action, _reason(choice, rule.reason), rule.facts)
        return Hint(choice.action, _reason(choice, rule.reason))


    def _blind_or_look(self, view: SeatView) -> Hint:
        """Blind Nil or look, by search over whole deals; the rule player's reason kept when its choice stands."""
        from ..search.blind import choose_blind

        rule = self.rules_player.hint(view)
        choice = choose_blind(view, self.budget, self.decision_rng(view), self.model)
        if choice.action == rule.action:
            return Hint(choice.action, _blind_reason(choice, rule), rule.facts)
        return Hint(choice.action, _blind_reason(choice, rule))


@register("hard-model")
class HardModelBot(HardBot):
    """``hard`` with its sampled deals weighted by the model of players (:mod:`spades.search.inference`)."""

    inference = True


def _pass_card(view: SeatView) -> Hint:
    """The next card of this seat's Nil pass, by the pass rule the search's playouts assume (see the module)."""
    from ..kernel.bridge import pass_choice

    first = not view.received  # the first to pass is the Nil bidder; the partner passes back what it received
    hand = int(view.hand or 0)
    chosen = int(view.passed)
    picks = pass_choice(view.rules, hand | chosen, view.rules.nil_pass, first)
    card = next((c for c in picks if hand >> c & 1), None)
    if card is None:
        card = pass_choice(view.rules, hand, 1, first)[0]
    choice = CARDS[card]
    if first:
        return Hint(choice, _("pass {card}: the Nil's side passes its highest cards to the partner",
                              card=the_card(choice)))
    return Hint(choice, _("pass {card}: the partner of a Nil passes back its lowest cards", card=the_card(choice)))


def _blind_reason(choice: BlindDecision, rule: Hint) -> str:
    """The sentence for Blind Nil or a look: the search's mean gain of Blind Nil over looking (its own figure,
    over its sampled deals), said as agreeing with, or overruling, the rule player's choice."""
    deals = _deals(choice.deals)
    gain = round(choice.gain)
    # Translators: {rule} is the rule player's reason, a clause of its own; {deals} is "96 sampled deals".
    if choice.action == rule.action:
        if choice.action == BLIND_NIL:
            return _("{rule}; the search agrees: Blind Nil gains {gain} points on average over looking in {deals}",
                     rule=rule.reason, gain=format(gain, "+d"), deals=deals)
        if gain <= 0:
            return _("{rule}; the search agrees: Blind Nil loses {loss} points on average against looking in "
                     "{deals}", rule=rule.reason, loss=format(-gain, "d"), deals=deals)
        return _("{rule}; the search found nothing clearly better: Blind Nil gains {gain} points on average over "
                 "looking in {deals}, within the search's noise", rule=rule.reason, gain=format(gain, "+d"),
                 deals=deals)
    if choice.action == BLIND_NIL:
        return _("search: Blind Nil gains {gain} points on average over the rule choice, looking at the cards, in "
                 "{deals}", gain=format(gain, "+d"), deals=deals)
    if gain <= 0:
        return _("search: looking at the cards gains {gain} points on average over the rule choice, Blind Nil, in "
                 "{deals}", gain=format(-gain, "+d"), deals=deals)
    return _("search: look at the cards over the rule choice, Blind Nil: its gain of {gain} points on average in "
             "{deals} is within the search's noise", gain=format(gain, "+d"), deals=deals)


def _deals(count: int) -> str:
    return n_("{n} sampled deal", "{n} sampled deals", count)


def _name(action: object) -> str:
    """An action as a noun: "the ace of spades", "Nil", "a bid of 4"."""
    if isinstance(action, Card):
        return the_card(action)
    if isinstance(action, Bid):
        return action.spoken if action.value == 0 else _("a bid of {bid}", bid=str(action))
    return str(action)


def _reason(choice: Decision, rule: str) -> str:
    """The hint's sentence: the rule player's reason when its choice stands, and the search's own figures, each
    named as the search's (means over its sampled deals), never one that contradicts the choice."""
    deals = _deals(choice.deals)
    value = f"{choice.value:+.0f}"
    # Translators: {rule} is the rule player's reason, a clause of its own; {deals} is "96 sampled deals".
    if choice.verdict == "agrees":
        return _("{rule}; the search agrees: best in {share} of {deals}, {value} points on average", rule=rule,
                 share=choice.best_share, deals=deals, value=value)
    if choice.verdict == "kept":
        if choice.gain < 0.5:
            return _("{rule}; the search found nothing better in {deals} ({value} points on average)", rule=rule,
                     deals=deals, value=value)
        return _("{rule}; the search found nothing clearly better: {other} gains {gain} points on average in "
                 "{deals}, within the search's noise", rule=rule, other=_name(choice.runner_up),
                 gain=format(choice.gain, "+.0f"), deals=deals)
    if choice.verdict == "overruled":
        return _("search: {action} gains {gain} points on average over the rule choice, {prior}, in {deals} "
                 "({value} points on average)", action=_name(choice.action), gain=format(choice.gain, "+.0f"),
                 prior=_name(choice.prior), deals=deals, value=value)
    if choice.runner_up is not None and round(choice.runner_value) <= round(choice.value):
        return _("search: {action} is best in {share} of {deals}, {value} points on average (next, {other}: "
                 "{other_value})", action=_name(choice.action), share=choice.best_share, deals=deals, value=value,
                 other=_name(choice.runner_up), other_value=format(choice.runner_value, "+.0f"))
    return _("search: {action} is best in {share} of {deals}, {value} points on average", action=_name(choice.action),
             share=choice.best_share, deals=deals, value=value)
