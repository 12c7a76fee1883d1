"""The room's governance at `spades join`, by keys through a pseudo-terminal at a real `spades serve`: ! reports the
last line of another person (and the reply is said), /report a player; Shift+F says the friends with where they
are and the requests waiting, /friend accepts one; an invitation is said as it comes and Shift+A seats the player
at the inviting table; a moderator hears each new report, Shift+O says the open ones with their lines, /mute N
MINUTES why mutes (the muted player's terminal says so) and a player hears the refusal; a suspended player's
terminal says the suspension and ends, and `spades join` again says it and ends, with no try to reconnect."""

from __future__ import annotations

import asyncio
import re
from collections.abc import Sequence
from pathlib import Path
from typing import Any

import pexpect

from room_server import Loop, ServeProcess
from spades.room.client import RoomClient
from spades.room.store import Store
from spades.room.store.moderation import set_role
from test_join import JoinDriver
from test_room_tournament import PASSWORD, registered

CEILING = 90.0  # seconds any one answer of the room may take on a busy machine


class People(Loop):
    """The shared loop, for the room's other people beside the terminal's blocking reads."""

    def __init__(self) -> None:
        super().__init__(CEILING)

    def person(self, url: str, name: str) -> RoomClient:
        """A registered player signed in."""
        client = RoomClient(url)
        self.run(client.connect(CEILING))
        reply = self.run(client.login(name, PASSWORD))
        assert reply["type"] == "welcome", reply
        return client

    def frame(self, client: RoomClient, test: Any, since: int = 0) -> dict[str, Any]:
        return self.run(client.wait_for(test, CEILING - 5, since=since))

    def stop(self, clients: Sequence[RoomClient] = ()) -> None:
        for client in clients:
            self.run(client.close())
        super().stop()


def room(tmp_path: Path, names: list[str], moderators: tuple[str, ...] = ()) -> ServeProcess:
    """A room whose players are registered (and its moderators named) before it opens."""
    database = str(tmp_path / "room.sqlite3")
    registered(database, names)
    store = Store(database)
    try:
        for name in moderators:
            set_role(store, name, "moderator", "the operator")
    finally:
        store.close()
    return ServeProcess(database, tmp_path).start()


def typed(driver: JoinDriver, text: str) -> None:
    """The chat line opened, the text typed and sent."""
    driver.key(" ")
    driver.expect(r"Chat: type your message")
    for char in text:
        driver.key(char)
    driver.key("enter")


def at_table(driver: JoinDriver, table: int) -> None:
    driver.expect(rf"at table {table}\. You are South\.")
    driver.expect(r"Your turn to bid")


def test_bang_reports_the_last_line_heard_and_report_names_a_player(tmp_path: Path) -> None:
    server = room(tmp_path, ["Mo", "Bob"], moderators=("Mo",))
    loop = People()
    clients: list[RoomClient] = []
    joined = JoinDriver(tmp_path / "ada", [server.url, "--name", "Ada", "-o", "hands=1"])
    try:
        at_table(joined, 1)
        joined.key("!")
        joined.expect(re.escape("No chat line of another person has been heard here yet."))
        mo = loop.person(server.url, "Mo")
        bob = loop.person(server.url, "Bob")
        clients += [mo, bob]
        assert loop.run(bob.join(1))["type"] == "table"  # watching
        assert loop.run(bob.request({"type": "chat", "table": 1, "text": "you fool"}))["type"] == "chat"
        joined.expect(r"Bob, watching: you fool")
        typed(joined, "hello all")  # one's own line is not the one reported
        joined.expect(r"Ada: hello all")

        joined.key("!")
        joined.expect(re.escape('Report Bob\'s line "you fool": why? (Enter sends, Escape takes it back)'))
        joined.key("x")
        joined.key("\x1b")
        joined.expect(re.escape("Report taken back."))
        joined.key("!")
        joined.expect(re.escape('Report Bob\'s line "you fool": why?'))
        for char in "insults":
            joined.key(char)
        joined.key("enter")
        joined.expect(re.escape("Your report of Bob was sent to the moderators; you will be told when it is "
                                "handled."))
        queue = loop.frame(mo, lambda f: f.get("type") == "reports" and f["reports"])
        report = queue["reports"][0]
        assert (report["kind"], report["reporter"], report["player"], report["table"], report["reason"]) == (
            "chat", "Ada", "Bob", 1, "insults"), report
        assert [(line["name"], line["text"], line["reported"]) for line in report["lines"]][-1] == (
            "Bob", "you fool", True), report

        typed(joined, "/report Bob spoils the game")
        joined.expect(re.escape("Your report of Bob was sent to the moderators"))
        queue = loop.frame(mo, lambda f: f.get("type") == "reports" and len(f["reports"]) == 2)
        assert (queue["reports"][1]["kind"], queue["reports"][1]["reason"]) == ("player", "spoils the game")
        typed(joined, "/report Zed")
        joined.expect(re.escape("Report Zed: why? (Enter sends, Escape takes it back)"))
        for char in "rude":
            joined.key(char)
        joined.key("enter")
        joined.expect(re.escape("Not reported: there is no player 'Zed'."))

        typed(joined, "/mute Bob")  # one's own mute of a name, not a moderator's act
        joined.expect(re.escape("You mute Bob."))
    finally:
        joined.child.terminate(force=True)
        loop.stop(clients)
        server.stop()


def test_friends_by_keys_and_an_invitation_taken_with_shift_a(tmp_path: Path) -> None:
    server = room(tmp_path, ["Ada", "Bob"])
    loop = People()
    clients: list[RoomClient] = []
    joined = JoinDriver(tmp_path / "ada", [server.url, "--name", "Ada", "--password", "-o", "hands=1"],
                        password=PASSWORD)
    try:
        at_table(joined, 1)
        joined.key("F")
        joined.expect(re.escape("You have no friends at this room yet: /friend NAME in the chat line asks a player."))
        bob = loop.person(server.url, "Bob")
        clients.append(bob)
        assert loop.run(bob.request({"type": "friend", "name": "Ada", "act": "ask"}))["type"] == "friends"
        joined.expect(re.escape("Bob asks to be your friend."))
        joined.key("F")
        joined.expect(re.escape("Bob asks to be your friend: /friend Bob accepts."))
        since = len(bob.frames)
        typed(joined, "/friend Bob")
        joined.expect(re.escape("Bob and you are friends now."))
        loop.frame(bob, lambda f: f.get("type") == "notice" and f["kind"] == "friend_accepted", since)

        made = loop.run(bob.create("standard", {"hands": 1}, {2: "normal", 3: "normal"}, pace=0, autostart=True))
        table = made["table"]
        assert table == 2, made
        assert loop.run(bob.join(table, 0))["type"] == "table"
        joined.key("F")
        joined.expect(re.escape(f"Bob sits at table {table}, waiting for its start."))

        joined.key("A")
        joined.expect(re.escape("No invitation to accept"))
        sent = loop.run(bob.request({"type": "invite", "table": table, "seat": 1, "name": "Ada"}))
        assert sent["type"] == "notice" and sent["kind"] == "invite_sent", sent
        joined.expect(re.escape(f"Bob invites you to seat East at table {table} (standard). Press Shift+A to "
                                "accept"))
        since = len(bob.frames)
        joined.key("A")
        joined.expect(re.escape(f"Leave this game for Bob's invitation to table {table}? The game goes on here: the "
                                "computer plays for you. y or n."))
        joined.key("y")
        joined.expect(re.escape(f"You leave this table for table {table}."))
        joined.expect(rf"Spades, standard, [^\r\n]*, at table {table}\. You are East\. Press \? for the keys\.")
        seated = loop.frame(bob, lambda f: f.get("type") == "table" and f["table"] == table
                            and f["seats"][1]["player"] == "Ada" and f["state"] == "playing", since)
        assert seated["seats"][0]["player"] == "Bob", seated
        joined.expect(r"Hand 1\.")  # the game at the new table, started once every seat was taken
        for _ in range(int(CEILING * 10)):  # the seat left behind is left as q leaves it: the computer plays it
            found = loop.run(bob.request({"type": "lobby", "table": 1}))["tables"][0]["seats"][2]
            if found.get("away") == "left":
                break
            loop.run(asyncio.sleep(0.1))
        assert found["player"] == "Ada" and found["away"] == "left", found
        joined.key("F")
        joined.expect(re.escape(f"Bob is playing at table {table}."))
    finally:
        joined.child.terminate(force=True)
        loop.stop(clients)
        server.stop()


def test_a_moderator_reads_the_reports_and_mutes_with_a_report_number(tmp_path: Path) -> None:
    server = room(tmp_path, ["Mo", "Bob", "Cy"], moderators=("Mo",))
    loop = People()
    clients: list[RoomClient] = []
    mo = JoinDriver(tmp_path / "mo", [server.url, "--name", "Mo", "--password", "-o", "hands=1"], password=PASSWORD)
    drivers = [mo]
    try:
        at_table(mo, 1)
        mo.key("O")
        mo.expect(re.escape("No open reports."))
        bob = JoinDriver(tmp_path / "bob", [server.url, "--name", "Bob", "--password", "-o", "hands=1"],
                         password=PASSWORD)
        drivers.append(bob)
        at_table(bob, 2)
        bob.key("O")
        bob.expect(re.escape("Only a moderator may do that."))
        cy = loop.person(server.url, "Cy")
        clients.append(cy)
        assert loop.run(cy.join(2))["type"] == "table"
        assert loop.run(cy.request({"type": "chat", "table": 2, "text": "good luck"}))["type"] == "chat"
        bob.expect(r"Cy, watching: good luck")
        since = len(cy.frames)
        typed(bob, "you fool")
        bob.expect(r"Bob: you fool")
        line = loop.frame(cy, lambda f: f.get("type") == "chat" and f["name"] == "Bob", since)
        reply = loop.run(cy.request({"type": "report", "name": "Bob", "table": 2, "seq": line["seq"],
                                     "reason": "insults"}))
        assert reply["type"] == "notice" and reply["kind"] == "reported", reply

        mo.expect(re.escape('New report 1: Cy reports Bob\'s line at table 2, "you fool": insults. Shift+O says the '
                            'open reports.'))
        mo.key("O")
        mo.expect(re.escape("1 open report:\r\n"
                            'Report 1: Cy reports Bob\'s line at table 2, "you fool": insults.\r\n'
                            "Cy, earlier: good luck; Bob, reported: you fool\r\n"
                            "In the chat line: /warn, /mute N MINUTES"))
        since = len(cy.frames)
        typed(mo, "/mute 1 10 insults")
        mo.expect(r"Bob is muted by a moderator in every chat until \d\d:\d\d UTC \(10 minutes left\): insults\.")
        bob.expect(r"You are muted by a moderator in every chat until \d\d:\d\d UTC \(10 minutes left\): "
                   r"insults\.")
        handled = loop.frame(cy, lambda f: f.get("type") == "notice" and f["kind"] == "report_handled", since)
        assert handled["name"] == "Bob", handled
        typed(bob, "still here")
        bob.expect(r"Not sent: you are muted by a moderator in every chat until \d\d:\d\d UTC \(\d+ minutes? left\): "
                   r"insults\.\r?\n")
        mo.key("O")
        mo.expect(re.escape("No open reports."))
        assert "New report" not in mo.transcript.split("No open reports.")[-1]  # the act's queue is nothing new
    finally:
        for driver in drivers:
            driver.child.terminate(force=True)
        loop.stop(clients)
        server.stop()


def test_a_suspended_player_hears_it_and_spades_join_ends_without_reconnecting(tmp_path: Path) -> None:
    server = room(tmp_path, ["Mo", "Bob"], moderators=("Mo",))
    loop = People()
    clients: list[RoomClient] = []
    bob = JoinDriver(tmp_path / "bob", [server.url, "--name", "Bob", "--password", "-o", "hands=1"],
                     password=PASSWORD)
    suspended = r"you are suspended from the room until \d\d:\d\d UTC \(30 minutes left\): cheating\."
    try:
        at_table(bob, 1)
        mo = loop.person(server.url, "Mo")
        clients.append(mo)
        reply = loop.run(mo.request({"type": "moderate", "act": "suspend", "name": "Bob", "minutes": 30,
                                     "reason": "cheating"}))
        assert reply["type"] == "notice" and reply["kind"] == "moderated", reply
        bob.expect("Y" + suspended[1:])
        bob.expect(re.escape("The room has closed your connection; spades join ends here, and can sign you in again "
                             "once the suspension ends."))
        bob.expect(pexpect.EOF)
        bob.child.close()
        assert bob.child.exitstatus == 1
        assert "Connection lost" not in bob.transcript and "reconnecting" not in bob.transcript

        # again: with the session kept from before (no password), then with the password; refused at once each time
        for again in (JoinDriver(tmp_path / "bob", [server.url, "--name", "Bob"]),
                      JoinDriver(tmp_path / "bob-again", [server.url, "--name", "Bob", "--password"],
                                 password=PASSWORD)):
            again.expect(r"spades join: " + suspended + re.escape(" spades join can sign you in again once the "
                                                                 "suspension ends"))
            again.expect(pexpect.EOF)
            again.child.close()
            assert again.child.exitstatus == 2
            assert again.transcript.count("suspended") == 1, again.transcript
            assert "try" not in again.transcript and "Guest" not in again.transcript, again.transcript
    finally:
        bob.child.terminate(force=True)
        loop.stop(clients)
        server.stop()


class FakeLink:
    """The room's side of a table's link, answering as the room does and keeping what was sent."""

    def __init__(self) -> None:
        self.name = "Ada"
        self.table: int | None = 3
        self.last_heard: dict[str, Any] | None = None
        self.invitation: dict[str, Any] | None = None
        self.sent: list[dict[str, Any]] = []

    def request(self, message: dict[str, Any]) -> dict[str, Any] | str:
        self.sent.append(message)
        kind = message["type"]
        if kind == "moderate":
            return "only a moderator may do that" if message.get("name") == "Ann" else {
                "type": "notice", "kind": "moderated", "text": "Done by the room."}
        if kind == "block":
            return {"type": "blocked", "names": ["Term One"] if message.get("blocked") and "name" in message else []}
        if kind == "friend":
            return {"type": "friends", "friends": [], "asked_by": [], "asking": [message["name"]]}
        if kind == "report":
            return {"type": "notice", "kind": "reported", "text": f"Your report of {message['name']} was sent."}
        return {"type": "notice", "kind": "invite_sent", "text": "Invited."}

    def people(self) -> list[str]:
        return ["Ada", "Term One"]

    def table_players(self) -> int | None:
        return 4 if self.table is not None else None

    def join_command(self, table: int | None) -> str:
        return f"spades join ws://room/ws --table {table}"

    def chat(self, text: str) -> str | None:
        return None

    def chat_history(self) -> list[str] | str:
        return []

    def request_words(self, message: dict[str, Any]) -> str:
        self.sent.append(message)
        return f"You mute {message['name']}."


def test_the_chat_lines_commands_of_reports_friends_invitations_and_moderators() -> None:
    from spades.table.chat import Talk

    said: list[str] = []
    link = FakeLink()
    talk = Talk(link, lambda line, **_: said.append(line))

    def sent(line: str) -> dict[str, Any]:
        talk.send(line)
        return link.sent[-1]

    assert sent("/invite Term One East") == {"type": "invite", "table": 3, "name": "Term One", "seat": 1}
    assert sent("/invite Bob") == {"type": "invite", "table": 3, "name": "Bob"} and said[-1] == "Invited."
    assert sent('/invite "Term One" 2')["seat"] == 2
    count = len(link.sent)
    talk.send('/invite "Term One" middle')
    assert len(link.sent) == count and said[-1] == "'middle' is not a seat at this table; the seats are N, E, S, W " \
        "(or 0 to 3)."
    assert sent("/warn 4 be kind") == {"type": "moderate", "act": "warn", "report": 4, "reason": "be kind"}
    assert sent("/mute 4 10 insults") == {"type": "moderate", "act": "mute", "report": 4, "minutes": 10,
                                          "reason": "insults"}
    assert said[-1] == "Done by the room."
    assert sent("/mute Term One") == {"type": "mute", "name": "Term One", "muted": True}  # one's own mute
    assert sent("/mute term one 15 spam") == {"type": "moderate", "act": "mute", "name": "Term One", "minutes": 15,
                                              "reason": "spam"}
    assert sent("/lift Term One served its time")["name"] == "Term One"
    assert sent('/ban "Bo B" spam') == {"type": "moderate", "act": "ban", "name": "Bo B", "reason": "spam"}
    count = len(link.sent)
    for line, words in (("/suspend 4 soon", "Say for how many minutes: /suspend N MINUTES why"),
                        ("/close 4", "Say why, in words the player is told: /close N why"),
                        ("/dismiss", "Type /dismiss N why (N: a report's number, or a player's name).")):
        talk.send(line)
        assert said[-1].startswith(words), said[-1]
    assert len(link.sent) == count
    sent("/warn Ann rude")
    assert said[-1] == "Only a moderator may do that."
    assert sent("/unfriend Bob") == {"type": "friend", "name": "Bob", "act": "remove"}
    assert sent("/friend Cy") == {"type": "friend", "name": "Cy", "act": "ask"}
    assert said[-1] == "You asked Cy to be your friend; you will hear when they accept."
    assert sent("/block Term One") == {"type": "block", "blocked": True, "name": "Term One"}
    assert said[-1] == "You block Term One; they are not told."
    assert sent("/block") == {"type": "block", "blocked": True} and said[-1] == "You block no one."
    assert sent("/unblock Term One")["blocked"] is False and said[-1] == "You no longer block Term One."
    talk.send("/frobnicate")
    assert said[-1].startswith("The chat line's commands: /mute NAME, /unmute NAME, /report NAME why")

    # ! and /report ask why; the reason is the next line typed (Escape takes the report back)
    assert talk.key("!", "report") and said[-1].startswith("No chat line of another person")
    link.last_heard = {"name": "Term One", "text": "you fool", "seq": 7, "table": 3}
    assert talk.key("!", "report") and said[-1] == ('Report Term One\'s line "you fool": why? (Enter sends, Escape '
                                                     'takes it back)')
    assert talk.whole_line("insults") and link.sent[-1] == {"type": "report", "name": "Term One", "table": 3,
                                                            "seq": 7, "reason": "insults"}
    assert said[-1] == "Your report of Term One was sent."
    talk.send("/report Term One")
    assert said[-1] == "Report Term One: why? (Enter sends, Escape takes it back)"
    count = len(link.sent)
    assert talk.key("escape", "back") and said[-1] == "Report taken back." and len(link.sent) == count
    assert talk.whole_line("report term one cheats at cards")  # line mode: the word, then the name and why
    assert link.sent[-1] == {"type": "report", "name": "Term One", "table": 3, "seq": None,
                             "reason": "cheats at cards"}
    assert talk.whole_line("/unblock Term One") and said[-1] == "You no longer block Term One."

    # Shift+A where the player cannot move (the quick-play queue): how to take the invitation
    assert talk.key("A", "accept") and said[-1] == "No invitation to accept."
    link.invitation = {"type": "notice", "kind": "invited", "table": 5, "seat": 1, "name": "Bob", "text": "..."}
    assert talk.key("A", "accept")
    assert said[-1] == "To take Bob's invitation, leave here first with q, then: spades join ws://room/ws --table 5 " \
        "--seat 1"
    link.table = None
    talk.send("/invite Bob")
    assert said[-1] == "You invite a friend to the table you sit at; you are at no table now."


def test_the_room_lists_in_words() -> None:
    from spades.table.governance import friends_lines, reports_lines, split_name

    assert friends_lines({"friends": [{"name": "Bob", "text": "Bob is playing at table 7."}], "asked_by": ["Cy"],
                          "asking": ["Di", "Ed"]}) == [
        "Bob is playing at table 7.", "Cy asks to be your friend: /friend Cy accepts.",
        "You asked Di and Ed to be your friends; no answer yet."]
    queue = {"open": 12, "reports": [
        {"number": 4, "text": "Report 4: Ann reports Bob.", "lines": [
            {"name": "Bob", "text": "hi", "reported": False}, {"name": "Bob", "text": "you fool", "reported": True},
            {"name": "Cy", "text": "stop", "reported": False}]},
        {"number": 5, "text": "Report 5: the room flags Dan.", "lines": []}]}
    assert reports_lines(queue)[:4] == ["12 open reports; the oldest 2:", "Report 4: Ann reports Bob.",
                                        "Bob, earlier: hi; reported: you fool; Cy, earlier: stop",
                                        "Report 5: the room flags Dan."]
    assert reports_lines({"open": 0, "reports": []}) == ["No open reports."]
    assert split_name("Guest 12 was rude", ["Guest 1", "Guest 12"]) == ("Guest 12", "was rude")
    assert split_name("'Old Tom' spam", []) == ("Old Tom", "spam")
    assert split_name("Bob", []) == ("Bob", "")
