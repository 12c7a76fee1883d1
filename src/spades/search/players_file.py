"""The model of players' weights (:mod:`.players`): the file shipped with the package, and the checks any weights
file must pass before the search reads it.

The file is JSON: the names of the features of each part in order (so that weights fitted for other features are
refused, not misread), the flat weights, and the command that made them.
"""

from __future__ import annotations

import json
from functools import cache
from importlib import resources
from pathlib import Path
from typing import Any

import numpy as np

from ..errors import PolicyFileError
from .players import BID_FEATURES, CARD_FEATURES, HAND_FEATURES, N_MODEL
from .weights import weights_array, weights_document

__all__ = ["PLAYERS_FILE", "parse_players", "players_json", "read_players", "shipped_players"]

PLAYERS_FILE = "players.json"
_PARTS = {"hand_features": list(HAND_FEATURES), "bid_features": list(BID_FEATURES),
          "card_features": list(CARD_FEATURES)}


def parse_players(text: str, name: str) -> np.ndarray:
    """The weights of a model of players file; PolicyFileError says what is wrong with it."""
    data = weights_document(text, name)
    for part, names in _PARTS.items():
        if data.get(part) != names:
            raise PolicyFileError(f"{name}: its {part.replace('_', ' ')} are not this version's ({', '.join(names)})")
    return weights_array(data, name, N_MODEL)


def read_players(path: Path) -> np.ndarray:
    try:
        text = path.read_text(encoding="utf-8")
    except (OSError, UnicodeDecodeError) as error:
        raise PolicyFileError(f"{path}: cannot be read ({error})") from None
    return parse_players(text, str(path))


@cache
def shipped_players() -> np.ndarray:
    """The weights shipped with the package (read once; shared: do not write to it)."""
    text = resources.files(__package__).joinpath(PLAYERS_FILE).read_text(encoding="utf-8")
    return parse_players(text, PLAYERS_FILE)


def players_json(weights: np.ndarray, made_by: dict[str, Any]) -> str:
    """The text of a weights file: ``made_by`` says how they were made."""
    data: dict[str, Any] = dict(_PARTS)
    data["made_by"] = made_by
    data["weights"] = [round(float(w), 6) for w in weights]
    return json.dumps(data, indent=1) + "\n"
