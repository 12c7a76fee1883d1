"""The rules of a game in words, built from its ``Rules``.

One source for `spades rules` and the table's z key: each sentence is made here from the rule set's fields, so
what a player reads, what the table says and what the engine does cannot drift apart (a two-player Nil that
fails costs nothing, and every text says so because ``Rules.nil_fail_penalty`` says so). The pack, the seating
and the scoring options that are not the common four-handed game name where they are played, so that a player
can check them (the notes behind the choices are in RULES.md and the README).
"""

from __future__ import annotations

from .bids import Bidding
from .cards import RANK_WORDS, Card
from .rules import Rules
from .seats import seat_name

__all__ = ["SOURCES", "bidding_rule", "blind_nil_rule", "brief", "play_lines", "rule_lines", "variant_title"]

# Where each rule that is not the common four-handed game is written down, cited as ``(where: URL)``.
SOURCES: dict[str, str] = {
    "bicycle_jokers": "Bicycle's Spades with Jokers, http://www.bicyclecards.com/how-to-play/spades-with-jokers/",
    "red_deuces": "https://holdingthecards.com/what-cards-do-you-take-out-in-spades-2-3-and-4-players-jokers-removals/",
    "jjdd": "https://www.jokerswildspades.com/faq and https://afronautics.com/2017/12/13/joker-joker-deuce-deuce/",
    "three": "https://www.skullwink.com/cutthroat-rules and http://onlinespades.net/rules-cutthroat.htm",
    "five": "https://www.spinandplayslots.com/how-to-play-spades-with-5-players/, the one page found that names "
            "the two cards",
    "six": "the rules of an online room, http://spotglobe.blogg.se/2023/october/play-online-spades.html, the one "
           "source found",
    "six_pairs": "https://spades.co/spades-with-six-people and https://ourpastimes.com/play-spades-6-people-4494251.html",
    "six_threes": "https://rarepike.com/spades/variants",
    "nil_pass": "Britannica, http://www.britannica.com/EBchecked/topic/1233155/spades, and Playsite's rules, "
                "https://www.field-of-themes.com/spades/sprules.htm",
    "two_nils": "http://tipwriter.expertscolumn.com/article/spades-card-game-rules",
    "face_up": "a two-player page copied at https://hiuhndy.blogspot.com/2021/11/spades-for-2-players.html",
    "face_down": "https://holdingthecards.com/what-cards-do-you-take-out-in-spades-2-3-and-4-players-jokers-removals/"
                 " and https://ourpastimes.com/play-spades-two-people-4488268.html",
    "no_bags": "the Clarksville Juneteenth tournament, https://www.clarksvillejuneteenth.com/spades-tournament",
}


def cite(*keys: str) -> str:
    """`` (source: ...)``: the places a rule is written down, as a line ends with them."""
    return f" (source: {'; '.join(SOURCES[key] for key in keys)})"


def variant_title(rules: Rules) -> str:
    """``Two-player Spades``: the variant as a heading."""
    return f"{rules.variant.replace('_', '-').capitalize()} Spades"


def _unit(rules: Rules) -> str:
    """What scores: a side (a partnership) or a player."""
    return "side" if rules.partnerships else "player"


def _listed(words: list[str]) -> str:
    """``a, b and c``."""
    return words[0] if len(words) == 1 else f"{', '.join(words[:-1])} and {words[-1]}"


def _seats(rules: Rules, seats: tuple[int, ...]) -> str:
    return _listed([seat_name(seat, rules.players) for seat in seats])


def _count(number: int) -> str:
    return ("no", "one", "two", "three", "four", "five", "six")[number] if number <= 6 else str(number)


def shape_rule(rules: Rules) -> str:
    """Who plays, for whom, and how many cards each holds, with where that form is played."""
    players, each = rules.players, rules.hand_size
    if players == 2:
        return two_player_rule(rules)
    if players == 4:
        if rules.partnerships:
            return ("Partnership Spades: North and South play against East and West; partners sit opposite and "
                    "score together.")
        return "Cutthroat: four players, no partnerships; each scores their own bid, Nil and bags."
    if rules.partnerships and len(rules.side_seats[0]) == 3:
        teams = " against ".join(_seats(rules, seats) for seats in rules.side_seats)
        return (f"Six players in two teams of three, in every other seat: {teams}; each team scores together; "
                f"{each} cards each{cite('six_threes')}.")
    if rules.partnerships:
        pairs = ", ".join(_seats(rules, seats) for seats in rules.side_seats)
        return (f"Six players in three partnerships of two, partners opposite as at four ({pairs}), so that the "
                f"three sides play in turn; {each} cards each from one pack{cite('six_pairs')}. No source found says "
                "where partners sit. The sources deal two packs less both twos of clubs, 17 cards each; that form "
                "is not offered, since a card would be in the pack twice.")
    alone = f"{_count(players).capitalize()} players, each for themselves: {each} cards each"
    out = _out_words(rules)
    if rules.jokers == "big_little":
        kept = f", {out} out" if out else ", nothing taken out"
        return f"{alone}, the two jokers added{kept}{cite('bicycle_jokers')}."
    source = {3: "three", 5: "five", 6: "six"}[players]
    return f"{alone}, {out} out{cite(source)}."


def two_player_rule(rules: Rules) -> str:
    """The draw, and what each player can know of the other's hand after it."""
    face = "face down" if rules.face_down_discards else "face up"
    text = (f"Two players and no deal: in turn each draws the top card and keeps it (the next card goes {face} to "
            f"the discards) or discards it {face} and keeps the next, until each holds 13; the deal alternates.")
    if rules.face_down_discards:
        return (text + " Each player sees only their own 13 discards, so the other's hand stays hidden"
                + cite("face_down") + ".")
    return (text + " With the discards face up, each player can work out the other's hand once the draw is over: "
            "the 52 cards less their own 13 and the 26 discards" + cite("face_up") + "; the option "
            "face_down_discards=true keeps the discards hidden, as most sources play" + cite("face_down") + ".")


def _card(card: int) -> str:
    return f"the {Card(card).name}"


def _out_words(rules: Rules) -> str:
    """``the two of clubs``, ``the four deuces``: the cards of the 52 that are not dealt."""
    out = [card for card in range(52) if not rules.pack >> card & 1]
    if not out:
        return ""
    if len(out) == 4 and all(card % 13 == 0 for card in out):
        return "the four deuces"
    if len(out) > 1 and all(card % 13 == 0 for card in out):
        return "the twos of " + _listed([Card(card).suit.plural for card in out])
    return _listed([_card(card) for card in out])


def pack_rule(rules: Rules) -> str:
    """The cards dealt: how many, and which of the 54 are in or out."""
    total = rules.pack.bit_count()
    jokers = rules.pack >> 52 != 0
    out = _out_words(rules)
    if jokers:
        made = f"{total} cards: the 52 and the Big and Little Joker" + (f", less {out}" if out else "")
    else:
        made = f"{total} cards" + (f": the 52 less {out}" if out else "")
    if rules.jokers == "jjdd":
        made += cite("jjdd")
    elif jokers:
        made += cite("red_deuces" if rules.deuces_out == "hearts_diamonds" else "bicycle_jokers")
    return made + "."


def trump_rule(rules: Rules) -> str:
    """The trumps in order, highest first, where they are not simply the spades ace high."""
    high = list(reversed(rules.trumps))
    ace = high.index(51)
    if ace == 0 and all(39 <= card < 52 for card in high):
        return "Ace high; spades are always trump."
    above = [_card(card) for card in high[:ace]]
    lowest = RANK_WORDS[high[-1] % 13]
    others = [card for card in high if not 39 <= card < 52]
    text = (f"Spades are always trump, highest first: {_listed(above)}, then the ace of spades down to the "
            f"{lowest}.")
    if any(card >= 52 for card in others):
        text += " The jokers are spades in play: they follow a spade lead and trump any other suit."
    strangers = [card for card in others if card < 52]
    if strangers:
        names = _listed([_card(card) for card in strangers])
        text += (f" {names[0].upper()}{names[1:]} is a spade in play too: it follows a spade lead, not its own "
                 "suit, and a player holding it must play it or another spade when spades are led.")
    text += " The other suits are ace high."
    return text


def play_lines(rules: Rules) -> list[str]:
    """How a trick is played with this pack: the same four lines in every game, the pack and trumps as they are."""
    spade = "a spade (a joker too)" if rules.pack >> 52 else "a spade"
    highest = "The highest trump" if rules.pack >> 52 else "The highest spade"
    lines = [f"{pack_rule(rules)} {trump_rule(rules)}",
             f"Follow suit if you can; otherwise play any card, {spade} included.",
             f"{highest} takes the trick, else the highest card of the suit led; the winner leads next.",
             "Spades may not be led until one has been played on another suit, unless the leader holds only "
             "spades."]
    if rules.first_lead == "two_of_clubs":
        lines.append("The holder of the two of clubs leads it to the first trick.")
    elif rules.deals:
        lines.append("The player left of the dealer leads first, any card but a spade.")
    return lines


def _counted_as_spades(rules: Rules) -> str:
    """`` The Big Joker, ... count as spades.``: the trumps of other printed suits, which a bid by spades counts."""
    others = [_card(card) for card in reversed(rules.trumps) if not 39 <= card < 52]
    if not others:
        return ""
    text = _listed(others)
    return f" {text[0].upper()}{text[1:]} count as spades."


def bidding_rule(rules: Rules) -> str:
    """Who bids what: the variant's forced bids, or the range of free ones and what limits them."""
    if rules.bidding is Bidding.NIL_OR_SPADES:
        return ("Each player bids Nil or exactly the number of spades they hold; with no spade, Nil is the only bid."
                + _counted_as_spades(rules))
    if rules.bidding is Bidding.SPADES:
        return ("Each player bids exactly the number of spades they hold; with none, the bid is Nil."
                + _counted_as_spades(rules))
    if rules.bidding is Bidding.ONE_NIL:
        return ("In each partnership one partner bids Nil and the other 4 or more: the first of the two to bid "
                "chooses Nil or 4 or more, and if both bid 4 or more, the second bid stands and the first becomes "
                "Nil.")
    most = rules.hand_size
    choices = f"Nil or 1 to {most}" if rules.nil else f"1 to {most} (Nil is off)"
    if not rules.deals:
        return f"The non-dealer bids first, then the dealer, {choices}; the non-dealer leads."
    text = f"Each player bids once, {choices}"
    if rules.partnerships:
        size = len(rules.side_seats[0])
        kind = "partnership" if size == 2 else "team"
        text += f"; a {kind}'s contract is the sum of its {_count(size)} bids"
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


def _partner(rules: Rules) -> str:
    return "partner's" if len(rules.side_seats[0]) == 2 else "partners'"


def nil_rule(rules: Rules) -> str:
    if not rules.nil:
        return "Nil may not be bid."
    fail = f"loses {rules.nil_value}" if rules.nil_fail_penalty else "loses nothing"
    if rules.nil_tricks_count_for_partner:
        tricks = f"its tricks count toward the {_partner(rules)} contract"
    elif rules.partnerships:
        tricks = f"its tricks are bags and do not count toward the {_partner(rules)} contract"
    else:
        tricks = "its tricks are bags"
    if rules.no_bags:
        tricks = tricks.replace("are bags", "score nothing")
    return (f"Nil: the bidder must take no trick. Made, it wins {rules.nil_value}; failed, it {fail}, "
            f"and {tricks}.")


def nil_pass_rule(rules: Rules) -> str | None:
    """The exchange after a Nil, in the order the game plays it."""
    count = rules.nil_pass
    if not count:
        return None
    cards = "1 card" if count == 1 else f"{count} cards"
    return (f"Nil passing: after the bids, in each partnership with one Nil or Blind Nil the Nil bidder passes "
            f"{cards} face down to the partner first, choosing them one at a time; the partner receives them all at "
            f"once when the last is chosen, then, knowing them, passes {cards} back, which arrive the same way; then "
            f"the play begins. The sources pass two, some only after a Blind Nil{cite('nil_pass')}. A partnership "
            f"that bid two Nils passes nothing, as Hoyle-style rules have it{cite('two_nils')}.")


def contract_rule(rules: Rules) -> str:
    who = "A side that makes its contract" if rules.partnerships else "A player who makes their bid"
    over = "nothing for a trick over" if rules.no_bags else "1 for each trick over (a bag)"
    text = f"{who} scores 10 a trick bid and {over}; falling short loses 10 a trick bid."
    if rules.ten_for_two_hundred:
        text += " A contract of 10 or more scores 20 a trick bid, made or set."
    if rules.moon:
        most = rules.hand_size
        spare = "they score nothing" if rules.no_bags else "the tricks are bags"
        text += f" A bid of {most} shoots the moon: 250 if all {most} tricks are taken, otherwise {spare}."
    return text


def bags_rule(rules: Rules) -> str:
    if rules.no_bags:
        return ("No bags: tricks over a contract score nothing and never cost, so no bag penalty is kept"
                + cite("no_bags") + ".")
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
    lines = [shape_rule(rules), bidding_rule(rules), blind_nil_rule(rules), nil_rule(rules)]
    for line in (nil_pass_rule(rules), contract_rule(rules), bags_rule(rules), end_rule(rules),
                 lose_at_rule(rules)):
        if line is not None:
            lines.append(line)
    return lines


def brief(rules: Rules) -> str:
    """What the table's z key says: the one-line rule set, then how bids are made and whether Blind Nil is on,
    in the same words as `spades rules`."""
    return f"{rules.describe()}. {bidding_rule(rules)} {blind_nil_rule(rules)}"
