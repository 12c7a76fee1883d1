"""A tournament as its message says it: entries, each round's matches, byes and the standings after the rounds
whose results are all in."""

from __future__ import annotations

from fractions import Fraction

from ...tournament import swiss
from .. import protocol as p
from ..store.tournaments import TournamentState

__all__ = ["standings", "tournament_message", "tournament_text"]


def standings(state: TournamentState) -> list[swiss.Standing]:
    """The standings after every round whose results are all in."""
    entries = sum(e.number is not None for e in state.entries)
    if entries < 2:
        return []
    complete = []
    for round_ in range(1, state.round + 1):
        matches = state.round_matches(round_)
        if any(m.ns_halves is None for m in matches):
            break
        bye = state.byes[round_ - 1] if round_ - 1 < len(state.byes) else None
        complete.append(swiss.Round(tuple(swiss.Match(m.ns, m.ew, Fraction(m.ns_halves or 0, 2)) for m in matches),
                                    swiss.Bye(bye) if bye else None))
    return swiss.standings(entries, complete)


def tournament_text(state: TournamentState) -> str:
    """Where the tournament stands, in a sentence."""
    rounds = int(state.settings["rounds"])
    if state.state == "entry":
        ready = sum(e.confirmed for e in state.entries)
        return (f"{state.name}: a Swiss of {rounds} rounds, {ready} of {state.settings['entries']} entries in; "
                f"directed by {state.director}.")
    table = standings(state)
    names = {e.number: " and ".join(e.players) for e in state.entries}
    lead = ", ".join(f"{place}. {names.get(s.entry, s.entry)} {float(s.points):g}"
                     for place, s in enumerate(table[:3], 1))
    if state.state == "over":
        return f"{state.name} is over. Standings: {lead}."
    return f"{state.name}: round {state.round} of {rounds}." + (f" Standings: {lead}." if lead else "")


def tournament_message(state: TournamentState, reply_to: int | None = None) -> p.Tournament:
    table = standings(state)
    return p.Tournament(
        type="tournament", id=reply_to, tournament=state.id, name=state.name, format="swiss",
        director=state.director, rules=p.RulesForm.model_validate(state.rules), rounds=int(state.settings["rounds"]),
        hands=int(state.settings["hands"]), entries_max=int(state.settings["entries"]),
        state=state.state, round=state.round,  # type: ignore[arg-type]
        clock=p.ClockForm.model_validate(state.settings["clock"]) if state.settings.get("clock") else None,
        entries=[p.EntryInfo(number=e.number, players=list(e.players), confirmed=e.confirmed) for e in state.entries],
        matches=[[p.MatchInfo(table=m.table, number=m.number, ns=m.ns, ew=m.ew,
                              ns_points=None if m.ns_halves is None else m.ns_halves / 2)
                  for m in state.round_matches(r)] for r in range(1, state.round + 1)],
        byes=list(state.byes),
        standings=[p.StandingInfo(place=place, entry=s.entry, points=float(s.points), buchholz=float(s.buchholz))
                   for place, s in enumerate(table, 1)],
        text=tournament_text(state)[:p.MESSAGE_MAX])
