"""A tournament as its message says it: entries, each round's matches, byes and the standings after the rounds
whose results are all in."""

from __future__ import annotations

from fractions import Fraction
from typing import Any

from ...language import DEFAULT, N_, _, current, listed, n_, number
from ...rules import Rules
from ...seats import side_words
from ...tournament import duplicate, solo, swiss
from .. import protocol as p
from ..store import tournaments as stored
from ..store.tournaments import TournamentState

__all__ = [
    "NOT_IN_A_TOURNAMENT",
    "duplicate_standings",
    "knockout_standings",
    "played",
    "played_solo",
    "standings",
    "standings_answer",
    "standings_line",
    "tournament_message",
    "tournament_summary",
    "tournament_text",
]


def _complete(state: TournamentState) -> list[int]:
    """The rounds whose results are all in, from the first: what the standings and the next pairing read."""
    rounds = []
    for round_ in range(1, state.round + 1):
        if any(m.ns_halves is None for m in state.round_matches(round_)):
            break
        rounds.append(round_)
    return rounds


def played(state: TournamentState) -> list[swiss.Round]:
    """A Swiss of pairs' rounds whose results are all in, as the pairing and the standings read them."""
    out = []
    for round_ in _complete(state):
        bye = state.byes[round_ - 1] if round_ - 1 < len(state.byes) else None
        out.append(swiss.Round(tuple(swiss.Match(m.ns, m.ew, Fraction(m.ns_halves or 0, 2))
                                     for m in state.round_matches(round_)), swiss.Bye(bye) if bye else None))
    return out


def played_solo(state: TournamentState) -> list[list[solo.Sitting]]:
    """A Swiss of individuals' rounds whose results are all in, each table with its seats' scores."""
    return [[solo.Sitting(m.seats, m.scores) for m in state.round_matches(r)] for r in _complete(state)]


def standings(state: TournamentState) -> list[swiss.Standing | solo.Standing]:
    """A Swiss's standings after every round whose results are all in."""
    entries = sum(e.number is not None for e in state.entries)
    if entries < 2:
        return []
    if not state.settings.get("pairs", True):
        return list(solo.standings(entries, played_solo(state)))
    return list(swiss.standings(entries, played(state)))


def knockout_standings(state: TournamentState) -> tuple[list[p.StandingInfo], int | None]:
    """A knockout's entries by how far each went (the champion first), with the matches each won; the champion."""
    entries = sorted(e.number for e in state.entries if e.number is not None)
    if len(entries) < 2:
        return [], None
    won = {entry: 0 for entry in entries}
    out_in = {entry: 99 for entry in entries}  # the round an entry lost in; 99: still in
    for round_ in range(1, state.round + 1):
        for match in state.round_matches(round_):
            if match.ns_halves is None:
                continue
            winner, loser = (match.ew, match.ns) if match.ns_halves == 0 else (match.ns, match.ew)
            won[winner] += 1
            out_in[loser] = round_
    order = sorted(entries, key=lambda e: (-out_in[e], -won[e], e))
    champion = order[0] if state.state == "over" else None
    return [p.StandingInfo(place=place, entry=entry, points=won[entry]) for place, entry in enumerate(order, 1)], \
        champion


def duplicate_standings(state: TournamentState) -> list[p.StandingInfo]:
    """Each direction's pairs by matchpoints, as percentages of the top, from every board played so far."""
    tables = sum(e.number is not None for e in state.entries) // 2
    results = [duplicate.BoardResult(m.board or 0, m.ns, m.ew - tables, m.ns_score or 0, m.ew_score or 0)
               for m in state.matches if m.ns_halves is not None and m.board is not None]
    out = []
    table = duplicate.standings(results)
    for direction in (duplicate.NORTH_SOUTH, duplicate.EAST_WEST):
        scores = table.get(direction, [])
        offset = 0 if direction == duplicate.NORTH_SOUTH else tables
        for place, score in enumerate(scores, 1):
            out.append(p.StandingInfo(place=place, entry=score.pair + offset, points=float(score.matchpoints),
                                      direction=direction, percentage=round(score.percentage, 2)))  # type: ignore[arg-type]
    return out


def _tenths(value: float) -> str:
    """A number to one decimal, as the language in force writes it: "52.3", "52,3"."""
    if current() == DEFAULT:
        return f"{value:.1f}"
    from babel.numbers import format_decimal

    return format_decimal(value, "0.0", locale=current())


def tournament_text(state: TournamentState) -> str:
    """Where the tournament stands, in a sentence (or two), in the language in force."""
    rounds = int(state.settings["rounds"])
    name = state.name
    if state.settings.get("called_off"):
        return _("{name} was called off: it had too few entries at its start time.", name=name)
    if state.state == "entry":
        fields = {"name": name, "ready": sum(e.confirmed for e in state.entries), "entries": state.settings["entries"],
                  "director": state.director}
        if state.format == "swiss":
            return n_("{name}: a Swiss of {n} round, {ready} of {entries} entries in; directed by {director}.",
                      "{name}: a Swiss of {n} rounds, {ready} of {entries} entries in; directed by {director}.",
                      rounds, **fields)
        if state.format == "knockout":
            return _("{name}: a knockout, {ready} of {entries} entries in; directed by {director}.", **fields)
        if state.format == "duplicate":
            return _("{name}: duplicate pairs, {ready} of {entries} entries in; directed by {director}.", **fields)
        return _("{name}: {format}, {ready} of {entries} entries in; directed by {director}.", format=state.format,
                 **fields)
    names = {e.number: listed(list(e.players)) for e in state.entries}
    at_round = _("{name}: round {round} of {rounds}.", name=name, round=state.round, rounds=rounds)
    if state.format == "duplicate":
        table = duplicate_standings(state)
        rules = Rules.preset("standard")
        # Translators: a direction's leader: "North-South: Ada and Bob 62.5%".
        lead = "; ".join(_("{side}: {names} {percentage}%", side=side_words(rules, 0 if s.direction == "NS" else 1),
                           names=names.get(s.entry, str(s.entry)), percentage=_tenths(s.percentage or 0.0))
                         for s in table if s.place == 1)
        if state.state == "over":
            return _("{name} is over. Winners: {lead}.", name=name, lead=lead)
        return at_round + " " + _("Leading: {lead}.", lead=lead) if lead else at_round
    if state.format == "knockout":
        _rows, champion = knockout_standings(state)
        if champion is not None:
            return _("{name} is over. The winners: {names}.", name=name, names=names.get(champion, str(champion)))
        return at_round
    swiss_table = standings(state)
    # Translators: a place in the standings: "1. Ada and Bob 3" (the place, the entry, its points).
    lead = ", ".join(_("{place}. {names} {points}", place=place, names=names.get(s.entry, str(s.entry)),
                       points=number(float(s.points))) for place, s in enumerate(swiss_table[:3], 1))
    if state.state == "over":
        return _("{name} is over. Standings: {lead}.", name=name, lead=lead)
    return at_round + " " + _("Standings: {lead}.", lead=lead) if lead else at_round


NOT_IN_A_TOURNAMENT = N_("This table is not part of a tournament.")  # in English; said with _()


def tournament_summary(state: TournamentState) -> dict[str, Any]:
    """A tournament as a list shows it: enough to choose one, and its sentence."""
    return {"tournament": state.id, "name": state.name, "format": state.format, "director": state.director,
            "state": state.state, "round": state.round, "rounds": int(state.settings["rounds"]),
            "entries": sum(e.confirmed for e in state.entries), "entries_max": int(state.settings["entries"]),
            "rules": state.rules, "text": tournament_text(state)}


async def standings_answer(room: Any, table_id: int, name: str | None) -> str:
    """The standings key's answer at a table: where its tournament stands and the asker's place in it."""
    tournament_id = await room.db(stored.tournament_of_table, room.store, table_id)
    state = None if tournament_id is None else await room.db(stored.tournament, room.store, tournament_id)
    if state is None:
        return _(NOT_IN_A_TOURNAMENT)
    return standings_line(state, name)


def standings_line(state: TournamentState, name: str | None) -> str:
    """Where the tournament stands, and the asker's place: "Your place: 3 of 8, 1 point." """
    text = tournament_text(state)
    entry = state.entry_of(name) if name else None
    if entry is None or entry.number is None:
        return text
    message = tournament_message(state)
    mine = [s for s in message.standings if s.entry == entry.number]
    if not mine:
        return text
    row = mine[0]
    among = sum(1 for s in message.standings if s.direction == row.direction)
    if row.percentage is not None:
        return f"{text} " + _("Your place: {place} of {among}, {percentage}%.", place=row.place, among=among,
                              percentage=_tenths(row.percentage))
    count = int(row.points) if float(row.points).is_integer() else 2  # half a point takes the plural
    return f"{text} " + n_("Your place: {place} of {among}, {n} point.", "Your place: {place} of {among}, {n} points.",
                           count, place=row.place, among=among, n=number(row.points))


def tournament_message(state: TournamentState, reply_to: int | None = None) -> p.Tournament:
    champion = None
    if state.format == "knockout":
        rows, champion = knockout_standings(state)
    elif state.format == "duplicate":
        rows = duplicate_standings(state)
    else:
        rows = [p.StandingInfo(place=place, entry=s.entry, points=float(s.points), buchholz=float(s.buchholz))
                for place, s in enumerate(standings(state), 1)]
    hands, boards = state.settings.get("hands"), state.settings.get("boards")
    return p.Tournament(
        type="tournament", id=reply_to, tournament=state.id, name=state.name,
        format=state.format,  # type: ignore[arg-type]
        director=state.director, rules=p.RulesForm.model_validate(state.rules), rounds=int(state.settings["rounds"]),
        hands=None if hands is None else int(hands), boards=None if boards is None else int(boards),
        entries_max=int(state.settings["entries"]), champion=champion, starts_at=state.settings.get("starts_at"),
        state=state.state, round=state.round,  # type: ignore[arg-type]
        clock=p.ClockForm.model_validate(state.settings["clock"]) if state.settings.get("clock") else None,
        entries=[p.EntryInfo(number=e.number, players=list(e.players), confirmed=e.confirmed) for e in state.entries],
        matches=[[p.MatchInfo(table=m.table, number=m.number, ns=m.ns, ew=m.ew,
                              ns_points=None if m.ns_halves is None else m.ns_halves / 2, board=m.board,
                              ns_score=m.ns_score, ew_score=m.ew_score, covered=list(m.covered),
                              seats=list(m.seats), scores=list(m.scores))
                  for m in state.round_matches(r)] for r in range(1, state.round + 1)],
        byes=list(state.byes),
        standings=rows,
        text=tournament_text(state)[:p.MESSAGE_MAX])
