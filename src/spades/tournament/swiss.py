"""Swiss pairing of partnerships: each round pairs entries of equal standing who have not met, by the FIDE Dutch
system as py4swiss implements it (tested by its authors against bbpPairings, the pairing program FIDE endorses).

A Spades match has no colours, but the Dutch system balances them; here White is North-South, so an entry also
sits each way about as often. A match is won (1 point), lost (0) or, where a match of a set number of hands ends
level, drawn (1/2). An odd entry out gets the pairing-allocated bye and the points of a win, at most once in a
tournament, as FIDE's rules (C.04.1) give it. Entries are numbered from 1 in their order at the start: by rating,
best first.

Nothing here keeps state: the room stores each round's results and asks for the next round's pairing from them.
"""

from __future__ import annotations

import tempfile
from collections.abc import Collection, Sequence
from dataclasses import dataclass
from fractions import Fraction
from pathlib import Path

from ..errors import RulesError
from ..language import _

__all__ = ["MAX_ENTRIES", "Bye", "Match", "Round", "Standing", "pair_round", "standings"]

MAX_ENTRIES = 512
WIN, DRAW, LOSS = Fraction(1), Fraction(1, 2), Fraction(0)


@dataclass(frozen=True, slots=True)
class Match:
    """North-South against East-West; ``ns_points`` is North-South's result once played (1, 1/2 or 0)."""

    ns: int
    ew: int
    ns_points: Fraction | None = None


@dataclass(frozen=True, slots=True)
class Bye:
    entry: int


@dataclass(frozen=True, slots=True)
class Round:
    matches: tuple[Match, ...]
    bye: Bye | None = None


@dataclass(frozen=True, slots=True)
class Standing:
    entry: int
    points: Fraction
    buchholz: Fraction  # the points of the entries it met: who it played, as a tie-break
    opponents: tuple[int, ...]


def pair_round(entries: int, rounds: int, played: Sequence[Round],
               apart: Collection[tuple[int, int]] = ()) -> Round:
    """The next round's pairing, from every round played so far (each with its results): by standing, no entry
    meeting one it has met, at most one bye each. Entries ``apart`` (one of whose players blocks one of the
    other's) do not meet when the round can be paired without it (FIDE's forbidden pairs, TRF's XXP); when it
    cannot, they may."""
    _check(entries, rounds, played)
    if len(played) >= rounds:
        raise RulesError(f"all {rounds} rounds are paired")
    from py4swiss.engines import DutchEngine
    from py4swiss.engines.common import PairingError
    from py4swiss.trf import TrfParser

    with tempfile.TemporaryDirectory(prefix="spades-swiss-") as folder:
        path = Path(folder) / "round.trf"
        pairings = None
        for forbidden in ([sorted(pair) for pair in apart if pair[0] != pair[1]], []) if apart else ([],):
            text = _trf(entries, rounds, played) + "".join(f"XXP {a:4d} {b:4d}\n" for a, b in sorted(forbidden))
            path.write_text(text, encoding="ascii")
            try:
                pairings = DutchEngine.generate_pairings(TrfParser.parse(path, strict=True))
                break
            except PairingError:
                continue
        if pairings is None:
            raise RulesError(f"round {len(played) + 1} cannot be paired without two entries meeting again")
    matches = tuple(Match(p.white, p.black) for p in pairings if p.white and p.black)
    byes = [p.white or p.black for p in pairings if not (p.white and p.black)]
    return Round(matches, Bye(byes[0]) if byes else None)


def standings(entries: int, played: Sequence[Round]) -> list[Standing]:
    """Points, then the Buchholz tie-break (the sum of the opponents' points), then the starting order."""
    points = {entry: Fraction(0) for entry in range(1, entries + 1)}
    met: dict[int, list[int]] = {entry: [] for entry in points}
    for round_ in played:
        for match in round_.matches:
            if match.ns_points is None:
                raise RulesError(f"the match of {match.ns} and {match.ew} has no result")
            points[match.ns] += match.ns_points
            points[match.ew] += WIN - match.ns_points
            met[match.ns].append(match.ew)
            met[match.ew].append(match.ns)
        if round_.bye is not None:
            points[round_.bye.entry] += WIN
    table = [Standing(entry, points[entry], sum((points[o] for o in met[entry]), Fraction(0)), tuple(met[entry]))
             for entry in points]
    table.sort(key=lambda s: (-s.points, -s.buchholz, s.entry))
    return table


def _check(entries: int, rounds: int, played: Sequence[Round]) -> None:
    if not 2 <= entries <= MAX_ENTRIES:
        raise RulesError(_("a Swiss takes 2 to {most} entries, not {entries}", most=MAX_ENTRIES, entries=entries))
    if not 1 <= rounds < entries:
        raise RulesError(_("a Swiss of {entries} entries has 1 to {most} rounds, not {rounds}", entries=entries,
                           most=entries - 1, rounds=rounds))
    for number, round_ in enumerate(played, 1):
        seen = [e for m in round_.matches for e in (m.ns, m.ew)] + ([round_.bye.entry] if round_.bye else [])
        if len(seen) != len(set(seen)) or not all(1 <= e <= entries for e in seen):
            raise RulesError(f"round {number} seats an entry twice or one that is not in the tournament")
        for match in round_.matches:
            if match.ns_points not in (WIN, DRAW, LOSS):
                raise RulesError(f"round {number}: a match is won, drawn or lost, not {match.ns_points}")


def _trf(entries: int, rounds: int, played: Sequence[Round]) -> str:
    """The tournament so far as a TRF (FIDE's tournament report file), the form py4swiss reads."""
    results: dict[int, list[str]] = {entry: [] for entry in range(1, entries + 1)}
    for number, round_ in enumerate(played, 1):
        for match in round_.matches:
            assert match.ns_points is not None
            results[match.ns].append(f"{match.ew:4d} w {_token(match.ns_points)}")
            results[match.ew].append(f"{match.ns:4d} b {_token(WIN - match.ns_points)}")
        if round_.bye is not None:
            results[round_.bye.entry].append("0000 - U")
        for line in results.values():
            if len(line) < number:
                line.append("0000 - Z")  # not paired: absent from the round
    score = {s.entry: s.points for s in standings(entries, played)}
    lines = []
    for entry in range(1, entries + 1):
        points = score[entry]
        head = f"001 {entry:4d}".ljust(80)
        head += f"{int(points):2d}.{int(points * 10) % 10} {entry:4d}".ljust(11)
        lines.append((head + "  ".join(results[entry])).rstrip())
    lines.append(f"XXR {rounds}")
    return "\n".join(lines) + "\n"


def _token(points: Fraction) -> str:
    return {WIN: "1", DRAW: "=", LOSS: "0"}[points]
