"""The two-player draw by search: the rest of the draw is finished as the engine draws, by the normal player's
rule, and the search keeps the normal player's choice unless the other is clearly better, saying which."""

from __future__ import annotations

import random

from spades import Game, Rules
from spades.actions import Choice
from spades.bots import make_bot
from spades.bots.bidding import choose_draw
from spades.search.draw import choose_draw_by_search, draw_rule, finish_draw
from spades.search.search import Budget
from test_hint_facts import check_hint, check_rule_choice


def test_the_draw_is_finished_as_the_engine_draws() -> None:
    """From each of the first seat's draws, the rest of the deck finished by the rule gives the hands the engine
    gives when both players draw by the normal player's rule; and the rule on masks is the normal player's."""
    for seed in range(5):
        game = Game(Rules.preset("two_player"), f"draw:{seed}")
        starts = []
        while game.phase.value == "draw":
            view = game.view(game.turn)
            assert view.offered is not None and view.hand is not None
            rule = choose_draw(view)
            assert draw_rule(int(view.hand), int(view.offered)) == (rule.action is Choice.KEEP)
            if not starts:
                starts.append((game.turn, int(view.hand), game.hands[1 - game.turn], list(game.deck[game.deck_pos:]),
                               rule.action is Choice.KEEP))
            game.apply(rule.action)
        seat, mine, theirs, deck, keep = starts[0]
        own, other = finish_draw(mine, theirs, keep, deck[0], deck[1:])
        assert (own, other) == (game.hands[seat], game.hands[1 - seat])


def test_hard_overrules_a_draw_and_says_so() -> None:
    """In a whole draw, the searching player (at a deal budget) turns down the normal player's keep or discard
    where the other choice plays out clearly better, says it overrules the rule choice with the search's gain,
    and otherwise gives the rule player's reason with what the search found; the same choice every time."""
    game = Game(Rules.preset("two_player"), "d1")
    hard = make_bot("hard", seed=1, think="100i")
    normal = make_bot("normal")
    overruled = 0
    while game.phase.value == "draw":
        view = game.view(game.turn)
        rule = normal.hint(view)
        hint = hard.hint(view)
        check_hint(view, hint, "hard")
        check_rule_choice(view, hint, rule, "hard")
        if hint.action != rule.action:
            overruled += 1
            assert make_bot("hard", seed=1, think="100i").hint(view) == hint
        game.apply(rule.action)
    assert overruled >= 1


def test_the_draw_search_replays_at_a_deal_budget() -> None:
    game = Game(Rules.preset("two_player"), "d2")
    view = game.view(game.turn)
    a = choose_draw_by_search(view, Budget(deals=40), random.Random(3), Choice.KEEP)
    b = choose_draw_by_search(view, Budget(deals=40), random.Random(3), Choice.KEEP)
    assert a == b and a.deals == 40
