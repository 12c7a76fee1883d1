"""The room's protocol: every frame a client may send is checked for size, JSON and schema, in that order, and a
refusal names the check (its code) and the field in plain words, quoting little of the input and no markup. The
generated docs/protocol.md matches the models, and each example in it is a valid message."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

from spades import wire
from spades.actions import BIDS, BLIND_NIL, Choice, parse_action
from spades.bots import available_levels
from spades.cards import CARDS
from spades.room import protocol
from spades.room.protocol import (
    CLIENT_MESSAGES,
    MAX_FRAME_BYTES,
    SERVER_MESSAGES,
    Act,
    Create,
    ErrorCode,
    Guest,
    ProtocolError,
    RulesForm,
    parse_client,
    parse_server,
    render_docs,
)
from spades.room.web.limits import RateLimit
from spades.rules import VARIANTS, Rules

DOC = Path(__file__).resolve().parents[1] / "docs" / "protocol.md"


def refusal(frame: str | bytes) -> ProtocolError:
    with pytest.raises(ProtocolError) as caught:
        parse_client(frame)
    return caught.value


def bad(message: dict[str, Any]) -> str:
    """The words of the bad_message refusal of a message."""
    error = refusal(json.dumps(message))
    assert error.code == ErrorCode.BAD_MESSAGE, error.message
    return error.message


# -- the document ---------------------------------------------------------------------------------------------------

def test_the_committed_protocol_document_is_the_one_the_models_generate() -> None:
    assert DOC.read_text(encoding="utf-8") == render_docs(), "run: python -m spades.room.protocol > docs/protocol.md"


def test_the_generator_prints_the_document_as_a_module() -> None:
    done = subprocess.run([sys.executable, "-m", "spades.room.protocol"], capture_output=True, check=True)
    assert done.stdout.decode("utf-8") == DOC.read_text(encoding="utf-8")


def test_every_message_and_error_code_is_in_the_document_with_its_schema() -> None:
    text = DOC.read_text(encoding="utf-8")
    for model in CLIENT_MESSAGES:
        assert f"### `{model.example['type']}` (client to server)" in text
        assert json.dumps(model.model_json_schema(), indent=2, ensure_ascii=False) in text
    for server_model in SERVER_MESSAGES:
        assert f"### `{server_model.example['type']}` (server to client)" in text
        assert json.dumps(server_model.model_json_schema(), indent=2, ensure_ascii=False) in text
    for code in ErrorCode:
        assert f"| `{code.value}` |" in text


@pytest.mark.parametrize("model", CLIENT_MESSAGES, ids=lambda model: model.__name__)
def test_each_client_example_is_a_valid_message_of_its_model(model: type[protocol.ClientBase]) -> None:
    message = parse_client(json.dumps(model.example))
    assert type(message) is model
    assert message.model_dump(mode="json", exclude_unset=True) == model.example


@pytest.mark.parametrize("model", SERVER_MESSAGES, ids=lambda model: model.__name__)
def test_each_server_example_is_a_valid_message_of_its_model(model: type[protocol.ServerBase]) -> None:
    message = parse_server(json.dumps(model.example))
    assert type(message) is model
    assert parse_server(message.model_dump_json()) == message


def test_the_update_example_is_in_the_wire_form_of_the_game() -> None:
    example = dict(protocol.Update.example)
    update = wire.update_from_json({key: example[key] for key in ("cursor", "events", "view")})
    assert wire.update_to_json(update) == {key: example[key] for key in ("cursor", "events", "view")}


def test_the_error_codes_the_room_needs_are_defined() -> None:
    needed = {"too_large", "not_json", "bad_message", "rate_limited", "not_signed_in", "no_such_table", "not_seated",
              "not_your_turn", "illegal", "not_owner", "seat_taken", "game_started", "name_taken", "bad_password"}
    assert needed <= {code.value for code in ErrorCode}
    assert set(protocol.ERROR_MEANINGS) == set(ErrorCode)


# -- size, then JSON -----------------------------------------------------------------------------------------------

def test_a_frame_over_the_limit_is_too_large_before_it_is_read_as_json() -> None:
    error = refusal("x" * (MAX_FRAME_BYTES + 1))
    assert error.code == ErrorCode.TOO_LARGE
    assert error.message == f"the message is {MAX_FRAME_BYTES + 1} bytes; the limit is {MAX_FRAME_BYTES}"


def test_the_size_limit_counts_bytes_not_characters() -> None:
    text = json.dumps({"type": "guest", "name": "é" * 3000}, ensure_ascii=False)
    assert len(text) < MAX_FRAME_BYTES < len(text.encode())
    assert refusal(text).code == ErrorCode.TOO_LARGE
    padded = json.dumps({"type": "ping"}) + " " * (MAX_FRAME_BYTES - 16)
    assert len(padded.encode()) == MAX_FRAME_BYTES
    assert parse_client(padded).type == "ping"


@pytest.mark.parametrize(("frame", "words"), [
    ("{", "the message is not JSON: expecting property name enclosed in double quotes at character 1"),
    (b"\xff{}", "the message is not UTF-8 text (byte 0)"),
    ('{"type": "ping", "type": "ping"}', "the message is not JSON: the key 'type' is given twice"),
    ('{"type": "sync", "table": 1, "cursor": NaN}', "the message is not JSON: NaN is not a JSON number"),
    ("[" * 2000 + "]" * 2000, "the message is nested too deeply"),
    ("", "the message is not JSON: expecting value at character 0"),
])
def test_text_that_is_not_json_is_refused_as_not_json(frame: str | bytes, words: str) -> None:
    error = refusal(frame)
    assert (error.code, error.message) == (ErrorCode.NOT_JSON, words)


def test_bytes_and_text_frames_are_read_alike() -> None:
    assert parse_client(b'{"type": "sync", "table": 3, "cursor": 9}') == parse_client(
        '{"type": "sync", "table": 3, "cursor": 9}')


# -- schema --------------------------------------------------------------------------------------------------------

def test_a_missing_field_is_named() -> None:
    assert bad({"type": "act", "table": 1, "cursor": 0}) == "act.action: missing"


def test_an_unknown_type_is_quoted_and_the_types_listed() -> None:
    words = bad({"type": "foo"})
    assert words.startswith("unknown message type 'foo'; the types are register, login, guest")
    assert bad({"type": "chta"}).startswith("unknown message type 'chta'; did you mean 'chat'?")


def test_an_unknown_type_too_long_to_list_the_types_beside_names_where_they_are() -> None:
    """The room's types are many: beside a long quoted type they would be cut off at the message's limit."""
    words = bad({"type": "<" * 40})  # each quoted as six characters
    assert words.endswith(f"; docs/protocol.md lists the {len(protocol.CLIENT_MESSAGES)} types"), words
    assert len(words) < 300


def test_a_message_without_a_type_or_not_an_object_is_refused() -> None:
    assert bad({"table": 1}) == "type: missing; every message names its type"
    assert bad([1, 2]) == "a message is a JSON object"  # type: ignore[arg-type]
    assert bad({"type": 5}) == "type: should be text, the name of a message"


def test_extra_fields_are_refused_by_name() -> None:
    assert bad({"type": "ping", "seat": 2}) == "ping.seat: not a field of this message"


def test_types_are_strict_no_text_for_numbers_and_no_booleans_for_numbers() -> None:
    assert bad({"type": "sync", "table": "1", "cursor": 0}) == "sync.table: should be a whole number"
    assert bad({"type": "sync", "table": True, "cursor": 0}) == "sync.table: should be a whole number"
    assert bad({"type": "sync", "table": 1, "cursor": 1.5}) == "sync.cursor: should be a whole number"
    assert parse_client('{"type": "join", "table": 1, "seat": null}') == parse_client('{"type": "join", "table": 1}')


def test_table_ids_seats_and_cursors_are_bounded() -> None:
    assert bad({"type": "join", "table": 0}) == "join.table: should be at least 1"
    assert bad({"type": "join", "table": 2**31}) == "join.table: should be at most 2147483647"
    assert bad({"type": "join", "table": 1, "seat": 6}) == "join.seat: should be at most 5"
    assert bad({"type": "sync", "table": 1, "cursor": -1}) == "sync.cursor: should be at least 0"


@pytest.mark.parametrize("name", ["A", "Ada Lovelace", "José-2_x", "x" * 32, "Ωμέγα", "<img src=x onerror=alert(1)>",
                                  "O'Brien & Co.", "♠ Ace ♠"])
def test_names_of_printable_characters_pass(name: str) -> None:
    assert parse_client(json.dumps({"type": "guest", "name": name})) == Guest(type="guest", name=name)


@pytest.mark.parametrize(("name", "words"), [
    ("", "guest.name: should not be empty"),
    ("x" * 33, "guest.name: should have at most 32 characters"),
    ("Ada\n", "guest.name: character U+000A is not allowed: a name has printable characters and single spaces"),
    ("Ada\u200b", "guest.name: character U+200B is not allowed: a name has printable characters and single spaces"),
    ("Ada\u00a0B", "guest.name: character U+00A0 is not allowed: a name has printable characters and single spaces"),
    (" Ada", "guest.name: a name does not begin or end with a space, nor has two together"),
    ("Ada ", "guest.name: a name does not begin or end with a space, nor has two together"),
    ("Ada  B", "guest.name: a name does not begin or end with a space, nor has two together"),
    # found: names with nothing to see were names
    ("\u115f\u115f", "guest.name: character U+115F is not allowed: it is an old Hangul jamo or a Hangul filler, "
     "which shows nothing"),
    ("\u3164", "guest.name: character U+3164 is not allowed: it is an old Hangul jamo or a Hangul filler, which "
     "shows nothing"),
    ("x\u034f\u034f\u034f", "guest.name: character U+034F is not allowed: it is an invisible (default-ignorable) "
     "character"),
    ("\u0301\u0301", "guest.name: a name needs a letter, digit or symbol that shows, not only combining marks"),
])
def test_other_names_are_refused_saying_why(name: str, words: str) -> None:
    assert bad({"type": "guest", "name": name}) == words


@pytest.mark.parametrize("name", ["\u115f\u115f", "x\u034f\u034f\u034f", "\u0301\u0301", "Ada\n", "Ada  B", "x" * 33,
                                  "Ada", "Ev\u0435 Smith", "<b>x</b>"])
def test_the_protocol_and_the_store_take_and_refuse_the_same_names(name: str) -> None:
    from spades.room.identity import auth

    try:
        auth.check_name(name)
        stored = True
    except auth.AuthError:
        stored = False
    try:
        parse_client(json.dumps({"type": "guest", "name": name}))
        sent = True
    except ProtocolError:
        sent = False
    assert sent == stored


def test_passwords_are_8_to_128_characters() -> None:
    assert bad({"type": "register", "name": "Ada", "password": "x" * 7}) == (
        "register.password: should have at least 8 characters")
    assert bad({"type": "login", "name": "Ada", "password": "x" * 129}) == (
        "login.password: should have at most 128 characters")
    # a login's password is any up to 128: a short one is wrong (bad_password), not a malformed message
    assert parse_client(json.dumps({"type": "login", "name": "Ada", "password": "x"})).type == "login"
    assert bad({"type": "login", "name": "Ada", "password": ""}) == "login.password: should not be empty"


@pytest.mark.parametrize("action", ["AS", "10H", "th", "2c", "0", "4", "13", "nil", "bn", "blind nil", "keep",
                                    "discard", "look"])
def test_every_action_text_passes_to_the_engine(action: str) -> None:
    message = parse_client(json.dumps({"type": "act", "table": 1, "action": action, "cursor": 0}))
    assert isinstance(message, Act) and message.action == action
    assert parse_action(message.action) is not None


def test_every_action_as_the_engine_writes_it_passes() -> None:
    """A client may send back any action its view offered, in the text the records and views write."""
    everything = [*CARDS, *BIDS, BLIND_NIL, *Choice]
    for action in everything:
        message = parse_client(json.dumps({"type": "act", "table": 1, "action": str(action), "cursor": 0}))
        assert isinstance(message, Act) and parse_action(message.action) == action


def test_the_schema_bounds_an_action_and_leaves_whether_it_is_one_to_the_host() -> None:
    """Finding 1: the action's grammar is stated once, by the engine through ``Host.check``, not again by a regex
    here; the schema only bounds its length."""
    for text in ("ZZ", "14"):
        message = parse_client(json.dumps({"type": "act", "table": 1, "action": text, "cursor": 0}))
        assert isinstance(message, Act) and message.action == text
    assert bad({"type": "act", "table": 1, "action": "blind nil!", "cursor": 0}) == (
        "act.action: should have at most 9 characters")
    assert not hasattr(protocol, "ACTION_PATTERN")


def test_an_action_the_host_cannot_read_is_refused_quoting_it_short_and_escaped() -> None:
    from spades.game import Game
    from spades.host import Host, Refusal

    host = Host(Game(Rules.preset("standard"), seed=1))
    refusal = host.check(host.game.turn, "<b>ZZ")
    assert isinstance(refusal, Refusal) and refusal.kind == "not_an_action"
    error = protocol.host_refusal(refusal, "<b>ZZ")
    assert error.code == ErrorCode.ILLEGAL
    assert error.message == ("'\\u003cb\\u003eZZ' is not an action: a card such as AS or 10H, a bid 0 to 13, nil, "
                             "blind nil, keep, discard or look")


def test_levels_are_the_computer_players_there_are() -> None:
    for level in available_levels():
        assert parse_client(json.dumps({"type": "level", "table": 1, "seat": 2, "level": level})).type == "level"
    assert bad({"type": "level", "table": 1, "seat": 2, "level": "godlike"}) == (
        f"level.level: unknown level 'godlike'; the levels are {', '.join(available_levels())}")


def test_create_takes_any_playable_rules_and_levels_by_seat() -> None:
    frame = {"type": "create", "rules": {"variant": "mirror", "options": {"target": 300, "bag_limit": 5}},
             "levels": {"1": "hard", "3": "easy"}, "timeout": 1.5}
    message = parse_client(json.dumps(frame))
    assert isinstance(message, Create)
    assert message.rules.to_rules() == Rules.preset("mirror", target=300, bag_limit=5)
    assert message.seat_levels() == {1: "hard", 3: "easy"}
    rules = Rules.preset("solo", blind_nil=True)
    assert RulesForm.of(rules).to_rules() == rules


@pytest.mark.parametrize("variant", VARIANTS)
def test_the_rules_of_every_preset_pass_in_their_wire_form(variant: str) -> None:
    rules = Rules.preset(variant)
    form = wire.rules_to_json(rules)
    message = parse_client(json.dumps({"type": "create", "rules": form}))
    assert isinstance(message, Create) and message.rules.to_rules() == rules
    assert message.rules.model_dump() == form == RulesForm.of(rules).model_dump()


def test_create_refuses_rules_the_engine_refuses_saying_why() -> None:
    assert bad({"type": "create", "rules": {"variant": "whiz", "options": {"blind_nil": True}}}) == (
        "create.rules: option blind_nil: Blind Nil is never played in whiz")
    assert bad({"type": "create", "rules": {"variant": "standard", "options": {"target": True}}}) == (
        "create.rules.options: option target should be a whole number")
    assert bad({"type": "create", "rules": {"variant": "standard", "options": {"zz": 1}}}).startswith(
        "create.rules.options: unknown option 'zz'; the options are target")
    assert bad({"type": "create", "rules": {"variant": "chess"}}).startswith("create.rules.variant: should be")
    assert bad({"type": "create", "rules": {"variant": "standard"}, "levels": {"7": "hard"}}) == (
        "create.levels: key '7' should be '0', '1', '2', '3', '4' or '5'")
    assert bad({"type": "create", "rules": {"variant": "standard"}, "timeout": 0}) == (
        "create.timeout: should be at least 0.1")


def test_a_refusal_carries_back_the_clients_number_when_it_is_one() -> None:
    error = refusal('{"type": "act", "id": 41, "table": 1}')
    assert error.id == 41
    reply = protocol.error_reply(error)
    assert reply.model_dump(mode="json") == {"type": "error", "id": 41, "code": "bad_message",
                                             "message": error.message}
    assert refusal('{"type": "act", "id": "41"}').id is None


def test_errors_quote_a_short_fragment_of_the_input_and_never_markup() -> None:
    hostile = "<script>alert(1)</script>" * 40
    for frame in ({"type": hostile}, {"type": "create", "rules": {"variant": "standard", "options": {hostile[:30]: 1}}},
                  {"type": "level", "table": 1, "seat": 0, "level": hostile[:16]}):
        words = bad(frame)
        assert not set(words) & set("<>&\"`"), words
        assert "script" not in words or words.count("script") <= 2
        assert len(words) < 400  # the fragment quoted, and at most the list of the options' names


# -- rate ----------------------------------------------------------------------------------------------------------

class Clock:
    def __init__(self) -> None:
        self.now = 1000.0

    def __call__(self) -> float:
        return self.now


def test_a_burst_of_40_passes_and_the_41st_message_is_refused() -> None:
    clock = Clock()
    limit = RateLimit(clock=clock)
    assert all(limit.allow() for _ in range(40))
    assert not limit.allow()


def test_tokens_come_back_at_20_a_second() -> None:
    clock = Clock()
    limit = RateLimit(clock=clock)
    for _ in range(40):
        limit.allow()
    clock.now += 0.04
    assert not limit.allow()
    clock.now += 0.011
    assert limit.allow()
    assert not limit.allow()


def test_20_messages_a_second_pass_for_ever_and_21_do_not() -> None:
    clock = Clock()
    steady = RateLimit(clock=clock)
    passed = 0
    for _ in range(20 * 60):
        clock.now += 1 / 20
        passed += steady.allow()
    assert passed == 20 * 60
    clock = Clock()
    fast = RateLimit(clock=clock)
    passed = 0
    for _ in range(21 * 60):
        clock.now += 1 / 21
        passed += fast.allow()
    assert 20 * 60 <= passed <= 20 * 60 + 41


def test_an_idle_connection_saves_up_no_more_than_a_burst() -> None:
    clock = Clock()
    limit = RateLimit(clock=clock)
    clock.now += 3600
    assert sum(limit.allow() for _ in range(100)) == 40


def test_a_clock_that_steps_back_gives_no_tokens() -> None:
    clock = Clock()
    limit = RateLimit(clock=clock)
    for _ in range(40):
        limit.allow()
    clock.now -= 10
    assert not limit.allow()
    clock.now += 0.06
    assert limit.allow()


def test_a_field_name_the_client_made_up_is_quoted_escaped_and_short() -> None:
    words = bad({"type": "ping", "<img src=x onerror=alert(1)>": 1})
    assert words == "ping.'\\u003cimg src=x onerror=a'...: not a field of this message"


def test_an_error_names_the_first_few_problems_and_stays_short_however_many_there_are() -> None:
    frame = {"type": "ping", **{f"field{number}": number for number in range(250)}}
    assert len(json.dumps(frame)) <= MAX_FRAME_BYTES
    error = refusal(json.dumps(frame))
    assert error.message == ("ping.field0: not a field of this message; ping.field1: not a field of this message; "
                             "ping.field2: not a field of this message; and 247 more problems")
    assert protocol.error_reply(error).message == error.message


def test_a_server_frame_carries_the_clients_number_only_in_a_reply() -> None:
    said = protocol.Said(type="said", table=7, text="Back at the table: hand 3, trick 5, your turn.")
    assert json.loads(protocol.encode(said)) == {"type": "said", "table": 7,
                                                 "text": "Back at the table: hand 3, trick 5, your turn."}
    pong = protocol.Pong(type="pong", id=99)
    assert json.loads(protocol.encode(pong)) == {"type": "pong", "id": 99}
    assert parse_server(protocol.encode(said)) == said
