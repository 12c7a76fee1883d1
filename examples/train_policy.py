"""Train a Spades policy with spades.env in a few minutes on a CPU, and measure it against the easy player.

    python examples/train_policy.py                  # about three minutes on two cores
    python examples/train_policy.py --games 20 --deals 20 --epochs 2    # a quick look

1. Play games of standard Spades in the PettingZoo environment with the computer's ``normal`` player in every
   seat, and keep each seat's observation, its action mask and the action ``normal`` took (behaviour cloning:
   the simplest learner that plays a whole game, bids included, from the observation alone).
2. Fit a small network (one hidden layer, numpy only) to those actions by cross-entropy over the legal ones.
3. Save it as a policy file and seat it in a duplicate match against ``easy``: ``spades arena policy:FILE easy``
   does the same from the command line.

Only numpy, spades and its ``env`` extra are needed. Every step is seeded, so the same arguments give the same
policy and the same match.
"""

from __future__ import annotations

import argparse
import time
from concurrent.futures import ProcessPoolExecutor

import numpy as np

from spades import Rules
from spades.arena import run_arena
from spades.bots import bot_seed, make_bot
from spades.env import SpadesEnv
from spades.env.policy import save_network


def collect(seed: int, games: int) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """Observations, masks and ``normal``'s action indices from ``games`` games played in the environment."""
    observations: list[np.ndarray] = []
    masks: list[np.ndarray] = []
    actions: list[int] = []
    table = SpadesEnv("standard", reward="hand")
    for game in range(games):
        table.reset(seed=seed * 100_000 + game)
        teachers = [make_bot("normal", seed=bot_seed(f"{seed}:{game}", "player", s)) for s in range(4)]
        layout = table.unwrapped.layout
        for agent in table.agent_iter():
            obs, _, terminated, truncated, _ = table.last()
            if terminated or truncated:
                table.step(None)
                continue
            seat = int(agent.removeprefix("seat_"))
            action = layout.index[teachers[seat].act(table.unwrapped.game.view(seat))]
            observations.append(obs["observation"])
            masks.append(obs["action_mask"])
            actions.append(action)
            table.step(action)
    return np.array(observations, dtype=np.float32), np.array(masks, dtype=bool), np.array(actions)


def fit(x: np.ndarray, mask: np.ndarray, y: np.ndarray, hidden: int, epochs: int,
        seed: int) -> list[tuple[np.ndarray, np.ndarray]]:
    """A one-hidden-layer network fit by Adam to the cross-entropy of the taken actions among the legal ones."""
    rng = np.random.default_rng(seed)
    params = [rng.normal(0, np.sqrt(2 / x.shape[1]), (x.shape[1], hidden)), np.zeros(hidden),
              rng.normal(0, np.sqrt(1 / hidden), (hidden, mask.shape[1])), np.zeros(mask.shape[1])]
    first, second = [np.zeros_like(p) for p in params], [np.zeros_like(p) for p in params]
    step = 0
    for epoch in range(epochs):
        order, loss = rng.permutation(len(x)), 0.0
        for at in range(0, len(x), 256):
            rows = order[at:at + 256]
            pre = x[rows] @ params[0] + params[1]
            h = np.maximum(pre, 0)
            logits = np.where(mask[rows], h @ params[2] + params[3], -1e9)
            p = np.exp(logits - logits.max(axis=1, keepdims=True))
            p /= p.sum(axis=1, keepdims=True)
            loss -= np.log(p[np.arange(len(rows)), y[rows]] + 1e-12).sum()
            d = p
            d[np.arange(len(rows)), y[rows]] -= 1
            d /= len(rows)
            dh = (d @ params[2].T) * (pre > 0)
            grads = [x[rows].T @ dh, dh.sum(0), h.T @ d, d.sum(0)]
            step += 1
            for param, g, m, v in zip(params, grads, first, second, strict=True):
                m[:] = 0.9 * m + 0.1 * g
                v[:] = 0.999 * v + 0.001 * g * g
                param -= 0.001 * (m / (1 - 0.9 ** step)) / (np.sqrt(v / (1 - 0.999 ** step)) + 1e-8)
        print(f"epoch {epoch + 1}/{epochs}: cross-entropy {loss / len(x):.3f}")
    return [(params[0], params[1]), (params[2], params[3])]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=1500, help="games of normal's play to learn from")
    parser.add_argument("--hidden", type=int, default=256)
    parser.add_argument("--epochs", type=int, default=6)
    parser.add_argument("--deals", type=int, default=500, help="deal pairs of the match against easy")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--jobs", type=int, default=2, help="processes for the games and the match")
    parser.add_argument("--out", default="policy.npz")
    args = parser.parse_args()

    started = time.perf_counter()
    shares = [args.games // args.jobs + (i < args.games % args.jobs) for i in range(args.jobs)]
    with ProcessPoolExecutor(args.jobs) as pool:
        parts = list(pool.map(collect, [args.seed * 1000 + i for i in range(args.jobs)], shares))
    x, mask, y = (np.concatenate(part) for part in zip(*parts, strict=True))
    del parts  # the observations are the bulk of the memory (about 2.8 GB at the defaults): keep one copy
    print(f"{len(y):,} decisions of normal from {args.games} games in {time.perf_counter() - started:.0f} s")
    layers = fit(x, mask, y, args.hidden, args.epochs, args.seed)
    save_network(args.out, layers)
    print(f"saved {args.out} after {time.perf_counter() - started:.0f} s; now the match against easy:")
    report = run_arena(f"policy:{args.out}", "easy", Rules(), deals=args.deals, seed=args.seed, jobs=args.jobs,
                       games=0)
    print(report.text())


if __name__ == "__main__":
    main()
