"""The table never sits silent: not while the hard player's search compiles, not while speech does not answer.

Speech is tried with a stand-in for prismatoid (a ``prism`` package put first on the path) whose backend blocks
for good when opened, or when speaking, and with a real Speech Dispatcher when one and prismatoid are installed.
"""

from __future__ import annotations

import importlib.util
import os
import re
import shutil
import subprocess
import sys
import threading
import time
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pexpect
import pytest
from pexpect.popen_spawn import PopenSpawn

from spades.table.session import Output
from spades.table.speech import OPEN_WAIT, open_speech

SPADES = [sys.executable, "-m", "spades", "play", "--line", "--pace", "0", "--trick-pace", "0", "--seed", "1"]
PREPARING = "Preparing the computer's search, about ten seconds, only the first time."
FAKE_PRISM = '''
"""A stand-in for prismatoid whose backend blocks for good where FAKE_PRISM says: acquire or output."""
import os
import threading


class Backend:
    name = "Fake Reader"

    def output(self, text, interrupt=False):
        if os.environ.get("FAKE_PRISM") == "output":
            threading.Event().wait()


class Context:
    def acquire_best(self):
        if os.environ.get("FAKE_PRISM") == "acquire":
            threading.Event().wait()
        return Backend()
'''


def environment(tmp: Path, **extra: str) -> dict[str, str]:
    return dict(os.environ, SPADES_CONFIG_DIR=str(tmp / "config"), SPADES_DATA_DIR=str(tmp / "data"),
                PYTHONUNBUFFERED="1", **extra)


def with_fake_prism(tmp: Path, mode: str) -> dict[str, str]:
    (tmp / "fake" / "prism").mkdir(parents=True)
    (tmp / "fake" / "prism" / "__init__.py").write_text(FAKE_PRISM, encoding="utf-8")
    path = os.pathsep.join([str(tmp / "fake"), os.environ.get("PYTHONPATH", "")])
    return environment(tmp, PYTHONPATH=path, FAKE_PRISM=mode)


Start = Callable[[list[str], dict[str, str]], PopenSpawn]


@pytest.fixture
def start() -> Iterator[Start]:
    """Starts `spades play` in line mode; a table still running when the test ends (a stalled one) is killed."""
    children: list[PopenSpawn] = []

    def spawn(args: list[str], env: dict[str, str]) -> PopenSpawn:
        children.append(PopenSpawn([*SPADES, *args], env=env, encoding="utf-8", timeout=60))
        return children[-1]

    yield spawn
    for child in children:
        if child.proc.poll() is None:
            child.proc.kill()
            child.proc.wait()


# -- speech -------------------------------------------------------------------------------------------------


class Recorder:
    """A backend that records what it is asked to say; each line waits until ``gate`` is opened."""

    name = "Recorder"

    def __init__(self) -> None:
        self.said: list[tuple[str, bool]] = []
        self.gate = threading.Event()
        self.started = threading.Event()

    def output(self, text: str, interrupt: bool = False) -> None:
        self.started.set()
        self.gate.wait()
        self.said.append((text, interrupt))


def test_an_interrupting_line_drops_the_lines_not_yet_spoken() -> None:
    backend = Recorder()
    speaker, note = open_speech("auto", acquire=lambda: backend)
    assert speaker is not None and note == "Speech: Recorder."
    speaker.say("Hand 1. North deals.")
    assert backend.started.wait(60)  # the worker is speaking the first line; the others wait behind it
    for line in ("East bids 2.", "South bids 3.", "West bids 1."):
        speaker.say(line)
    speaker.say("Ace of spades", interrupt=True)
    backend.gate.set()
    speaker.close(5)
    assert backend.said == [("Hand 1. North deals.", False), ("Ace of spades", True)]


def test_a_backend_that_never_opens_is_given_up_and_said_once(tmp_path: Path) -> None:
    began = time.monotonic()
    speaker, note = open_speech("auto", explicit=False, wait=0.2, limit=0.6, acquire=threading.Event().wait)
    assert time.monotonic() - began < 2 and note == ""  # the table starts after the short wait, speech pending
    assert speaker is not None
    lines: list[str] = []
    out = Output(stream=_Lines(lines), speaker=speaker)
    out("Hand 1. North deals.")
    time.sleep(0.7)
    out("East bids 2.")
    out("Your turn to bid: Nil or 1 to 13.")
    assert lines == ["Hand 1. North deals.", "East bids 2.",
                     "Speech is off: the screen reader or speech engine did not answer within 0.6 seconds.",
                     "Your turn to bid: Nil or 1 to 13."]
    assert out.speaker is None


def test_what_is_said_about_speech_at_the_start() -> None:
    def missing() -> Any:
        raise OSError("no backend")

    assert open_speech("auto", explicit=False, acquire=missing) == (None, "")
    assert open_speech("auto", acquire=missing) == (None, "Speech is off: no screen reader or speech engine was "
                                                          "found.")
    espeak = type("Backend", (), {"name": "eSpeak NG", "output": lambda self, text, interrupt=False: None})()
    assert open_speech("screenreader", acquire=lambda: espeak) == (
        None, "Speech is off: no screen reader was found, only eSpeak NG.")
    speaker, note = open_speech("auto", acquire=threading.Event().wait, wait=0.1)
    assert speaker is not None and note.startswith("Speech: waiting for the screen reader or speech engine")
    speaker.close(0)


class _Lines:
    def __init__(self, lines: list[str]) -> None:
        self.lines = lines

    def write(self, text: str) -> None:
        self.lines.extend(text.splitlines())

    def flush(self) -> None:
        pass


def test_a_screen_reader_that_never_answers_does_not_hold_the_table(tmp_path: Path, start: Start) -> None:
    began = time.monotonic()  # the same table without speech, for how long a start takes on this machine now
    plain = start(["--speech", "none"], environment(tmp_path / "plain"))
    plain.expect(r"Your turn to bid: Nil or 1 to 13\.")
    starting = time.monotonic() - began
    plain.proc.kill()
    began = time.monotonic()
    child = start([], with_fake_prism(tmp_path, "acquire"))  # speech is auto by default
    child.expect(r"Your turn to bid: Nil or 1 to 13\.")
    # the short wait for the backend, never its limit (before the fix: no line at all, ever)
    assert time.monotonic() - began - starting < OPEN_WAIT + 6
    child.sendline("b")
    child.expect("Bids: North not yet, East 2")
    child.sendline("q")
    child.sendline("y")
    child.expect("Goodbye")
    child.expect(pexpect.EOF)


def test_a_backend_stuck_while_speaking_does_not_hold_the_table(tmp_path: Path, start: Start) -> None:
    child = start(["--speech", "auto"], with_fake_prism(tmp_path, "output"))
    child.expect(r"Speech: Fake Reader\.")
    child.expect(r"Your turn to bid: Nil or 1 to 13\.")  # before the fix: stuck on the first line spoken
    for bid in ("3", "y"):
        child.sendline(bid)
    child.expect("South bids 3.")
    child.sendline("q")
    child.sendline("y")
    child.expect("Goodbye")
    child.expect(pexpect.EOF)


@pytest.mark.skipif(importlib.util.find_spec("prism") is not None, reason="prismatoid is installed here")
def test_a_missing_prismatoid_is_said_only_when_speech_was_asked_for(tmp_path: Path) -> None:
    asked = subprocess.run([*SPADES, "--speech", "auto"], input="q\ny\n", capture_output=True, text=True,
                           env=environment(tmp_path), timeout=30)
    assert asked.stdout.splitlines()[0] == "Speech is off: prismatoid is not installed."
    default = subprocess.run(SPADES, input="q\ny\n", capture_output=True, text=True,
                             env=environment(tmp_path / "other"), timeout=30)
    assert "Speech" not in default.stdout and default.stdout.startswith("Spades, standard")


def _speech_dispatcher(tmp: Path) -> tuple[subprocess.Popen[bytes], Path, Path]:
    """A private Speech Dispatcher writing its audio to ALSA's null device, logging what it is sent."""
    if importlib.util.find_spec("prism") is None:
        pytest.skip("prismatoid (the speech extra) is not installed")
    binary = shutil.which("speech-dispatcher")
    if binary is None or not Path("/etc/speech-dispatcher/speechd.conf").exists():
        pytest.skip("Speech Dispatcher is not installed")
    conf = tmp / "speechd"
    shutil.copytree("/etc/speech-dispatcher", conf)
    text = (conf / "speechd.conf").read_text(encoding="utf-8")
    (conf / "speechd.conf").write_text(text + '\nAudioOutputMethod "alsa"\nAudioALSADevice "null"\n',
                                       encoding="utf-8")
    socket, logs = tmp / "speechd.sock", tmp / "speechd-log"
    logs.mkdir()
    server = subprocess.Popen([binary, "-s", "-l", "5", "-C", str(conf), "-c", "unix_socket", "-S", str(socket),
                               "-t", "0", "-P", str(tmp / "speechd.pid"), "-L", str(logs)],
                              stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    for _ in range(100):
        if socket.exists():
            return server, socket, logs / "speech-dispatcher.log"
        time.sleep(0.1)
    server.kill()
    server.wait()
    pytest.skip("Speech Dispatcher did not start here")


def _wait_for(log: Path, text: str, seconds: float) -> bool:
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        if log.exists() and text in log.read_text(encoding="utf-8", errors="replace"):
            return True
        time.sleep(0.2)
    return False


def test_the_table_speaks_through_a_real_speech_dispatcher_without_waiting_for_it(tmp_path: Path, start: Start) -> None:
    server, socket, log = _speech_dispatcher(tmp_path)
    try:
        env = environment(tmp_path, SPEECHD_ADDRESS=f"unix_socket:{socket}")
        began = time.monotonic()
        child = start(["--speech", "auto"], env)
        child.expect(r"Speech: (Speech Dispatcher\.|waiting for the screen reader or speech engine)")
        child.expect(r"Your turn to bid: Nil or 1 to 13\.")
        assert time.monotonic() - began < OPEN_WAIT + 6
        assert _wait_for(log, "DATA:|Your turn to bid: Nil or 1 to 13.", 60), "the turn was never spoken"
        child.sendline("q")
        child.sendline("y")
        child.expect("Goodbye")
        child.expect(pexpect.EOF)
        assert _wait_for(log, "Goodbye.", 60), "the last line was not spoken"
    finally:
        server.terminate()
        server.wait(10)


# -- the hard player's first search ---------------------------------------------------------------------------


def test_a_cold_search_cache_is_seen_and_said_once_before_the_first_search(tmp_path: Path) -> None:
    env = environment(tmp_path, NUMBA_CACHE_DIR=str(tmp_path / "empty-cache"))
    probe = subprocess.run([sys.executable, "-c", "from spades.search.warmup import compiled; print(compiled())"],
                           capture_output=True, text=True, env=env, timeout=60)
    assert probe.stdout.strip() == "False", probe.stderr
    # North, the hard partner, bids after South in this deal: the player hears the line before any wait
    done = subprocess.run([*SPADES, "--speech", "none", "--partner", "hard"], input="q\ny\n",
                          capture_output=True, text=True, env=env, timeout=120)
    lines = done.stdout.splitlines()
    assert lines.count(PREPARING) == 1, done.stdout + done.stderr
    assert lines.index(PREPARING) < lines.index("Hand 1. North deals.")
    assert done.returncode == 0 and done.stderr == ""  # leaving while it compiles is clean


def test_a_warm_search_cache_is_not_announced(tmp_path: Path) -> None:
    from spades.search.nil_hands import fit_nil
    from spades.search.warmup import compiled, prepare

    prepare()  # fills the cache this process uses (and its children: NUMBA_CACHE_DIR is inherited)
    assert compiled()
    assert fit_nil.signatures, "preparing must also load the Nil fit, or a later decision waits for it"
    done = subprocess.run([*SPADES, "--speech", "none", "--partner", "hard", "--opponents", "hard"],
                          input="3\ny\nq\ny\n", capture_output=True, text=True, env=environment(tmp_path),
                          timeout=120)
    assert "Preparing" not in done.stdout and "South bids 3." in done.stdout, done.stdout + done.stderr
    assert re.search(r"(North|East|West) bids", done.stdout)
