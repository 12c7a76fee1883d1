"""The room's features, each subscribed to the tables' events and the bus's notices, in the order they speak at a game's
end: the rating (stored with the end, then said), the statistics, the presence lines, the rematch's question, quick
play, chat, removals, the expiry of waiting tables, the turn clocks, the tournaments' director and the moderators'
flags of accounts that share a device. Listeners named
by the operator (``spades serve --listener``) subscribe after them."""

from __future__ import annotations

import importlib
from collections.abc import Callable, Iterable

from ..clocks import turns
from ..lobby import expiry, queue, rematch
from ..moderation import flags
from ..social import chat, presence, rating_views, removal, stats
from ..table.room import Room
from ..tournaments import director

__all__ = ["install", "load_listener"]


def load_listener(name: str) -> Callable[[Room], None]:
    """``module:function`` as ``spades serve --listener`` names it: the function subscribes to the room it is
    given. A ValueError says what is wrong with the name."""
    module, _, attribute = name.partition(":")
    if not module or not attribute:
        raise ValueError(f"a listener is named module:function, not {name!r}")
    try:
        found = getattr(importlib.import_module(module), attribute)
    except (ImportError, AttributeError) as error:
        raise ValueError(f"no listener {name}: {error}") from None
    if not callable(found):
        raise ValueError(f"the listener {name} is not a function")
    return found  # type: ignore[no-any-return]


def install(room: Room, listeners: Iterable[str] = ()) -> None:
    for feature in (rating_views, stats, presence, rematch, queue, chat, removal, expiry, turns, director,
                    flags):
        feature.install(room)
    for name in listeners:
        load_listener(name)(room)
