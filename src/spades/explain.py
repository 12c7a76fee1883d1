"""The rules of a game in words, built from its ``Rules``.

One source for `spades rules` and the table's z key: each sentence is made here from the rule set's fields, so
what a player reads, what the table says and what the engine does cannot drift apart (a two-player Nil that
fails costs nothing, and every text says so because ``Rules.nil_fail_penalty`` says so). The pack, the seating
and the scoring options that are not the common four-handed game name where they are played, so that a player
can check them (the notes behind the choices are in RULES.md and the README).

Every sentence is said in the language in force, each shape of a rule its own message of the catalogue; the
sources' addresses stay as they are written.
"""

from __future__ import annotations

from .bids import Bidding
from .cards import Card, suit_words, the_card, the_rank
from .language import N_, _, listed, n_
from .rules import Rules
from .seats import seat_words

__all__ = ["SOURCES", "bidding_rule", "blind_nil_rule", "brief", "play_lines", "rule_lines", "variant_title"]

# Where each rule that is not the common four-handed game is written down, cited as ``(source: ...)``; the words
# around an address are marked for the catalogue, the address stays.
SOURCES: dict[str, str] = {
    "bicycle_jokers": N_("Bicycle's Spades with Jokers, http://www.bicyclecards.com/how-to-play/spades-with-jokers/"),
    "red_deuces": "https://holdingthecards.com/what-cards-do-you-take-out-in-spades-2-3-and-4-players-jokers-removals/",
    "jjdd": N_("https://www.jokerswildspades.com/faq and https://afronautics.com/2017/12/13/joker-joker-deuce-deuce/"),
    "three": N_("https://www.skullwink.com/cutthroat-rules and http://onlinespades.net/rules-cutthroat.htm"),
    "five": N_("https://www.spinandplayslots.com/how-to-play-spades-with-5-players/, the one page found that names "
               "the two cards"),
    "six": N_("the rules of an online room, http://spotglobe.blogg.se/2023/october/play-online-spades.html, the one "
              "source found"),
    "six_pairs": N_("https://spades.co/spades-with-six-people and "
                    "https://ourpastimes.com/play-spades-6-people-4494251.html"),
    "six_threes": "https://rarepike.com/spades/variants",
    "nil_pass": N_("Britannica, http://www.britannica.com/EBchecked/topic/1233155/spades, and Playsite's rules, "
                   "https://www.field-of-themes.com/spades/sprules.htm"),
    "two_nils": "http://tipwriter.expertscolumn.com/article/spades-card-game-rules",
    "face_up": N_("a two-player page copied at https://hiuhndy.blogspot.com/2021/11/spades-for-2-players.html"),
    "face_down": N_("https://holdingthecards.com/what-cards-do-you-take-out-in-spades-2-3-and-4-players-jokers-"
                    "removals/ and https://ourpastimes.com/play-spades-two-people-4488268.html"),
    "no_bags": N_("the Clarksville Juneteenth tournament, https://www.clarksvillejuneteenth.com/spades-tournament"),
}
# Each variant as a heading.
TITLES: dict[str, str] = {
    "standard": N_("Standard Spades"), "whiz": N_("Whiz Spades"), "mirror": N_("Mirror Spades"),
    "suicide": N_("Suicide Spades"), "solo": N_("Solo Spades"), "two_player": N_("Two-player Spades"),
    "three_player": N_("Three-player Spades"), "five_player": N_("Five-player Spades"),
    "six_player": N_("Six-player Spades"), "six_partners": N_("Six-partners Spades"),
}


def _source(key: str) -> str:
    text = SOURCES[key]
    return _(text) if " " in text else text  # an address alone is not marked: it is the same in every language


def cite(*keys: str) -> str:
    """``(source: ...)``: the places a rule is written down, as a sentence ends with them."""
    # Translators: {sources} are addresses of web pages, with a few words on each.
    return _("(source: {sources})", sources="; ".join(_source(key) for key in keys))


def variant_title(rules: Rules) -> str:
    """``Two-player Spades``: the variant as a heading."""
    title = TITLES.get(rules.variant)
    return _(title) if title else f"{rules.variant.replace('_', '-').capitalize()} Spades"


def _seats(rules: Rules, seats: tuple[int, ...]) -> str:
    return listed([seat_words(seat, rules.players) for seat in seats])


def _capital(text: str) -> str:
    return text[:1].upper() + text[1:]


def shape_rule(rules: Rules) -> str:
    """Who plays, for whom, and how many cards each holds, with where that form is played."""
    players, each = rules.players, rules.hand_size
    if players == 2:
        return two_player_rule(rules)
    if players == 4:
        if rules.partnerships:
            return _("Partnership Spades: North and South play against East and West; partners sit opposite and "
                     "score together.")
        return _("Cutthroat: four players, no partnerships; each scores their own bid, Nil and bags.")
    if rules.partnerships and len(rules.side_seats[0]) == 3:
        first, second = (_seats(rules, seats) for seats in rules.side_seats)
        return _("Six players in two teams of three, in every other seat: {first} against {second}; each team "
                 "scores together; {each} cards each {source}.", first=first, second=second, each=each,
                 source=cite("six_threes"))
    if rules.partnerships:
        pairs = ", ".join(_seats(rules, seats) for seats in rules.side_seats)
        return _("Six players in three partnerships of two, partners opposite as at four ({pairs}), so that the "
                 "three sides play in turn; {each} cards each from one pack {source}. No source found says where "
                 "partners sit. The sources deal two packs less both twos of clubs, 17 cards each; that form is not "
                 "offered, since a card would be in the pack twice.", pairs=pairs, each=each, source=cite("six_pairs"))
    alone = {3: _("Three players, each for themselves: {each} cards each", each=each),
             5: _("Five players, each for themselves: {each} cards each", each=each),
             6: _("Six players, each for themselves: {each} cards each", each=each)}[players]
    out = _out_words(rules)
    # Translators: {players} is the sentence "Three players, each for themselves: 17 cards each".
    if rules.jokers == "big_little":
        if out:
            return _("{players}, the two jokers added, {out} out {source}.", players=alone, out=out,
                     source=cite("bicycle_jokers"))
        return _("{players}, the two jokers added, nothing taken out {source}.", players=alone,
                 source=cite("bicycle_jokers"))
    source = {3: "three", 5: "five", 6: "six"}[players]
    return _("{players}, {out} out {source}.", players=alone, out=out, source=cite(source))


def two_player_rule(rules: Rules) -> str:
    """The draw, and what each player can know of the other's hand after it."""
    if rules.face_down_discards:
        text = _("Two players and no deal: in turn each draws the top card and keeps it (the next card goes face "
                 "down to the discards) or discards it face down and keeps the next, until each holds 13; the deal "
                 "alternates.")
        return text + " " + _("Each player sees only their own 13 discards, so the other's hand stays hidden "
                              "{source}.", source=cite("face_down"))
    text = _("Two players and no deal: in turn each draws the top card and keeps it (the next card goes face up to "
             "the discards) or discards it face up and keeps the next, until each holds 13; the deal alternates.")
    return text + " " + _("With the discards face up, each player can work out the other's hand once the draw is "
                          "over: the 52 cards less their own 13 and the 26 discards {source}; the option "
                          "face_down_discards=true keeps the discards hidden, as most sources play {hidden}.",
                          source=cite("face_up"), hidden=cite("face_down"))


def _out_words(rules: Rules) -> str:
    """``the two of clubs``, ``the four deuces``: the cards of the 52 that are not dealt."""
    out = [card for card in range(52) if not rules.pack >> card & 1]
    if not out:
        return ""
    if len(out) == 4 and all(card % 13 == 0 for card in out):
        return _("the four deuces")
    if len(out) > 1 and all(card % 13 == 0 for card in out):
        return _("the twos of {suits}", suits=listed([suit_words(Card(card).suit) for card in out]))
    return listed([the_card(card) for card in out])


def pack_rule(rules: Rules) -> str:
    """The cards dealt: how many, and which of the 54 are in or out."""
    total = rules.pack.bit_count()
    jokers = rules.pack >> 52 != 0
    out = _out_words(rules)
    if jokers:
        made = (_("{total} cards: the 52 and the Big and Little Joker, less {out}", total=total, out=out) if out
                else _("{total} cards: the 52 and the Big and Little Joker", total=total))
    else:
        made = _("{total} cards: the 52 less {out}", total=total, out=out) if out else _("{total} cards", total=total)
    if rules.jokers == "jjdd":
        source = "jjdd"
    elif jokers:
        source = "red_deuces" if rules.deuces_out == "hearts_diamonds" else "bicycle_jokers"
    else:
        return made + "."
    # Translators: {pack} is the cards dealt, "54 cards: the 52 and the Big and Little Joker".
    return _("{pack} {source}.", pack=made, source=cite(source))


def trump_rule(rules: Rules) -> str:
    """The trumps in order, highest first, where they are not simply the spades ace high."""
    high = list(reversed(rules.trumps))
    ace = high.index(51)
    if ace == 0 and all(39 <= card < 52 for card in high):
        return _("Ace high; spades are always trump.")
    above = [the_card(card) for card in high[:ace]]
    others = [card for card in high if not 39 <= card < 52]
    lines = [_("Spades are always trump, highest first: {above}, then the ace of spades down to {lowest}.",
               above=listed(above), lowest=the_rank(high[-1]))]
    if any(card >= 52 for card in others):
        lines.append(_("The jokers are spades in play: they follow a spade lead and trump any other suit."))
    strangers = [card for card in others if card < 52]
    if strangers:
        lines.append(_("{cards} is a spade in play too: it follows a spade lead, not its own suit, and a player "
                       "holding it must play it or another spade when spades are led.",
                       cards=_capital(listed([the_card(card) for card in strangers]))))
    lines.append(_("The other suits are ace high."))
    return " ".join(lines)


def play_lines(rules: Rules) -> list[str]:
    """How a trick is played with this pack: the same four lines in every game, the pack and trumps as they are."""
    jokers = bool(rules.pack >> 52)
    lines = [f"{pack_rule(rules)} {trump_rule(rules)}",
             _("Follow suit if you can; otherwise play any card, a spade (a joker too) included.") if jokers
             else _("Follow suit if you can; otherwise play any card, a spade included."),
             _("The highest trump takes the trick, else the highest card of the suit led; the winner leads next.")
             if jokers else
             _("The highest spade takes the trick, else the highest card of the suit led; the winner leads next."),
             _("Spades may not be led until one has been played on another suit, unless the leader holds only "
               "spades.")]
    if rules.first_lead == "two_of_clubs":
        lines.append(_("The holder of the two of clubs leads it to the first trick."))
    elif rules.deals:
        lines.append(_("The player left of the dealer leads first, any card but a spade."))
    return lines


def _counted_as_spades(rules: Rules) -> str:
    """`` The Big Joker, ... count as spades.``: the trumps of other printed suits, which a bid by spades counts."""
    others = [the_card(card) for card in reversed(rules.trumps) if not 39 <= card < 52]
    if not others:
        return ""
    return " " + _("{cards} count as spades.", cards=_capital(listed(others)))


def bidding_rule(rules: Rules) -> str:
    """Who bids what: the variant's forced bids, or the range of free ones and what limits them."""
    if rules.bidding is Bidding.NIL_OR_SPADES:
        return (_("Each player bids Nil or exactly the number of spades they hold; with no spade, Nil is the only "
                  "bid.") + _counted_as_spades(rules))
    if rules.bidding is Bidding.SPADES:
        return (_("Each player bids exactly the number of spades they hold; with none, the bid is Nil.")
                + _counted_as_spades(rules))
    if rules.bidding is Bidding.ONE_NIL:
        return _("In each partnership one partner bids Nil and the other 4 or more: the first of the two to bid "
                 "chooses Nil or 4 or more, and if both bid 4 or more, the second bid stands and the first becomes "
                 "Nil.")
    most = rules.hand_size
    choices = _("Nil or 1 to {most}", most=most) if rules.nil else _("1 to {most} (Nil is off)", most=most)
    # Translators: {choices} is the bids allowed, "Nil or 1 to 13".
    if not rules.deals:
        return _("The non-dealer bids first, then the dealer, {choices}; the non-dealer leads.", choices=choices)
    if not rules.partnerships:
        return _("Each player bids once, {choices}; each plays for their own bid.", choices=choices)
    least = rules.min_team_bid
    if len(rules.side_seats[0]) == 2:
        if least:
            return _("Each player bids once, {choices}; a partnership's contract is the sum of its two bids, at "
                     "least {least} between them.", choices=choices, least=least)
        return _("Each player bids once, {choices}; a partnership's contract is the sum of its two bids.",
                 choices=choices)
    if least:
        return _("Each player bids once, {choices}; a team's contract is the sum of its three bids, at least "
                 "{least} between them.", choices=choices, least=least)
    return _("Each player bids once, {choices}; a team's contract is the sum of its three bids.", choices=choices)


def blind_nil_rule(rules: Rules) -> str:
    if rules.blind_nil:
        fields = {"deficit": rules.blind_nil_deficit, "value": rules.blind_nil_value}
        if rules.partnerships:
            if rules.sides == 2:
                return _("Blind Nil is on: a player may bid it before looking at their cards, only while their side "
                         "is {deficit} or more points behind the other side; it wins or loses {value}.", **fields)
            return _("Blind Nil is on: a player may bid it before looking at their cards, only while their side is "
                     "{deficit} or more points behind the leader; it wins or loses {value}.", **fields)
        if rules.sides == 2:
            return _("Blind Nil is on: a player may bid it before looking at their cards, only while they are "
                     "{deficit} or more points behind the other side; it wins or loses {value}.", **fields)
        return _("Blind Nil is on: a player may bid it before looking at their cards, only while they are "
                 "{deficit} or more points behind the leader; it wins or loses {value}.", **fields)
    if "blind_nil" in rules.options_taken():
        return _("Blind Nil is off.")
    return _("Blind Nil is never played in {title}.", title=variant_title(rules))


def _nil_tricks(rules: Rules) -> str:
    """What a failed Nil's tricks are: a clause of its own."""
    pair = len(rules.side_seats[0]) == 2
    if rules.nil_tricks_count_for_partner:
        return (_("its tricks count toward the partner's contract") if pair
                else _("its tricks count toward the partners' contract"))
    if rules.partnerships:
        if rules.no_bags:
            return (_("its tricks score nothing and do not count toward the partner's contract") if pair
                    else _("its tricks score nothing and do not count toward the partners' contract"))
        return (_("its tricks are bags and do not count toward the partner's contract") if pair
                else _("its tricks are bags and do not count toward the partners' contract"))
    return _("its tricks score nothing") if rules.no_bags else _("its tricks are bags")


def nil_rule(rules: Rules) -> str:
    if not rules.nil:
        return _("Nil may not be bid.")
    # Translators: {tricks} is a clause of its own, "its tricks are bags".
    if rules.nil_fail_penalty:
        return _("Nil: the bidder must take no trick. Made, it wins {value}; failed, it loses {value}, and "
                 "{tricks}.", value=rules.nil_value, tricks=_nil_tricks(rules))
    return _("Nil: the bidder must take no trick. Made, it wins {value}; failed, it loses nothing, and {tricks}.",
             value=rules.nil_value, tricks=_nil_tricks(rules))


def nil_pass_rule(rules: Rules) -> str | None:
    """The exchange after a Nil, in the order the game plays it."""
    count = rules.nil_pass
    if not count:
        return None
    return n_("Nil passing: after the bids, in each partnership with one Nil or Blind Nil the Nil bidder passes {n} "
              "card face down to the partner first, choosing them one at a time; the partner receives them all at "
              "once when the last is chosen, then, knowing them, passes {n} card back, which arrive the same way; "
              "then the play begins. The sources pass two, some only after a Blind Nil {source}. A partnership that "
              "bid two Nils passes nothing, as Hoyle-style rules have it {nils}.",
              "Nil passing: after the bids, in each partnership with one Nil or Blind Nil the Nil bidder passes {n} "
              "cards face down to the partner first, choosing them one at a time; the partner receives them all at "
              "once when the last is chosen, then, knowing them, passes {n} cards back, which arrive the same way; "
              "then the play begins. The sources pass two, some only after a Blind Nil {source}. A partnership that "
              "bid two Nils passes nothing, as Hoyle-style rules have it {nils}.", count, source=cite("nil_pass"),
              nils=cite("two_nils"))


def contract_rule(rules: Rules) -> str:
    if rules.partnerships:
        text = (_("A side that makes its contract scores 10 a trick bid and nothing for a trick over; falling short "
                  "loses 10 a trick bid.") if rules.no_bags
                else _("A side that makes its contract scores 10 a trick bid and 1 for each trick over (a bag); "
                       "falling short loses 10 a trick bid."))
    else:
        text = (_("A player who makes their bid scores 10 a trick bid and nothing for a trick over; falling short "
                  "loses 10 a trick bid.") if rules.no_bags
                else _("A player who makes their bid scores 10 a trick bid and 1 for each trick over (a bag); "
                       "falling short loses 10 a trick bid."))
    lines = [text]
    if rules.ten_for_two_hundred:
        lines.append(_("A contract of 10 or more scores 20 a trick bid, made or set."))
    if rules.moon:
        most = rules.hand_size
        lines.append(_("A bid of {most} shoots the moon: 250 if all {most} tricks are taken, otherwise they score "
                       "nothing.", most=most) if rules.no_bags
                     else _("A bid of {most} shoots the moon: 250 if all {most} tricks are taken, otherwise the "
                            "tricks are bags.", most=most))
    return " ".join(lines)


def bags_rule(rules: Rules) -> str:
    if rules.no_bags:
        return _("No bags: tricks over a contract score nothing and never cost, so no bag penalty is kept {source}.",
                 source=cite("no_bags"))
    return _("Every {limit} bags cost {penalty} points; the rest carry over.", limit=rules.bag_limit,
             penalty=rules.bag_penalty)


def end_rule(rules: Rules) -> str:
    if rules.hands:
        return n_("The game is {n} hand; the higher score wins, and equal scores are a draw.",
                  "The game is {n} hands; the higher score wins, and equal scores are a draw.", rules.hands)
    if rules.partnerships:
        return _("The first side to {target} wins; if more than one reach it in the same hand, the higher score "
                 "wins, and equal scores play another hand.", target=rules.target)
    return _("The first player to {target} wins; if more than one reach it in the same hand, the higher score wins, "
             "and equal scores play another hand.", target=rules.target)


def lose_at_rule(rules: Rules) -> str | None:
    """The decision on ``lose_at``, as ``game.game_end`` applies it."""
    if rules.lose_at is None:
        return None
    score = rules.lose_at
    if rules.sides == 2:
        text = (_("A side at or below {score} after a hand loses at once; if both are at or below it, the higher "
                  "score wins, and an exact tie plays another hand", score=score) if rules.partnerships
                else _("A player at or below {score} after a hand loses at once; if both are at or below it, the "
                       "higher score wins, and an exact tie plays another hand", score=score))
    elif rules.partnerships:
        text = _("A side at or below {score} after a hand has lost, for good, and the best of the others wins; if "
                 "the best are tied, another hand is played, which the fallen side plays but cannot win; if every "
                 "side has fallen, the higher score wins, and an exact tie plays another hand", score=score)
    else:
        text = _("A player at or below {score} after a hand has lost, for good, and the best of the others wins; if "
                 "the best are tied, another hand is played, which the fallen player plays but cannot win; if every "
                 "player has fallen, the higher score wins, and an exact tie plays another hand", score=score)
    if rules.hands:
        # Translators: {rule} is the sentence on losing at a score, without its full stop.
        return _("{rule}; once the last hand is played, a tie is a draw.", rule=text)
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
