"""Every fact a hint's reason states holds in the seat's view, in thousands of positions of every preset.

The players build each reason with the facts it states (:class:`spades.bots.Fact`); this test checks each fact
against the view with its own reading of the rules (nothing from the players' knowledge code), and checks that
a reason's words that state a fact ("long suit", "is winning", "is Nil", "the best card left", "every card wins",
"a sure winner") come with that fact, so a claim cannot be made without being checked. Every level there is
(``available_levels``) is asked, and a reason must not contradict its own action: a trump is no discard, the card
played is the card named, and the search player says so when it keeps the rule player's choice.
"""

from __future__ import annotations

import random
import re
from collections import Counter
from collections.abc import Iterator

import pytest

from hand_claims import check_hand_claims
from spades import VARIANTS, Card, Game, Rules
from spades.actions import BIDS
from spades.bots import Bot, Fact, Hint, available_levels, bot_seed, make_bot
from spades.cards import CardSet, Suit
from spades.seats import seat_name
from spades.tricks import beats, winning_play
from spades.view import SeatView

SPADES = int(Suit.SPADES)
SEAT_NAMES = r"North|East|South|West|Northwest|Northeast|Southwest|Southeast"


def _hand(view: SeatView) -> list[Card]:
    return list(view.hand) if view.hand is not None else []


def _suit(view: SeatView, card: int) -> int:
    """The suit ``card`` plays in (a joker and the JJDD two of diamonds are spades)."""
    return view.rules.suit_of(card)


def _beats(view: SeatView, card: int, best: int) -> bool:
    return beats(card, best, rules=view.rules)


def _face_up_other_hand(view: SeatView) -> bool:
    """Two-player in the play with the discards face up: the other hand is every card not seen."""
    return not view.rules.deals and not view.rules.face_down_discards and view.phase == "play"


def _unseen(view: SeatView) -> list[Card]:
    """Cards of the pack held by the other seats (or discarded face down), as far as this seat can tell."""
    seen = {int(c) for c in _hand(view)} | {int(c) for c in view.played} | {int(c) for c in view.discards}
    return [Card(i) for i in range(54) if view.rules.pack >> i & 1 and i not in seen]


def _count(view: SeatView, suit: int) -> int:
    return sum(1 for c in _hand(view) if _suit(view, c) == suit)


def _void(view: SeatView, seat: int, suit: int) -> bool:
    """The seat's own hand has none, or the seat showed out in play (or led a spade before spades were broken,
    which it may only do holding nothing else), or in two-player the other hand (all unseen cards) has none."""
    if seat == view.seat:
        return _count(view, suit) == 0
    if _face_up_other_hand(view):
        return not any(_suit(view, c) == suit for c in _unseen(view))
    broken = False
    tricks = [t.plays(view.players) for t in view.tricks] + ([view.trick] if view.trick else [])
    for plays in tricks:
        led = _suit(view, plays[0][1])
        if plays[0][0] == seat and led == SPADES and not broken and suit != SPADES:
            return True
        for who, card in plays:
            if who == seat and _suit(view, card) != led and suit == led:
                return True
            if _suit(view, card) == SPADES:
                broken = True
    return False


def _can_beat(view: SeatView, card: Card) -> bool:
    return any(_beats(view, c, card) for c in _unseen(view))


def _may_beat(view: SeatView, seat: int, card: Card, led: int) -> bool:
    """Whether ``seat``, still to play to a trick led in ``led``, might take it from ``card`` as far as this seat
    can tell: with a higher card of the suit led unless it has shown out of it, or with a spade (it may be out of
    the suit led, unless two-player shows its whole hand) unless it has shown out of spades."""
    unseen = _unseen(view)
    if _face_up_other_hand(view):  # the other hand is every card not seen
        follow = [c for c in unseen if _suit(view, c) == led]
        return any(_beats(view, c, card) for c in follow or unseen)
    for c in unseen:
        if not _beats(view, c, card):
            continue
        if _suit(view, c) == led and not _void(view, seat, led):
            return True
        if _suit(view, c) == SPADES != led and not _void(view, seat, SPADES):
            return True
    return False


def _sure_winner(view: SeatView, card: Card) -> bool:
    """``card``, played now, takes the trick whatever the others hold: it beats the trick so far, and no seat
    still to play (partner or not) may beat it."""
    players = view.players
    if view.trick:
        led = _suit(view, view.trick[0][1])
        if not _beats(view, card, winning_play(view.trick, view.rules)[1]):
            return False
    else:
        led = _suit(view, card)
    played = {seat for seat, _ in view.trick}
    after = [(view.seat + i) % players for i in range(1, players) if (view.seat + i) % players not in played]
    return not any(_may_beat(view, seat, card, led) for seat in after)


def _contract_made(view: SeatView, seat: int) -> bool:
    rules = view.rules
    contract = counted = 0
    for s in rules.seats_of(rules.side_of(seat)):
        bid = view.bids[s]
        assert bid is not None
        if bid.value == 0:
            counted += view.tricks_won[s] if rules.nil_tricks_count_for_partner else 0
            continue
        contract += bid.value
        counted += view.tricks_won[s]
    return counted >= contract


def holds(view: SeatView, fact: Fact) -> bool:
    legal = [a for a in view.legal if isinstance(a, Card)]
    winning = view.winning
    seat, suit, card = fact.seat, fact.suit, fact.card
    match fact.kind:
        case "nil":
            assert seat is not None
            bid = view.bids[seat]
            return bid is not None and bid.value == 0 and view.tricks_won[seat] == 0
        case "winning":
            return winning == (seat, card)
        case "partner_winning":
            return seat == view.partner and winning == (seat, card)
        case "teammate_winning":
            return seat != view.seat and seat in view.rules.seats_of(view.side) and winning == (seat, card)
        case "plays_after":
            return bool(view.trick) and seat != view.seat and seat not in {s for s, _ in view.trick}
        case "last_to_play":
            return len(view.trick) == view.players - 1
        case "void":
            assert seat is not None and suit is not None
            return _void(view, seat, suit)
        case "only_spades":
            return seat == view.seat and all(_suit(view, c) == SPADES for c in _hand(view))
        case "longest_side_suit":
            assert suit is not None
            return seat == view.seat and _count(view, suit) > 0 and all(
                _count(view, suit) >= _count(view, other) for other in range(3))
        case "singleton":
            assert suit is not None
            return seat == view.seat and _count(view, suit) == 1 and card in _hand(view)
        case "best_left":
            assert card is not None
            rules = view.rules
            return not any(_suit(view, c) == _suit(view, card) and rules.power(c) > rules.power(card)
                           for c in _unseen(view))
        case "sure_winner":
            assert card is not None
            return card in legal and _sure_winner(view, card)
        case "every_card_wins":
            last = len(view.trick) == view.players - 1
            return winning is not None and winning[1] == card and all(_beats(view, c, card) for c in legal) and (
                last or not any(_can_beat(view, c) for c in legal))
        case "every_card_beats":
            return winning is not None and winning[1] == card and all(_beats(view, c, card) for c in legal)
        case "cannot_beat":
            return winning is not None and winning[1] == card and not any(_beats(view, c, card) for c in legal)
        case "contract_made":
            assert seat is not None
            return _contract_made(view, seat)
        case "only_legal":
            return legal == [card]
    raise AssertionError(f"unknown fact {fact!r}")


# Words that state a fact, and the fact they need: (pattern, kind, the seat named by group 1 or None).
CLAIMS: list[tuple[str, str]] = [
    (r"\blong(est)? (side )?suit", "longest_side_suit"),
    (r"\bshort suit", "void"),
    (r"singleton", "singleton"),
    (r"\bvoid\b|\bout of (clubs|diamonds|hearts|spades)", "void"),
    (r"only spades", "only_spades"),
    (r"is winning|winning now|Nil and winning", "winning|partner_winning|teammate_winning"),
    (r"partner's [a-z ]+ is winning|partner's [a-z ]+ may be beaten", "partner_winning|winning"),
    (r"teammate [A-Za-z]+'s", "teammate_winning"),
    (rf"\b({SEAT_NAMES}|partner) is Nil\b|partner's Nil|cover partner", "nil"),
    (r"best card left|best spade left|is the best left", "best_left"),
    (r"\bsure winner|\bcannot lose|\bwill (win|hold|take)\b|\bcertain", "sure_winner"),
    (r"\bwinners?\b", "sure_winner|every_card_wins"),
    (r"every card wins", "every_card_wins"),
    (r"every card is above", "every_card_beats"),
    (r"nothing beats", "cannot_beat"),
    (r"contract is (made|safe)", "contract_made"),
    (r"plays? after|plays last", "plays_after"),
    (r"last to play", "last_to_play"),
    (r"only card", "only_legal"),
]


def check_hint(view: SeatView, hint: Hint, level: str) -> None:
    where = f"{level} in {view.rules.variant}, hand {view.hand_number}, trick {view.trick_number}: {hint.reason!r}"
    assert hint.action in view.legal, where
    for fact in hint.facts:
        assert holds(view, fact), f"{where}: {fact} is false"
    kinds = {f.kind for f in hint.facts}
    for pattern, needed in CLAIMS:
        if re.search(pattern, hint.reason):
            assert kinds & set(needed.split("|")), f"{where}: says /{pattern}/ without a {needed} fact"
    names = [seat_name(seat, view.players) for seat in range(view.players)]
    for name in re.findall(rf"\b({SEAT_NAMES}|partner)(?:'s Nil| is Nil)", hint.reason):
        seat = view.partner if name == "partner" else names.index(name)
        assert Fact("nil", seat=seat) in hint.facts, f"{where}: names {name} as Nil without the fact"
    for name in re.findall(rf"\b({SEAT_NAMES}|partner)'s [A-Za-z ]+? is winning", hint.reason):
        seat = view.partner if name == "partner" else names.index(name)
        assert any(f.kind in ("winning", "partner_winning", "teammate_winning") and f.seat == seat
                   for f in hint.facts), where
    check_words(view, hint, where)
    check_hand_claims(view, hint, where)


CARD_NAME = (r"\b(?:(?:two|three|four|five|six|seven|eight|nine|ten|jack|queen|king|ace)"
             r" of (?:clubs|diamonds|hearts|spades)|(?:Big|Little) Joker)\b")


def check_words(view: SeatView, hint: Hint, where: str) -> None:
    """The reason does not contradict the action it gives: a card named is the card played (or what it is weighed
    against), a spade that takes the trick is a trump and no discard, and the search's figures agree with it."""
    action = hint.action
    if isinstance(action, Card):
        named = re.findall(CARD_NAME, hint.reason)
        assert not named or action.name in named, f"{where}: plays the {action.name}"
        if _suit(view, action) == SPADES:
            assert "keep the spades" not in hint.reason, f"{where}: plays a spade"
            if view.trick and _suit(view, view.trick[0][1]) != SPADES and \
                    _beats(view, action, winning_play(view.trick, view.rules)[1]):
                assert not re.search(r"\bdiscard\b", hint.reason), f"{where}: the {action.name} is a trump"
    for gain in re.findall(r"gains ([+-]\d+) points", hint.reason):
        assert int(gain) >= 0, f"{where}: a gain below nothing"
    chosen = re.findall(r"([+-]\d+) points on average", hint.reason)
    for other in re.findall(r"\(next, [a-z ]+: ([+-]\d+)\)", hint.reason):
        assert chosen and int(other) <= int(chosen[0]), f"{where}: the next choice scores more than the one made"


# Levels that search from a rule player's choice, and that rule player's level.
RULE_PLAYERS = {"hard": "normal", "hard-learned": "normal"}


def check_rule_choice(view: SeatView, hint: Hint, rule: Hint, level: str) -> None:
    """A searching level plays its rule player's choice unless the search overrules it, and says which: the rule
    player's reason and what the search found when the choice stands, the rule choice and the gain when not."""
    where = f"{level} in {view.rules.variant}, hand {view.hand_number}, trick {view.trick_number}: {hint.reason!r}"
    if len(view.legal) == 1 or hint.reason == rule.reason:
        return  # no search: the only action, the two-player draw, the look before a Blind Nil
    if hint.action == rule.action:
        assert hint.reason.startswith(rule.reason + "; the search "), f"{where}: the rule choice stood"
        assert re.search(r"; the search (agrees|found nothing (clearly )?better)", hint.reason), where
        assert hint.facts == rule.facts, where
    else:
        assert "over the rule choice" in hint.reason, f"{where}: overrules {rule.action} without saying so"
        assert not hint.reason.startswith(rule.reason), where


POSITIONS_PER_PRESET = 2000
TINY = "2i"  # the deal budget of the levels that search: every path, quickly
# the slower levels are asked in one position in this many
STRIDE = {"hard": 4, "hard-learned": 8, "rollout": 4, "learned": 4}


def _positions(variant: str, count: int, rules: Rules | None = None) -> Iterator[SeatView]:
    """At least ``count`` views of the seat to act, from games of mixed levels with random moves mixed in (for
    positions the bots would not reach); ``rules``, when given, instead of the preset's own."""
    rules = rules or Rules.preset(variant, hands=6)
    seen = 0
    game_index = 0
    while seen < count:
        seed = f"facts:{variant}:{game_index}"
        game = Game(rules, seed)
        players: list[Bot] = [make_bot(("normal", "easy", "random")[(s + game_index) % 3],
                                       seed=bot_seed(seed, "p", s)) for s in range(rules.players)]
        rng = random.Random(seed)
        while not game.over:
            view = game.view(game.turn)
            yield view
            seen += 1
            action = rng.choice(view.legal) if rng.random() < 0.15 else players[game.turn].act(view)
            game.apply(action)
        game_index += 1


def levels_for(rules: Rules) -> tuple[str, ...]:
    """The levels asked at ``rules``: every level there is, at every table, pack and option."""
    return available_levels()


def _ask_every_level(positions: Iterator[SeatView], levels: tuple[str, ...] | None = None,
                     ) -> tuple[Counter[str], set[str], Counter[str]]:
    """Every level's hint checked in each position: how many were asked per level, the fact kinds stated, and
    the actions given per level."""
    levels = available_levels() if levels is None else levels
    advisers = {level: make_bot(level, seed=f"adviser:{level}", think=TINY) for level in levels}
    rules_players = {level: make_bot(rule) for level, rule in RULE_PLAYERS.items() if level in advisers}
    asked: Counter[str] = Counter()
    kinds: set[str] = set()
    actions: Counter[str] = Counter()
    for index, view in enumerate(positions):
        for level, adviser in advisers.items():
            if index % STRIDE.get(level, 1):
                continue
            hint = adviser.hint(view)
            check_hint(view, hint, level)
            if level in rules_players and view.phase != "pass":  # the search does not choose a Nil's pass
                check_rule_choice(view, hint, rules_players[level].hint(view), level)
            kinds.update(f.kind for f in hint.facts)
            asked[level] += 1
            actions[f"{level}:{hint.action}"] += 1
    return asked, kinds, actions


@pytest.mark.parametrize("variant", VARIANTS)
def test_every_level_states_only_facts(variant: str) -> None:
    """Every level, every preset, thousands of positions: each hint legal, each stated fact true in the view, no
    claim without its fact, no reason against its action; the searching level at a tiny deal budget."""
    levels = levels_for(Rules.preset(variant))
    asked, kinds, _ = _ask_every_level(_positions(variant, POSITIONS_PER_PRESET), levels)
    assert set(asked) == set(levels) and min(asked.values()) >= POSITIONS_PER_PRESET // max(STRIDE.values())
    rules = Rules.preset(variant)
    partner = "partner_winning" if rules.partner_of(0) is not None else "winning"
    assert {"winning", "cannot_beat", "only_legal", "best_left", "void", "last_to_play", "sure_winner",
            "only_spades", partner} <= kinds


# The options that change the pack, the pass or the scoring, each with a variant it goes with.
OPTION_SETS = [
    ("standard", {"jokers": "big_little"}),
    ("standard", {"jokers": "jjdd"}),
    ("standard", {"jokers": "big_little", "deuces_out": "hearts_diamonds"}),
    ("standard", {"nil_pass": 2}),
    ("standard", {"nil_pass": 1, "jokers": "jjdd"}),
    ("standard", {"no_bags": True}),
    ("two_player", {"face_down_discards": True}),
    ("six_partners", {"teams": "threes"}),
    ("six_partners", {"nil_pass": 3}),
    ("three_player", {"jokers": "big_little"}),
    ("five_player", {"jokers": "big_little"}),
]


@pytest.mark.parametrize(("variant", "options"), OPTION_SETS, ids=[
    f"{v}-{'-'.join(f'{k}={x}' for k, x in o.items())}" for v, o in OPTION_SETS])
def test_every_level_states_only_facts_with_options(variant: str, options: dict[str, object]) -> None:
    """The same with each option that changes the pack (jokers, JJDD's trumps, the deuces out), the Nil pass
    (whose choices are hints too), the discards face down, the bags or the teams."""
    rules = Rules.preset(variant, hands=6, **options)
    levels = levels_for(rules)
    phases: Counter[str] = Counter()

    def counted(views: Iterator[SeatView]) -> Iterator[SeatView]:
        for view in views:
            phases[view.phase] += 1
            yield view

    asked, kinds, _ = _ask_every_level(counted(_positions(variant, POSITIONS_PER_PRESET // 2, rules)), levels)
    assert set(asked) == set(levels)
    assert {"winning", "cannot_beat", "only_legal", "void"} <= kinds
    assert bool(phases["pass"]) == bool(rules.nil_pass)
    if rules.partnerships and rules.partner_of(0) is None:
        assert "teammate_winning" in kinds


@pytest.mark.parametrize("variant", ["standard", "solo"])
def test_every_level_states_only_facts_with_blind_nil(variant: str) -> None:
    """The same with Blind Nil on and allowed at any deficit: every seat not ahead first chooses Blind Nil or a
    look, and each level's reason for it (the search's figures included) is checked like any other."""
    rules = Rules.preset(variant, hands=6).with_options(blind_nil=True, blind_nil_deficit=0)
    asked, _, actions = _ask_every_level(_positions(variant, POSITIONS_PER_PRESET // 4, rules))
    assert set(asked) == set(available_levels())
    assert actions["hard:look"] > 0 and actions["normal:look"] > 0


def test_the_search_says_when_it_keeps_the_rule_choice() -> None:
    """The check above has teeth: a reason that gives the search's best while the rule choice stood is refused,
    and so is a choice against the rule player's that does not say so."""
    game = Game(Rules.preset("standard"), "kept")
    normal = make_bot("normal")
    while game.phase != "play" or len(game.legal_actions()) < 2:
        game.apply(normal.act(game.view(game.turn)))
    view = game.view(game.turn)
    rule = normal.hint(view)
    assert isinstance(rule.action, Card)
    other = next(c for c in view.legal if c != rule.action)
    assert isinstance(other, Card)
    kept = Hint(rule.action, f"search: the {rule.action.name} is best in 3 of 8 sampled deals, +18 points on "
                             f"average (the {other.name}: +20)")
    with pytest.raises(AssertionError, match="the rule choice stood"):
        check_rule_choice(view, kept, rule, "hard")
    with pytest.raises(AssertionError, match="without saying so"):
        check_rule_choice(view, Hint(other, f"search: the {other.name} is best"), rule, "hard")
    check_rule_choice(view, Hint(rule.action, rule.reason + "; the search agrees: best in 3 of 8 sampled deals",
                                 rule.facts), rule, "hard")


def test_a_short_suit_is_never_called_long() -> None:
    """Solo: the lead that was said to come "from a long suit" came from the shortest (2 cards)."""
    said = 0
    for seed in range(60):
        game = Game(Rules.preset("solo", hands=1), f"long:{seed}")
        bot = make_bot("normal")
        while not game.over:
            view = game.view(game.turn)
            hint = bot.hint(view)
            if "long" in hint.reason:
                said += 1
                card = hint.action
                assert isinstance(card, Card)
                assert all(_count(view, card // 13) >= _count(view, other) for other in range(3)), hint.reason
            game.apply(hint.action)
    assert said > 50


def test_the_checker_refuses_false_facts() -> None:
    """The checks above would prove nothing if a false fact passed: a few false ones, each refused."""
    game = Game(Rules(), "checker")
    for _ in range(4):
        game.apply(game.legal_actions()[-1])  # four bids of 13
    leader = game.turn
    game.apply(game.legal_actions()[0])
    view = game.view(game.turn)
    hand = _hand(view)
    held = hand[0]
    missing = next(s for s in range(4) if _count(view, s) == 0) if any(_count(view, s) == 0 for s in range(4)) else None
    seat, lead = view.trick[0]
    assert seat == leader
    assert holds(view, Fact("winning", seat=leader, card=lead))
    assert not holds(view, Fact("winning", seat=view.seat, card=lead))
    assert not holds(view, Fact("nil", seat=leader))
    assert not holds(view, Fact("void", seat=view.seat, suit=held // 13))
    assert not holds(view, Fact("void", seat=leader, suit=lead // 13))
    if missing is not None:
        assert holds(view, Fact("void", seat=view.seat, suit=missing))
    assert not holds(view, Fact("only_spades", seat=view.seat)) or all(c // 13 == SPADES for c in hand)
    assert not holds(view, Fact("best_left", card=Card(0)))  # the two of clubs, with higher clubs unseen
    assert holds(view, Fact("best_left", card=Card(51))) and not holds(view, Fact("sure_winner", card=Card(12)))
    assert not holds(view, Fact("last_to_play")) and not holds(view, Fact("contract_made", seat=view.seat))
    shortest = min(range(3), key=lambda s: _count(view, s))
    if _count(view, shortest) < max(_count(view, s) for s in range(3)):
        assert not holds(view, Fact("longest_side_suit", seat=view.seat, suit=shortest))
    assert not holds(view, Fact("sure_winner", card=held)) or all(c // 13 == SPADES for c in hand)


def _two_player(south: str, north: str) -> SeatView:
    """A two-player hand after the bidding, South to lead: the other hand is every card South has not seen."""
    game = Game.from_deal(Rules.preset("two_player"), [int(CardSet.parse(south)), int(CardSet.parse(north))],
                          dealer=1)
    while game.phase == "bid":
        game.apply(game.legal_actions()[1])
    return game.view(game.turn)


def test_a_sure_winner_is_certain() -> None:
    """"A sure winner" only of a card no unseen card can beat, and that no seat that may be out of its suit can
    trump: the best heart is sure against a hand that must follow hearts, not against one out of hearts with
    spades, nor in four-player while a spade is unseen and any seat may be out of hearts."""
    clubs = "4C 5C 6C 7C 8C 9C 10C JC QC KC AC"
    spades = "3S 4S 5S 6S 7S 8S 9S 10S JS QS KS"
    ace = Card.parse("AH")
    must_follow = _two_player(f"AH 3H {clubs}", f"2H 2S {spades}")
    assert holds(must_follow, Fact("sure_winner", card=ace))
    hint = make_bot("normal").hint(must_follow)
    assert hint.action == ace and "a sure winner" in hint.reason
    check_hint(must_follow, hint, "normal")
    assert not holds(_two_player(f"AH 3H {clubs}", f"2D 2S {spades}"), Fact("sure_winner", card=ace))
    assert holds(_two_player(f"AH 3H {clubs}", "2D 3D 4D 5D 6D 7D 8D 9D 10D JD QD KD AD"),
                 Fact("sure_winner", card=ace))
    deal = [int(CardSet.parse(f"AH {spades} AS")), 0, 0, 0]
    rest = [c for c in range(52) if not deal[0] >> c & 1]
    for i, card in enumerate(rest):
        deal[1 + i % 3] |= 1 << card
    game = Game.from_deal(Rules(), deal, dealer=3)
    for _ in range(4):
        game.apply(game.legal_actions()[1])
    view = game.view(0)
    assert view.legal and not holds(view, Fact("sure_winner", card=ace))  # the two of spades is unseen
    assert not holds(view, Fact("sure_winner", card=Card.parse("AS")))  # not to be led before spades are broken


def test_a_bid_calls_no_card_a_winner() -> None:
    """Two-player, holding the top cards of every suit: the bid of 13 is a count against the cards not seen, not a
    claim that every card wins (it said "every card is a winner" with no fact to check)."""
    south = int(CardSet.parse("AS KS QS JS 10S 9S AH KH QH AD KD AC KC"))
    north = int(CardSet.parse("2S 3S 4S 5S 6S 7S 2H 3H 4H 2D 3D 2C 3C"))
    game = Game.from_deal(Rules.preset("two_player"), [south, north], dealer=1)
    view = game.view(game.turn)
    hint = make_bot("normal").hint(view)
    assert hint.action == BIDS[13]
    check_hint(view, hint, "normal")
