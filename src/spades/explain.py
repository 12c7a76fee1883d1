"""The rules of a game in words, built from its ``Rules``.

One source for `spades rules` and the table's z key: each sentence is made here from the rule set's fields, so
what a player reads, what the table says and what the engine does cannot drift apart (a two-player Nil that
fails costs nothing, and every text says so because ``Rules.nil_fail_penalty`` says so).
"""

from __future__ import annotations

from .bids import Bidding
from .rules import Rules

__all__ = ["bidding_rule", "blind_nil_rule", "brief", "rule_lines", "variant_title"]


def variant_title(rules: Rules) -> str:
    """``Two-player Spades``: the variant as a heading."""
    return f"{rules.variant.replace('_', '-').capitalize()} Spades"


def _unit(rules: Rules) -> str:
    """What scores: a side (a partnership) or a player."""
    return "side" if rules.partnerships else "player"


def shape_rule(rules: Rules) -> str:
    if rules.partnerships:
        return ("Partnership Spades: North and South play against East and West; partners sit opposite and score "
                "together.")
    if not rules.deals:
        return ("Two players and no deal: in turn each draws the top card and keeps it (the next card goes face up "
                "to the discards) or discards it face up and keeps the next, until each holds 13; the deal alternates.")
    return "Cutthroat: four players, no partnerships; each scores their own bid, Nil and bags."


def bidding_rule(rules: Rules) -> str:
    """Who bids what: the variant's forced bids, or the range of free ones and what limits them."""
    if rules.bidding is Bidding.NIL_OR_SPADES:
        return "Each player bids Nil or exactly the number of spades they hold; with no spade, Nil is the only bid."
    if rules.bidding is Bidding.SPADES:
        return "Each player bids exactly the number of spades they hold; with none, the bid is Nil."
    if rules.bidding is Bidding.ONE_NIL:
        return ("In each partnership one partner bids Nil and the other 4 or more: the first of the two to bid "
                "chooses Nil or 4 or more, and if both bid 4 or more, the second bid stands and the first becomes "
                "Nil.")
    choices = "Nil or 1 to 13" if rules.nil else "1 to 13 (Nil is off)"
    if not rules.deals:
        return f"The non-dealer bids first, then the dealer, {choices}; the non-dealer leads."
    text = f"Each player bids once, {choices}"
    if rules.partnerships:
        text += "; a partnership's contract is the sum of its two bids"
        if rules.min_team_bid:
            text += f", at least {rules.min_team_bid} between them"
    else:
        text += "; each plays for their own bid"
    return text + "."


def blind_nil_rule(rules: Rules) -> str:
    if rules.blind_nil:
        behind = "their side is" if rules.partnerships else "they are"
        leader = "the other side" if rules.sides == 2 else "the leader"
        return (f"Blind Nil is on: a player may bid it before looking at their cards, only while {behind} "
                f"{rules.blind_nil_deficit} or more points behind {leader}; it wins or loses "
                f"{rules.blind_nil_value}.")
    if "blind_nil" in rules.options_taken():
        return "Blind Nil is off."
    return f"Blind Nil is never played in {variant_title(rules)}."


def nil_rule(rules: Rules) -> str:
    if not rules.nil:
        return "Nil may not be bid."
    fail = f"loses {rules.nil_value}" if rules.nil_fail_penalty else "loses nothing"
    if rules.nil_tricks_count_for_partner:
        tricks = "its tricks count toward the partner's contract"
    elif rules.partnerships:
        tricks = "its tricks are bags and do not count toward the partner's contract"
    else:
        tricks = "its tricks are bags"
    return (f"Nil: the bidder must take no trick. Made, it wins {rules.nil_value}; failed, it {fail}, "
            f"and {tricks}.")


def contract_rule(rules: Rules) -> str:
    who = "A side that makes its contract" if rules.partnerships else "A player who makes their bid"
    text = (f"{who} scores 10 a trick bid and 1 for each trick over (a bag); falling short loses 10 a trick "
            "bid.")
    if rules.ten_for_two_hundred:
        text += " A contract of 10 or more scores 20 a trick bid, made or set."
    if rules.moon:
        text += " A bid of 13 shoots the moon: 250 if all 13 tricks are taken, otherwise the tricks are bags."
    return text


def bags_rule(rules: Rules) -> str:
    return f"Every {rules.bag_limit} bags cost {rules.bag_penalty} points; the rest carry over."


def end_rule(rules: Rules) -> str:
    if rules.hands:
        hands = "1 hand" if rules.hands == 1 else f"{rules.hands} hands"
        return f"The game is {hands}; the higher score wins, and equal scores are a draw."
    return (f"The first {_unit(rules)} to {rules.target} wins; if more than one reach it in the same hand, the "
            "higher score wins, and equal scores play another hand.")


def lose_at_rule(rules: Rules) -> str | None:
    """The decision on ``lose_at``, as ``game.game_end`` applies it."""
    if rules.lose_at is None:
        return None
    unit = _unit(rules)
    if rules.sides == 2:
        text = (f"A {unit} at or below {rules.lose_at} after a hand loses at once; if both are at or below it, "
                "the higher score wins, and an exact tie plays another hand")
    else:
        text = (f"A {unit} at or below {rules.lose_at} after a hand has lost, for good, and the best of the "
                f"others wins; if the best are tied, another hand is played, which the fallen {unit} plays but "
                f"cannot win; if every {unit} has fallen, the higher score wins, and an exact tie plays another "
                "hand")
    if rules.hands:
        text += "; once the last hand is played, a tie is a draw"
    return text + "."


def rule_lines(rules: Rules) -> list[str]:
    """Every rule that depends on the variant and its options, one sentence or two a line."""
    lines = [shape_rule(rules), bidding_rule(rules), blind_nil_rule(rules), nil_rule(rules), contract_rule(rules),
             bags_rule(rules), end_rule(rules)]
    lose_at = lose_at_rule(rules)
    if lose_at is not None:
        lines.append(lose_at)
    return lines


def brief(rules: Rules) -> str:
    """What the table's z key says: the one-line rule set, then how bids are made and whether Blind Nil is on,
    in the same words as `spades rules`."""
    return f"{rules.describe()}. {bidding_rule(rules)} {blind_nil_rule(rules)}"
