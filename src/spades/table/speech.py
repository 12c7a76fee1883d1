"""Speaking directly to the player's screen reader or speech engine, when one can be reached.

Uses prismatoid (the ``speech`` extra). Any failure, from a missing package to a missing screen reader, only
means that the printed lines are all there is: speech is a help, never a requirement.
"""

from __future__ import annotations

import contextlib
from typing import Any

# Backends that are plain speech synthesisers rather than the player's screen reader.
SYNTHESISERS = ("sapi", "espeak", "speech dispatcher", "speechd", "onecore", "avspeech", "say")


class Speaker:
    def __init__(self, backend: Any) -> None:
        self.backend = backend
        self.name = str(getattr(backend, "name", "speech"))

    def say(self, text: str, interrupt: bool = False) -> None:
        try:
            self.backend.output(text, interrupt=interrupt)
        except Exception:
            with contextlib.suppress(Exception):
                self.backend.speak(text, interrupt=interrupt)


def open_speech(mode: str) -> tuple[Speaker | None, str]:
    """A speaker for ``mode`` (auto, screenreader, none) and one line saying what was found."""
    if mode == "none":
        return None, ""
    try:
        import prism  # the prismatoid package
    except Exception:
        return None, "Speech: prismatoid is not installed; lines are printed only."
    try:
        context = prism.Context()
        backend = context.acquire_best()
    except Exception:
        return None, "Speech: no screen reader or speech engine found; lines are printed only."
    speaker = Speaker(backend)
    speaker.context = context  # type: ignore[attr-defined]  # keeps the library's context alive with it
    if mode == "screenreader" and any(word in speaker.name.lower() for word in SYNTHESISERS):
        return None, f"Speech: no screen reader found (only {speaker.name}); lines are printed only."
    return speaker, f"Speech: {speaker.name}."
