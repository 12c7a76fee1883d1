"""``spades play``: sit down at a table with the computer, by keyboard and ear."""

from __future__ import annotations

import argparse
import sys
from pathlib import Path
from typing import Any

from ..bots import Bot, bot_seed, make_bot
from ..errors import UnknownLevel
from ..game import Game
from ..host import Host
from ..language import N_, _, listed
from ..record import RecordError
from ..rules import FIRST_LEADS, Rules
from ..seats import seat_letters, seat_words
from ..table.config import FLAGS, SPEECH, VERBOSITY, Settings, choose_settings, remembered_line
from ..table.keys import Input, KeyInput, LineInput
from ..table.link import LocalLink
from ..table.saves import (
    describe_save,
    find_save,
    load_game,
    save_path,
    set_aside,
    set_aside_saves,
    waiting_question,
)
from ..table.session import Output, Table
from ..table.speech import open_speech
from ..words import announce as say
from .options import (
    add_language_argument,
    add_rules_arguments,
    level_named,
    level_names,
    one_of,
    rules_from_args,
    seat_guess,
    seat_named,
)

FALLBACK = "random"
PLANNED = ("easy", "normal", "hard")  # levels a table may ask for before this installation has them


def add_parser(subparsers: argparse._SubParsersAction) -> None:  # type: ignore[type-arg]
    parser = subparsers.add_parser(
        "play", help=_("play against the computer at an accessible terminal table"),
        description=_("Play Spades against the computer. Every event is one plain line for a screen reader; press ? "
                      "at the table for the keys. The settings given here are for this game only; add --remember to "
                      "keep them for later games (the table says which remembered settings it uses)."))
    add_rules_arguments(parser)
    add_language_argument(parser)
    parser.add_argument("--target", type=int, help=_("points that end the game (default 500)"))
    parser.add_argument("--first-lead", choices=FIRST_LEADS, type=one_of(N_("a first lead"), FIRST_LEADS),
                        help=_("who leads first"))
    parser.add_argument("--seed", help=_("seed of the deal (a number or any text), for a game you can replay"))
    levels = ", ".join(level_names())
    parser.add_argument("--partner", metavar="LEVEL",
                        help=_("your partner's level (both partners' in a team of three): {levels} (default normal)",
                               levels=levels))
    parser.add_argument("--opponents", metavar="LEVEL",
                        help=_("the opponents' level: {levels} (default normal)", levels=levels))
    parser.add_argument("--bots", default="", metavar="SEAT=LEVEL,...",
                        help=_("levels per seat, such as N=normal,E=easy,W=easy; a seat is its letters or its name, "
                               "in any case (six players: S, SW, NW, N, NE, SE); the levels are {levels}",
                               levels=levels))
    parser.add_argument("--resume", nargs="?", const="", metavar="FILE",
                        help=_("continue the saved game; with FILE, a save set aside (see --saves), which becomes the "
                               "saved game"))
    parser.add_argument("--saves", action="store_true",
                        help=_("list the saved game and the saves set aside (games not continued, saves that could "
                               "not be used), then stop"))
    parser.add_argument("--new", action="store_true", help=_("start a new game even when one is saved"))
    parser.add_argument("--line", action="store_true",
                        help=_("line mode: type commands and press Enter (automatic when input is not a terminal)"))
    parser.add_argument("--verbosity", choices=VERBOSITY, type=one_of(N_("a verbosity"), VERBOSITY),
                        help=_("all: every card is said; tricks: only tricks, bids and turns, with the trick so far "
                               "at your turn (the v key switches)"))
    parser.add_argument("--pace", type=float, help=_("seconds after each card a bot plays (default 0.6)"))
    parser.add_argument("--trick-pace", type=float, help=_("seconds after each trick (default 1)"))
    parser.add_argument("--bell", action=argparse.BooleanOptionalAction, default=None,
                        help=_("ring the terminal's bell with \"your turn\""))
    parser.add_argument("--speech", choices=SPEECH, type=one_of(N_("a choice"), SPEECH),
                        help=_("speak through a screen reader or speech engine (auto: when one is found)"))
    parser.add_argument("--remember", action="store_true",
                        help=_("keep the settings given with it (levels, verbosity, pace, bell, speech) for later "
                               "games, in table.toml in your config directory; the v key's choice is kept too"))
    parser.add_argument("--forget", action="store_true",
                        help=_("forget the remembered settings: back to the defaults"))
    parser.set_defaults(func=run, variant=None)  # None: not given, so a resumed game can say it is not used


def run(args: argparse.Namespace) -> int:
    from ..cli import CommandError

    if args.saves:
        return list_saves()
    for flag in ("partner", "opponents"):  # in any case, and a misspelt one refused with the level it most likely is
        if getattr(args, flag) is not None:
            setattr(args, flag, level_named(getattr(args, flag), f"--{flag}: "))
    chosen = {key: getattr(args, key) for key in FLAGS if getattr(args, key) is not None}
    if any(isinstance(v, float) and v < 0 for v in chosen.values()):
        raise CommandError(_("--pace and --trick-pace must not be negative"))
    taken = choose_settings(chosen, keep=args.remember, forget=args.forget)
    settings, remembered = taken.settings, taken.remembered
    speaker, speech_note = open_speech(settings.speech, explicit=args.speech is not None or settings.speech != "auto")
    out = Output(speaker=speaker)
    for line in (*taken.lines, speech_note):
        if line:
            out(line)
    line_mode = args.line or not sys.stdin.isatty()
    source: Input = LineInput() if line_mode else KeyInput()

    game: Game | None = None
    meta: dict[str, Any] = {}
    resumed = False
    path = save_path()
    replace = path.exists() and args.new  # set aside only once the new game's arguments are known to be good
    if args.resume:  # --resume FILE: a save set aside becomes the saved game again
        game, meta = resume_file(args.resume, path, out)
        resumed = True
    elif path.exists() and not args.new:
        # the rules asked for, read before the question (a mistake in them is said, and nothing touched); with
        # --resume they are not used, as is said below
        asked = asked_rules(args) if args.resume is None else None
        try:
            saved = load_game(path)
        except RecordError as error:  # said before anything is asked: there is nothing to continue
            kept = set_aside(path)
            out(_("The saved game cannot be used: {problem}. It was kept as {path}.", problem=error, path=kept))
            out(_("Start a new game? y or n."))
            answer = ask(source)
            if answer is None:
                out(_("Input ended before an answer; no new game was started."))
            if not answer:
                return 0
        else:
            if args.resume is None:
                out(waiting_question(saved[0], asked))
                resume = ask(source)
                if resume is None:
                    out(_("Input ended before an answer; the saved game is left as it was."))
                    return 0
            else:
                resume = True
            replace = not resume
            if resume:
                game, meta = saved
                resumed = True
    elif args.resume is not None and not args.new:
        out(_("There is no saved game; a new game starts."))
    if resumed and (given := new_game_arguments(args)):
        out(given)
    if game is None:
        args.variant = args.variant or "standard"
        extra: dict[str, Any] = {"target": args.target, "first_lead": args.first_lead}
        rules = rules_from_args(args, **extra)
        seed: int | str | None = None
        if args.seed is not None:
            seed = int(args.seed) if args.seed.lstrip("-").isdigit() else args.seed
        game = Game(rules, seed)
    human = int(meta.get("human", south(game.rules)))
    levels = seat_levels(game.rules, human, settings, args.bots, meta.get("levels", {}), args)
    check_levels(list(levels.values()))
    if replace:
        out(_("The saved game is set aside as {path}; a new game starts.", path=set_aside(path, "set-aside")))
    bots, fallback = make_bots(game, levels)
    if fallback:
        out(_("The {levels} level is not available yet; those seats play at random.",
              levels=", ".join(sorted(fallback))))
    adviser = make_adviser(game, human, levels)
    meta = {"human": human, "levels": {str(s): lvl for s, lvl in levels.items()}}
    if not resumed:
        out(_("Spades, {rules}. You are {seat}. Press ? for the keys.", rules=game.rules.describe(),
              seat=seat_words(human, game.rules.players)))
    if resumed:  # the save's levels stand over the remembered ones
        remembered = {k: v for k, v in remembered.items() if k not in ("partner", "opponents")}
    if remembered:
        out(remembered_line(remembered))
    if any(bot.level == "hard" for bot in (*bots.values(), adviser)):
        prepare_search(out)
    playing = {seat: bot.level for seat, bot in bots.items()}
    link = LocalLink(Host(game, bots), human, meta, path, levels=playing)
    table = Table(link=link, adviser=adviser, settings=settings, input=source, out=out,
                  intro=[say.computer_line(game.rules, human, playing)])
    return table.run(resumed=resumed)


def list_saves() -> int:
    """``--saves``: the saved game, then each save set aside, one line each, and how to continue one."""
    path = save_path()
    print(_("The saved game: {save}.", save=describe_save(path)) if path.exists() else _("No game is saved."))
    aside = set_aside_saves(path)
    if not aside:
        print(_("No save is set aside."))
        return 0
    print(_("Set aside, in {folder}:", folder=path.parent))
    for kept in aside:
        print(f"  {describe_save(kept)}.")
    print(_("spades play --resume NAME continues one of them (the saved game, if any, is then set aside)."))
    return 0


def resume_file(name: str, path: Path, out: Output) -> tuple[Game, dict[str, Any]]:
    """``--resume FILE``: the save FILE names, which becomes the saved game (the one there is set aside first)."""
    from ..cli import CommandError

    chosen = find_save(name, path)
    if not chosen.exists():
        raise CommandError(_("--resume {name}: there is no such save; spades play --saves lists them", name=name))
    try:
        game, meta = load_game(chosen)
    except RecordError as error:
        raise CommandError(_("--resume {name}: this save cannot be used: {problem}", name=name,
                             problem=error)) from None
    if game.over:
        raise CommandError(_("--resume {name}: that game is over; spades replay {path} goes through it", name=name,
                             path=chosen))
    if chosen.resolve() != path.resolve():
        if path.exists():
            out(_("The game that was waiting is set aside as {path}.", path=set_aside(path, "set-aside")))
        path.parent.mkdir(parents=True, exist_ok=True)
        chosen.replace(path)
        out(_("{name} is the saved game again.", name=chosen.name))
    return game, meta


def prepare_search(out: Output) -> None:
    """Have the hard player's compiled search ready early, saying once, before the wait, when it must compile."""
    from ..search.warmup import PREPARING, compiled, prepare_in_background

    if not compiled():
        out(_(PREPARING))
    prepare_in_background()


def check_levels(levels: list[str]) -> None:
    for level in sorted(set(levels)):
        level_named(level)


def asked_rules(args: argparse.Namespace) -> Rules | None:
    """The rules the command line asks for (--variant, --option, --target, --first-lead), or None when it names
    none of them; the options that are not given are the variant's defaults."""
    if args.variant is None and not args.option and args.target is None and args.first_lead is None:
        return None
    extra: dict[str, Any] = {"target": args.target, "first_lead": args.first_lead}
    return rules_from_args(argparse.Namespace(variant=args.variant or "standard", option=args.option), **extra)


def new_game_arguments(args: argparse.Namespace) -> str:
    """What a resumed game says of the options given that only a new game uses ("The saved game's rules stand;
    --variant and --target apply only to a new game."), or "" when none were."""
    given = [flag for flag, value in (("--variant", args.variant), ("--option", args.option or None),
                                      ("--target", args.target), ("--first-lead", args.first_lead),
                                      ("--seed", args.seed)) if value is not None]
    if not given:
        return ""
    if len(given) == 1:
        return _("The saved game's rules stand; {option} applies only to a new game.", option=given[0])
    return _("The saved game's rules stand; {options} apply only to a new game.", options=listed(given))


def ask(source: Input) -> bool | None:
    """y or n from the player; None when input ends first, which is no answer (nothing may be decided on it)."""
    with source.raw():
        while True:
            token = source.read()
            if token is None:
                return None
            answer = token.strip().lower()
            if answer in ("y", "yes"):
                return True
            if answer in ("n", "no"):
                return False
            print(_("Please answer y or n."), flush=True)


def south(rules: Rules) -> int:
    """The seat a person takes at the computer's table: South, which every table size has."""
    return seat_letters(rules.players).index("S")


def seat_levels(rules: Rules, human: int, settings: Settings, spec: str, saved: dict[str, str],
                args: argparse.Namespace) -> dict[int, str]:
    """Each bot seat's level: --bots, then --partner/--opponents, then the save's, then the remembered ones."""
    from ..cli import CommandError

    levels: dict[int, str] = {}
    for seat in range(rules.players):
        if seat == human:
            continue
        partner = rules.partnerships and rules.side_of(seat) == rules.side_of(human)
        explicit = args.partner if partner else args.opponents
        levels[seat] = explicit or saved.get(str(seat)) or (settings.partner if partner else settings.opponents)
    letters = seat_letters(rules.players)
    for part in filter(None, (p.strip() for p in spec.split(","))):
        letter, sep, level = part.partition("=")
        named = seat_named(letter, rules.players)
        if not sep or named is None or not level.strip():
            near = seat_guess(letter, rules.players) if sep and level.strip() else None
            if near is not None:
                raise CommandError(_("--bots: {part} is not SEAT=LEVEL with a seat among {seats} (did you mean "
                                     "{near}?)", part=repr(part), seats=", ".join(letters), near=near))
            raise CommandError(_("--bots: {part} is not SEAT=LEVEL with a seat among {seats}", part=repr(part),
                                 seats=", ".join(letters)))
        if named == human:
            raise CommandError(_("--bots: {seat} is your own seat", seat=letter.strip()))
        levels[named] = level_named(level, "--bots: ")
    return levels


def make_bots(game: Game, levels: dict[int, str]) -> tuple[dict[int, Bot], set[str]]:
    bots: dict[int, Bot] = {}
    missing: set[str] = set()
    for seat, level in levels.items():
        try:
            bots[seat] = make_bot(level, seed=bot_seed(game.seed, "player", seat))
        except UnknownLevel:
            missing.add(level)
            bots[seat] = make_bot(FALLBACK, seed=bot_seed(game.seed, "player", seat))
    return bots, missing


def make_adviser(game: Game, human: int, levels: dict[int, str]) -> Bot:
    """The hint key's bot: the best level at the table (normal when it exists)."""
    for level in ("normal", *levels.values()):
        try:
            return make_bot(level, seed=bot_seed(game.seed, "hint", human))
        except UnknownLevel:
            continue
    return make_bot(FALLBACK, seed=bot_seed(game.seed, "hint", human))
