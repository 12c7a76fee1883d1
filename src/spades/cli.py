"""The ``spades`` command: one subcommand per module of :mod:`spades.commands`.

Each module there defines ``add_parser(subparsers)``, which adds its subcommand and sets ``func`` on it, so that
a new command is a new file and nothing else changes.

The language is chosen first, before any parser is built, since the help is written in it: ``--lang`` (before the
command, or after the commands that talk to a player), else the one kept in the table's settings, else the
system's locale (LANGUAGE, LC_ALL, LC_MESSAGES, LANG), else English. A ``--lang`` given is kept for later runs.
"""

from __future__ import annotations

import argparse
import gettext
import importlib
import os
import pkgutil
import re
import sys
from collections.abc import Iterator, Mapping, Sequence
from contextlib import contextmanager
from typing import NoReturn

from . import __version__, commands
from .errors import nearest
from .language import DOMAIN, LOCALE_DIR, N_, _, from_environment, use


class CommandError(Exception):
    """A user mistake on the command line or in a file: printed as one line, exit status 2."""


class Parser(argparse.ArgumentParser):
    """argparse with its mistakes said in one line: the command, the argument, what is wrong and the choices.

    argparse prints its whole usage block before an error, which a screen reader reads out in full before the one
    line that matters. Subcommands' parsers are of this class too (argparse makes them with the parent's class).
    """

    CHOICE = re.compile(r"argument (?P<name>\S+): invalid choice: (?P<value>.*?) \(choose from (?P<choices>.*)\)$")
    NUMBER = re.compile(r"argument (?P<name>\S+): invalid (?P<type>int|float) value: (?P<value>.*)$")

    def error(self, message: str) -> NoReturn:
        self.exit(2, f"{self.prog}: {self.one_line(message)}\n")

    def one_line(self, message: str) -> str:
        """argparse's ``message`` (its own words in the player's language, through ``argparse_speaking``; those
        of a wrong choice or number in English, which are read here and said in a sentence of our own)."""
        from .commands.options import NAMED_CHOICES, kind_words

        if found := self.CHOICE.match(message):
            name, value = found["name"], found["value"]
            choices = found["choices"].replace("'", "")
            near = nearest(value.strip("'"), choices.split(", "))
            if name.isupper():  # a positional's metavar, such as COMMAND: "'x' is not a command"
                what = kind_words(METAVAR_KINDS[name]) if name in METAVAR_KINDS else f"a {name.lower()}"
                if near:
                    return _("{value} is not {what} (did you mean {near}?); choose {choices}", value=value,
                             what=what, near=repr(near), choices=choices)
                return _("{value} is not {what}; choose {choices}", value=value, what=what, choices=choices)
            if near:
                return _("{name}: {value} is not a choice (did you mean {near}?); choose {choices}", name=name,
                         value=value, near=repr(near), choices=choices)
            return _("{name}: {value} is not a choice; choose {choices}", name=name, value=value, choices=choices)
        if found := self.NUMBER.match(message):
            if found["type"] == "int":
                return _("{name}: {value} is not a whole number", name=found["name"], value=found["value"])
            return _("{name}: {value} is not a number", name=found["name"], value=found["value"])
        message = message.removeprefix("argument ")
        if any(message.endswith(refusal) for refusal in NAMED_CHOICES):
            return message
        # Translators: {problem} is argparse's own sentence, such as "the following arguments are required: --x".
        return _("{problem}; {prog} --help lists them", problem=message, prog=self.prog)


# The positionals whose metavar names a closed list, as a wrong choice of one is said ("'x' is not a command").
METAVAR_KINDS = {"COMMAND": N_("a command"), "ACTION": N_("an action"), "TARGET": N_("a target"),
                 "ROLE": N_("a role")}


# -- argparse's own words ------------------------------------------------------------------------------------------
# argparse's sentences, exactly as Python 3.11 writes them (see ``argparse_speaking``), marked for the catalogue.
MESSAGES = (
    N_("usage: "),
    N_("positional arguments"),
    N_("options"),
    N_("show this help message and exit"),
    N_("the following arguments are required: %s"),
    N_("unrecognized arguments: %s"),
    N_("expected one argument"),
    N_("expected at most one argument"),
    N_("expected at least one argument"),
    N_("not allowed with argument %s"),
    N_("ignored explicit argument %r"),
    N_("one of the arguments %s is required"),
    N_("ambiguous option: %(option)s could match %(matches)s"),
    N_("unknown parser %(parser_name)r (choices: %(choices)s)"),
    N_("can't open '%(filename)s': %(error)s"),
)


def _plural() -> str:
    """Never called: marks the one plural argparse asks ``ngettext`` for (a count of arguments), for Babel."""
    return gettext.ngettext("expected %s argument", "expected %s arguments", 2)


@contextmanager
def argparse_speaking(language: str) -> Iterator[None]:
    """argparse's own words ("usage:", "options", "show this help message and exit", "the following arguments are
    required") in ``language`` within the block, from the project's catalogue.

    argparse looks each of its sentences up with the standard library's ``gettext.gettext``, which reads the default
    text domain (``gettext.textdomain``) in the language of the environment (LANGUAGE first), as the Python
    documentation's howto "How to translate the argparse output" describes. So its sentences are marked in
    ``MESSAGES`` with ``N_`` (Babel extracts them into the ``spades`` domain beside our own), and this block makes
    ``spades`` the default domain, bound to our catalogues, with LANGUAGE set to the language chosen, while the
    parsers are built and read the command line; both are put back as they were after. Only documented hooks are
    used: no private name of argparse is replaced, and nothing outside the block sees the change (English has no
    catalogue, so its words are argparse's own).

    A message that a later Python words otherwise than 3.11 is simply not found, and said in English. Three are left
    out on purpose: ``invalid choice: ...`` and ``invalid %(type)s value: ...`` are read by :class:`Parser`, which
    says them in a sentence of its own, and ``argument %(argument_name)s: %(message)s``, whose English prefix the
    parser takes off. The version's help is given its own (argparse 3.11 does not translate its default)."""
    saved_language = os.environ.get("LANGUAGE")
    saved_domain = gettext.textdomain()
    gettext.bindtextdomain(DOMAIN, str(LOCALE_DIR))
    gettext.textdomain(DOMAIN)
    os.environ["LANGUAGE"] = language
    try:
        yield
    finally:
        gettext.textdomain(saved_domain)
        if saved_language is None:
            os.environ.pop("LANGUAGE", None)
        else:
            os.environ["LANGUAGE"] = saved_language


# A command whose module is named otherwise: every other command is the module of its name, dashes as underscores.
MODULE_OF = {"train-playouts": "train", "inference": "train_inference"}


def command_modules(argv: Sequence[str] | None = None) -> list[str]:
    """The modules whose parsers are needed to read ``argv``: only the named command's when there is one, else all.

    Every module imports what its command runs (the room's protocol, the search, the benchmarks); built all at
    once they cost a new process about half a second of CPU before anything is done, paid again by every `spades`
    started by another program. ``spades --help``, a command misspelt and no ``argv`` at all see every command."""
    names = sorted(info.name for info in pkgutil.iter_modules(commands.__path__) if not info.name.startswith("_"))
    word = command_word(argv or ())
    if word is not None:
        module = MODULE_OF.get(word, word.replace("-", "_"))
        if module in names:
            return [module]
    return names


def command_word(argv: Sequence[str]) -> str | None:
    """The command ``argv`` names: its first word past the options before it (``--lang fr``)."""
    index = 0
    while index < len(argv):
        word = argv[index]
        if word == "--lang":
            index += 2
        elif word.startswith("-"):
            index += 1
        else:
            return word
    return None


def build_parser(argv: Sequence[str] | None = None) -> argparse.ArgumentParser:
    from .commands.options import add_language_argument

    parser = Parser(
        prog="spades",
        description=_("Spades against the computer, for every common variant, playable by ear."),
    )
    parser.add_argument("--version", action="version", version=f"spades {__version__}",
                        help=_("show program's version number and exit"))
    add_language_argument(parser, top=True)
    sub = parser.add_subparsers(dest="command", metavar="COMMAND")
    for names in (command_modules(argv), command_modules()):
        for name in names:
            add = getattr(importlib.import_module(f"{commands.__name__}.{name}"), "add_parser", None)
            if add is not None:
                add(sub)
        if sub.choices:  # else a module of a command's parts was named, as a command it is not
            break
    return parser


def given_language(words: Sequence[str]) -> str | None:
    """The language ``--lang`` names in ``words`` (``--lang fr`` or ``--lang=fr``, before a ``--``), read before any
    parser is built; None when none is given, or the one given is none the program speaks (the parser then says
    so, in the language that would be used without it)."""
    from .commands.options import language_named

    for index, word in enumerate(words):
        if word == "--":
            break
        if word == "--lang" and index + 1 < len(words):
            return language_named(words[index + 1])
        if word.startswith("--lang="):
            return language_named(word.removeprefix("--lang="))
    return None


def starting_language(words: Sequence[str], environ: Mapping[str, str] | None = None) -> str:
    """The language to speak: ``--lang``, then the one kept in the table's settings, then the environment's
    locale, then English."""
    from .table.config import load_settings

    given = given_language(words)
    if given is not None:
        return given
    kept = load_settings()[0].language
    if kept:
        return kept
    return from_environment(os.environ if environ is None else environ)


def keep_language(language: str) -> None:
    """A ``--lang`` given is the player's choice from now on: kept with the table's settings."""
    from .table.config import load_settings, remember

    if load_settings()[0].language != language:
        remember("language", language)


def main(argv: Sequence[str] | None = None) -> int:
    words = list(sys.argv[1:] if argv is None else argv)
    language = starting_language(words)
    use(language)
    with argparse_speaking(language):
        parser = build_parser(words)
        args = parser.parse_args(words)
        chosen = getattr(args, "lang", None)
        if chosen is not None:
            if chosen != language:  # given in a form the first reading did not see (an abbreviation: --la fr)
                use(chosen)
            keep_language(chosen)
        if not getattr(args, "func", None):
            parser.print_help()
            return 0
    try:
        return int(args.func(args) or 0)
    except CommandError as error:
        print(f"spades {args.command}: {error}", file=sys.stderr)
        return 2
    except KeyboardInterrupt:
        print("", file=sys.stderr)
        return 130
    except BrokenPipeError:  # output piped into `head` and the like: not an error
        sys.stderr.close()
        return 0


if __name__ == "__main__":
    raise SystemExit(main())
