"""The ``spades`` command: one subcommand per module of :mod:`spades.commands`.

Each module there defines ``add_parser(subparsers)``, which adds its subcommand and sets ``func`` on it, so that
a new command is a new file and nothing else changes.
"""

from __future__ import annotations

import argparse
import importlib
import pkgutil
import re
import sys
from collections.abc import Sequence
from typing import NoReturn

from . import __version__, commands
from .errors import nearest


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
        if found := self.CHOICE.match(message):
            name, value = found["name"], found["value"]
            choices = found["choices"].replace("'", "")
            near = nearest(value.strip("'"), choices.split(", "))
            guess = f" (did you mean {near!r}?)" if near else ""
            if name.isupper():  # a positional's metavar, such as COMMAND: "'x' is not a command"
                return f"{value} is not a {name.lower()}{guess}; choose {choices}"
            return f"{name}: {value} is not a choice{guess}; choose {choices}"
        if found := self.NUMBER.match(message):
            kind = "a whole number" if found["type"] == "int" else "a number"
            return f"{found['name']}: {found['value']} is not {kind}"
        message = message.removeprefix("argument ")
        if "choose" in message:
            return message
        return f"{message}; {self.prog} --help lists them"


# A command whose module is named otherwise: every other command is the module of its name, dashes as underscores.
MODULE_OF = {"train-playouts": "train"}


def command_modules(argv: Sequence[str] | None = None) -> list[str]:
    """The modules whose parsers are needed to read ``argv``: only the named command's when there is one, else all.

    Every module imports what its command runs (the room's protocol, the search, the benchmarks); built all at
    once they cost a new process about half a second of CPU before anything is done, paid again by every `spades`
    started by another program. ``spades --help``, a command misspelt and no ``argv`` at all see every command."""
    names = sorted(info.name for info in pkgutil.iter_modules(commands.__path__) if not info.name.startswith("_"))
    if argv:
        module = MODULE_OF.get(argv[0], argv[0].replace("-", "_"))
        if module in names:
            return [module]
    return names


def build_parser(argv: Sequence[str] | None = None) -> argparse.ArgumentParser:
    parser = Parser(
        prog="spades",
        description="Spades against the computer, for every common variant, playable by ear.",
    )
    parser.add_argument("--version", action="version", version=f"spades {__version__}")
    sub = parser.add_subparsers(dest="command", metavar="COMMAND")
    for names in (command_modules(argv), command_modules()):
        for name in names:
            add = getattr(importlib.import_module(f"{commands.__name__}.{name}"), "add_parser", None)
            if add is not None:
                add(sub)
        if sub.choices:  # else a module of a command's parts was named, as a command it is not
            break
    return parser


def main(argv: Sequence[str] | None = None) -> int:
    words = list(sys.argv[1:] if argv is None else argv)
    parser = build_parser(words)
    args = parser.parse_args(words)
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
