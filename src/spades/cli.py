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
            if name.isupper():  # a positional's metavar, such as COMMAND: "'x' is not a command"
                return f"{value} is not a {name.lower()}; choose {choices}"
            return f"{name}: {value} is not a choice; choose {choices}"
        if found := self.NUMBER.match(message):
            kind = "a whole number" if found["type"] == "int" else "a number"
            return f"{found['name']}: {found['value']} is not {kind}"
        message = message.removeprefix("argument ")
        if "choose" in message:
            return message
        return f"{message}; {self.prog} --help lists them"


def build_parser() -> argparse.ArgumentParser:
    parser = Parser(
        prog="spades",
        description="Spades against the computer, for every common variant, playable by ear.",
    )
    parser.add_argument("--version", action="version", version=f"spades {__version__}")
    sub = parser.add_subparsers(dest="command", metavar="COMMAND")
    for info in sorted(pkgutil.iter_modules(commands.__path__), key=lambda i: i.name):
        if info.name.startswith("_"):
            continue
        module = importlib.import_module(f"{commands.__name__}.{info.name}")
        add = getattr(module, "add_parser", None)
        if add is not None:
            add(sub)
    return parser


def main(argv: Sequence[str] | None = None) -> int:
    parser = build_parser()
    args = parser.parse_args(argv)
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
