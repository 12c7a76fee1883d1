"""The table loop: one person's seat, every event said as one plain line.

The table is a console fed only through a :class:`~spades.table.link.SeatLink`: the seat's view and the public
events, and the actions it takes. It never reads the game, so it says the same words at a local game against the
computer and at a table of the online room. The loop alternates two things: let the others move (announcing each
event, at the chosen pace) until it is the player's turn or the hand is over, then handle one key (or one line).
While others are still to move and nothing new has come (people at an online table), the keys are read with a
short timeout between waits, so the reading keys still answer.
"""

from __future__ import annotations

import sys
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import Any, TextIO

from ..actions import BLIND_NIL, Action, ActionError, Bid, Choice, parse_action
from ..bots import Bot
from ..card_words import card_words, suit_word, suit_words, the_card
from ..cards import Card, CardSet, Suit
from ..coach import NOT_OVER
from ..events import CardPlayed, Event, HandScored, HandStarted, Passed, TrickWon
from ..language import N_, _, n_, p_
from ..rules import Rules, variant_words
from ..view import Phase, SeatView
from ..words import announce as say
from ..words import clock as clock_words
from ..words import keymap, review
from ..words.seat import answer as key_answer
from ..words.seat import heard_lines
from .chat import EARLIER, ChatLink, Talk
from .config import Settings, remember
from .keys import Input, decode, key_name
from .link import LocalLink, SeatLink
from .speech import Speaker
from .waiting import meanwhile

SUITS = {suit.plural: suit for suit in Suit}  # the keymap's suit keys name the suit they jump to
END_OFFER = N_("Press C for the coach's review of the last hand, or q to leave.")
END_KEYS = frozenset("egmz?")  # the reading keys that still answer once the game is over
LAST_HAND_KEYS = frozenset("bcrR")  # ... and those that answer about its last hand, as between hands
WAIT = 0.05  # seconds to wait for others' moves before looking at the keys again

LINE_HELP = N_("Line mode: type a card (AS, 10H) or 'play AS', a bid (4, four, nil, 'bid 4') then y, or any key's "
               "letter or name (left, right, home, end, enter, help, quit). An empty line says again what is asked.")
LINE_WORDS = keymap.line_words()
NUMBER_WORDS = {word: value for value, word in enumerate((
    "zero", "one", "two", "three", "four", "five", "six", "seven", "eight", "nine", "ten", "eleven", "twelve",
    "thirteen", "fourteen", "fifteen", "sixteen", "seventeen", "eighteen"))}


class Output:
    """Plain lines on standard output, in order and flushed at once, and to the speech backend when one is on.

    ``last`` is what m repeats: the last message the table said of itself (an event, a prompt, a refusal). An
    answer to a reading key (``interrupt``: it cuts off speech) is left out, since its key asks for it again; so
    m after b or g still gives the message the player may have missed."""

    def __init__(self, stream: TextIO | None = None, speaker: Speaker | None = None) -> None:
        self.stream = stream or sys.stdout
        self.speaker = speaker
        self.last = ""
        self.partial = False  # characters are echoed on the line, not yet ended

    def __call__(self, line: str, interrupt: bool = False, remember: bool | None = None) -> None:
        if self.partial:  # a line being typed (the chat's) is ended before any other is said
            self.partial = False
            self.stream.write("\n")
        self.stream.write(line + "\n")
        self.stream.flush()
        if remember is None:
            remember = not interrupt
        if remember:
            self.last = line
        if self.speaker is not None:
            self.speak(line, interrupt)

    def echo(self, typed: str) -> None:
        """What the player types in the chat line, shown as typed (the terminal's own echo is off while the table
        reads single keys): a character, or ``backspace``, which rubs the last one out; ``enter`` ends the line."""
        if typed == "enter":
            if self.partial:
                self.partial = False
                self.stream.write("\n")
        elif typed == "backspace":
            self.stream.write("\b \b")
        else:
            self.partial = True
            self.stream.write(typed)
        self.stream.flush()
        if self.speaker is not None and len(typed) == 1:
            self.speak(typed, True)

    def speak(self, line: str, interrupt: bool) -> None:
        """Queue the line for speech; or, once speech has turned out to be off, say why instead, once."""
        assert self.speaker is not None
        off = self.speaker.off_reason()
        if off is None:
            self.speaker.say(line, interrupt=interrupt)
            return
        self.speaker.close(0)
        self.speaker = None
        self.stream.write(off + "\n")
        self.stream.flush()


@dataclass
class Table:
    link: SeatLink
    adviser: Bot
    settings: Settings
    input: Input
    out: Output
    sleep: Callable[[float], None] = time.sleep
    seen: int = 0  # events announced so far
    hand_start: int = 0  # index of the event that started the hand being reviewed by g
    waiting_next: bool = False
    selected: Card | None = None
    digits: str = ""
    confirm: tuple[str, Any] | None = None
    prompted: tuple[int, int] = (-1, 0)  # the decision "your turn" was last said for (see ``prompt``)
    notes: dict[int, str] = field(default_factory=dict)  # what only the player knows, by the event it follows
    intro: list[str] = field(default_factory=list)  # said once the game starts or resumes (who the computer plays)
    talk: Talk = field(init=False)  # the chat keys: at a table of the room, its chat
    moved: bool = False  # the player took an invitation: the link is at another table, which the caller plays

    def __post_init__(self) -> None:
        link = self.link
        self.talk = Talk(link if isinstance(link, ChatLink) else None, self.out, self.out.echo,
                         accept=self.accept_invitation)

    # -- helpers ----------------------------------------------------------------------------------------------
    @property
    def human(self) -> int:
        return self.link.seat

    @property
    def rules(self) -> Rules:
        return self.link.rules

    def view(self) -> SeatView:
        return self.link.view()

    def events(self) -> Sequence[Event]:
        return self.link.events()

    @property
    def over(self) -> bool:
        return self.view().phase is Phase.OVER

    @property
    def my_turn(self) -> bool:
        view = self.view()
        return view.phase is not Phase.OVER and not self.waiting_next and view.turn == self.human

    def save(self) -> None:
        self.link.save()

    def name(self, seat: int) -> str:
        return say.name(self.rules, seat)

    def turn_words(self) -> str:
        """Whose turn it is; between hands, that the hand just played is over (the next one waits for n)."""
        return self.ended_answer("w") if self.waiting_next else say.turn_line(self.view())

    def ended_answer(self, key: str) -> str:
        """What a reading key says between hands (see ``review``)."""
        return review.ended_answers(self.view(), self.reviewed_events())[key]

    def reviewed_events(self) -> list[Event]:
        """The events of the hand being reviewed: this hand's so far, or the whole of the one just finished."""
        return list(self.events()[self.hand_start:self.seen])

    # -- the loop -----------------------------------------------------------------------------------------------
    def run(self, resumed: bool = False) -> int:
        if resumed:
            events = self.events()
            self.seen = len(events)
            self.hand_start = hand_start(events)
            view = self.view()
            self.out(_("Resumed: {variant} game, hand {hand}.", variant=variant_words(self.rules.variant),
                       hand=view.hand_number) + " " + say.game_score_line(view))
        if not resumed:  # what the room said before the deal (where quick play seated the player) comes before
            for line in self.link.notices():  # who sits at the other seats
                self.out(line)
        for line in self.intro:
            self.out(line)
        if resumed:
            for line in self.table_lines(resumed=True):
                self.out(line)
        with self.input.raw():
            try:
                while True:
                    settled = self.advance()
                    # the owner removed the player, or the room shut them out (suspended): as was just said
                    if getattr(self.link, "removed", False) or getattr(self.link, "shut_out", False):
                        return 1
                    if self.over:
                        self.finish()
                        return self.after_game()
                    # While the player thinks, a local game has nothing to say; a room may (a lost connection)
                    if not (settled and isinstance(self.link, LocalLink)) and not self.input.ready(WAIT):
                        continue
                    token = self.input.read()
                    if token is None:
                        self.save()
                        # Translators: {kept} says what becomes of the game ("the game is saved. spades play
                        # --resume continues it").
                        self.out(_("Input ended; {kept}.", kept=self.link.kept_words))
                        return 0
                    if self.handle(token):
                        return 0
            except KeyboardInterrupt:
                self.save()
                self.out(_("Interrupted; {kept}.", kept=self.link.kept_words))
                return 130

    def advance(self) -> bool:
        """Announce what happened and let the others move, until the player is to act or the hand has ended
        (True), or until nothing new has come for a moment while others are still to move (False: the keys are
        looked at, then the table waits again)."""
        while True:
            for line in self.link.notices():
                self.out(line)
                if line.startswith(_(EARLIER)) and self.prompted == self.decision():
                    # the chat's earlier lines, sent as one comes back, must not bury "your turn": it is said again
                    self.prompted = (-1, 0)
            self.announce_new()
            view = self.view()
            if self.waiting_next or view.phase is Phase.OVER:
                return True
            if view.turn == self.human:
                self.prompt()
                return True
            if not self.link.wait(WAIT):
                return False

    def announce_new(self) -> None:
        events = self.events()
        verbose = self.settings.verbosity == "all"
        while self.seen < len(events) and not self.waiting_next:
            index = self.seen
            event = events[index]
            self.seen += 1
            if isinstance(event, HandStarted):
                self.hand_start = index
            if isinstance(event, Passed) and index not in self.notes:
                # kept, so that g says the pass's cards after the next hand is dealt and the view no longer holds them
                own = say.pass_line(self.view(), events, index)
                if own is not None:
                    self.notes[index] = own
            for line in heard_lines(self.view(), events, index, self.notes.get(index), verbose,
                                    index in self.link.timed()):
                self.out(line)
            if isinstance(event, CardPlayed) and event.seat != self.human and self.settings.pace:
                self.sleep(self.settings.pace)
            elif isinstance(event, TrickWon):
                self.save()
                if self.settings.trick_pace:
                    self.sleep(self.settings.trick_pace)
            elif isinstance(event, HandScored) and not self.over:
                self.save()
                self.waiting_next = True
                self.out(_("Press n for the next hand."))
                # m still repeats the line above: it says what is awaited
                self.out(_("Or press C for the coach's review of your bids and cards."), remember=False)

    def decision(self) -> tuple[int, int]:
        """The decision the player is at: every action adds an event, but for the cards of a Nil pass, which are
        told only once all are chosen."""
        return len(self.events()), len(self.view().passed)

    def prompt(self) -> None:
        """Say "your turn" once for each new decision, with what the decision is."""
        view = self.view()
        decision = self.decision()
        if self.prompted == decision:
            return
        self.prompted = decision
        self.digits = ""
        if self.settings.bell:
            self.out.stream.write("\a")
        chooses = view.phase in (Phase.PLAY, Phase.PASS)  # a card of the hand, chosen the same way
        if chooses and (self.selected is None or self.selected not in view.legal):
            self.selected = next(a for a in view.legal if isinstance(a, Card))
        self.out(say.prompt_line(view, self.selected if chooses else None))

    def finish(self) -> None:
        self.out(self.statistics())
        self.save()

    def after_game(self) -> int:
        """At the game's end: where a local game's record is kept, then the coach for the last hand until the
        player leaves (q, or the end of input, so a pipe or a closed terminal never waits here)."""
        kept = getattr(self.link, "record_path", None)
        if kept is not None:
            self.out(_("The game is kept as {path}; spades replay with --review goes through it again.", path=kept))
        self.out(_(END_OFFER))
        while True:
            try:
                token = self.input.read()
            except KeyboardInterrupt:
                return 0
            if token is None:
                return 0
            key = token
            if self.input.line_mode:
                word = token.strip()
                if self.talk.whole_line(word):
                    continue
                key = LINE_WORDS.get(word.lower(), word)
            entry = keymap.find(key)
            if self.talk.key(key, entry.does if entry is not None else None):
                if self.moved:  # an invitation taken: the caller plays at its table
                    return 0
                continue
            if key == "C":
                self.coach()
            elif key in ("q", "n"):
                return 0
            elif key in END_KEYS and (info := self.information(key)) is not None:
                for line in info:
                    self.out(line, interrupt=True)
            elif key in LAST_HAND_KEYS:
                last = max(event.hand for event in self.events() if isinstance(event, HandStarted))
                self.out(key_answer(self.view(), self.events(), key, last), interrupt=True)
            else:
                self.out(_(END_OFFER))

    def statistics(self) -> str:
        return say.statistics_line(self.rules, self.human, self.view().results, self.events())

    # -- input ------------------------------------------------------------------------------------------------
    def handle(self, token: str) -> bool:
        """Do what one key or line asks; True when the player has left."""
        if self.input.line_mode:
            return self.handle_line(token)
        return self.handle_key(token)

    def handle_line(self, line: str) -> bool:
        text = line.strip()
        word = text.lower()
        if self.talk.whole_line(text):
            return False
        if not text:  # a stray Enter on a braille display must not play a card: say again what is asked
            return self.repeat_prompt()
        if "\x1b" in text and len(keys := decode(text)) == 1:  # an arrow (or Home...) pressed, then Enter
            return self.handle_key(keys[0])
        if self.confirm is not None:
            return self.handle_key(LINE_WORDS.get(word, word))
        command, _space, rest = word.partition(" ")
        if command in ("play", "bid") and rest:
            text, word = text.partition(" ")[2].strip(), rest.strip()
        if word in NUMBER_WORDS:  # "four", "bid four": a bid said as a word
            text = word = str(NUMBER_WORDS[word])
        if word.isdigit():
            if not (self.my_turn and self.view().phase is Phase.BID):
                return self.handle_key(word[0])
            self.digits = word[-2:]
            return self.handle_key("enter")
        if len(text) == 1:
            return self.handle_key(text)
        if word in LINE_WORDS:
            return self.handle_key(LINE_WORDS[word])
        try:
            action = parse_action(text)
        except ActionError as error:
            self.out(not_understood(text, error))
            return False
        return self.take_typed(action)

    def repeat_prompt(self) -> bool:
        """The question the table is waiting on, said again."""
        if self.confirm is not None:
            kind, payload = self.confirm
            self.out(_("Bid {bid}? y or n.", bid=payload.spoken) if kind == "bid" else
                     self.accept_question(payload) if kind == "accept" else self.link.leave_question)
        elif self.my_turn:
            self.prompted = (-1, 0)
            self.prompt()
        else:
            self.out(self.turn_words())
        return False

    def take_typed(self, action: Action) -> bool:
        """A card, bid or choice typed in full in line mode."""
        if isinstance(action, Card):
            hand = self.view().hand
            if hand is not None and action in hand:
                self.selected = action
            return self.handle_key("enter") if hand is not None and action in hand else self.refuse(action)
        if isinstance(action, Bid):
            if action is BLIND_NIL:
                return self.handle_key("0") or self.handle_key("enter")
            self.digits = str(action.value)
            return self.handle_key("enter")
        if action is Choice.LOOK:
            return self.handle_key("h")
        return self.handle_key("y" if action is Choice.KEEP else "n")

    def refuse(self, action: Action) -> bool:
        if not self.my_turn:
            self.out(_("It is not your turn.") + " " + self.turn_words())
        else:
            # Never legal here (a card not in the hand), so the link only says why; nothing changes.
            reason = self.link.act(action) or _("not possible now")
            named = the_card(action) if isinstance(action, Card) else str(action)
            # Translators: {card} is the card with its article ("the queen of hearts"); {reason} why, a clause.
            self.out(_("Not {card}: {reason}.", card=named, reason=reason))
        return False

    def handle_key(self, key: str) -> bool:
        """Do what the key does, as the keymap says."""
        entry = keymap.find(key)
        does = entry.does if entry is not None else None
        if self.talk.key(key, does):  # the chat keys, and every key while the chat line is open
            return self.moved
        if self.confirm is not None:
            return self.answer(key)
        phase = self.view().phase
        if does == "bid":
            return self.digit(key)
        if does == "rub out" and self.digits:
            self.digits = self.digits[:-1]
            self.out(_("Bid: {digits}.", digits=self.digits) if self.digits else _("Bid: nothing typed."),
                     interrupt=True)
            return False
        if does == "enter":
            return self.enter()
        if self.my_turn and phase is Phase.DRAW and key in ("y", "n"):
            return self.draw(Choice.KEEP if key == "y" else Choice.DISCARD)
        if entry is not None and does in ("move", "suit"):
            self.navigate(entry)
            return False
        if does == "back":  # the web table's focus comes back to the hand; this table never leaves it
            self.out(self.selected_line(), interrupt=True)
            return False
        info = self.information(key)
        if info is not None:
            for line in info:
                self.out(line, interrupt=True)
            return False
        if does == "read":  # h: the hand, or a look at the cards before bidding Blind Nil
            return self.read_hand()
        if does == "next":
            if self.waiting_next:
                self.waiting_next = False
            else:
                self.out(_("There is no hand to continue.") + " " + say.turn_line(self.view()))
            return False
        if does == "quit":
            self.confirm = ("quit", None)
            self.out(self.link.leave_question)
            return False
        if does == "hint":
            self.hint()
            return False
        if does == "undo":
            self.undo()
            return False
        if does == "coach":
            self.coach()
            return False
        if does == "verbosity":
            self.settings.verbosity = "tricks" if self.settings.verbosity == "all" else "all"
            remember("verbosity", self.settings.verbosity)
            self.out(_("Verbosity: every card is said.") if self.settings.verbosity == "all"
                     else _("Verbosity: only tricks, bids and turns are said."))
            return False
        # Translators: {key} is the key as a player knows it: "x", "Ctrl+L", "Page Up", "That key".
        self.out(_("{key} does nothing here; press ? for the list of keys.", key=key_name(key)))
        return False

    def answer(self, key: str) -> bool:
        kind, payload = self.confirm  # type: ignore[misc]
        lowered = key.lower()
        if lowered not in ("y", "n", "yes", "no"):
            self.out(_("Please answer y or n."))
            return False
        self.confirm = None
        yes = lowered.startswith("y")
        if kind == "accept":
            if not yes:
                self.out(_("Staying at the table."))
                return False
            return self.move(payload)
        if kind == "quit":
            if not yes:
                self.out(_("Staying at the table."))
                return False
            self.save()
            self.link.leave()
            kept = self.link.kept_words
            # Translators: {kept} says what becomes of the game, its first letter made capital ("The game is saved.
            # spades play --resume continues it").
            self.out(_("{kept}. Goodbye.", kept=kept[:1].upper() + kept[1:]))
            return True
        if kind == "bid":
            if yes:
                return self.act(payload)
            self.out(_("Bid taken back. Your turn to bid: {bids}.", bids=say.legal_bids_text(self.view().legal)))
        return False

    def accept_invitation(self) -> None:
        """Shift+A: take the last invitation to a seat; at a game under way, only once the player says so (the
        computer plays for them here)."""
        invitation = getattr(self.link, "invitation", None)
        if not isinstance(invitation, dict):
            self.out(_("No invitation to accept: when a friend invites you to a seat, Shift+A takes you there."),
                     interrupt=True)
            return
        if not self.over:
            self.confirm = ("accept", invitation)
            self.out(self.accept_question(invitation))
            return
        self.move(invitation)

    def accept_question(self, invitation: dict[str, Any]) -> str:
        return _("Leave this game for {name}'s invitation to table {table}? The game goes on here: the computer plays "
                 "for you. y or n.", name=invitation.get("name"), table=invitation.get("table"))

    def move(self, invitation: dict[str, Any]) -> bool:
        """Go to the invitation's table (True: the caller plays there), or say why not (False)."""
        accept = getattr(self.link, "accept_invitation", None)
        reason = accept(invitation) if accept is not None else _("this table cannot move")
        if reason is not None:
            self.out(_("Not possible: {reason}.", reason=reason))
            return False
        self.moved = True
        self.out(_("You leave this table for table {table}.", table=invitation.get("table")))
        return True

    def digit(self, key: str) -> bool:
        if not (self.my_turn and self.view().phase is Phase.BID):
            self.out(_("Digits are for bidding, and it is not your turn to bid.") + " " + self.turn_words())
            return False
        self.digits = (self.digits + key)[-2:]
        self.out(self.digits, interrupt=True)
        return False

    def enter(self) -> bool:
        phase = self.view().phase
        if not self.my_turn:
            if self.waiting_next:
                self.out(self.turn_words())
            else:
                self.out(_("It is not your turn.") + " " + say.turn_line(self.view()))
            return False
        if phase is Phase.BID:
            if not self.digits:
                self.out(_("Type your bid first: {bids}.", bids=say.legal_bids_text(self.view().legal)))
                return False
            value = int(self.digits)
            self.digits = ""
            legal = self.view().legal
            if Choice.LOOK in legal:
                if value != 0:
                    self.out(_("Before looking you may only bid Blind Nil (0); press h to look at your cards."))
                    return False
                bid: Bid = BLIND_NIL
            elif value > self.rules.hand_size:
                self.out(_("You may not bid {bid}. You may bid {bids}.", bid=value, bids=say.legal_bids_text(legal)))
                return False
            else:
                bid = Bid.of(value)
            if bid not in legal:
                self.out(_("You may not bid {bid}. You may bid {bids}.", bid=bid.spoken,
                           bids=say.legal_bids_text(legal)))
                return False
            self.confirm = ("bid", bid)
            self.out(_("Bid {bid}? y or n.", bid=bid.spoken))
            return False
        if phase is Phase.DRAW:
            self.out(drawn_line(self.view()))
            return False
        card = self.selected
        if card is None:
            self.out(_("No card is selected."))
            return False
        reason = self.link.act(card)
        if reason is not None:
            # Translators: {card} is the card with its article ("the queen of hearts"); {reason} why, a clause.
            self.out(_("Not {card}: {reason}.", card=the_card(card), reason=reason))
            return False
        self.save()
        return False

    def act(self, action: Action) -> bool:
        reason = self.link.act(action)
        if reason is not None:
            self.out(_("Not possible: {reason}.", reason=reason))
            return False
        self.save()
        return False

    def draw(self, choice: Choice) -> bool:
        """Keep or discard the drawn card. The public event says which card went face up; the card kept is known
        only to the player, so the table notes it to be said after that event and read back by g."""
        before, hidden = self.view().hand or CardSet(), self.view().discards
        index = len(self.events())
        self.act(choice)
        after = self.view().hand or CardSet()
        # where discards go face down, the seat alone knows the one it has just put there
        face_down = CardSet(self.view().discards & ~hidden) if self.rules.face_down_discards else None
        kept = say.kept_line(before, after, face_down)
        if kept is not None:
            self.notes[index] = kept
        return False

    # -- the hand -------------------------------------------------------------------------------------------
    def hand(self) -> CardSet | None:
        return self.view().hand

    def selected_line(self) -> str:
        hand = self.hand()
        if hand is None or self.selected is None or self.selected not in hand:
            return _("No card is selected.")
        name = card_words(self.selected)
        # Translators: {card} is the card's name alone, its first letter made capital ("Queen of hearts").
        return _("{card} is selected.", card=name[:1].upper() + name[1:])

    def navigate(self, entry: keymap.Key) -> None:
        """Move through the hand as it plays: suit by suit (clubs to spades), low to high within a suit by the
        rules' order, so the jokers come after the ace of spades and a JJDD two of diamonds among the spades."""
        if self.waiting_next:
            self.out(self.ended_answer("h"), interrupt=True)
            return
        hand = self.hand()
        if hand is None:
            self.out(_("You have not looked at your cards; press h to look."), interrupt=True)
            return
        rules = self.rules
        by_suit = {suit: say.suit_cards(hand, suit, rules)[::-1] for suit in say.SUIT_ORDER}  # low to high
        cards = [card for suit in say.SUIT_ORDER for card in by_suit[suit]]
        if not cards:
            self.out(_("You hold no cards."), interrupt=True)
            return
        current = self.selected if self.selected in hand else None
        index = cards.index(current) if current is not None else -1
        here = Suit(rules.suit_of(current)) if current is not None else Suit(rules.suit_of(cards[0]))
        move = entry.move
        # said after the card's name, each after a comma: "queen of hearts, 3 hearts, first suit"
        notes: list[str] = []
        if entry.does == "suit":
            suit = SUITS[move]
            if not by_suit[suit]:
                self.out(_("No {suits}.", suits=suit_words(suit)), interrupt=True)
                return
            target = by_suit[suit][0]
            notes.append(suit_count(suit, len(by_suit[suit])))
        elif move == "left":
            if index <= 0:
                # Translators: said after a card's name when the move went no further: "two of clubs, first card".
                notes.append(_("first card"))
            target = cards[max(index - 1, 0)]
        elif move == "right":
            if index == len(cards) - 1:
                notes.append(_("last card"))
            target = cards[min(index + 1, len(cards) - 1)] if index >= 0 else cards[0]
        elif move == "home":
            target = cards[0]
        elif move == "end":
            target = cards[-1]
        elif move in ("low", "high"):
            target = by_suit[here][0] if move == "low" else by_suit[here][-1]
        else:  # up / down: the lowest card of the previous or next suit held
            suits = [s for s in say.SUIT_ORDER if by_suit[s]]
            position = suits.index(here) if here in suits else 0
            step = -1 if move == "up" else 1
            new = position + step
            edge = None
            if not 0 <= new < len(suits):
                edge = _("first suit") if step < 0 else _("last suit")
                new = position
            suit = suits[new]
            target = by_suit[suit][0]
            notes.append(suit_count(suit, len(by_suit[suit])))
            if edge is not None:
                notes.append(edge)
        self.selected = target
        self.out(", ".join((card_words(target), *notes)), interrupt=True)

    def read_hand(self) -> bool:
        view = self.view()
        if view.hand is None:
            if self.my_turn and Choice.LOOK in view.legal:
                self.act(Choice.LOOK)
                self.announce_new()
                self.prompted = (-1, 0)
                self.out(say.hand_lines(self.view().hand, self.rules))  # type: ignore[arg-type]
                return False
            self.out(_("You have not looked at your cards yet."))
            return False
        self.out(say.hand_answer(view), interrupt=True)
        return False

    # -- information ----------------------------------------------------------------------------------------
    def information(self, key: str) -> list[str] | None:
        """The answer of a reading key (the words of :mod:`spades.words.seat`, about the hand just played until
        n), or of m, g and ?, which the table answers from what it has said; None for any other key, and for h
        during a hand (it reads the hand, or looks at the cards)."""
        entry = keymap.find(key)
        if entry is None:
            return None
        if entry.does == "read":
            if entry.key == "h" and not self.waiting_next:
                return None
            hand = self.reviewed_hand()
            return [self.link.answer(entry.key, hand) or key_answer(self.view(), self.events(), entry.key, hand)]
        own: dict[str, Callable[[], list[str]]] = {
            "repeat": lambda: [self.out.last or _("Nothing has been said yet.")],
            "log": self.review,
            "clock": lambda: [self.link.answer("T", None) or _(clock_words.NO_CLOCK)],
            "standings": lambda: [self.link.answer("S", None) or _("This table is not part of a tournament.")],
            "help": lambda: [*keymap.help_lines(room=self.talk.link is not None),
                             *([_(LINE_HELP)] if self.input.line_mode else [])],
        }
        answer = own.get(entry.does)
        return answer() if answer is not None else None

    def reviewed_hand(self) -> int | None:
        """Between hands, until n: the number of the hand just played, which the reading keys are about."""
        if not self.waiting_next:
            return None
        return next((e.hand for e in self.reviewed_events() if isinstance(e, HandStarted)), None)

    def review(self) -> list[str]:
        lines: list[str] = []
        view, events = self.view(), self.events()
        for index in range(self.hand_start, self.seen):
            lines.extend("  " + line for line in heard_lines(view, events, index, self.notes.get(index),
                                                             timed=index in self.link.timed()))
        return [_("Log of this hand:"), *lines] if lines else [_("Nothing has happened in this hand yet.")]

    # -- help -----------------------------------------------------------------------------------------------
    def hint(self) -> None:
        view = self.view()
        if not self.my_turn or not view.legal:
            self.out(say.no_hint_line(self.turn_words()))
            return
        hint = meanwhile(lambda: self.adviser.hint(view), _("The hint is still being worked out"), self.out)
        if isinstance(hint.action, Card):
            self.selected = hint.action
        self.out(say.hint_line(hint.action, hint.reason, view.phase))

    def coach(self) -> None:
        """The coach's review of the hand just played: the player's costliest choices against the search's.

        Its first line cuts off what was being said, as every answer does; the rest queue behind it, so a screen
        reader says them all, and m still repeats what the table awaits."""
        if not (self.waiting_next or self.over):
            self.out(_(NOT_OVER), interrupt=True)
            return
        started = next((e for e in self.reviewed_events() if isinstance(e, HandStarted)), None)
        if started is None:
            self.out(_("There is no hand to review."), interrupt=True)
            return
        # a second or two of search, here or at the room, and far longer on a busy machine: say so before the wait,
        # and every few seconds while it lasts, so that silence never reads as a key that did nothing
        self.out(_("The coach goes through your bids and cards of hand {hand}.", hand=started.hand), interrupt=True)
        words = meanwhile(lambda: self.link.coach(started.hand),
                          _("The coach is still at work on hand {hand}", hand=started.hand), self.out)
        if isinstance(words, str):
            self.out(_("No review: {reason}.", reason=words), remember=False)
            return
        for line in words:
            self.out(line, remember=False)

    def undo(self) -> None:
        taken = self.link.undo()
        if isinstance(taken, str):
            self.out(f"{taken[:1].upper()}{taken[1:]}.")
            return
        action, later = taken
        events = self.events()
        self.seen = len(events)
        self.notes = {i: note for i, note in self.notes.items() if i < self.seen}
        self.hand_start = hand_start(events)
        self.waiting_next = False
        self.confirm = None
        self.digits = ""
        self.prompted = (-1, 0)
        if isinstance(action, Card):
            self.selected = action
        self.out(taken_back_line(action, later))
        for line in self.table_lines():
            self.out(line)
        self.save()

    def table_lines(self, resumed: bool = False) -> list[str]:
        """Where the hand stands, for a player who did not see it come there (a resumed game, a move taken back):
        in the play, the trick on the table, after the last one taken when none of its cards is played yet, or
        on resuming (the computers may have finished it after the player's last look); in the bidding, the bids
        so far."""
        view = self.view()
        if view.phase is Phase.PLAY:
            lines = [say.last_trick_line(view)] if view.tricks and (resumed or not view.trick) else []
            return [*lines, say.current_trick_line(view)]
        if view.phase is Phase.BID and any(bid is not None for bid in view.bids):
            return [say.bids_line(view)]
        return []



def hand_start(events: Sequence[Event]) -> int:
    """The index of the event that started the current hand (0 before any)."""
    for index in range(len(events) - 1, -1, -1):
        if isinstance(events[index], HandStarted):
            return index
    return 0


def not_understood(text: str, error: ActionError) -> str:
    """A typed line that names nothing, with the card it was probably meant to be when the engine has one in mind
    (``did you mean the queen of hearts?``), and the key that lists the rest, as the table says when it starts."""
    if error.suggestion is not None:
        # Translators: {card} is the card with its article ("the queen of hearts").
        return _("{text} is not a card, a bid or a command; did you mean {card}?", text=repr(text),
                 card=the_card(error.suggestion))
    return _("{text} is not a card, a bid or a command; press ? for the list of keys.", text=repr(text))


def drawn_line(view: SeatView) -> str:
    """What enter says in the draw: the card drawn, and the keys that keep or discard it."""
    if view.offered is None:
        return _("You drew the card: y keeps it, n discards it.")
    return _("You drew {card}: y keeps it, n discards it.", card=the_card(view.offered))


def suit_count(suit: Suit, count: int) -> str:
    """How many cards of a suit the hand holds, as the moves through it say: "3 hearts", "1 spade"."""
    return f"{count} {suit_word(suit) if count == 1 else suit_words(suit)}"


def taken_back_line(action: Action, later: int) -> str:
    """What U says it took back: the player's card, bid or choice, and how many actions of others went with it."""
    if isinstance(action, Card):
        if later:
            return n_("Taken back: your {card}, and {n} action after it.",
                      "Taken back: your {card}, and {n} actions after it.", later, card=card_words(action))
        return _("Taken back: your {card}.", card=card_words(action))
    if isinstance(action, Bid):
        if later:
            return n_("Taken back: your bid of {bid}, and {n} action after it.",
                      "Taken back: your bid of {bid}, and {n} actions after it.", later, bid=action.spoken)
        return _("Taken back: your bid of {bid}.", bid=action.spoken)
    choice = choice_words(action)
    if later:
        return n_("Taken back: your choice to {choice}, and {n} action after it.",
                  "Taken back: your choice to {choice}, and {n} actions after it.", later, choice=choice)
    return _("Taken back: your choice to {choice}.", choice=choice)


def choice_words(choice: Choice) -> str:
    """A draw's or Blind Nil's choice as said after "your choice to": keep, discard, look."""
    if choice is Choice.KEEP:
        return p_("choice", "keep")
    if choice is Choice.DISCARD:
        return p_("choice", "discard")
    return p_("choice", "look")
