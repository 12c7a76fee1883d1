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
from .language import N_, _

__all__ = ["OPTION_CHOICES", "OPTION_HELP", "VARIANTS", "Rules", "RulesError", "option_help", "variant_words"]

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


# Each option's help, in English and marked for the catalogue: said through ``option_help``.
OPTION_HELP: dict[str, str] = {
    "target": N_("points that end the game (the higher score wins once a side reaches it)"),
    "lose_at": N_("a side at or below this score loses at once (off when unset)"),
    "hands": N_("play exactly this many hands instead of to the target (0: off)"),
    "nil": N_("whether Nil may be bid"),
    "nil_value": N_("points for a Nil made, and lost for a Nil failed"),
    "blind_nil": N_("whether Blind Nil may be bid (before seeing one's cards)"),
    "blind_nil_deficit": N_("how far a side must be behind to bid Blind Nil"),
    "blind_nil_value": N_("points for a Blind Nil made, and lost for one failed"),
    "nil_tricks_count_for_partner": N_("a failed Nil's tricks count toward the partner's contract"),
    "bag_limit": N_("bags that cost the penalty"),
    "bag_penalty": N_("points lost each time the bags reach the limit"),
    "first_lead": N_("left_of_dealer (any card but a spade) or two_of_clubs (its holder leads it)"),
    "min_team_bid": N_("the lowest contract a partnership may bid (0 or 4, usually)"),
    "ten_for_two_hundred": N_("a contract of 10 or more scores 20 a trick, made or set"),
    "jokers": N_("none; big_little (the Big and the Little Joker above the ace of spades); or jjdd (the Big Joker, "
              "the Little Joker, the two of diamonds and the two of spades, the four highest spades)"),
    "deuces_out": N_("with big_little jokers at four: the two deuces that leave the pack, clubs_diamonds or "
                  "hearts_diamonds"),
    "teams": N_("six in partnerships: pairs (three partnerships of two, partners opposite) or threes (two teams of "
             "three, every other seat)"),
    "nil_pass": N_("cards a Nil bidder and partner pass each other face down after the bids (0: no passing)"),
    "face_down_discards": N_("two-player: the drawn cards not kept go face down, so neither player sees the other's"),
    "no_bags": N_("overtricks score nothing and never cost"),
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


# The variants as a person hears them named (a variant's id is data: records, options, the wire).
VARIANT_WORDS: dict[str, str] = {
    "standard": N_("standard"), "whiz": N_("whiz"), "mirror": N_("mirror"), "suicide": N_("suicide"),
    "solo": N_("solo"), "two_player": N_("two-player"), "three_player": N_("three-player"),
    "five_player": N_("five-player"), "six_player": N_("six-player"), "six_partners": N_("six-partners"),
}


def variant_words(variant: str) -> str:
    """A variant's name as said, in the language in force: ``two-player`` for ``two_player``."""
    words = VARIANT_WORDS.get(variant)
    return _(words) if words is not None else variant.replace("_", "-")


def option_help(name: str) -> str:
    """An option's help (``OPTION_HELP``) in the language in force."""
    return _(OPTION_HELP[name])


def unknown_name(kind: str, name: str, names: Any) -> str:
    """Why a variant's or an option's name is refused (``kind``: ``variant`` or ``option``): with the nearest
    known name when one is near (a misspelt ``targt`` is most likely ``target``), then every name, so the player
    need not look them up."""
    near = nearest(name, names)
    known = ", ".join(names)
    if kind == "variant":
        if near:
            return _("unknown variant {name}; did you mean {near}? The variants are {names}", name=repr(name),
                     near=repr(near), names=known)
        return _("unknown variant {name}; the variants are {names}", name=repr(name), names=known)
    if near:
        return _("unknown option {name}; did you mean {near}? The options are {names}", name=repr(name),
                 near=repr(near), names=known)
    return _("unknown option {name}; the options are {names}", name=repr(name), names=known)


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
                raise RulesError(_("option {option}: {value} is not one of {names}", option=name,
                                   value=repr(getattr(self, name)), names=", ".join(names)))
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
            raise RulesError(_("rules must be an object of options"))
        data = dict(data)
        variant = data.pop("variant", "standard")
        return cls.preset(variant, **data)

    def describe(self) -> str:
        """One line: variant, target, bags, Nil and Blind Nil, as the ``z`` key says it (in the language in force:
        each part is a phrase of its own, listed)."""
        parts = [variant_words(self.variant)]
        if self.hands:
            parts.append(_("1 hand") if self.hands == 1 else _("{hands} hands", hands=self.hands))
        else:
            parts.append(_("to {target}", target=self.target))
        if self.lose_at is not None:
            parts.append(_("lose at {score}", score=self.lose_at))
        if not self.no_bags:  # said as "no bags" below
            parts.append(_("{limit} bags cost {penalty}", limit=self.bag_limit, penalty=self.bag_penalty))
        if not self.nil:
            parts.append(_("no Nil"))
        elif self.nil_fail_penalty:
            parts.append(_("Nil wins or loses {points}", points=self.nil_value))
        else:
            parts.append(_("Nil wins {points}, a failed Nil loses nothing", points=self.nil_value))
        if self.blind_nil:
            parts.append(_("Blind Nil {points} when {behind} behind", points=self.blind_nil_value,
                           behind=self.blind_nil_deficit))
        if self.nil_tricks_count_for_partner:
            parts.append(_("Nil tricks count for partner"))
        if self.first_lead == "two_of_clubs":
            parts.append(_("two of clubs leads"))
        if self.min_team_bid:
            parts.append(_("team bid at least {least}", least=self.min_team_bid))
        if self.ten_for_two_hundred:
            parts.append(_("10 for 200"))
        if self.jokers == "big_little":
            parts.append(_("Big and Little Joker"))
        elif self.jokers == "jjdd":
            parts.append(_("jokers and deuces high (JJDD)"))
        if self.players == 6 and self.partnerships:
            parts.append(_("two teams of three") if self.teams == "threes" else _("three partnerships of two"))
        if self.nil_pass:
            parts.append(_("Nil passes {cards}", cards=self.nil_pass))
        if self.face_down_discards:
            parts.append(_("discards face down"))
        if self.no_bags:
            parts.append(_("no bags"))
        return ", ".join(parts)

    # -- validation -----------------------------------------------------------------------------------------
    def _check(self) -> None:
        def need(ok: bool, message: str, **fields: object) -> None:
            """``message`` (marked, in English, with the option's name as ``{option}``) said when not ``ok``."""
            if not ok:
                raise RulesError(_(message, **fields))

        for name in ("target", "hands", "nil_value", "blind_nil_deficit", "blind_nil_value", "bag_limit",
                     "bag_penalty", "min_team_bid", "nil_pass"):
            value = getattr(self, name)
            if not (isinstance(value, int) and not isinstance(value, bool)):
                need(False, N_("option {option}: {value} is not a whole number"), option=name, value=repr(value))
        for name in ("nil", "blind_nil", "nil_tricks_count_for_partner", "ten_for_two_hundred", "face_down_discards",
                     "no_bags"):
            value = getattr(self, name)
            if not isinstance(value, bool):
                need(False, N_("option {option}: {value} is not true or false"), option=name, value=repr(value))
        if self.variant not in VARIANTS:
            need(False, N_("option {option}: {value} is not one of {names}"), option="variant",
                 value=repr(self.variant), names=", ".join(VARIANTS))
        need(self.target > 0, N_("option {option}: must be above zero"), option="target")
        need(self.hands >= 0, N_("option {option}: must be zero (off) or a number of hands"), option="hands")
        if self.lose_at is not None:
            if not (isinstance(self.lose_at, int) and not isinstance(self.lose_at, bool)):
                need(False, N_("option {option}: {value} is not a whole number"), option="lose_at",
                     value=repr(self.lose_at))
            need(self.lose_at < 0, N_("option {option}: must be below zero"), option="lose_at")
        for name in ("nil_value", "blind_nil_value", "blind_nil_deficit"):
            need(getattr(self, name) >= 0, N_("option {option}: must not be negative"), option=name)
        need(self.bag_limit >= 1, N_("option {option}: must be at least 1"), option="bag_limit")
        need(self.bag_penalty >= 0, N_("option {option}: must not be negative"), option="bag_penalty")
        if self.first_lead not in ("left_of_dealer", "two_of_clubs"):
            need(False, N_("option {option}: {value} is not left_of_dealer or two_of_clubs"), option="first_lead",
                 value=repr(self.first_lead))
        need(0 <= self.min_team_bid <= self.hand_size, N_("option {option}: must be between 0 and {most}"),
             option="min_team_bid", most=self.hand_size)
        for name, names in (("jokers", JOKER_FORMS), ("deuces_out", DEUCES_OUT), ("teams", TEAMS)):
            if getattr(self, name) not in names:
                need(False, N_("option {option}: {value} is not one of {names}"), option=name,
                     value=repr(getattr(self, name)), names=", ".join(names))
        if self.jokers != "none":
            need(self.players in (3, 4, 5), N_("option {option}: {variant} is played with the 52 cards (jokers go "
                                               "with three, four or five players)"),
                 option="jokers", variant=self.variant)
            need(self.jokers == "big_little" or self.players == 4,
                 N_("option {option}: the JJDD pack is dealt to four players"), option="jokers")
        if self.deuces_out != "clubs_diamonds":
            need(self.jokers == "big_little" and self.players == 4,
                 N_("option {option}: only a four-hand game with big_little jokers takes two deuces out for them"),
                 option="deuces_out")
        if self.teams != "pairs":
            need(self.players == 6 and self.partnerships,
                 N_("option {option}: teams are chosen only at six in partnerships"), option="teams")
        need(0 <= self.nil_pass <= 4, N_("option {option}: must be between 0 and 4 cards"), option="nil_pass")
        if self.nil_pass:
            need(self.nil, N_("option {option}: Nil passing needs Nil (nil=false is set)"), option="nil_pass")
            if not self.partnerships:
                need(False, N_("option {option}: {variant} has no partner to pass to"), option="nil_pass",
                     variant=self.variant)
            need(self.teams == "pairs", N_("option {option}: in teams of three a Nil bidder has no one partner to "
                                           "pass to (teams=threes)"), option="nil_pass")
            need(not self.one_nil_per_side, N_("option {option}: every side in {variant} has a Nil; passing is not "
                                               "played there"), option="nil_pass", variant=self.variant)
        if self.face_down_discards:
            need(not self.deals, N_("option {option}: only two-player Spades discards while drawing"),
                 option="face_down_discards")

        forced = self.forced_bids
        variant = self.variant
        if self.blind_nil:
            need(not forced, N_("option {option}: Blind Nil is never played in {variant}"), option="blind_nil",
                 variant=variant)
            need(variant != "two_player", N_("option {option}: Blind Nil is not played in two-player Spades: both "
                                             "players see cards while drawing"), option="blind_nil")
            need(self.nil, N_("option {option}: Blind Nil needs Nil (nil=false is set)"), option="blind_nil")
        if not self.nil:
            need(not forced, N_("option {option}: {variant} cannot be played without Nil"), option="nil",
                 variant=variant)
        if self.min_team_bid:
            need(self.partnerships, N_("option {option}: {variant} has no partnerships"), option="min_team_bid",
                 variant=variant)
            need(not forced, N_("option {option}: bids in {variant} are forced; a minimum team bid cannot be kept"),
                 option="min_team_bid", variant=variant)
        if self.ten_for_two_hundred:
            need(variant != "two_player", N_("option {option}: two-player Spades scores 13 as shooting the moon"),
                 option="ten_for_two_hundred")
        if self.nil_tricks_count_for_partner:
            need(self.partnerships, N_("option {option}: {variant} has no partners"),
                 option="nil_tricks_count_for_partner", variant=variant)
        if self.first_lead == "two_of_clubs":
            need(self.deals, N_("option {option}: in two-player Spades the two of clubs may be among the discards"),
                 option="first_lead")
            need(bool(self.pack & 1), N_("option {option}: the two of clubs is out of this pack"),
                 option="first_lead")


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
