"""The turn clock counts from the moment it is given, never from its own reading: the deadline is the start, the
action's seconds and the bank; overtime comes out of the bank; the warning is due once, ten seconds before; a
turn restored from its stored deadline runs out when the first would have."""

import pytest

from spades.errors import RulesError
from spades.tournament.clock import WARNING, Clock


def test_an_action_within_its_seconds_keeps_the_bank_and_overtime_comes_out_of_it() -> None:
    clock = Clock(per_action=20, bank=60)
    turn = clock.turn(now=1000.0, bank=60)
    assert turn.deadline == 1080.0 and turn.left(1000.0) == 80.0
    assert turn.bank_after(1015.0) == 60.0
    assert turn.bank_after(1045.0) == 35.0
    assert turn.bank_after(1200.0) == 0.0


def test_the_bank_counts_down_over_a_game_until_the_action_seconds_alone_are_left() -> None:
    clock = Clock(per_action=10, bank=30)
    bank, now = clock.bank_for(more_time=False), 0.0
    for taken in (25, 12, 30, 4):  # 15, 2, then 20 of overtime: the last takes what is left
        turn = clock.turn(now, bank)
        now += taken
        bank = turn.bank_after(now)
    assert bank == 0.0
    assert clock.turn(now, bank).deadline == now + 10


def test_the_warning_is_due_once_ten_seconds_before_and_not_after_running_out() -> None:
    turn = Clock(per_action=30, bank=0).turn(now=0.0, bank=0)
    assert not turn.warning_due(30 - WARNING - 0.5)
    assert turn.warning_due(30 - WARNING)
    warned = turn.warn()
    assert not warned.warning_due(25.0)
    assert not turn.warning_due(30.0) and turn.run_out(30.0) and not turn.run_out(29.9)


def test_more_time_doubles_the_bank() -> None:
    clock = Clock(per_action=15, bank=90)
    assert clock.bank_for(more_time=True) == 180 and clock.bank_for(more_time=False) == 90


def test_a_turn_restored_from_its_stored_deadline_runs_out_when_the_first_would_have() -> None:
    """A restart knows the stored start and bank, and the moment it came back: the time away is counted."""
    clock = Clock(per_action=20, bank=40)
    before = clock.turn(now=500.0, bank=40)
    after = clock.turn(now=before.started, bank=before.bank)  # read back from the store
    assert after.deadline == before.deadline
    assert after.left(530.0) == 30.0 and after.run_out(560.0)


@pytest.mark.parametrize(("per_action", "bank", "words"), [
    (2, 60, "5 to 600 seconds an action, not 2"),
    (20, -1, "0 to 3600 seconds, not -1"),
    (20, 4000, "0 to 3600 seconds, not 4000"),
])
def test_a_clock_that_cannot_be_set_is_refused_in_words(per_action: float, bank: float, words: str) -> None:
    with pytest.raises(RulesError, match=words):
        Clock(per_action, bank)
