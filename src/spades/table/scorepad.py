"""The scorepad: the score of a game played with real cards, kept by the engine's own scoring.

Each hand is entered as the bids and the tricks per seat (and a renege, if one was called). Scores are never
stored, only recomputed from the entries with :func:`spades.scoring.score_hand`, so an undo or a resumed pad
cannot drift from what the rules give.
"""

from __future__ import annotations

import json
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, TextIO

from ..actions import BLIND_NIL, NIL, Bid
from ..errors import SpadesError
from ..game import game_end, seat_name
from ..language import _, n_
from ..rules import Rules, RulesError
from ..scoring import HandResult, score_hand
from ..seats import seat_letters, seat_words
from ..words import announce as say

FORMAT = "spades-scorepad"
RENEGE_TRICKS = 3


def help_text(rules: Rules) -> str:
    """How to enter a hand at this table: its seats, its tricks a hand and how a renege is named there."""
    fields = {"letters": " ".join(seat_letters(rules.players)), "tricks": rules.hand_size,
              "example": side_example(rules, 1), "other": side_example(rules, 0)}
    if rules.sides == 2:
        return _("Enter the bids, one per seat in the order asked (a number, nil, or bn for Blind Nil), then the "
                 "tricks each seat took ({tricks} in all). After the tricks, add 'renege' and the side that reneged "
                 "(such as renege {example}); three of its tricks pass to the other side; a seat is named by its name "
                 "or its letters ({letters}). Commands: score (totals and bags), undo (the last entry), help, quit "
                 "(the pad is saved as it goes).", **fields)
    return _("Enter the bids, one per seat in the order asked (a number, nil, or bn for Blind Nil), then the tricks "
             "each seat took ({tricks} in all). After the tricks, add 'renege' and the side that reneged and the side "
             "that receives three of its tricks (such as renege {example} {other}); a seat is named by its name or "
             "its letters ({letters}). Commands: score (totals and bags), undo (the last entry), help, quit (the pad "
             "is saved as it goes).", **fields)


def side_example(rules: Rules, side: int) -> str:
    """How a side is typed: its seats' letters run together (``EW``), or the one seat's letters (``W``)."""
    letters = seat_letters(rules.players)
    return "".join(letters[seat] for seat in rules.seats_of(side))


class PadError(SpadesError):
    """An entry that cannot be taken; the message says why, and nothing changes."""


@dataclass
class Hand:
    bids: list[Bid]
    tricks: list[int]
    renege: tuple[int, int] | None = None  # (the side that reneged, the side that receives the tricks)

    def counted(self, rules: Rules) -> list[int]:
        """The tricks per seat after the renege penalty."""
        return renege_tricks(rules, self.bids, self.tricks, *self.renege) if self.renege else list(self.tricks)


def renege_tricks(rules: Rules, bids: list[Bid], tricks: list[int], offender: int, receiver: int) -> list[int]:
    """Move three tricks (or all the offender has, if fewer) from one side to another. They are taken from the
    offender's bidders before its Nil bidders, and given to the receiver's bidders before its Nil bidders, so that
    a penalty never breaks the receiver's Nil when it can be avoided."""
    result = list(tricks)

    def order(side: int, most: bool) -> list[int]:
        seats = list(rules.seats_of(side))
        return sorted(seats, key=lambda s: (bids[s].value == 0, -result[s] if most else 0))

    moved = 0
    for seat in order(offender, True):
        take = min(result[seat], RENEGE_TRICKS - moved)
        result[seat] -= take
        moved += take
    result[order(receiver, False)[0]] += moved
    return result


@dataclass
class Scorepad:
    rules: Rules
    hands: list[Hand] = field(default_factory=list)
    pending: list[Bid] | None = None  # bids of the hand being entered

    @property
    def seats(self) -> int:
        return self.rules.players

    def results(self) -> list[HandResult]:
        rules = self.rules
        scores = [0] * rules.sides
        bags = [0] * rules.sides
        results = []
        for number, hand in enumerate(self.hands, 1):
            result = score_hand(rules, hand.bids, hand.counted(rules), scores, bags, number)
            scores = [s.score for s in result.sides]
            bags = [s.total_bags for s in result.sides]
            results.append(result)
        return results

    def totals(self) -> tuple[list[int], list[int]]:
        results = self.results()
        if not results:
            return [0] * self.rules.sides, [0] * self.rules.sides
        return [s.score for s in results[-1].sides], [s.total_bags for s in results[-1].sides]

    def end(self) -> tuple[bool, int | None]:
        if not self.hands:
            return False, None
        return game_end(self.rules, self.results(), len(self.hands))

    # -- entries --------------------------------------------------------------------------------------------
    def parse_bids(self, text: str) -> list[Bid]:
        words = text.replace(",", " ").split()
        bids = []
        for word in words:  # each word is checked before the count, so that a wrong word is the one quoted
            key = word.lower()
            if key in ("nil", "n", "0"):
                bid = NIL
            elif key in ("bn", "blind", "blindnil", "blind_nil"):
                if not self.rules.blind_nil:
                    raise PadError(_("Blind Nil is not played with these rules (start with -o blind_nil=true)"))
                bid = BLIND_NIL
            elif key.isdigit() and 1 <= int(key) <= self.rules.hand_size:
                bid = Bid.of(int(key))
            else:
                raise PadError(_("{word} is not a bid: a number from 1 to {most}, nil, or bn for Blind Nil",
                                 word=repr(word), most=self.rules.hand_size))
            if bid.value == 0 and not self.rules.nil:
                raise PadError(_("Nil is not played with these rules"))
            bids.append(bid)
        if len(bids) != self.seats:
            raise PadError(n_("{n} bid given; {seats} are needed, one per seat",
                              "{n} bids given; {seats} are needed, one per seat", len(bids), seats=self.seats))
        return bids

    def parse_tricks(self, text: str) -> tuple[list[int], tuple[int, int] | None]:
        words = text.replace(",", " ").split()
        renege = None
        lowered = [w.lower() for w in words]
        if "renege" in lowered:
            at = lowered.index("renege")
            renege = self.parse_renege(words[at + 1:])
            words = words[:at]
        bad = next((w for w in words if not w.isdigit()), None)
        if bad is not None:  # before the count, so that a wrong word is the one quoted
            raise PadError(_("{word} is not a number of tricks", word=repr(bad)))
        if len(words) != self.seats:
            raise PadError(n_("{n} trick count given; {seats} are needed, one per seat",
                              "{n} trick counts given; {seats} are needed, one per seat", len(words), seats=self.seats))
        tricks = [int(w) for w in words]
        if sum(tricks) != self.rules.hand_size:
            raise PadError(_("the tricks add up to {total}, not {tricks}", total=sum(tricks),
                             tricks=self.rules.hand_size))
        return tricks, renege

    def parse_renege(self, words: list[str]) -> tuple[int, int]:
        rules = self.rules
        if not words:
            raise PadError(_("say which side reneged, such as renege {example}", example=side_example(rules, 1)))
        offender = self.side_named(words[0])
        if rules.sides == 2:
            receiver = 1 - offender
        else:
            if len(words) < 2:
                raise PadError(_("say who reneged and who receives the tricks, such as renege {example} {other}",
                                 example=side_example(rules, 1), other=side_example(rules, 0)))
            receiver = self.side_named(words[1])
            if receiver == offender:
                raise PadError(_("a side cannot receive its own renege penalty"))
        return offender, receiver

    def side_named(self, word: str) -> int:
        """The side a word names, in any case: a seat's name or letters (``West``, ``W``, ``sw``), which name its
        side, or a side's seats together (``EW``, ``North-South``, ``S-N``, ``SWNE``), which must be one side."""
        rules = self.rules
        seats = self.seats_named(word)
        sides = {rules.side_of(seat) for seat in seats or ()}
        if len(sides) != 1:
            raise PadError(_("{word} is not a seat or a side", word=repr(word)))
        return sides.pop()

    def seats_named(self, word: str) -> list[int] | None:
        """The seats a word names, by names (in English or as said in the language in force) or letters joined
        with hyphens or run together; None if it names none."""
        players = self.rules.players
        words = [*((seat_name(seat, players).upper(), seat) for seat in range(players)),
                 *((seat_words(seat, players).upper(), seat) for seat in range(players)),
                 *((letter.upper(), seat) for seat, letter in enumerate(seat_letters(players)))]
        words.sort(key=lambda pair: -len(pair[0]))  # the longest that fits first: SW before S, NORTH before N
        seats: list[int] = []
        for part in filter(None, word.upper().split("-")):
            while part:  # names or letters run together (NS, SWNE, NORTHSOUTH)
                found = next(((text, seat) for text, seat in words if part.startswith(text)), None)
                if found is None:
                    return None
                seats.append(found[1])
                part = part[len(found[0]):]
        return seats or None

    def enter_bids(self, text: str) -> None:
        self.pending = self.parse_bids(text)

    def enter_tricks(self, text: str) -> HandResult:
        if self.pending is None:
            raise PadError(_("enter the bids first"))
        tricks, renege = self.parse_tricks(text)
        self.hands.append(Hand(self.pending, tricks, renege))
        self.pending = None
        return self.results()[-1]

    def undo(self) -> str:
        if self.pending is not None:
            self.pending = None
            return _("Took back the bids of hand {hand}.", hand=len(self.hands) + 1)
        if not self.hands:
            raise PadError(_("there is nothing to take back"))
        hand = self.hands.pop()
        self.pending = hand.bids
        return _("Took back the tricks of hand {hand}; its bids stay entered.", hand=len(self.hands) + 1)

    # -- files ----------------------------------------------------------------------------------------------
    def to_dict(self) -> dict[str, Any]:
        return {
            "format": FORMAT,
            "version": 1,
            "rules": self.rules.to_dict(),
            "hands": [{"bids": [str(b) for b in h.bids], "tricks": h.tricks,
                       "renege": list(h.renege) if h.renege else None} for h in self.hands],
            "pending": [str(b) for b in self.pending] if self.pending is not None else None,
        }

    @classmethod
    def from_dict(cls, data: Any) -> Scorepad:
        if not isinstance(data, dict) or data.get("format") != FORMAT:
            raise PadError(_("not a scorepad file"))
        try:
            pad = cls(Rules.from_dict(data.get("rules", {})))
        except (RulesError, TypeError) as error:
            raise PadError(f"rules: {error}") from None
        for index, entry in enumerate(data.get("hands") or []):
            try:
                bids = pad.parse_bids(" ".join(entry["bids"]).replace("blind nil", "bn"))
                tricks = pad.parse_tricks(" ".join(str(t) for t in entry["tricks"]))[0]
                renege = entry.get("renege")
                if renege is not None:
                    offender, receiver = (int(x) for x in renege)
                    if not (0 <= offender < pad.rules.sides and 0 <= receiver < pad.rules.sides):
                        raise PadError(_("renege names no side"))
                    renege = (offender, receiver)
            except (KeyError, TypeError, ValueError) as error:
                raise PadError(f"hands[{index}]: {error}") from None
            pad.hands.append(Hand(bids, tricks, renege))
        pending = data.get("pending")
        if pending is not None:
            pad.pending = pad.parse_bids(" ".join(pending).replace("blind nil", "bn"))
        return pad

    def save(self, path: Path) -> None:
        path.parent.mkdir(parents=True, exist_ok=True)
        tmp = path.with_name(path.name + ".tmp")
        tmp.write_text(json.dumps(self.to_dict(), indent=1) + "\n", encoding="utf-8")
        tmp.replace(path)

    @classmethod
    def load(cls, path: Path) -> Scorepad:
        from ..files import FileTrouble, read_json

        try:
            data = read_json(path, "a scorepad")
        except FileTrouble as error:
            raise PadError(str(error)) from None
        return cls.from_dict(data)


# -- the conversation --------------------------------------------------------------------------------------
def totals_line(pad: Scorepad) -> str:
    rules = pad.rules
    scores, bags = pad.totals()
    each = "; ".join(n_("{side} {score}, {n} bag", "{side} {score}, {n} bags", bags[s], side=say.side_name(rules, s),
                        score=scores[s]) for s in range(rules.sides))
    hands = len(pad.hands)
    if rules.hands:
        # Translators: {sides} is each side's score and bags, separated by semicolons; {hands} the hands of the game.
        return n_("Totals after {n} hand: {sides}; {hands} hands.", "Totals after {n} hands: {sides}; {hands} hands.",
                  hands, sides=each, hands=rules.hands)
    return n_("Totals after {n} hand: {sides}; playing to {target}.",
              "Totals after {n} hands: {sides}; playing to {target}.", hands, sides=each, target=rules.target)


def prompt(pad: Scorepad) -> str:
    names = ", ".join(seat_words(s, pad.seats) for s in range(pad.seats))
    number = len(pad.hands) + 1
    if pad.pending is None:
        return _("Hand {hand}: bids of {seats}?", hand=number, seats=names)
    return _("Hand {hand}: tricks of {seats}? (add renege and the side, if one reneged)", hand=number, seats=names)


def run_pad(pad: Scorepad, path: Path, stdin: TextIO, out: TextIO) -> int:
    def say_line(line: str) -> None:
        out.write(line + "\n")
        out.flush()

    def keep() -> None:
        """Save; a finished game's pad is moved aside, so that the next `spades score` starts afresh."""
        pad.save(path)
        if pad.end()[0]:
            path.replace(path.with_name(path.stem + "-last" + path.suffix))

    say_line(_("Scorepad: {rules}. Type help for how to enter a hand.", rules=pad.rules.describe()))
    if pad.hands:
        say_line(totals_line(pad))
    while True:
        over, winner = pad.end()
        if over:
            scores = pad.totals()[0]
            score = ", ".join(f"{say.side_name(pad.rules, s)} {v}" for s, v in enumerate(scores))
            if winner is None:
                say_line(_("The game is over: a draw. Final score: {score}.", score=score))
            elif pad.rules.partnerships:
                say_line(_("{side} win the game. Final score: {score}.", side=say.side_name(pad.rules, winner),
                           score=score))
            else:
                say_line(_("{seat} wins the game. Final score: {score}.", seat=say.side_name(pad.rules, winner),
                           score=score))
            say_line(_("Type undo to take back the last hand, or quit."))
        else:
            say_line(prompt(pad))
        line = stdin.readline()
        if not line:
            keep()
            say_line(_("Input ended; the scorepad is saved.") if over else
                     _("Input ended; the scorepad is saved. spades score --resume continues it."))
            return 0
        text = line.strip()
        word = text.lower()
        try:
            if word in ("q", "quit", "exit"):
                keep()
                say_line(_("The scorepad is saved.") if over else
                         _("The scorepad is saved. spades score --resume continues it."))
                return 0
            if word in ("help", "?", "h"):
                say_line(help_text(pad.rules))
            elif word in ("score", "totals", "s", "e"):
                say_line(totals_line(pad))
            elif word in ("undo", "u"):
                say_line(pad.undo())
                pad.save(path)
            elif not text:
                continue
            elif over:
                say_line(_("The game is over; type undo or quit."))
            elif pad.pending is None:
                pad.enter_bids(text)
                pad.save(path)
                entered: list[Bid] = pad.pending or []
                said = ", ".join(f"{seat_words(s, pad.seats)} {b.spoken}" for s, b in enumerate(entered))
                say_line(_("Bids: {bids}.", bids=said))
            else:
                hand = pad.hands
                result = pad.enter_tricks(text)
                pad.save(path)
                if hand[-1].renege:
                    offender, receiver = hand[-1].renege
                    say_line(_("Renege: tricks pass from {side} to {other}.", side=say.side_name(pad.rules, offender),
                                   other=say.side_name(pad.rules, receiver)))
                for line_out in say.hand_summary(pad.rules, result):
                    say_line(line_out)
                say_line(totals_line(pad))
        except PadError as error:
            say_line(_("Not taken: {reason}.", reason=error))
