"""Settings the player chose once and expects to find again: kept in a small TOML file in the user's config
directory (or ``SPADES_CONFIG_DIR``, which the tests point at a temporary directory).

The language (``language``: en, es or fr; empty until the player chooses one with ``--lang``) is kept here too, so
that it is found again before anything is said; a file written before it existed has no such line and loads as
ever. ``--forget`` forgets the table's settings but keeps the language: only ``--lang`` changes it."""

from __future__ import annotations

import json
import os
import tomllib
from dataclasses import asdict, dataclass, fields
from pathlib import Path
from typing import Any

import platformdirs

from ..files import FileTrouble, read_text
from ..language import LANGUAGES, N_, _, number

VERBOSITY = ("all", "tricks")
SPEECH = ("auto", "screenreader", "none")


@dataclass
class Settings:
    verbosity: str = "all"  # "all": every card is said; "tricks": only tricks, bids and turns
    pace: float = 0.6  # seconds after each card a bot plays
    trick_pace: float = 1.0  # seconds after each trick
    speech: str = "auto"
    partner: str = "normal"
    opponents: str = "normal"
    bell: bool = False  # the terminal's bell with "your turn"
    language: str = ""  # en, es or fr, as --lang chose it; "": not chosen (the system's locale decides)

    def update(self, values: dict[str, Any]) -> list[str]:
        """Take the known, well-typed values; return a note for each one that was not."""
        notes = []
        for field in fields(self):
            if field.name not in values:
                continue
            value = values[field.name]
            current = getattr(self, field.name)
            if isinstance(current, float) and isinstance(value, int | float) and not isinstance(value, bool):
                value = float(value)
            if type(value) is not type(current) or (field.name == "verbosity" and value not in VERBOSITY) or (
                    field.name == "speech" and value not in SPEECH) or (isinstance(value, float) and value < 0) or (
                    field.name == "language" and value not in ("", *LANGUAGES)):
                notes.append(_("setting {name} = {value} is not valid; using {current}", name=field.name,
                               value=repr(value), current=repr(current)))
                continue
            setattr(self, field.name, value)
        return notes


def config_dir() -> Path:
    return Path(os.environ.get("SPADES_CONFIG_DIR") or platformdirs.user_config_dir("spades"))


def config_path() -> Path:
    return config_dir() / "table.toml"


def load_settings() -> tuple[Settings, list[str]]:
    """The saved settings, and notes about anything in the file that could not be used (never an error)."""
    settings = Settings()
    path = config_path()
    if not path.exists():
        return settings, []
    try:
        data = tomllib.loads(read_text(path, "a settings file"))
    except FileTrouble as error:
        # Translators: {problem} says what is wrong with the settings file, a clause of its own.
        return settings, [_("{problem}; using the defaults", problem=error)]
    except tomllib.TOMLDecodeError as error:
        return settings, [_("the settings file {path} is not TOML ({error}); using the defaults", path=path,
                            error=error)]
    return settings, settings.update(data)


def save_settings(settings: Settings) -> None:
    path = config_path()
    path.parent.mkdir(parents=True, exist_ok=True)
    lines = ["# Settings of the spades table; `spades play --help` says what each one does."]
    for key, value in asdict(settings).items():
        lines.append(f"{key} = {json.dumps(value)}")
    tmp = path.with_name(path.name + ".tmp")
    tmp.write_text("\n".join(lines) + "\n", encoding="utf-8")
    tmp.replace(path)


# The settings a flag may give a table (``spades play`` and ``spades join``), in the order they are said.
FLAGS = ("verbosity", "pace", "trick_pace", "speech", "partner", "opponents", "bell")


@dataclass
class Chosen:
    """The settings a table plays with, and what to say of them: the flags given apply to this game only, unless
    ``--remember`` keeps them; ``remembered`` are those kept from an earlier game that this game uses (no flag
    given for them); ``lines`` what to say before the game (notes on the file, --forget, --remember)."""

    settings: Settings
    given: dict[str, Any]
    remembered: dict[str, Any]
    lines: list[str]


def choose_settings(given: dict[str, Any], keep: bool, forget: bool, keys: tuple[str, ...] = FLAGS) -> Chosen:
    """The one policy of both terminal tables: the remembered settings, then the flags ``given`` (never None) for
    this game; ``keep`` (--remember) writes the flags given, ``forget`` (--forget) first removes what was kept.
    ``keys``: the settings the command uses, which are the ones it can say were remembered."""
    settings, notes = load_settings()
    lines = [_("Note: {note}.", note=note) for note in notes]
    if forget:
        language = settings.language  # the player's language stays: only --lang changes it
        config_path().unlink(missing_ok=True)
        settings = Settings(language=language)
        if language:
            save_settings(settings)
        lines = [_("The remembered settings are forgotten; the defaults apply.")]
    default = Settings()
    remembered = {key: getattr(settings, key) for key in keys
                  if key not in given and getattr(settings, key) != getattr(default, key)}
    if keep:
        if given:
            stored, _notes = load_settings()
            stored.update(given)
            save_settings(stored)
            lines.append(_("Remembered for later games: {settings}.", settings=settings_words(given)))
        else:
            lines.append(_("Nothing to remember: give --remember with the settings to keep, such as --pace 0.3."))
    settings.update(given)
    return Chosen(settings, given, remembered, lines)


def remembered_line(remembered: dict[str, Any]) -> str:
    """What a table says of the settings it took from an earlier game ("" when none)."""
    if not remembered:
        return ""
    return _("Remembered from an earlier game: {settings}. A flag changes one for this game; --forget goes back to "
             "the defaults.", settings=settings_words(remembered))


# Each setting's spoken name; its values are said as typed after its flag (all, tricks, hard), which is what the
# player types to change them.
SETTING_WORDS = {"verbosity": N_("verbosity"), "pace": N_("pace"), "trick_pace": N_("trick pace"),
                 "speech": N_("speech"), "partner": N_("partner"), "opponents": N_("opponents"), "bell": N_("bell"),
                 "language": N_("language")}


def settings_words(values: dict[str, Any]) -> str:
    """``opponents hard, pace 0 seconds, bell on``: settings as said."""
    words = []
    for key, value in values.items():
        if isinstance(value, bool):
            text = _("on") if value else _("off")
        elif isinstance(value, float):
            text = _("{seconds} seconds", seconds=number(value))
        else:
            text = str(value)
        # Translators: a setting and its value, as in "pace 0.3 seconds" or "bell on".
        words.append(_("{setting} {value}", setting=_(SETTING_WORDS.get(key, key.replace("_", " "))), value=text))
    return ", ".join(words)


def remember(key: str, value: Any) -> None:
    """Keep one setting for later games (the table's v key), leaving the others as they were kept: the flags of
    this game alone are not written with it."""
    stored, _notes = load_settings()
    stored.update({key: value})
    save_settings(stored)
