"""Files handed to the program that are not what it expects (a database, random bytes, JSON cut short) are said in
whole sentences that name the file and what it should be, by every command that reads one: never a decoding
traceback, never Python's JSON message cut from its place."""

from __future__ import annotations

import os
import sqlite3
from pathlib import Path

import numpy as np
import pytest

from spades.cli import main
from spades.env.policy import load_network
from spades.errors import PolicyFileError, RecordError
from spades.record import load_record
from spades.table.config import Settings, load_settings
from spades.table.saves import describe_save, load_game
from spades.table.scorepad import PadError, Scorepad

CUT = '{"format": "spades-record",\n "version": 1,\n "seed": "abc'  # cut in a string, which is never closed


def sqlite_file(path: Path) -> Path:
    with sqlite3.connect(path) as db:
        db.execute("create table t (x)")
    return path


def test_replay_of_a_database_random_bytes_and_cut_json_says_so(tmp_path: Path,
                                                                capsys: pytest.CaptureFixture[str]) -> None:
    database = sqlite_file(tmp_path / "room.sqlite3")
    noise = tmp_path / "noise.json"
    noise.write_bytes(b"\x00\x95" + os.urandom(200))
    cut = tmp_path / "cut.json"
    cut.write_text(CUT, encoding="utf-8")
    said = []
    for path in (database, noise, cut):
        assert main(["replay", str(path)]) == 2
        said.append(capsys.readouterr().err.strip())
    assert said == [
        f"spades replay: {database} is not a game record: it is an SQLite database (such as the room's), not text",
        f"spades replay: {noise} is not a game record: it is not text (its byte 2 is not UTF-8)",
        f"spades replay: {cut} is not a game record: it is not JSON (line 3, column 10: a string starts there and "
        "is never closed by a double quote)",
    ]


def test_every_reader_of_a_json_file_says_a_binary_file_in_a_sentence(tmp_path: Path) -> None:
    noise = tmp_path / "table-save.json"
    noise.write_bytes(b"\xff\xfe" + os.urandom(100))
    for read in (load_record, load_game):
        with pytest.raises(RecordError, match=r"is not (a game record|a saved game): it is not text \(its byte 1 "):
            read(noise)
    assert describe_save(noise).startswith("table-save.json is not a saved game: it is not text")
    with pytest.raises(PadError, match=r"is not a scorepad: it is not text"):
        Scorepad.load(noise)
    cut = tmp_path / "cut.json"
    cut.write_text('{"hands": [1, 2,', encoding="utf-8")
    with pytest.raises(PadError, match=r"is not a scorepad: it is not JSON \(line 1, column 17: a value is expected"):
        Scorepad.load(cut)


def test_settings_that_are_not_text_are_said_and_the_defaults_used(tmp_path: Path,
                                                                   monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("SPADES_CONFIG_DIR", str(tmp_path))
    (tmp_path / "table.toml").write_bytes(b"pace = \xff\xfe")
    settings, notes = load_settings()
    assert settings == Settings()
    assert notes == [f"{tmp_path / 'table.toml'} is not a settings file: it is not text (its byte 8 is not UTF-8); "
                     "using the defaults"]


def test_a_policy_file_that_is_not_one_says_what_it_is(tmp_path: Path) -> None:
    database = sqlite_file(tmp_path / "room.sqlite3")
    noise = tmp_path / "noise.npz"
    noise.write_bytes(b"\x80\x04" + os.urandom(100))  # np.load took this for a pickle, and spoke of allow_pickle
    with pytest.raises(PolicyFileError) as info:
        load_network(str(noise))
    assert str(info.value) == (f"{noise} is not a policy file: a policy file is an .npz archive of its layers "
                               "(docs/env.md), and this file is not one")
    with pytest.raises(PolicyFileError, match=r"and this file is an SQLite database"):
        load_network(str(database))
    good = tmp_path / "good.npz"
    np.savez(good, w0=np.zeros((2, 3)), b0=np.zeros(3))
    assert len(load_network(str(good))) == 1
