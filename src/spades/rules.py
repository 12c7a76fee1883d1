"""The rule set of a game: a variant and its options, frozen, checked once when it is made.

Everything the engine, the bots and the tables need to know about "which Spades" lives here, so that a game is
fully described by its ``Rules``, its seed and its actions. A combination that makes no sense is refused here,
with a message naming the option, rather than discovered mid-game.
"""

from __future__ import annotations

import dataclasses
import functools
from dataclasses import dataclass, field
from typing import Any, Literal

from .bids import Bidding
from .cards import BIG_JOKER, FULL_DECK, LITTLE_JOKER, SUIT_MASKS
from .errors import RulesError, nearest

__all__ = ["OPTION_CHOICES", "OPTION_HELP", "VARIANTS", "Rules", "RulesError"]

Variant = Literal["standard", "whiz", "mirror", "suicide", "solo", "two_player", "three_player", "five_player",
                  "six_player", "six_partners"]
VARIANTS: tuple[str, ...] = ("standard", "whiz", "mirror", "suicide", "solo", "two_player", "three_player",
                             "five_player", "six_player", "six_partners")
FirstLead = Literal["left_of_dealer", "two_of_clubs"]
Jokers = Literal["none", "big_little", "jjdd"]
JOKER_FORMS: tuple[str, ...] = ("none", "big_little", "jjdd")
DeucesOut = Literal["clubs_diamonds", "hearts_diamonds"]
DEUCES_OUT: tuple[str, ...] = ("clubs_diamonds", "hearts_diamonds")
Teams = Literal["pairs", "threes"]
TEAMS: tuple[str, ...] = ("pairs", "threes")
FIRST_LEADS: tuple[str, ...] = ("left_of_dealer", "two_of_clubs")
# The options whose value is one of a few names, and those names (what ``-o jokers=...`` may say).
OPTION_CHOICES: dict[str, tuple[str, ...]] = {"first_lead": FIRST_LEADS, "jokers": JOKER_FORMS,
                                              "deuces_out": DEUCES_OUT, "teams": TEAMS}
# Each variant's bidding rule, stated in bids.py; the variants not named bid freely.
VARIANT_BIDDING: dict[str, Bidding] = {
    "standard": Bidding.FREE, "whiz": Bidding.NIL_OR_SPADES, "mirror": Bidding.SPADES, "suicide": Bidding.ONE_NIL,
    "solo": Bidding.FREE, "two_player": Bidding.FREE,
}
# The players at the table of each variant; every other variant seats four.
VARIANT_PLAYERS: dict[str, int] = {"two_player": 2, "three_player": 3, "five_player": 5, "six_player": 6,
                                   "six_partners": 6}
# The variants played in partnerships (the others: each player for themselves).
PARTNERSHIP_VARIANTS = frozenset({"standard", "whiz", "mirror", "suicide", "six_partners"})

# The cards each deuce is, to say which come out of a pack.
_TWO = {"clubs": 0, "diamonds": 13, "hearts": 26, "spades": 39}


def _deuces(*suits: str) -> int:
    mask = 0
    for suit in suits:
        mask |= 1 << _TWO[suit]
    return mask


OPTION_HELP: dict[str, str] = {
    "target": "points that end the game (the higher score wins once a side reaches it)",
    "lose_at": "a side at or below this score loses at once (off when unset)",
    "hands": "play exactly this many hands instead of to the target (0: off)",
    "nil": "whether Nil may be bid",
    "nil_value": "points for a Nil made, and lost for a Nil failed",
    "blind_nil": "whether Blind Nil may be bid (before seeing one's cards)",
    "blind_nil_deficit": "how far a side must be behind to bid Blind Nil",
    "blind_nil_value": "points for a Blind Nil made, and lost for one failed",
    "nil_tricks_count_for_partner": "a failed Nil's tricks count toward the partner's contract",
    "bag_limit": "bags that cost the penalty",
    "bag_penalty": "points lost each time the bags reach the limit",
    "first_lead": "left_of_dealer (any card but a spade) or two_of_clubs (its holder leads it)",
    "min_team_bid": "the lowest contract a partnership may bid (0 or 4, usually)",
    "ten_for_two_hundred": "a contract of 10 or more scores 20 a trick, made or set",
    "jokers": "none; big_little (the Big and the Little Joker above the ace of spades); or jjdd (the Big Joker, "
              "the Little Joker, the two of diamonds and the two of spades, the four highest spades)",
    "deuces_out": "with big_little jokers at four: the two deuces that leave the pack, clubs_diamonds or "
                  "hearts_diamonds",
    "teams": "six in partnerships: pairs (three partnerships of two, partners opposite) or threes (two teams of "
             "three, every other seat)",
    "nil_pass": "cards a Nil bidder and partner pass each other face down after the bids (0: no passing)",
    "face_down_discards": "two-player: the drawn cards not kept go face down, so neither player sees the other's",
    "no_bags": "overtricks score nothing and never cost",
}


# A preset's own defaults, where the variant needs one to be the game its players know. Suicide's forced Nils swing
# a side by 100 either way each hand, and between good players a game to 500 often drifts for a hundred hands or
# more (docs/benchmarks.md has the figures), so Suicide is played with seed 001's losing line, -200; the option
# lose_at=none gives the open-ended game back. A match of a fixed number of hands (``hands``) keeps every hand.
VARIANT_DEFAULTS: dict[str, dict[str, Any]] = {"suicide": {"lose_at": -200}}


# For each option, a setting other than the default, to ask a variant whether it takes the option at all
# (``Rules.options_taken``): the checks in ``Rules._check`` stay the only statement of what each variant refuses.
# An option that only matters beside another one is tried together with it.
_PROBES: dict[str, dict[str, Any]] = {
    "target": {"target": 250},
    "lose_at": {"lose_at": -200},
    "hands": {"hands": 1},
    "nil": {"nil": False},
    "nil_value": {"nil_value": 50},
    "blind_nil": {"blind_nil": True},
    "blind_nil_deficit": {"blind_nil": True, "blind_nil_deficit": 50},
    "blind_nil_value": {"blind_nil": True, "blind_nil_value": 100},
    "nil_tricks_count_for_partner": {"nil_tricks_count_for_partner": True},
    "bag_limit": {"bag_limit": 5},
    "bag_penalty": {"bag_penalty": 50},
    "first_lead": {"first_lead": "two_of_clubs"},
    "min_team_bid": {"min_team_bid": 4},
    "ten_for_two_hundred": {"ten_for_two_hundred": True},
    "jokers": {"jokers": "big_little"},
    "deuces_out": {"jokers": "big_little", "deuces_out": "hearts_diamonds"},
    "teams": {"teams": "threes"},
    "nil_pass": {"nil_pass": 2},
    "face_down_discards": {"face_down_discards": True},
    "no_bags": {"no_bags": True},
}


def unknown_name(kind: str, name: str, names: Any) -> str:
    """Why a variant's or an option's name is refused: with the nearest known name when one is near (a misspelt
    ``targt`` is most likely ``target``), then every name, so the player need not look them up."""
    near = nearest(name, names)
    plural = "variants" if kind == "variant" else "options"
    if near:
        return f"unknown {kind} {name!r}; did you mean {near!r}? The {plural} are {', '.join(names)}"
    return f"unknown {kind} {name!r}; the {plural} are {', '.join(names)}"


@dataclass(frozen=True, slots=True)
class Rules:
    """A variant and every option of RULES.md. Build one with ``Rules.preset(name, **options)``."""

    variant: Variant = "standard"
    target: int = 500
    lose_at: int | None = None
    hands: int = 0
    nil: bool = True
    nil_value: int = 100
    blind_nil: bool = False
    blind_nil_deficit: int = 100
    blind_nil_value: int = 200
    nil_tricks_count_for_partner: bool = False
    bag_limit: int = 10
    bag_penalty: int = 100
    first_lead: FirstLead = "left_of_dealer"
    min_team_bid: int = 0
    ten_for_two_hundred: bool = False
    jokers: Jokers = "none"
    deuces_out: DeucesOut = "clubs_diamonds"
    teams: Teams = "pairs"
    nil_pass: int = 0
    face_down_discards: bool = False
    no_bags: bool = False
    # The shape of the variant, derived from it in __post_init__ and kept as plain fields because the engine
    # reads them on every hand: players (4, or 2), partnerships, sides (scoring units: two partnerships, four solo
    # players, or two players), deals (every variant but two-player, where the cards are drawn), and the
    # two-player scoring rules: no penalty for a failed Nil, and a bid of 13 shoots the moon; and the bidding rule.
    players: int = field(default=4, init=False, compare=False, repr=False)
    partnerships: bool = field(default=True, init=False, compare=False, repr=False)
    sides: int = field(default=2, init=False, compare=False, repr=False)
    deals: bool = field(default=True, init=False, compare=False, repr=False)
    nil_fail_penalty: bool = field(default=True, init=False, compare=False, repr=False)
    moon: bool = field(default=False, init=False, compare=False, repr=False)
    seat_sides: tuple[int, ...] = field(default=(0, 1, 0, 1), init=False, compare=False, repr=False)
    side_seats: tuple[tuple[int, ...], ...] = field(default=((0, 2), (1, 3)), init=False, compare=False,
                                                    repr=False)
    # The bidding rule (bids.py states it) and what callers ask of it instead of the variant's name: a number bid
    # is exactly the spades held (whiz, mirror); the cards or the partner decide the bids, so no Blind Nil, no
    # minimum team bid and no turning Nil off (whiz, mirror, suicide); each side has one Nil and the other partner
    # bids 4 or more (suicide).
    bidding: Bidding = field(default=Bidding.FREE, init=False, compare=False, repr=False)
    bids_by_spades: bool = field(default=False, init=False, compare=False, repr=False)
    forced_bids: bool = field(default=False, init=False, compare=False, repr=False)
    one_nil_per_side: bool = field(default=False, init=False, compare=False, repr=False)
    # The pack and the trumps: the cards dealt (``pack``, a mask), how many each seat holds (the tricks of a hand),
    # each card's suit in play (``card_suits``: a joker, and the JJDD two of diamonds, are spades), the cards of
    # each suit in play (``suit_masks``), and for each suit led the key that orders the cards on a trick
    # (``trick_keys``: a spade's is 100 and more, by its rank among the trumps). ``plain_pack``: the 52 cards
    # with their printed suits, where the engine's fastest paths hold.
    pack: int = field(default=FULL_DECK, init=False, compare=False, repr=False)
    hand_size: int = field(default=13, init=False, compare=False, repr=False)
    card_suits: tuple[int, ...] = field(default=(), init=False, compare=False, repr=False)
    suit_masks: tuple[int, ...] = field(default=SUIT_MASKS, init=False, compare=False, repr=False)
    trick_keys: tuple[tuple[int, ...], ...] = field(default=(), init=False, compare=False, repr=False)
    trumps: tuple[int, ...] = field(default=(), init=False, compare=False, repr=False)
    plain_pack: bool = field(default=True, init=False, compare=False, repr=False)

    def __post_init__(self) -> None:
        two = self.variant == "two_player"
        partnerships = self.variant in PARTNERSHIP_VARIANTS
        players = VARIANT_PLAYERS.get(self.variant, 4)
        if not partnerships:
            side_seats: tuple[tuple[int, ...], ...] = tuple((seat,) for seat in range(players))
        elif players == 6 and self.teams == "threes":
            side_seats = ((0, 2, 4), (1, 3, 5))
        else:  # partners sit opposite: across a table of four or of six
            half = players // 2
            side_seats = tuple((seat, seat + half) for seat in range(half))
        seat_sides = tuple(next(side for side, seats in enumerate(side_seats) if seat in seats)
                           for seat in range(players))
        derived: dict[str, Any] = {
            "players": players,
            "partnerships": partnerships,
            "sides": len(side_seats),
            "deals": not two,
            "nil_fail_penalty": not two,
            "moon": two,
            "seat_sides": seat_sides,
            "side_seats": side_seats,
        }
        for name, names in (("jokers", JOKER_FORMS), ("deuces_out", DEUCES_OUT)):
            if getattr(self, name) not in names:  # checked here as the pack is built from them
                raise RulesError(f"option {name}: {getattr(self, name)!r} is not one of {', '.join(names)}")
        derived.update(_pack(self.variant, players, self.jokers, self.deuces_out))
        bidding = derived["bidding"] = VARIANT_BIDDING.get(self.variant, Bidding.FREE)
        derived["bids_by_spades"] = bidding in (Bidding.NIL_OR_SPADES, Bidding.SPADES)
        derived["forced_bids"] = bidding is not Bidding.FREE
        derived["one_nil_per_side"] = bidding is Bidding.ONE_NIL
        for name, value in derived.items():
            object.__setattr__(self, name, value)
        self._check()

    @classmethod
    def preset(cls, variant: str = "standard", **options: Any) -> Rules:
        if variant not in VARIANTS:
            raise RulesError(unknown_name("variant", variant, VARIANTS))
        unknown = sorted(set(options) - set(OPTION_HELP))
        if unknown:
            raise RulesError(unknown_name("option", unknown[0], OPTION_HELP))
        defaults = {} if options.get("hands") else VARIANT_DEFAULTS.get(variant, {})
        return cls(variant=variant, **{**defaults, **options})  # type: ignore[arg-type]

    def with_options(self, **options: Any) -> Rules:
        unknown = sorted(set(options) - set(OPTION_HELP))
        if unknown:
            raise RulesError(unknown_name("option", unknown[0], OPTION_HELP))
        return dataclasses.replace(self, **options)

    def __repr__(self) -> str:
        """``Rules.preset('standard', target=300)``: pastes back into Python as equal rules (the options that
        differ from the variant's defaults, in the order of OPTION_HELP)."""
        options = "".join(f", {name}={value!r}" for name, value in self.options().items())
        return f"Rules.preset({self.variant!r}{options})"

    # -- shape of the variant -------------------------------------------------------------------------------
    def side_of(self, seat: int) -> int:
        return self.seat_sides[seat]

    def seats_of(self, side: int) -> tuple[int, ...]:
        return self.side_seats[side]

    def partner_of(self, seat: int) -> int | None:
        """The one partner of ``seat``, or None without partnerships (or in a team of three, where there are two)."""
        seats = self.side_seats[self.seat_sides[seat]]
        return seats[1 - seats.index(seat)] if len(seats) == 2 else None

    def suit_of(self, card: int) -> int:
        """The suit ``card`` plays in: its printed suit, but a joker (and the JJDD two of diamonds) is a spade."""
        return self.card_suits[card]

    def power(self, card: int) -> int:
        """Orders the cards of one suit in play from low to high: a trump's rank among the trumps (100 and up),
        else the card's number. In every pack but JJDD this is the card's order; there the two of spades and the
        two of diamonds rank above the ace."""
        return self.trick_keys[self.card_suits[card]][card]

    @property
    def trump_mask(self) -> int:
        return self.suit_masks[3]

    # -- options as data ------------------------------------------------------------------------------------
    def options(self) -> dict[str, Any]:
        """The options that differ from the variant's preset, for messages and ``repr``."""
        default = _preset(self.variant)
        return {name: getattr(self, name) for name in OPTION_HELP if getattr(self, name) != getattr(default, name)}

    def options_taken(self) -> tuple[str, ...]:
        """The options this variant lets one change (whiz refuses Blind Nil, two-player most options), found by
        trying each one, so that a list of them can never promise what the checks refuse."""
        taken = []
        for name in OPTION_HELP:
            try:
                Rules(variant=self.variant, **_PROBES[name])
            except RulesError:
                continue
            taken.append(name)
        return tuple(taken)

    def to_dict(self) -> dict[str, Any]:
        return {"variant": self.variant, **{name: getattr(self, name) for name in OPTION_HELP}}

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> Rules:
        if not isinstance(data, dict):
            raise RulesError("rules must be an object of options")
        data = dict(data)
        variant = data.pop("variant", "standard")
        return cls.preset(variant, **data)

    def describe(self) -> str:
        """One line: variant, target, bags, Nil and Blind Nil, as the ``z`` key says it."""
        parts = [self.variant.replace("_", "-")]
        if self.hands:
            parts.append("1 hand" if self.hands == 1 else f"{self.hands} hands")
        else:
            parts.append(f"to {self.target}")
        if self.lose_at is not None:
            parts.append(f"lose at {self.lose_at}")
        if not self.no_bags:  # said as "no bags" below
            parts.append(f"{self.bag_limit} bags cost {self.bag_penalty}")
        if not self.nil:
            parts.append("no Nil")
        elif self.nil_fail_penalty:
            parts.append(f"Nil wins or loses {self.nil_value}")
        else:
            parts.append(f"Nil wins {self.nil_value}, a failed Nil loses nothing")
        if self.blind_nil:
            parts.append(f"Blind Nil {self.blind_nil_value} when {self.blind_nil_deficit} behind")
        if self.nil_tricks_count_for_partner:
            parts.append("Nil tricks count for partner")
        if self.first_lead == "two_of_clubs":
            parts.append("two of clubs leads")
        if self.min_team_bid:
            parts.append(f"team bid at least {self.min_team_bid}")
        if self.ten_for_two_hundred:
            parts.append("10 for 200")
        if self.jokers == "big_little":
            parts.append("Big and Little Joker")
        elif self.jokers == "jjdd":
            parts.append("jokers and deuces high (JJDD)")
        if self.players == 6 and self.partnerships:
            parts.append("two teams of three" if self.teams == "threes" else "three partnerships of two")
        if self.nil_pass:
            parts.append(f"Nil passes {self.nil_pass}")
        if self.face_down_discards:
            parts.append("discards face down")
        if self.no_bags:
            parts.append("no bags")
        return ", ".join(parts)

    # -- validation -----------------------------------------------------------------------------------------
    def _check(self) -> None:
        def need(ok: bool, option: str, why: str) -> None:
            if not ok:
                raise RulesError(f"option {option}: {why}")

        for name in ("target", "hands", "nil_value", "blind_nil_deficit", "blind_nil_value", "bag_limit",
                     "bag_penalty", "min_team_bid", "nil_pass"):
            value = getattr(self, name)
            need(isinstance(value, int) and not isinstance(value, bool), name, f"{value!r} is not a whole number")
        for name in ("nil", "blind_nil", "nil_tricks_count_for_partner", "ten_for_two_hundred", "face_down_discards",
                     "no_bags"):
            value = getattr(self, name)
            need(isinstance(value, bool), name, f"{value!r} is not true or false")
        need(self.variant in VARIANTS, "variant", f"{self.variant!r} is not one of {', '.join(VARIANTS)}")
        need(self.target > 0, "target", "must be above zero")
        need(self.hands >= 0, "hands", "must be zero (off) or a number of hands")
        if self.lose_at is not None:
            need(isinstance(self.lose_at, int) and not isinstance(self.lose_at, bool), "lose_at",
                 f"{self.lose_at!r} is not a whole number")
            need(self.lose_at < 0, "lose_at", "must be below zero")
        need(self.nil_value >= 0, "nil_value", "must not be negative")
        need(self.blind_nil_value >= 0, "blind_nil_value", "must not be negative")
        need(self.blind_nil_deficit >= 0, "blind_nil_deficit", "must not be negative")
        need(self.bag_limit >= 1, "bag_limit", "must be at least 1")
        need(self.bag_penalty >= 0, "bag_penalty", "must not be negative")
        need(self.first_lead in ("left_of_dealer", "two_of_clubs"), "first_lead",
             f"{self.first_lead!r} is not left_of_dealer or two_of_clubs")
        need(0 <= self.min_team_bid <= self.hand_size, "min_team_bid", f"must be between 0 and {self.hand_size}")
        need(self.jokers in JOKER_FORMS, "jokers", f"{self.jokers!r} is not one of {', '.join(JOKER_FORMS)}")
        need(self.deuces_out in DEUCES_OUT, "deuces_out",
             f"{self.deuces_out!r} is not one of {', '.join(DEUCES_OUT)}")
        need(self.teams in TEAMS, "teams", f"{self.teams!r} is not one of {', '.join(TEAMS)}")
        if self.jokers != "none":
            need(self.players in (3, 4, 5), "jokers",
                 f"{self.variant} is played with the 52 cards (jokers go with three, four or five players)")
            need(self.jokers == "big_little" or self.players == 4, "jokers",
                 "the JJDD pack is dealt to four players")
        if self.deuces_out != "clubs_diamonds":
            need(self.jokers == "big_little" and self.players == 4, "deuces_out",
                 "only a four-hand game with big_little jokers takes two deuces out for them")
        if self.teams != "pairs":
            need(self.players == 6 and self.partnerships, "teams", "teams are chosen only at six in partnerships")
        need(0 <= self.nil_pass <= 4, "nil_pass", "must be between 0 and 4 cards")
        if self.nil_pass:
            need(self.nil, "nil_pass", "Nil passing needs Nil (nil=false is set)")
            need(self.partnerships and self.teams == "pairs" and not self.one_nil_per_side, "nil_pass",
                 f"{self.variant} has no partner to pass to" if not self.partnerships
                 else "in teams of three a Nil bidder has no one partner to pass to (teams=threes)"
                 if self.teams != "pairs"
                 else f"every side in {self.variant} has a Nil; passing is not played there")
        if self.face_down_discards:
            need(not self.deals, "face_down_discards", "only two-player Spades discards while drawing")

        forced = self.forced_bids
        if self.blind_nil:
            need(not forced, "blind_nil", f"Blind Nil is never played in {self.variant}")
            need(self.variant != "two_player", "blind_nil",
                 "Blind Nil is not played in two-player Spades: both players see cards while drawing")
            need(self.nil, "blind_nil", "Blind Nil needs Nil (nil=false is set)")
        if not self.nil:
            need(not forced, "nil", f"{self.variant} cannot be played without Nil")
        if self.min_team_bid:
            need(self.partnerships, "min_team_bid", f"{self.variant} has no partnerships")
            need(not forced, "min_team_bid",
                 f"bids in {self.variant} are forced; a minimum team bid cannot be kept")
        if self.ten_for_two_hundred:
            need(self.variant != "two_player", "ten_for_two_hundred",
                 "two-player Spades scores 13 as shooting the moon")
        if self.nil_tricks_count_for_partner:
            need(self.partnerships, "nil_tricks_count_for_partner", f"{self.variant} has no partners")
        if self.first_lead == "two_of_clubs":
            need(self.deals, "first_lead", "in two-player Spades the two of clubs may be among the discards")
            need(bool(self.pack & 1), "first_lead", "the two of clubs is out of this pack")


@functools.cache
def _preset(variant: str) -> Rules:
    """A variant's preset, made once: ``options`` compares with it each time rules are written out (every view
    on the wire)."""
    return Rules.preset(variant)


@functools.cache
def _pack(variant: str, players: int, jokers: str, deuces_out: str) -> dict[str, Any]:
    """The pack of a variant and its options, and how its cards rank: the fields ``pack`` to ``plain_pack`` of
    ``Rules`` (see there). The sources of each pack are cited in ``spades rules`` and explain.py. Built once for
    each pack (its tables are a few hundred entries, and rules are made for every table and every record read);
    the caller copies the fields out and never changes the dict."""
    both = 1 << LITTLE_JOKER | 1 << BIG_JOKER
    card_suits = [min(card // 13, 3) for card in range(54)]
    trumps = [*range(39, 52), LITTLE_JOKER, BIG_JOKER]  # low to high
    if jokers == "jjdd":
        # Big Joker, Little Joker, the two of diamonds, the two of spades; the twos of clubs and hearts leave.
        pack = FULL_DECK & ~_deuces("clubs", "hearts") | both
        card_suits[13] = 3
        trumps = [*range(40, 52), 39, 13, LITTLE_JOKER, BIG_JOKER]
    elif jokers == "big_little":
        pack = FULL_DECK | both
        if players == 4:
            pack &= ~_deuces(*deuces_out.split("_"))
        elif players == 5:
            pack &= ~_deuces("clubs", "diamonds", "hearts", "spades")
    elif players == 3:
        pack = FULL_DECK & ~_deuces("clubs")
    elif players == 5:
        pack = FULL_DECK & ~_deuces("clubs", "diamonds")
    elif players == 6:
        pack = FULL_DECK & ~_deuces("clubs", "diamonds", "hearts", "spades")
    else:
        pack = FULL_DECK
    suit_masks = [0, 0, 0, 0]
    for card in range(54):
        suit_masks[card_suits[card]] |= 1 << card
    power = {card: 100 + rank for rank, card in enumerate(trumps)}
    trick_keys = tuple(
        tuple(power[card] if card_suits[card] == 3 else (card if card_suits[card] == led else -1)
              for card in range(54))
        for led in range(4))
    return {
        "pack": pack,
        "hand_size": pack.bit_count() // players if players != 2 else 13,  # two players keep 13 of the 26 drawn
        "card_suits": tuple(card_suits),
        "suit_masks": tuple(suit_masks),
        "trick_keys": trick_keys,
        "trumps": tuple(card for card in trumps if pack >> card & 1),
        "plain_pack": pack == FULL_DECK and jokers == "none",
    }
