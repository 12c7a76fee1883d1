"""Hand-made positions, each with the card or bid a good player makes there.

Kept as data so that every level that claims to play well (``normal`` now, stronger ones later) is held to the
same positions. A position is a deal (the deciding seat's hand in full, the other seats as far as the play needs;
the remaining cards fill them in a fixed order), the actions taken so far, and the set of good answers.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from spades import Game, Rules
from spades.actions import Action, parse_action
from spades.cards import CardSet

N, E, S, W = 0, 1, 2, 3


@dataclass(frozen=True)
class Position:
    name: str
    hands: dict[int, str]  # seat -> cards it surely holds (space-separated); the deciding seat's in full
    actions: str  # the bids and cards so far, space-separated, from the first bidder on
    seat: int  # the seat to decide (-1: whichever seat is to act)
    expected: str  # the good answers, space-separated (a bid such as "nil" or "4", or cards)
    variant: str = "standard"
    options: dict[str, Any] = field(default_factory=dict)
    dealer: int = W
    scores: tuple[int, ...] | None = None
    bags: tuple[int, ...] | None = None
    offered: str | None = None  # two-player draw positions: the first seeded game that offers this card
    # the good answers for the searching player where the rule's answer was measured and found worse (None: same)
    searched: str | None = None

    def rules(self) -> Rules:
        return Rules.preset(self.variant, **self.options)

    def game(self) -> Game:
        rules = self.rules()
        if self.offered is not None:
            game = next(g for g in (Game(rules, seed=f"draw-{i}") for i in range(10_000))
                        if str(g.view(g.turn).offered) == self.offered)
        else:
            game = Game.from_deal(rules, self.deal(rules.players), dealer=self.dealer, seed="positions",
                                  scores=self.scores, bags=self.bags)
        for word in self.actions.split(","):
            if word.strip():
                game.apply(parse_action(word.strip()))
        assert self.offered is not None or game.turn == self.seat, \
            f"{self.name}: seat {game.turn} is to act, not {self.seat}"
        return game

    def deal(self, players: int) -> list[int]:
        hands = [int(CardSet.parse(self.hands.get(seat, ""))) for seat in range(players)]
        used = 0
        for hand in hands:
            assert not used & hand, f"{self.name}: a card is given twice"
            used |= hand
        spare = [c for c in range(52) if not used >> c & 1]
        for seat in range(players):
            while hands[seat].bit_count() < 13:
                hands[seat] |= 1 << spare.pop()
        return hands

    def good(self, searching: bool = False) -> set[Action]:
        words = self.searched if searching and self.searched is not None else self.expected
        return {parse_action(word.strip()) for word in words.split(",")}


# Actions are comma-separated because "blind nil" has a space in it.
POSITIONS: list[Position] = [
    Position(
        "partner's ace is winning: play low",
        hands={S: "AS 5S KH QH 2H 9D 8D 7D 6D 5C 4C 3C 2C", N: "AH"},
        actions="3, 3, 3, 3, AH, 4H", seat=S, expected="2H",
    ),
    Position(
        "partner's king wins in the last seat: do not overtake",
        hands={N: "AD 2D KS 7S 6S AH KH QH JH 10H 9H 8H 7H", S: "KD", E: "5D", W: "3D"},
        actions="3, 3, 3, 4, 5D, KD, 3D", seat=N, expected="2D", dealer=N,
    ),
    Position(
        "second hand low",
        hands={E: "KC 8C 2C AS 9S 4S QH 7H 3H JD 9D 6D 2D", N: "4C"},
        actions="3, 3, 3, 3, 4C", seat=E, expected="2C",
    ),
    Position(
        "third hand high",
        hands={S: "QC 9C 6C KS 8S 3S AH 6H 2H KD 8D 5D 3D", N: "3C", E: "5C", W: "AC KC"},
        actions="3, 3, 3, 3, 3C, 5C", seat=S, expected="QC",
    ),
    Position(
        "third hand wins with the best card left",
        hands={S: "AC KC 4C 8S 3S 2S 9H 6H 2H 8D 5D 3D 2D", N: "3C", E: "8C"},
        actions="3, 3, 3, 3, 3C, 8C", seat=S, expected="KC, AC",
    ),
    Position(
        "cover partner's Nil when partner plays after",
        hands={S: "AH 10H 3H KS 9S 4S AD 7D 2D QC 8C 5C 2C", E: "7H"},
        actions="3, 3, 3, nil, 7H", seat=S, expected="AH", dealer=N,
    ),
    Position(
        "partner's Nil lead is winning: overtake it",
        hands={S: "QD 3D AS 9S 5S KH 8H 4H 2H JC 7C 6C 2C", N: "10D", E: "2D"},
        actions="nil, 3, 4, 3, 10D, 2D", seat=S, expected="QD",
    ),
    Position(
        "opponent's Nil is winning: stay under it",
        hands={S: "10H 7H 2H AS QS 6S KD 9D 4D AC 8C 5C 3C", N: "4H", E: "8H"},
        actions="3, nil, 4, 3, 4H, 8H", seat=S, expected="7H, 2H",
    ),
    Position(
        "opponent's Nil plays after: play low",
        hands={S: "KC 5C 2C AS JS 3S QH 8H 4H AD 10D 6D 3D", E: "9C", W: "8C 7C 6C"},
        actions="4, 3, nil, 3, 9C", seat=S, expected="2C", dealer=N,
    ),
    Position(
        "lead low to set the opponent's Nil",
        hands={S: "AS KS 9S 2H 9H AD KD 7D 3C 10C QC JC 8C"},
        actions="3, nil, 4, 3", seat=S, expected="2H", dealer=E,
    ),
    Position(
        "bags near the limit and the contract made: duck",
        hands={N: "AC AD 2H 3D 4D 5D 6D 7D 8D 9D 10D JD QD", E: "2C 2D 9H", W: "3C 4C",
               S: "KH 10H 3H 5C 6C 7C 8C 9C 10C JC QC KC KD"},
        actions="1, 4, 1, 4, AC, 2C, 5C, 3C, AD, 2D, KD, 4C, 2H, 9H", seat=S, expected="3H", bags=(8, 0),
    ),
    Position(
        "trump a card the side needs when last to play",
        hands={S: "9S 4S AD 7D 2D QC 8C 5C 2C KS 3D 4D 5D", W: "KH", N: "3H", E: "5H"},
        actions="4, 3, 4, 3, KH, 3H, 5H", seat=S, expected="4S", dealer=S,
    ),
    Position(
        "do not trump partner's ace",
        hands={S: "9S 4S 3S AD 7D 2D QC 8C 5C 2C KS 3D 4D", N: "AH", E: "5H"},
        actions="4, 3, 4, 3, AH, 5H", seat=S, expected="2C, 2D",
    ),
    Position(
        "lead a sure winner so partner's Nil can shed under it",
        hands={S: "AH 9H 4H KS 7S 3S KD 10D 5D QC 9C 6C 3C"},
        actions="3, 3, nil, 5", seat=S, expected="AH", dealer=E,
    ),
    Position(
        "Nil: go under the card winning the trick",
        hands={S: "JH 8H 3H 5S 2S 9D 6D 4D 2D 7C 5C 4C 2C", E: "QH"},
        actions="3, nil, 3, 4, QH", seat=S, expected="JH", dealer=N,
    ),
    Position(
        "Whiz: a weak hand with one low spade goes Nil",
        hands={S: "2S 9H 7H 4H 2H 8D 6D 5D 3D 9C 6C 4C 3C"},
        actions="", seat=S, expected="nil", variant="whiz", dealer=E,
    ),
    Position(
        "Whiz: strong spades bid the spades held",
        hands={S: "AS KS QS JS AH KH 4H AD 6D 3D AC 5C 2C"},
        actions="", seat=S, expected="4", variant="whiz", dealer=E,
    ),
    Position(
        "Suicide: partner bid 5 and this hand is weak: Nil",
        hands={S: "3S 2S 9H 7H 4H 2H 8D 6D 5D 3D 9C 6C 4C"},
        actions="5, 4", seat=S, expected="nil", variant="suicide",
    ),
    Position(
        "Suicide: first of the side with a strong hand bids",
        hands={N: "AS KS QS 9S 4S AH KH AD KD QD AC 5C 2C"},
        actions="", seat=N, expected="4, 5, 6, 7, 8, 9, 10, 11, 12, 13", variant="suicide",
    ),
    Position(
        "minimum team bid: partner bid 1, so bid at least 3",
        hands={S: "AS 5S 3S 9H 7H 4H 2H 8D 6D 5D 9C 6C 4C"},
        actions="3, 1, 3", seat=S, expected="3", options={"min_team_bid": 4}, dealer=S,
    ),
    Position(
        "well ahead and close to the target: bid what is safe",
        hands={S: "AS KS 4S 3S AH 7H 4H 9D 6D 3D 8C 5C 2C"},
        actions="", seat=S, expected="3", dealer=E, scores=(420, 250),
    ),
    Position(
        "Blind Nil when far behind and the opponents near the target",
        hands={}, actions="", seat=N, expected="blind nil", options={"blind_nil": True},
        scores=(60, 420),
        # The rule's answer. Played out by the normal player at every seat from here to the game's end over 1,000
        # deals, Blind Nil won 0.4% of the games and the hand's margin was -141.5; looking won 0.9% and -100.6.
        # The search (whole deals, the seat's own hand unseen) finds the same and looks.
        searched="look",
    ),
    Position(
        "no Blind Nil while the opponents are far from the target: look",
        hands={}, actions="", seat=N, expected="look", options={"blind_nil": True},
        scores=(0, 300),
    ),
    Position(
        "no Blind Nil when only 100 behind: look",
        hands={}, actions="", seat=N, expected="look", options={"blind_nil": True},
        scores=(0, 100),
    ),
    Position(
        "two-player: keep the ace of spades",
        hands={}, actions="", seat=-1, expected="keep", variant="two_player", offered="AS",
    ),
    Position(
        "two-player: discard a low card",
        hands={}, actions="", seat=-1, expected="discard", variant="two_player", offered="3C",
    ),
]


# Nil play: covering partner's Nil and setting the opponents'. A Nil is worth 100 points each way, so against
# it a trick or a high card kept for later is small change: each of these has one right idea.
NIL_POSITIONS: list[Position] = [
    Position(
        # The nine covers only if West plays over it or partner holds a heart below it; the ace covers always.
        "partner's Nil plays last: cover with the ace, not the nine",
        hands={S: "AH 9H KS 8S 3S KD 10D 5D 2D QC 8C 5C 2C", E: "6H"},
        actions="3, 3, 3, nil, 6H", seat=S, expected="AH", dealer=N,
    ),
    Position(
        # After the ace was played the king is the best heart left: the same cover, one rank down.
        "partner's Nil plays last: cover with the best card left",
        hands={S: "KD 9D 3D 8H 6H 4H JS 7S 5S QC 10C 6C 3C", E: "AD 6D", W: "4D", N: "2D"},
        actions="3, 3, 3, nil, AD, 3D, 4D, 2D, 6D", seat=S, expected="KD", dealer=N,
    ),
    Position(
        # Only a spade can beat the ace, and partner need not play one: the king and queen are kept for later.
        "the ace led covers partner's Nil: play low",
        hands={S: "KH QH 5H KS 8S 3S KD 10D 5D 2D QC 8C 5C", E: "AH"},
        actions="3, 3, 3, nil, AH", seat=S, expected="5H", dealer=N,
    ),
    Position(
        # Partner's eight wins the trick unless this seat, the last to play, takes it: any higher club does.
        "partner's Nil card is winning and this seat plays last: overtake it",
        hands={S: "QC 10C 2C AS 9S 5S KH 8H 4H 2H JD 7D 6D", W: "3C", N: "8C", E: "5C"},
        actions="3, nil, 3, 3, 3C, 8C, 5C", seat=S, expected="QC, 10C", dealer=S,
    ),
    Position(
        # Out of hearts second in hand: a trump takes the trick (or West overtrumps it), so partner sheds freely.
        "out of the suit led before partner's Nil: trump to cover it",
        hands={S: "KS 8S 3S 2S KD 10D 5D 2D QC 8C 5C 4C 2C", E: "5H"},
        actions="3, 3, 3, nil, 5H", seat=S, expected="KS, 8S, 3S, 2S", dealer=N,
    ),
    Position(
        # Partner's nine is winning with West still to play: a discard leaves partner to West's mercy.
        "partner's Nil lead is winning and this seat is out of the suit: trump it",
        hands={S: "QS 7S 4S 2S KD 10D 5D 2D QC 8C 5C 4C 2C", N: "9H", E: "4H"},
        actions="nil, 3, 4, 3, 9H, 4H", seat=S, expected="QS, 7S, 4S, 2S",
    ),
    Position(
        # Partner showed out of diamonds: on a diamond lead partner discards whatever it likes, and takes nothing.
        "partner's Nil is out of diamonds: lead one so partner can shed",
        hands={S: "AD 9D 7D 3D QH 8H 4H 10S 6S 3S JC 9C 4C", E: "5D", W: "6D", N: "2C"},
        actions="3, 4, 3, nil, 5D, AD, 6D, 2C", seat=S, expected="9D, 7D, 3D", dealer=N,
    ),
    Position(
        # No sure winner: the king of a solid suit loses only to the ace, and partner sheds under either.
        "no sure winner to lead for partner's Nil: lead from the top of a strong suit",
        hands={S: "KC QC JC 10C 9H 6H 3H 8D 5D 2D 7S 4S 2S"},
        actions="4, 3, nil, 3", seat=S, expected="KC, QC, JC, 10C", dealer=E,
    ),
    Position(
        # East's seven wins unless this seat, the last to play, takes it: ducking sets the Nil at once.
        "the opponent's Nil is winning and this seat plays last: duck and the Nil is set",
        hands={S: "9H 4H AS QS 6S KD 9D 4D 10D AC 8C 5C 2C", W: "5H", N: "2H", E: "7H"},
        actions="3, 3, nil, 4, 5H, 2H, 7H", seat=S, expected="4H", dealer=S,
    ),
    Position(
        # East led its six: only the four stays under it, leaving West to spend a card over the six to cover.
        "the opponent's Nil leads low: stay under it in second seat",
        hands={S: "KD 9D 4D AS JS 3S QH 8H 4H AC 10C 6C 3C", E: "6D"},
        actions="nil, 4, 3, 3, 6D", seat=S, expected="4D", dealer=N,
    ),
    Position(
        # Partner's five is winning and West's Nil plays last: the four keeps the five on top, and West must
        # find a club below it (only the two is left) or take the trick.
        "partner's low card is winning and the opponent's Nil plays last: do not overtake",
        hands={S: "KC 4C AS 9S 5S KH 8H 4H 2H JD 7D 6D 2D", N: "5C", E: "3C"},
        actions="3, 3, 4, nil, 5C, 3C", seat=S, expected="4C",
    ),
    Position(
        # West showed out of diamonds: a diamond lets the Nil discard its dangers. A low heart or club it must
        # follow, and must get under (the five and six of clubs are one card: nothing lies between them).
        "the opponent's Nil is out of diamonds: lead low in a suit it holds",
        hands={S: "AD JD 7D 2D 3H 5H KH 9H 6C 5C AS 8S 6S", N: "4D", E: "5D",
               W: "3C 2C 4C 7C 9C 2H 4H 6H 7H 8H 2S 3S 4S"},
        actions="4, nil, 3, 3, AD, 3C, 4D, 5D", seat=S, expected="3H, 5H, 5C, 6C", dealer=E,
    ),
]
"""Nil positions: covering partner's Nil and setting the opponents'."""
