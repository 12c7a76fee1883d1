"""The game: one object that runs a whole game of any variant, from the first deal to the winner.

The state is a handful of integers and short lists (a hand is a 52-bit integer), because search replays
millions of moves through this same object's rules. Hidden cards never leave it except through
:meth:`Game.view`, which gives a seat its own hand and what the table has seen.
"""

from __future__ import annotations

import hashlib
import random
import secrets
import struct
import zlib
from collections.abc import Sequence
from typing import Any, NamedTuple

from .actions import BLIND_NIL, Action, Bid, Choice
from .bids import blind_choices, free_bids, legal_bids, mates_bid, partner_bid_after
from .cards import (
    CARDS,
    FULL_DECK,
    SUIT_CARDS,
    SUIT_MASK,
    SUIT_MASKS,
    Card,
    CardSet,
    cards_of,
    suit_words,
    the_card,
)
from .errors import IllegalAction, PositionError, UndoError
from .events import (
    BidChanged,
    BidMade,
    CardPlayed,
    Drew,
    Event,
    GameOver,
    HandScored,
    HandStarted,
    Looked,
    Passed,
    SpadesBroken,
    TrickWon,
)
from .language import _, n_
from .rules import Rules
from .scoring import HandResult, score_hand
from .seats import SEAT_NAMES, seat_name, seat_words
from .tricks import TRICK_KEYS as _TRICK_KEYS
from .view import Phase, SeatView, make_view

__all__ = ["Game", "HandStart", "IllegalAction", "Phase", "UndoError", "deck_for", "first_dealer", "game_end",
           "seat_name"]

_KEYS = struct.Struct(">52Q")
_KEYS_54 = struct.Struct(">54Q")
_CARD_BYTES = bytes(range(52))
_CARD_BYTES_54 = bytes(range(54))
_BITS = tuple(1 << c for c in range(54))
# For the card that led a trick: where its suit sits in a hand, and the table of that suit's legal replies (the
# 52-card pack's fast path).
_FOLLOW = tuple((13 * (card // 13), SUIT_CARDS[card // 13]) for card in range(52))
_new: Any = tuple.__new__  # builds an event tuple without NamedTuple's Python-level __new__ (the hot path)
NON_SPADES = SUIT_MASKS[0] | SUIT_MASKS[1] | SUIT_MASKS[2]
TWO_OF_CLUBS = 0


def deck_for(seed: int | str, hand: int, pack: int = FULL_DECK) -> bytes:
    """The shuffled deck of hand ``hand`` (1-based) of the game with ``seed``: the only source of chance.

    Each card gets a 56-bit key from SHAKE-128 of ``spades:SEED:HAND`` and the cards are sorted by key: the same
    decks on every platform and Python version. The card's number rides in the low byte of its key, so the sort
    compares plain integers and the deck is read back as bytes (one card number each). Another ``pack`` (jokers
    in, deuces out) shuffles the 54 cards the same way and keeps those of the pack, in their order."""
    if pack == FULL_DECK:
        keys = bytearray(hashlib.shake_128(f"spades:{seed}:{hand}".encode()).digest(416))
        keys[7::8] = _CARD_BYTES
        return _KEYS.pack(*sorted(_KEYS.unpack(keys)))[7::8]
    keys = bytearray(hashlib.shake_128(f"spades:{seed}:{hand}".encode()).digest(432))
    keys[7::8] = _CARD_BYTES_54
    return bytes(card for card in _KEYS_54.pack(*sorted(_KEYS_54.unpack(keys)))[7::8] if pack >> card & 1)


def game_end(rules: Rules, results: Sequence[HandResult], hands_played: int) -> tuple[bool, int | None]:
    """Whether the game ends after the last of ``results``, and the winning side (None: a drawn fixed-length
    match). Shared with the scorepad, which keeps a real table's score by the same rule.

    With ``lose_at``, a side that has been at or below it after any hand has lost for good, and the best of the
    others wins; a tie among the best plays another hand (which the fallen side plays but cannot win), unless
    the fixed number of hands has run out. If every side has fallen, the higher score wins, and an exact tie
    plays another hand. The whole history is read, not only the last scores, so that a fallen side that climbs
    back during such a hand stays beaten."""
    scores = [side.score for side in results[-1].sides]
    fallen: set[int] = set()
    if rules.lose_at is not None:
        fallen = {side.side for result in results for side in result.sides if side.score <= rules.lose_at}
    standing = [i for i in range(len(scores)) if i not in fallen] or list(range(len(scores)))
    top = max(scores[i] for i in standing)
    leaders = [i for i in standing if scores[i] == top]
    winner = leaders[0] if len(leaders) == 1 else None
    if rules.hands and hands_played >= rules.hands:
        return True, winner
    ends = bool(fallen) or (not rules.hands and top >= rules.target)
    return ends and winner is not None, winner


def _not_held(card: Card, who: str | None) -> str:
    """The refusal of a card the seat to move does not hold, to that seat or (``who``) about it."""
    if who is None:
        return _("you do not hold {card}", card=the_card(card))
    return _("{seat} does not hold {card}", seat=who, card=the_card(card))


def first_dealer(seed: int | str, players: int) -> int:
    """The first dealer, from a checksum of the seed (the same on every platform, and cheap for one-hand games)."""
    return zlib.crc32(f"spades:{seed}:dealer".encode()) % players


_PLAY = Phase.PLAY
_BID = Phase.BID
_EVENT_KINDS = (HandStarted, Drew, Looked, BidMade, BidChanged, CardPlayed, SpadesBroken, TrickWon, HandScored,
                GameOver, Passed)
(_HAND_STARTED, _DREW, _LOOKED, _BID_MADE, _BID_CHANGED, _CARD_PLAYED, _SPADES_BROKEN, _TRICK_WON, _HAND_SCORED,
 _GAME_OVER, _PASSED) = range(len(_EVENT_KINDS))
# Every (seat, card) log entry made once: playing a card appends a shared tuple instead of building one.
_PLAYED = tuple(tuple((_CARD_PLAYED, seat, CARDS[card]) for card in range(54)) for seat in range(6))


class HandStart(NamedTuple):
    """Enough to rebuild a hand from its first action: undo goes back here and replays forward, and a record
    starts from the first one."""

    action_index: int
    event_index: int
    results: int
    number: int
    dealer: int
    scores: tuple[int, ...]
    bags: tuple[int, ...]
    deck: Sequence[int] | None  # the deck order (never changed once dealt), or None when the hands were given
    hands: tuple[int, ...] | None  # given hands (a position set up by hand)


class Game:
    """A whole game. ``legal_actions()``, ``apply(action)``, ``undo()``, ``events`` and ``view(seat)``."""

    __slots__ = (
        "_blind_ok",
        "_events",
        "_free_bids",
        "_given",
        "_log",
        "_starts",
        "_two_clubs",
        "_valid",
        "actions",
        "bags",
        "bids",
        "broken",
        "broken_at",
        "dealer",
        "deck",
        "deck_pos",
        "discarded",
        "discards",
        "hand_number",
        "hands",
        "leader",
        "n",
        "over",
        "pass_index",
        "pass_plan",
        "passed",
        "phase",
        "received",
        "results",
        "rules",
        "scores",
        "seed",
        "seen",
        "trick",
        "tricks",
        "tricks_won",
        "turn",
        "winner",
    )

    def __init__(self, rules: Rules | None = None, seed: int | str | None = None) -> None:
        self.rules = rules if rules is not None else Rules()
        self.seed: int | str = secrets.randbelow(2**63) if seed is None else seed
        self.n = self.rules.players
        self.scores = [0] * self.rules.sides
        self.bags = [0] * self.rules.sides
        self.actions: list[Action] = []
        self._starts: list[HandStart] = []
        self._given: tuple[int, ...] | None = None
        self._log: list[tuple[Any, ...]] = []  # (event kind, its fields...): see ``events``
        self._events: list[Event] = []
        self._valid = 0
        self.results: list[HandResult] = []
        self.winner: int | None = None
        self.hand_number = 0
        self.dealer = first_dealer(self.seed, self.n)
        if not self.rules.plain_pack and type(self) is Game:
            self.__class__ = AnyPackGame
        self._start_hand(self.dealer, None)

    # -- construction of positions --------------------------------------------------------------------------
    @classmethod
    def from_deal(cls, rules: Rules, hands: Sequence[int], dealer: int = 0, *, seed: int | str = 0,
                  scores: Sequence[int] | None = None, bags: Sequence[int] | None = None,
                  hand_number: int = 1) -> Game:
        """A game whose current hand has the given cards (for set positions, tests and search); later hands
        are dealt from ``seed``. Two-player hands skip the draw; the other 26 cards count as discards."""
        hands = [int(h) for h in hands]
        if len(hands) != rules.players:
            raise PositionError(_("{given} hands given; {variant} has {players} players", given=len(hands),
                                  variant=rules.variant, players=rules.players))
        seen = 0
        size = rules.hand_size
        for seat, hand in enumerate(hands):
            if hand.bit_count() != size:
                raise PositionError(_("{seat} has {count} cards, not {size}", seat=seat_words(seat, rules.players),
                                      count=hand.bit_count(), size=size))
            if hand & ~rules.pack:
                raise PositionError(_("{cards} is not in this game's pack", cards=CardSet(hand & ~rules.pack)))
            if seen & hand:
                raise PositionError(_("{cards} given to two seats", cards=CardSet(seen & hand)))
            seen |= hand
        if not 0 <= dealer < rules.players:
            raise PositionError(_("dealer {dealer} is not a seat", dealer=dealer))
        game = cls.__new__(cls)
        game.rules = rules
        game.seed = seed
        game.n = rules.players
        game.scores = list(scores) if scores is not None else [0] * rules.sides
        game.bags = list(bags) if bags is not None else [0] * rules.sides
        if len(game.scores) != rules.sides or len(game.bags) != rules.sides:
            raise PositionError(_("scores and bags need {sides} entries", sides=rules.sides))
        game.actions = []
        game._starts = []
        game._log = []
        game._events = []
        game._valid = 0
        game.results = []
        game.winner = None
        game.hand_number = hand_number - 1
        game._given = tuple(hands)
        if not rules.plain_pack and cls is Game:
            game.__class__ = AnyPackGame
        game._start_hand(dealer, None, tuple(hands))
        return game

    def clone(self) -> Game:
        """An independent copy (sharing only immutable parts), for search and what-if questions."""
        other = self.__class__.__new__(self.__class__)
        for name in Game.__slots__:
            value = getattr(self, name)
            if type(value) is list:
                value = list(value)
            setattr(other, name, value)
        other.trick = list(self.trick)
        return other

    # -- hands ----------------------------------------------------------------------------------------------
    def _start_hand(self, dealer: int, deck: Sequence[int] | None, hands: tuple[int, ...] | None = None,
                    record: bool = True) -> None:
        self.hand_number += 1
        self.dealer = dealer
        n = self.n
        rules = self.rules
        if hands is None and deck is None:
            deck = deck_for(self.seed, self.hand_number, rules.pack)
        if record:
            self._starts.append(_new(HandStart, (
                len(self.actions), len(self._log), len(self.results), self.hand_number, dealer,
                tuple(self.scores), tuple(self.bags), deck, hands,
            )))
        self._log.append((_HAND_STARTED, self.hand_number, dealer))
        self.bids: list[Bid | None] = [None] * n
        self.tricks_won = [0] * n
        self.tricks: list[tuple[int, tuple[int, ...], int]] = []
        self.trick: list[int] = []
        self.broken = False
        self.broken_at = -1
        self.discards = 0
        self.discarded = [0] * n
        self.pass_plan: tuple[tuple[int, int], ...] = ()
        self.pass_index = 0
        self.passed = [0] * n
        self.received = [0] * n
        self.turn = (dealer + 1) % n
        self.leader = self.turn
        self.over = False
        self._two_clubs = rules.first_lead == "two_of_clubs"
        self._free_bids = free_bids(rules)
        self.deck: tuple[int, ...] = ()
        self.deck_pos = 0
        if hands is not None:
            self.hands = list(hands)
            if not rules.deals:
                # The other 26 cards count as discards. Face up, both players saw them all; face down, neither
                # knows which were whose (with all 26 a player would know the other's hand).
                self.discards = FULL_DECK & ~(hands[0] | hands[1])
                if not rules.face_down_discards:
                    self.discarded = [self.discards, self.discards]
            self.phase = Phase.BID
        elif rules.deals:
            self.hands = _deal(deck, dealer, n)  # type: ignore[arg-type]
            self.phase = Phase.BID
        else:
            self.hands = [0, 0]
            self.deck = tuple(deck)  # type: ignore[arg-type]
            self.phase = Phase.DRAW
        if rules.blind_nil:
            self._blind_ok = self._blind_nil_seats()
            self.seen = [not ok for ok in self._blind_ok]
        else:
            self._blind_ok = [False] * n
            self.seen = [True] * n

    def _blind_nil_seats(self) -> list[bool]:
        rules = self.rules
        if not rules.blind_nil:
            return [False] * self.n
        result = []
        for seat in range(self.n):
            side = rules.side_of(seat)
            best_other = max(s for i, s in enumerate(self.scores) if i != side)
            result.append(best_other - self.scores[side] >= rules.blind_nil_deficit)
        return result

    @property
    def pass_count(self) -> int:
        """Cards the seat to pass has still to choose (0 outside the pass)."""
        if self.phase is not Phase.PASS:
            return 0
        return self.rules.nil_pass - self.passed[self.turn].bit_count()

    @property
    def plays_count(self) -> int:
        """Cards played so far in this hand."""
        return len(self.tricks) * self.n + len(self.trick)

    # -- asking -------------------------------------------------------------------------------------------
    def legal_actions(self) -> tuple[Action, ...]:
        """Exactly the actions the seat to move may take now (empty when the game is over)."""
        phase = self.phase
        if phase is _PLAY:
            hand = self.hands[self.turn]
            trick = self.trick
            if trick:
                shift, table = _FOLLOW[trick[0]]
                follow = hand >> shift & SUIT_MASK
                if follow:
                    return table[follow]
                return (SUIT_CARDS[0][hand & SUIT_MASK] + SUIT_CARDS[1][hand >> 13 & SUIT_MASK]
                        + SUIT_CARDS[2][hand >> 26 & SUIT_MASK] + SUIT_CARDS[3][hand >> 39])
            if self.broken or self._two_clubs:
                return cards_of(self._lead_mask(hand))
            if hand & NON_SPADES:
                return (SUIT_CARDS[0][hand & SUIT_MASK] + SUIT_CARDS[1][hand >> 13 & SUIT_MASK]
                        + SUIT_CARDS[2][hand >> 26 & SUIT_MASK])
            return SUIT_CARDS[3][hand >> 39]
        if phase is _BID:
            return self._bids_for(self.turn)
        if phase is Phase.DRAW:
            return (Choice.KEEP, Choice.DISCARD)
        if phase is Phase.PASS:
            return cards_of(self.hands[self.turn])
        return ()

    def legal_mask(self) -> int:
        """The legal cards as a mask (0 outside the play and the pass)."""
        if self.phase is not Phase.PLAY:
            return self.hands[self.turn] if self.phase is Phase.PASS else 0
        hand = self.hands[self.turn]
        if self.trick:
            rules = self.rules
            follow = hand & rules.suit_masks[rules.card_suits[self.trick[0]]]
            return follow or hand
        return self._lead_mask(hand)

    def _lead_mask(self, hand: int) -> int:
        if self._two_clubs and not self.tricks and not self.trick:
            return 1 << TWO_OF_CLUBS
        if self.broken:
            return hand
        return (hand & ~self.rules.suit_masks[3]) or hand

    def _bids_for(self, seat: int) -> tuple[Action, ...]:
        if self._free_bids and self.seen[seat]:
            return self._free_bids
        rules = self.rules
        mates = mates_bid(rules, self.bids, seat)
        if self.seen[seat]:
            return legal_bids(rules, self.hands[seat], mates)
        return blind_choices(rules, mates)

    def why_illegal(self, action: object, who: str | None = None) -> str | None:
        """The reason ``action`` may not be taken now, in the words a player hears (in the language in force);
        None when it is legal.

        The reason speaks to the seat to move as "you". ``who`` names that seat instead (as said: ``seat_words``),
        for a reader who is not that seat (a record replayed, another seat's move), so the same reason reads in the
        third person."""
        phase = self.phase
        if phase is Phase.OVER:
            return _("the game is over")
        if phase is Phase.PLAY:
            if not isinstance(action, Card):
                return _("it is time to play a card")
            if not self.hands[self.turn] >> action & 1:
                return _not_held(action, who)
            if self.legal_mask() >> action & 1:
                return None
            if self.trick:
                suit = suit_words(self.rules.card_suits[self.trick[0]])
                if who is None:
                    return _("you must follow {suit}", suit=suit)
                return _("{seat} must follow {suit}", seat=who, suit=suit)
            if self._two_clubs and not self.tricks and not self.trick:
                return _("the two of clubs must lead")
            return _("spades are not broken")
        if phase is Phase.BID:
            legal = self._bids_for(self.turn)
            if action in legal:
                return None
            if isinstance(action, Card):
                return _("it is time to bid")
            if legal == (BLIND_NIL, Choice.LOOK):
                if who is None:
                    return _("first choose Blind Nil or look at your cards")
                return _("{seat} must first choose Blind Nil or look at their cards", seat=who)
            if legal == (Choice.LOOK,):
                least = self.rules.min_team_bid
                if who is None:
                    return _("your side must bid at least {least}: look at your cards first", least=least)
                return _("{seat}'s side must bid at least {least}: {seat} must look at their cards first", seat=who,
                         least=least)
            bids = ", ".join(str(b) for b in legal)
            if who is None:
                return _("the bids you may make are {bids}", bids=bids)
            return _("the bids {seat} may make are {bids}", seat=who, bids=bids)
        if phase is Phase.PASS:
            if not isinstance(action, Card):
                to = seat_words(self.pass_plan[self.pass_index][1], self.n)
                return _("it is time to pass a card to {seat}", seat=to)
            if not self.hands[self.turn] >> action & 1:
                return _not_held(action, who)
            return None
        if action in (Choice.KEEP, Choice.DISCARD):
            return None
        if who is None:
            return _("it is time to keep or discard the card you drew")
        return _("it is time to keep or discard the card {seat} drew", seat=who)

    # -- acting ---------------------------------------------------------------------------------------------
    def apply(self, action: Action) -> None:
        """Take ``action`` for the seat to move; an illegal action raises :class:`IllegalAction`, changing
        nothing."""
        if action.__class__ is Card and self.phase is _PLAY:
            # The hot path of every search and simulation: a card, checked and played inline.
            seat = self.turn
            hands = self.hands
            hand = hands[seat]
            trick = self.trick
            bit = _BITS[action]
            if trick:
                follow = hand & SUIT_MASKS[trick[0] // 13]
                if not (follow or hand) & bit:
                    raise IllegalAction(action, self.why_illegal(action) or _("not legal now"))
            elif not (hand if self.broken else (hand & NON_SPADES or hand)) & bit or (
                    self._two_clubs and not self.tricks and action != TWO_OF_CLUBS):
                raise IllegalAction(action, self.why_illegal(action) or _("not legal now"))
            self.actions.append(action)
            hands[seat] = hand ^ bit
            trick.append(action)
            self._log.append(_PLAYED[seat][action])
            if action >= 39 and not self.broken:
                self.broken = True
                self.broken_at = len(self.tricks) * self.n + len(trick) - 1
                self._log.append((_SPADES_BROKEN, seat))
            n = self.n
            if len(trick) < n:
                self.turn = (seat + 1) % n
                return
            # The trick is complete: who takes it, by the trick rule's table (spades, then the suit led).
            keys = _TRICK_KEYS[trick[0] // 13]
            if n == 4:
                a, b, c, d = trick
                ka, kb, kc, kd = keys[a], keys[b], keys[c], keys[d]
                best = 0
                if kb > ka:
                    best, ka = 1, kb
                if kc > ka:
                    best, ka = 2, kc
                if kd > ka:
                    best = 3
            else:
                best = 0 if keys[trick[0]] > keys[trick[1]] else 1
            leader = self.leader
            winner = (leader + best) % n
            self.tricks_won[winner] += 1
            cards = tuple(trick)
            tricks = self.tricks
            tricks.append((leader, cards, winner))
            self._log.append((_TRICK_WON, winner, len(tricks), leader, cards))
            trick.clear()
            self.leader = self.turn = winner
            if len(tricks) == 13:
                self._end_hand()
            return
        if self.phase is _BID and action in self._bids_for(self.turn):  # the next most common: a legal bid
            self.actions.append(action)
            self._bid(action)  # type: ignore[arg-type]
            return
        self._apply_any(action)

    def _apply_any(self, action: Action) -> None:
        """``apply`` for every action but a card of the 52-card pack's play: checked by ``why_illegal``."""
        phase = self.phase
        if phase is _BID and action in self._bids_for(self.turn):
            self.actions.append(action)
            self._bid(action)  # type: ignore[arg-type]
            return
        reason = self.why_illegal(action)
        if reason is not None:
            raise IllegalAction(action, reason)
        self.actions.append(action)
        if phase is _BID:
            self._bid(action)  # type: ignore[arg-type]
        elif phase is _PLAY:
            self._play(action)  # type: ignore[arg-type]
        elif phase is Phase.PASS:
            self._pass(action)  # type: ignore[arg-type]
        else:
            self._draw(action)  # type: ignore[arg-type]

    def _play(self, card: Card) -> None:
        """A card played in a game of any pack and any number of players (the 52-card four- and two-seat games
        take the inline path of ``apply``)."""
        seat = self.turn
        rules = self.rules
        self.hands[seat] ^= 1 << card
        trick = self.trick
        trick.append(card)
        self._log.append(_PLAYED[seat][card])
        if rules.card_suits[card] == 3 and not self.broken:
            self.broken = True
            self.broken_at = len(self.tricks) * self.n + len(trick) - 1
            self._log.append((_SPADES_BROKEN, seat))
        n = self.n
        if len(trick) < n:
            self.turn = (seat + 1) % n
            return
        keys = rules.trick_keys[rules.card_suits[trick[0]]]
        best = max(range(n), key=lambda i: keys[trick[i]])
        leader = self.leader
        winner = (leader + best) % n
        self.tricks_won[winner] += 1
        cards = tuple(trick)
        self.tricks.append((leader, cards, winner))
        self._log.append((_TRICK_WON, winner, len(self.tricks), leader, cards))
        trick.clear()
        self.leader = self.turn = winner
        if len(self.tricks) == rules.hand_size:
            self._end_hand()

    def _pass(self, card: Card) -> None:
        """One card of a Nil pass, set aside until the passer has chosen them all; then they reach the partner,
        who passes back knowing them (the common order: the Nil bidder first)."""
        seat = self.turn
        self.hands[seat] ^= 1 << card
        self.passed[seat] |= 1 << card
        if self.passed[seat].bit_count() < self.rules.nil_pass:
            return
        giver, receiver = self.pass_plan[self.pass_index]
        self.hands[receiver] |= self.passed[giver]
        self.received[receiver] |= self.passed[giver]
        self._log.append((_PASSED, giver, receiver, self.rules.nil_pass))
        self.pass_index += 1
        if self.pass_index < len(self.pass_plan):
            self.turn = self.pass_plan[self.pass_index][0]
            return
        self._start_play()

    def _pass_plan(self) -> tuple[tuple[int, int], ...]:
        """Who passes to whom after the bids: each partnership with one Nil, the Nil bidder first, then the
        partner, in seat order from the dealer's left. A partnership that bid two Nils passes nothing: each would
        only hand the other cards to take tricks with (Hoyle-style rules, as retold at
        http://tipwriter.expertscolumn.com/article/spades-card-game-rules)."""
        if not self.rules.nil_pass:
            return ()
        plan: list[tuple[int, int]] = []
        for i in range(self.n):
            seat = (self.dealer + 1 + i) % self.n
            bid = self.bids[seat]
            partner = self.rules.partner_of(seat)
            if bid is None or bid.value != 0 or partner is None:
                continue
            mate = self.bids[partner]
            if mate is not None and mate.value == 0:
                continue
            plan += [(seat, partner), (partner, seat)]
        return tuple(plan)

    def _start_play(self) -> None:
        self.phase = Phase.PLAY
        if self.rules.first_lead == "two_of_clubs":
            self.turn = next(s for s in range(self.n) if self.hands[s] & 1)
        else:
            self.turn = (self.dealer + 1) % self.n
        self.leader = self.turn

    def _bid(self, action: Bid | Choice) -> None:
        seat = self.turn
        if action is Choice.LOOK:
            self.seen[seat] = True
            self._log.append((_LOOKED, seat))
            return
        bid: Bid = action  # type: ignore[assignment]
        self.seen[seat] = True
        self.bids[seat] = bid
        self._log.append((_BID_MADE, seat, bid))
        if self.rules.one_nil_per_side:
            partner = self.rules.partner_of(seat)
            assert partner is not None
            changed = partner_bid_after(self.rules, bid, self.bids[partner])
            if changed is not None:
                self.bids[partner] = changed
                self._log.append((_BID_CHANGED, partner, changed))
        if None in self.bids:
            self.turn = (seat + 1) % self.n
            return
        if self.rules.nil_pass:
            self.pass_plan = self._pass_plan()
            if self.pass_plan:
                self.phase = Phase.PASS
                self.pass_index = 0
                self.turn = self.pass_plan[0][0]
                return
        # The play begins (``_start_play``, written out here as every hand passes this way).
        self.phase = _PLAY
        if self._two_clubs:
            self.turn = next(s for s in range(self.n) if self.hands[s] & 1)
        else:
            self.turn = (self.dealer + 1) % self.n
        self.leader = self.turn

    def _draw(self, choice: Choice) -> None:
        seat = self.turn
        pos = self.deck_pos
        first, second = self.deck[pos], self.deck[pos + 1]
        kept, shown = (first, second) if choice is Choice.KEEP else (second, first)
        self.hands[seat] |= 1 << kept
        self.discards |= 1 << shown
        self.discarded[seat] |= 1 << shown
        self.deck_pos = pos + 2
        face_up = not self.rules.face_down_discards
        self._log.append((_DREW, seat, choice is Choice.KEEP, CARDS[shown] if face_up else None))
        if self.deck_pos >= 52:
            self.phase = Phase.BID
            self.turn = (self.dealer + 1) % 2
            self.leader = self.turn
        else:
            self.turn = 1 - seat

    def _end_hand(self) -> None:
        rules = self.rules
        result = score_hand(rules, self.bids, self.tricks_won, self.scores, self.bags,  # type: ignore[arg-type]
                            self.hand_number)
        self.results.append(result)
        self.scores = [s.score for s in result.sides]
        self.bags = [s.total_bags for s in result.sides]
        self._log.append((_HAND_SCORED, result))
        scores = self.scores
        finished, winner = game_end(rules, self.results, self.hand_number)
        if finished:
            self.winner = winner
            self.phase = Phase.OVER
            self.over = True
            self._log.append((_GAME_OVER, winner, tuple(scores)))
            return
        self._start_hand((self.dealer + 1) % self.n, None)

    # -- undo -----------------------------------------------------------------------------------------------
    def undo(self, steps: int = 1) -> None:
        """Take back the last ``steps`` actions (a card within a hand costs a few list operations)."""
        if steps > len(self.actions):
            raise UndoError(n_("only {n} action has been taken", "only {n} actions have been taken",
                               len(self.actions)))
        for _step in range(steps):
            if self.phase is Phase.PLAY and (self.tricks or self.trick):
                self._undo_play()
            else:
                self.truncate(len(self.actions) - 1)

    def _undo_play(self) -> None:
        self.actions.pop()
        events = self._log
        if not self.trick:
            leader, cards, winner = self.tricks.pop()
            self.tricks_won[winner] -= 1
            self.trick = list(cards)
            self.leader = leader
            events.pop()  # TrickWon
        seat = (self.leader + len(self.trick) - 1) % self.n
        card = self.trick.pop()
        plays = len(self.tricks) * self.n + len(self.trick)  # the popped card's number in the hand
        if self.broken_at == plays:
            events.pop()  # SpadesBroken
        events.pop()  # CardPlayed
        if self._valid > len(events):
            self._valid = len(events)
        self.hands[seat] |= 1 << card
        if self.broken_at == plays:
            self.broken = False
            self.broken_at = -1
        self.turn = seat

    def undo_hand(self) -> None:
        """Back to the start of this hand, or of the one before when this one has not begun."""
        start = self._starts[-1]
        if len(self.actions) > start.action_index:
            self.truncate(start.action_index)
        elif len(self._starts) > 1:
            self.truncate(self._starts[-2].action_index)
        else:
            raise UndoError(_("nothing to undo"))

    def truncate(self, length: int) -> None:
        """Keep only the first ``length`` actions: rebuild from the start of their hand and replay."""
        if not 0 <= length <= len(self.actions):
            raise UndoError(n_("cannot go back to action {length}: {n} has been taken",
                               "cannot go back to action {length}: {n} have been taken", len(self.actions),
                               length=length))
        if length == len(self.actions):
            return
        while len(self._starts) > 1 and self._starts[-1].action_index > length:
            self._starts.pop()
        start = self._starts[-1]
        replay = self.actions[start.action_index:length]
        del self.actions[start.action_index:]
        del self._log[start.event_index:]
        self._valid = min(self._valid, start.event_index)
        del self.results[start.results:]
        self.scores = list(start.scores)
        self.bags = list(start.bags)
        self.winner = None
        self.hand_number = start.number - 1
        self._starts.pop()
        self._start_hand(start.dealer, start.deck, start.hands)
        for action in replay:
            self.apply(action)

    # -- history --------------------------------------------------------------------------------------------
    @property
    def history(self) -> list[tuple[int, Action]]:
        """Every action of the game with the seat that took it (found by replaying: play does not store seats)."""
        return self._seats_from(0)

    @property
    def hand_actions(self) -> list[tuple[int, Action]]:
        """The actions of the current hand with their seats."""
        return self._seats_from(self._starts[-1].action_index)

    def _seats_from(self, index: int) -> list[tuple[int, Action]]:
        scratch = self.clone()
        scratch.truncate(index)
        pairs = []
        for action in self.actions[index:]:
            pairs.append((scratch.turn, action))
            scratch.apply(action)
        return pairs

    @property
    def events(self) -> list[Event]:
        """Every public event of the game so far, in order.

        Play appends compact tuples to an internal log; they become typed events here, when someone asks, so
        that search and simulation do not pay for objects nobody reads."""
        log = self._log
        cache = self._events
        if self._valid < len(cache):
            del cache[self._valid:]
        if len(cache) < len(log):
            kinds = _EVENT_KINDS
            cache.extend(_new(kinds[raw[0]], raw[1:]) for raw in log[len(cache):])
        self._valid = len(log)
        return cache

    def hand_events(self) -> list[Event]:
        """The events of the current hand."""
        return self.events[self._starts[-1].event_index:]

    @property
    def starts(self) -> tuple[HandStart, ...]:
        """How each hand of the game so far began (the current one last), for records and for going back to a
        hand's start."""
        return tuple(self._starts)

    def blind_nil_allowed(self, seat: int) -> bool:
        """Whether ``seat`` may bid Blind Nil in this hand (the option is on and its side is far enough behind)."""
        return self._blind_ok[seat]

    @property
    def given_hands(self) -> tuple[int, ...] | None:
        """The hands a set position started from (``from_deal``), for records."""
        return self._given

    def dealt_hands(self, hand: int) -> tuple[CardSet, ...]:
        """The cards each seat held at the start of a finished hand (for sharing it once it is over)."""
        if hand == self.hand_number and not self.over:
            raise PositionError("the cards of the hand in progress are hidden until it ends")
        for start in self._starts:
            if start.number == hand:
                if start.hands is not None:
                    return tuple(CardSet(h) for h in start.hands)
                actions = self.actions[start.action_index:start.action_index + 26]
                return tuple(CardSet(h) for h in _initial_hands(self.rules, start, actions))
        raise PositionError(f"hand {hand} has not been played")

    def side_of(self, seat: int) -> int:
        return self.rules.side_of(seat)

    def seat_name(self, seat: int) -> str:
        return SEAT_NAMES[self.n][seat]

    def view(self, seat: int) -> SeatView:
        """What ``seat`` may know: its own hand (once it has looked), and what the table has seen."""
        return make_view(self, seat)

    def __repr__(self) -> str:
        return (f"<Game {self.rules.variant} seed={self.seed!r} hand={self.hand_number} "
                f"phase={self.phase.value} scores={self.scores}>")


class AnyPackGame(Game):
    """A game of a pack other than the 52 cards with their printed suits (jokers in, deuces out, the JJDD two of
    diamonds a spade): ``Game(rules)`` makes one of these for such rules. Its play reads the rules' suits and trick
    keys at every card, so that the 52-card game's inline play in ``Game.apply`` needs no test of the pack."""

    __slots__ = ()

    def legal_actions(self) -> tuple[Action, ...]:
        if self.phase is _PLAY:
            return cards_of(self.legal_mask())
        return Game.legal_actions(self)

    def apply(self, action: Action) -> None:
        self._apply_any(action)


def _deal(deck: Sequence[int], dealer: int, n: int) -> list[int]:
    """One card at a time, clockwise from the dealer's left."""
    bit = _BITS.__getitem__
    hands = [0] * n
    for i in range(n):
        hands[(dealer + 1 + i) % n] = sum(map(bit, deck[i::n]))
    return hands


def _initial_hands(rules: Rules, start: HandStart, actions: Sequence[Action]) -> list[int]:
    """The hands at the end of the deal, or of the two-player draw (read from that hand's keep/discard choices)."""
    assert start.deck is not None
    if rules.deals:
        return _deal(start.deck, start.dealer, rules.players)
    hands = [0, 0]
    seat = (start.dealer + 1) % 2
    pos = 0
    for action in actions:
        if pos >= 52:
            break
        first, second = start.deck[pos], start.deck[pos + 1]
        hands[seat] |= 1 << (first if action is Choice.KEEP else second)
        pos += 2
        seat = 1 - seat
    return hands


def play_random(game: Game, rng: random.Random) -> None:
    """Play uniformly random legal actions to the end of the game (the baseline of simulations and benches)."""
    choice = rng.choice
    legal = game.legal_actions
    apply = game.apply
    while game.phase is not Phase.OVER:
        apply(choice(legal()))


