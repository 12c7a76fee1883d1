"""``spades bench playouts``: the learned playout player's playouts a second beside the rules' own, as a ratio.

The same positions of ``standard`` are played out to the hand's score by :func:`spades.search.pimc.policy_games`
(the search's playouts, with its share of random moves), once with the rules' cards and once with the shipped
learned weights, in alternating slices of the same run so that a busy machine slows both alike. Two sets of
positions: the first trick (the rules play the early tricks of both, the learned player the last
:data:`~spades.search.learned.LEARNED_TRICKS`), and the last tricks alone, where every choice is the learned
player's.
"""

from __future__ import annotations

import platform
import time
from typing import Any

import numpy as np

from ..language import N_

NAME = "playouts"
HELP = N_("playouts a second: the learned playout player beside the rules it replaces (a ratio)")
SLICE = 0.25  # seconds per alternating slice
POSITIONS = 256


def _positions(tricks_done: int, seed: int) -> tuple[np.ndarray, np.ndarray]:
    """Kernel states of ``standard`` at the start of trick ``tricks_done + 1`` (played there by the rules), and
    the rules array."""
    from ..kernel.bridge import rules_array
    from ..kernel.core import apply_bid, apply_card, deal_from, make_rng, pack_deck
    from ..kernel.layout import PHASE, PHASE_BID, STATE_SIZE, TRICK_LEN, TRICKS_DONE
    from ..rules import Rules
    from ..search.policy import policy_bid, policy_card
    from ..search.search import NOISE

    r = rules_array(Rules.preset("standard"))
    rng = make_rng(seed)
    deck = pack_deck(r)
    states = np.zeros((POSITIONS, STATE_SIZE), dtype=np.int64)
    for i in range(POSITIONS):
        state = states[i]
        deal_from(state, r, rng, i % 4, deck)
        while state[PHASE] == PHASE_BID:
            apply_bid(state, r, policy_bid(state, r))
        while state[TRICKS_DONE] < tricks_done or state[TRICK_LEN]:
            apply_card(state, r, policy_card(state, r, rng, NOISE))
    return states, r


def _rate(states: np.ndarray, r: np.ndarray, weights: np.ndarray, seconds: float, seed: int) -> tuple[int, float]:
    from ..kernel.value import margin_params
    from ..search.pimc import policy_games
    from ..search.search import NOISE

    p = margin_params(0)
    done, spent = 0, 0.0
    while spent < seconds:
        start = time.perf_counter()
        policy_games(states, r, p, seed + done, NOISE, weights)
        spent += time.perf_counter() - start
        done += len(states)
    return done, spent


def run(seconds: float, seed: int = 1, **_: Any) -> dict[str, Any]:
    from ..search.learned import LEARNED_TRICKS
    from ..search.search import RULES_PLAYOUTS
    from ..search.weights import shipped_weights

    learned = shipped_weights()
    result: dict[str, Any] = {"benchmark": NAME, "python": platform.python_version(), "machine": platform.machine(),
                              "positions": POSITIONS, "learned_tricks": LEARNED_TRICKS}
    from ..rules import Rules

    for name, tricks_done in (("whole", 0), ("ending", Rules.preset("standard").hand_size - LEARNED_TRICKS)):
        states, r = _positions(tricks_done, seed)
        _rate(states, r, RULES_PLAYOUTS, 0.01, seed)  # compiled (or loaded) before the clock
        _rate(states, r, learned, 0.01, seed)
        counts = {"rules": [0, 0.0], "learned": [0, 0.0]}
        deadline = time.perf_counter() + seconds
        while time.perf_counter() < deadline:
            for who, weights in (("rules", RULES_PLAYOUTS), ("learned", learned)):
                done, spent = _rate(states, r, weights, SLICE, seed)
                counts[who][0] += done
                counts[who][1] += spent
        rules_rate = counts["rules"][0] / counts["rules"][1]
        learned_rate = counts["learned"][0] / counts["learned"][1]
        result[name] = {"rules": rules_rate, "learned": learned_rate, "slower": rules_rate / learned_rate}
    return result


def report(result: dict[str, Any]) -> str:
    lines = [f"The search's playouts of standard, {result['positions']} positions each (Python {result['python']}, "
             f"{result['machine']}); the learned player plays the last {result['learned_tricks']} tricks:"]
    for name, label in (("whole", "from the first trick"), ("ending", "the last tricks alone")):
        figures = result[name]
        lines.append(f"  {label}: rules {figures['rules']:,.0f} playouts/s, learned {figures['learned']:,.0f} "
                     f"playouts/s: the learned player is {figures['slower']:.2f} times slower")
    return "\n".join(lines)
