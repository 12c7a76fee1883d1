"""The learned playout player's weights (:mod:`spades.search.learned`): the file shipped with the package, and the
checks any weights file must pass before a compiled player reads it.

The file is JSON, readable and small: the features' names in order (so that weights fitted for other features
are refused, not misread), the hidden layer's size, the flat weights, and the command that made them.
"""

from __future__ import annotations

import json
from functools import cache
from importlib import resources
from typing import Any

import numpy as np

from ..errors import PolicyFileError
from .learned import FEATURES, HIDDEN, N_WEIGHTS, RULE_WEIGHT

__all__ = ["WEIGHTS_FILE", "parse_weights", "rule_weights", "shipped_weights", "weights_array", "weights_document",
           "weights_json"]

WEIGHTS_FILE = "playouts.json"


def rule_weights() -> np.ndarray:
    """The weights under which the learned player is the rule player: the rule feature's weight alone."""
    weights = np.zeros(N_WEIGHTS, dtype=np.float64)
    weights[RULE_WEIGHT] = 1.0
    return weights


def parse_weights(text: str, name: str) -> np.ndarray:
    """The weights of a playouts file (JSON: ``features``, the names in order, ``hidden``, the hidden units, and
    ``weights``, flat as :data:`N_WEIGHTS` says); PolicyFileError says what is wrong with it."""
    data = weights_document(text, name)
    if data.get("features") != list(FEATURES):
        raise PolicyFileError(f"{name}: its features are not this version's ({', '.join(FEATURES)})")
    if data.get("hidden") != HIDDEN:
        raise PolicyFileError(f"{name}: a hidden layer of {HIDDEN} units expected, not {data.get('hidden')!r}")
    return weights_array(data, name, N_WEIGHTS)


def weights_document(text: str, name: str) -> dict[str, Any]:
    """A weights file's JSON object, which must hold a list of ``weights`` (PolicyFileError says what is wrong)."""
    try:
        data = json.loads(text)
    except ValueError as error:
        raise PolicyFileError(f"{name}: not JSON ({error})") from None
    if not isinstance(data, dict) or not isinstance(data.get("weights"), list):
        raise PolicyFileError(f"{name}: no list of weights")
    return data


def weights_array(data: dict[str, Any], name: str, count: int) -> np.ndarray:
    """A weights file's ``weights``: exactly ``count`` finite numbers (PolicyFileError says what is wrong)."""
    weights = data["weights"]
    if len(weights) != count or not all(isinstance(w, (int, float)) and not isinstance(w, bool) for w in weights):
        raise PolicyFileError(f"{name}: {count} numbers expected as weights")
    out = np.array(weights, dtype=np.float64)
    if not np.all(np.isfinite(out)):
        raise PolicyFileError(f"{name}: a weight is not a finite number")
    return out


@cache
def shipped_weights() -> np.ndarray:
    """The weights shipped with the package (read once; the array is shared: do not write to it). Not made
    read-only: numba would compile every function that takes it a second time for a read-only array."""
    text = resources.files(__package__).joinpath(WEIGHTS_FILE).read_text(encoding="utf-8")
    return parse_weights(text, WEIGHTS_FILE)


def weights_json(weights: np.ndarray, made_by: dict[str, Any]) -> str:
    """The text of a weights file: ``made_by`` says how they were made (the command, its seed, what they gained)."""
    data = {"features": list(FEATURES), "hidden": HIDDEN, "made_by": made_by,
            "weights": [round(float(w), 6) for w in weights]}
    return json.dumps(data, indent=1) + "\n"
