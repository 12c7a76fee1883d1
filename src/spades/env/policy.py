"""A player read from a file: a policy network over the environment's observation, seated as ``policy:PATH``.

What a learner trains on :class:`~spades.env.SpadesEnv` (or :class:`~spades.env.batch.BatchHands`) it can bring to
the table as a file, and ``spades arena policy:my.npz easy`` measures it like any level, with the same deals and
the same intervals. The file is a NumPy ``.npz`` of a multi-layer perceptron: ``w0, b0, w1, b1, ...``, each
hidden layer rectified, the input the observation vector of the table's rule set (``layout_for(rules).encode``)
and the output one number per action index; the player takes the legal action with the highest. The
``variant`` entry that ``save_network`` writes is for people reading the file: the player plays any rule set whose
observation and actions have the network's sizes, and refuses the others with both sizes.
"""

from __future__ import annotations

import functools
from pathlib import Path

import numpy as np
import numpy.typing as npt

from ..bots.base import POLICY_PREFIX, Bot, Hint
from ..errors import NotYourTurn, PolicyFileError
from ..files import what_it_is
from ..view import SeatView
from .layout import layout_for

__all__ = ["Network", "PolicyBot", "load_network", "save_network"]

Network = tuple[tuple[npt.NDArray[np.float32], npt.NDArray[np.float32]], ...]


def save_network(path: str | Path, layers: list[tuple[npt.NDArray[np.floating], npt.NDArray[np.floating]]],
                 variant: str = "standard") -> None:
    """Write ``layers`` (each a weight matrix and a bias, input to output) as a policy file, in float32 (what the
    player computes in) and with the rule set's name for whoever reads the file."""
    arrays: dict[str, npt.NDArray[np.generic]] = {"variant": np.array(variant)}
    for i, (w, b) in enumerate(layers):
        arrays[f"w{i}"] = np.asarray(w, dtype=np.float32)
        arrays[f"b{i}"] = np.asarray(b, dtype=np.float32)
    np.savez_compressed(path, **arrays)  # type: ignore[arg-type]


NUMPY_STARTS = (b"PK\x03\x04", b"\x93NUMPY")  # an .npz (a zip archive) and an .npy file start so


def load_network(path: str) -> Network:
    """The layers of the policy file at ``path``; a clear error if it is not one. Read again when the file
    changes (a self-play loop rewrites its opponent's file), else once a process."""
    try:
        stat = Path(path).stat()
    except OSError as error:
        raise PolicyFileError(f"{path}: not a policy file ({error.strerror})") from None
    return _read_network(path, stat.st_mtime_ns, stat.st_size)


@functools.lru_cache(maxsize=8)
def _read_network(path: str, mtime: int, size: int) -> Network:
    try:
        with open(path, "rb") as file:
            head = file.read(16)
    except OSError as error:
        raise PolicyFileError(f"{path}: not a policy file ({error.strerror})") from None
    if not head.startswith(NUMPY_STARTS):  # np.load would try it as a pickle, and say so in its own terms
        kind = what_it_is(head) or ("empty" if not head else "not one")
        raise PolicyFileError(f"{path} is not a policy file: a policy file is an .npz archive of its layers "
                              f"(docs/env.md), and this file is {kind}")
    try:
        data = np.load(path)
    except (OSError, ValueError) as error:
        raise PolicyFileError(f"{path}: not a policy file ({error})") from None
    if not isinstance(data, np.lib.npyio.NpzFile):  # a .npy file: one array, which cannot be a policy's layers
        raise PolicyFileError(f"{path}: not a policy file (one array, not the layers of an .npz)")
    try:
        with data:
            count = sum(1 for key in data.files if key.startswith("w") and key[1:].isdigit())
            layers = tuple((data[f"w{i}"].astype(np.float32), data[f"b{i}"].astype(np.float32))
                           for i in range(count))
    except (OSError, ValueError, KeyError) as error:
        raise PolicyFileError(f"{path}: not a policy file ({error})") from None
    if not layers:
        raise PolicyFileError(f"{path}: a policy file holds the layers w0, b0, w1, b1, ...; this one has none")
    for i, (w, b) in enumerate(layers):
        if w.ndim != 2 or b.ndim != 1:
            raise PolicyFileError(f"{path}: layer {i} has weights {w.shape} and bias {b.shape}; a layer is a "
                                  "matrix and a vector")
    for i, (w, b) in enumerate(layers):
        following = layers[i + 1][0].shape[0] if i + 1 < len(layers) else w.shape[1]
        if b.shape != (w.shape[1],) or w.shape[1] != following:
            raise PolicyFileError(f"{path}: layer {i} has weights {w.shape} and bias {b.shape}, which do not chain")
    return layers


class PolicyBot(Bot):
    """The legal action the network rates highest, from the seat's observation alone."""

    level = "policy"

    def __init__(self, path: str, seed: int | str = 0, think: float | str | None = None) -> None:
        super().__init__(seed=seed, think=None)
        self.path = path
        self.network = load_network(path)
        self.level = POLICY_PREFIX + path

    def scores(self, view: SeatView) -> npt.NDArray[np.float32]:
        """The network's output for each action index of the view's rule set, from the observation alone, so the
        player knows no more than a learner did in the environment."""
        layout = layout_for(view.rules)
        x = layout.encode(view)
        first, last = self.network[0][0], self.network[-1][0]
        if first.shape[0] != layout.size or last.shape[1] != len(layout.actions):
            raise PolicyFileError(
                f"{self.path} takes {first.shape[0]} inputs and gives {last.shape[1]} actions; "
                f"{view.rules.variant} observes {layout.size} and has {len(layout.actions)} actions")
        for i, (w, b) in enumerate(self.network):
            x = x @ w + b
            if i + 1 < len(self.network):
                x = np.maximum(x, 0.0)
        return x

    def hint(self, view: SeatView) -> Hint:
        if not view.legal:
            raise NotYourTurn("it is not this seat's turn")
        layout = layout_for(view.rules)
        scores = self.scores(view)
        action = max(view.legal, key=lambda a: scores[layout.index[a]])
        return Hint(action, f"the policy in {Path(self.path).name} rates it highest")
