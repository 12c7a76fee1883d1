"""`spades bench room`: a real server under a few tables of websocket clients reports sensible figures, the engine
measured in the same run beside them; the profile's categories and the servers' histograms are read right."""

from __future__ import annotations

import asyncio
import json
import math
import shutil
import sys
from collections import Counter
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

from spades.benchmarks import _room_profile, _room_report, room, targets
from spades.benchmarks._room_server import histogram_delta, histogram_max, histogram_merge, histogram_percentile
from spades.cli import main


def test_room_is_a_bench_target_and_its_helpers_are_not() -> None:
    found = targets()
    assert found["room"].NAME == "room" and found["room"].HELP
    assert not any(name.startswith("_") for name in found)


def test_two_tables_for_a_few_seconds(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    profile = tmp_path / "stacks.txt"
    spy = shutil.which("py-spy") or (Path(sys.executable).parent / "py-spy").exists()
    assert main(["bench", "room", "--tables", "2", "--seconds", "3", "--think-min", "0.05", "--think-max", "0.2",
                 "--engine-seconds", "0.3", "--json", *(["--profile", str(profile)] if spy else [])]) == 0
    result = json.loads(capsys.readouterr().out)
    assert result["tables"] == 2 and result["connections"] == 8 and result["mode"] == "steady"
    engine = result["engine"]
    assert engine["before"] > 0 and engine["after"] > 0
    assert 0 <= engine["others_cpu_percent_before"] <= 100 and 0 <= engine["others_cpu_percent_after"] <= 100
    assert engine["hands_per_second"] == pytest.approx((engine["before"] + engine["after"]) / 2)
    assert result["open_seconds"] > 0 and result["tables_per_second"] > 0 and result["server_start_seconds"] > 0
    (step,) = result["steps"]
    assert step["actions"] > 0 and step["actions_per_second"] > 0
    assert step["errors"] == 0, step["error_samples"]
    assert 0 < step["p50_ms"] <= step["p99_ms"] <= step["max_ms"] < 5000
    assert step["server_actions"] > 0
    assert 0 < step["server_p50_ms"] <= step["server_p99_ms"] <= step["server_max_ms"] < 5000
    assert step["server_cpu_percent"] > 0 and step["server_threads"] >= 1 and step["server_cpu_ms_per_action"] > 0
    assert step["engine_hands_per_action"] == pytest.approx(
        step["server_cpu_ms_per_action"] / 1000 * engine["hands_per_second"])
    assert step["engine_share"] == pytest.approx(step["actions_per_second"] / engine["hands_per_second"])
    (process,) = step["server_processes"]
    assert process["process"] == 1 and process["connections"] == 8 and process["actions"] == step["server_actions"]
    assert result["server_peak_rss_mb"] > 10
    assert step["client_cpu_percent"] and all(x >= 0 for x in step["client_cpu_percent"])
    assert step["client_cpu_percent_total"] == pytest.approx(sum(step["client_cpu_percent"]), abs=0.2)
    assert result["machine"]["nproc"] >= 1
    text = targets()["room"].report(result)
    assert f"p99 {step['p99_ms']:.1f} ms" in text and f"p99 {step['server_p99_ms']:.1f} ms" in text
    assert "engine: " in text and "server CPU" in text and "engine hands" in text and "peak memory" in text
    assert "tables/s" in text
    if spy:
        assert result["profile"]["files"] == [str(profile)] and profile.exists()
        assert set(result["profile"]["categories"]) == set(_room_profile.CATEGORIES)
        assert "profile of step 1" in text


def test_ramp_shortens_the_think_times_until_it_crosses_or_reaches_its_floor() -> None:
    module = targets()["room"]
    result = module.run(1.0, tables=1, think_min=0.02, think_max=0.04, mode="ramp", engine_seconds=0.1)
    steps = result["steps"]
    assert steps and all(s["actions"] > 0 for s in steps)
    thinks = [s["think_max"] for s in steps]
    assert thinks == sorted(thinks, reverse=True) and len(set(thinks)) == len(thinks)
    crossed = result["crossed_step"]
    if crossed is None:  # it ran to the shortest think time without passing 100 ms
        assert thinks[-1] == room.THINK_FLOOR and all(s["p99_ms"] <= 100 for s in steps)
    else:
        assert crossed == len(steps) - 1 and steps[crossed]["p99_ms"] > 100
    server_crossed = result["server_crossed_step"]
    assert server_crossed is None or steps[server_crossed]["server_p99_ms"] > 100
    assert all(s["errors"] == 0 for s in steps), [s["error_samples"] for s in steps]  # never over the rate limit
    assert not any(math.isnan(s["p99_ms"]) or math.isnan(s["server_p99_ms"]) for s in steps)
    assert all(0 < s["engine_share"] < 1 for s in steps)
    text = module.report(result)
    assert "step 1:" in text and "server-side p99" in text


def test_bad_room_options_are_refused(capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch,
                                      tmp_path: Path) -> None:
    assert main(["bench", "room", "--tables", "0"]) == 2
    assert "--tables must be at least 1" in capsys.readouterr().err
    assert main(["bench", "room", "--think-min", "2", "--think-max", "1"]) == 2
    assert "--think-min" in capsys.readouterr().err
    assert main(["bench", "room", "--server-processes", "0"]) == 2
    assert "--server-processes must be at least 1" in capsys.readouterr().err
    assert main(["bench", "room", "--client-processes", "0"]) == 2
    assert "--client-processes must be at least 1" in capsys.readouterr().err
    assert main(["bench", "room", "--engine-seconds", "0"]) == 2
    assert "--engine-seconds must be positive" in capsys.readouterr().err
    assert main(["bench", "room", "--server-processes", "2"]) == 2
    assert "needs --redis URL" in capsys.readouterr().err
    assert main(["bench", "room", "--server-processes", "2", "--redis", "redis://127.0.0.1:6379/0"]) == 2
    assert "needs a PostgreSQL --database" in capsys.readouterr().err
    assert main(["bench", "room", "--server-processes", "2", "--redis", "redis://127.0.0.1:6379/0",
                 "--database", f"sqlite:///{tmp_path / 'room.sqlite3'}"]) == 2
    assert "needs a PostgreSQL --database" in capsys.readouterr().err
    monkeypatch.setitem(sys.modules, "granian", None)  # as if Granian were not installed: a sentence, not a traceback
    assert main(["bench", "room", "--server", "granian"]) == 2
    assert "--server granian needs Granian, which is not installed" in capsys.readouterr().err
    assert main(["serve", "--server", "granian", "--port", "0"]) == 2
    assert "--server granian needs Granian, which is not installed" in capsys.readouterr().err
    monkeypatch.setattr(sys, "executable", str(tmp_path / "python"))  # no py-spy beside it
    monkeypatch.setattr(shutil, "which", lambda name: None)  # nor on the PATH
    assert main(["bench", "room", "--profile", str(tmp_path / "stacks.txt")]) == 2
    assert "pip install py-spy" in capsys.readouterr().err


LOOP = "Runner.run (asyncio/runners.py:118)"
FRAME = "_frame (spades/room/web/app.py:124)"
ACT = "_act (spades/room/web/handlers.py:52)"
SEND_UPDATE = "LiveTable.send_update (spades/room/table/live.py:305)"
STACKS = [  # (the frames from the outermost, samples)
    (["main (spades/cli.py:77)", LOOP], 40),
    ([LOOP, "WebSocketsSansIOProtocol.data_received (uvicorn/protocols/websockets/websockets_sansio_impl.py:120)",
      "Protocol.receive_data (websockets/protocol.py:300)"], 5),
    ([LOOP, "_socket.<locals>.read (spades/room/web/app.py:85)", FRAME,
      "parse_client (spades/room/protocol/messages.py:460)", "loads (json/__init__.py:346)"], 3),
    ([LOOP, FRAME, ACT, "LiveTable.command (spades/room/table/live.py:258)", "Host.check (spades/host.py:60)"], 2),
    ([LOOP, FRAME, ACT, "LiveTable.command (spades/room/table/live.py:258)"], 1),
    ([ACT, "LiveTable._commit (spades/room/table/live.py:280)", "LiveTable._db (spades/room/table/live.py:155)",
      "Room.db (spades/room/table/room.py:61)", "to_thread (asyncio/threads.py:25)"], 4),
    (["Thread.run (threading.py:975)", "_worker (concurrent/futures/thread.py:83)",
      "_WorkItem.run (concurrent/futures/thread.py:58)", "Store.add_action (spades/room/store/__init__.py:300)",
      "DefaultDialect.do_execute (sqlalchemy/engine/default.py:924)"], 20),
    (["LiveTable._commit (spades/room/table/live.py:285)", "LiveTable._apply (spades/room/table/live.py:240)",
      "Game.apply (spades/game.py:200)", "winning_play (spades/tricks.py:30)"], 6),
    (["LiveTable.publish (spades/room/table/live.py:323)", SEND_UPDATE, "Host.update (spades/host.py:140)",
      "make_view (spades/view.py:50)"], 7),
    ([SEND_UPDATE, "update_to_json (spades/wire.py:420)", "cards_to_json (spades/wire.py:174)",
      "Card.__str__ (spades/cards.py:152)"], 8),
    ([SEND_UPDATE, "encode (spades/room/protocol/messages.py:490)",
      "BaseModel.model_dump_json (pydantic/main.py:400)"], 9),
    (["_socket.<locals>.write (spades/room/web/app.py:75)", "WebSocket.send_text (starlette/websockets.py:165)",
      "WebSocketsSansIOProtocol.send (uvicorn/protocols/websockets/websockets_sansio_impl.py:300)"], 10),
    (["Thread.run (threading.py:975)", "_worker (concurrent/futures/thread.py:89)"], 2),
    ([LOOP, "Bus.publish (spades/room/table/bus.py:50)", "Redis.publish (redis/asyncio/client.py:600)",
      "StreamWriter.writelines (asyncio/streams.py:300)"], 3),
]
COLLAPSED = "".join(f"{';'.join(frames)} {count}\n" for frames, count in STACKS) + "not a stack line\n"


def no_source(path: str, line: int) -> str:
    return ""


def test_each_sample_goes_to_its_innermost_matching_frame() -> None:
    unmatched: Counter[str] = Counter()
    samples = _room_profile.categorise(COLLAPSED, unmatched, no_source)
    assert samples == {"event loop and other": 46, "receiving": 5, "decoding and checking": 5, "store": 24,
                       "engine": 6, "views and words": 7, "encoding": 17, "sending": 10}
    assert unmatched == {"Runner.run (asyncio/runners.py)": 40, "LiveTable.command (spades/room/table/live.py)": 1,
                         "_worker (concurrent/futures/thread.py)": 2, "StreamWriter.writelines (asyncio/streams.py)": 3}
    assert set(samples) <= set(_room_profile.CATEGORIES)
    assert _room_profile.frame_category("Game.apply (/usr/lib/python3/site-packages/spades/game.py:1)") == "engine"
    assert _room_profile.frame_category("Card.__str__ (spades/cards.py:152)") is None  # its caller's
    assert _room_profile.frame_category("helper (mygame.py:3)") is None
    assert _room_profile.frame_category("no frame here") is None
    assert _room_profile.categorise("main (spades/cli.py:77);Store.append (spades/room/store/action_log.py:80) 3\n",
                                    source=no_source) == {"store": 3}


def test_a_c_function_is_known_by_the_line_that_calls_it() -> None:
    frame = "Batch._make (spades/room/table/frames.py:{})"
    stack = f"{LOOP};{SEND_UPDATE};{frame}"
    calls = {7: "        return cursor, orjson.dumps(message).decode()", 8: "    message = orjson.loads(data)"}

    def source(path: str, line: int) -> str:
        return calls.get(line, "") if path == "spades/room/table/frames.py" else ""

    text = "".join(f"{stack.format(line)} {line}\n" for line in (6, 7, 8))
    assert _room_profile.categorise(text, source=source) == {"views and words": 6, "encoding": 7,
                                                             "decoding and checking": 8}
    # only the innermost frame's line: an outer frame's is a call to the frame inside it
    assert _room_profile.categorise(f"{frame.format(7)};helper (elsewhere.py:1) 1\n", source=source) == {
        "views and words": 1}
    # the lines are read from the room's own files
    path = "spades/room/table/frames.py"
    lines = (Path(_room_profile.__file__).parents[1] / "room" / "table" / "frames.py").read_text().splitlines()
    number = next(i for i, text in enumerate(lines, 1) if "orjson.dumps" in text)
    assert "orjson.dumps" in _room_profile.source_line(path, number)
    assert _room_profile.source_line("json/encoder.py", 1) == ""


def test_the_profile_is_shared_out_by_the_cpu_an_action_costs() -> None:
    step = {"server_actions": 100, "server_cpu_ms_per_action": 2.0, "engine_hands_per_action": 40.0,
            "profile_samples": {"1": {"store": 30, "engine": 10}, "2": {"store": 10, "event loop and other": 50}},
            "profile_other_frames": [["Runner.run (asyncio/runners.py)", 50]]}
    figures = _room_report.profile_figures(step, "/tmp/stacks")
    assert figures["files"] == ["/tmp/stacks.1", "/tmp/stacks.2"] and figures["samples"] == 100
    store = figures["categories"]["store"]
    assert store["share"] == pytest.approx(0.4) and store["samples_per_action"] == pytest.approx(0.4)
    assert store["cpu_ms_per_action"] == pytest.approx(0.8) and store["engine_hands_per_action"] == pytest.approx(16)
    assert figures["categories"]["sending"]["samples"] == 0
    assert sum(c["engine_hands_per_action"] for c in figures["categories"].values()) == pytest.approx(40)
    step["profile_errors"] = {"2": "Permission denied"}
    lines = "\n".join(_room_report._profile_lines(_room_report.profile_figures(step, "/tmp/stacks")))
    assert "py-spy could not sample server process 2: Permission denied" in lines
    assert "store                   40.0%" in lines and "Runner.run (asyncio/runners.py) 50" in lines


def test_a_process_py_spy_cannot_sample_is_said(tmp_path: Path) -> None:
    if not (shutil.which("py-spy") or (Path(sys.executable).parent / "py-spy").exists()):
        pytest.skip("py-spy is not installed (pip install -e '.[bench]')")
    profile = _room_profile.Profile(tmp_path / "stacks", {1: 2**22 + 12345}, tmp_path / "py-spy")  # no such pid
    assert profile.stop() == {1: Counter()}
    assert profile.errors[1] and not (tmp_path / "stacks").exists()


def test_the_servers_histograms_merge_and_give_percentiles_within_a_bucket() -> None:
    bounds = [1.0, 2.0, 4.0]
    before = {"bounds_ms": bounds, "counts": [1, 0, 0, 0], "sum_ms": 0.5}
    after = {"bounds_ms": bounds, "counts": [1, 50, 40, 0], "sum_ms": 200.5}
    step = histogram_delta(before, after)
    assert step["counts"] == [0, 50, 40, 0] and step["sum_ms"] == 200.0
    other = {"bounds_ms": bounds, "counts": [0, 0, 8, 2], "sum_ms": 50.0}
    merged = histogram_merge([step, other])
    assert merged["counts"] == [0, 50, 48, 2] and merged["sum_ms"] == 250.0
    assert histogram_percentile(merged, 0.5) == pytest.approx(2.0)  # the 50th of 100 is the last of bucket 1
    assert histogram_percentile(merged, 0.25) == pytest.approx(1.5)  # half way through bucket (1, 2]
    assert histogram_percentile(merged, 0.99) == 4.0  # over the highest bound: its lower edge
    assert math.isinf(histogram_max(merged)) and histogram_max(step) == 4.0
    empty = {"bounds_ms": bounds, "counts": [0, 0, 0, 0], "sum_ms": 0.0}
    assert math.isnan(histogram_percentile(empty, 0.5)) and math.isnan(histogram_max(empty))
    with pytest.raises(ValueError, match="different bounds"):
        histogram_merge([step, {"bounds_ms": [1.0], "counts": [0, 0], "sum_ms": 0.0}])


# -- a room that does not answer in time ----------------------------------------------------------------------------
def quiet_server(speak_websocket: bool) -> tuple[str, Callable[[], None]]:
    """A room that never answers: a TCP server that says nothing (not even the websocket's handshake), or a
    websocket server that takes the handshake and then never answers a message. Its address, and what stops it."""
    import socket
    import threading

    if not speak_websocket:
        listener = socket.socket()
        listener.bind(("127.0.0.1", 0))
        listener.listen(16)
        taken: list[socket.socket] = []

        def accept() -> None:
            while True:
                try:
                    taken.append(listener.accept()[0])
                except OSError:
                    return

        threading.Thread(target=accept, daemon=True).start()

        def close() -> None:
            listener.close()
            for connection in taken:
                connection.close()

        return f"ws://127.0.0.1:{listener.getsockname()[1]}/ws", close

    import websockets

    ready = threading.Event()
    found: list[Any] = []

    async def silent(ws: Any) -> None:
        async for _ in ws:
            pass

    async def serve() -> None:
        stop = asyncio.get_running_loop().create_future()
        async with websockets.serve(silent, "127.0.0.1", 0) as server:
            found.extend([server.sockets[0].getsockname()[1], asyncio.get_running_loop(), stop])
            ready.set()
            await stop

    thread = threading.Thread(target=asyncio.run, args=(serve(),), daemon=True)
    thread.start()
    assert ready.wait(60)
    port, loop, stop = found

    def halt() -> None:
        loop.call_soon_threadsafe(stop.set_result, None)
        thread.join(30)

    return f"ws://127.0.0.1:{port}/ws", halt


@pytest.mark.parametrize("speak_websocket", [False, True], ids=["silent", "no_replies"])
def test_a_room_that_does_not_answer_the_opening_gives_error_lines_not_a_traceback(
        monkeypatch: pytest.MonkeyPatch, speak_websocket: bool) -> None:
    from spades.benchmarks import _room_clients

    monkeypatch.setattr(_room_clients, "OPEN_TIMEOUT", 0.5)
    monkeypatch.setattr(_room_clients, "REPLY_TIMEOUT", 0.5)
    url, stop = quiet_server(speak_websocket)
    clients = _room_clients.Clients(url, [0], seed=1, think=(0.05, 0.1))
    try:
        asyncio.run(asyncio.wait_for(clients._open(clients.tables[0]), 120))  # each try ends in its own time
    finally:
        stop()
    tries = _room_clients.OPEN_TRIES
    assert clients.error_count == tries + 1, clients.errors
    assert clients.errors[0].startswith(f"opening table 1 (try 1 of {tries}): "), clients.errors
    assert ("connect:" if not speak_websocket else "guest: no reply in 0.5 s") in clients.errors[0], clients.errors
    assert clients.errors[-1] == f"table 1 left out: not opened in {tries} tries"
    assert not clients.tasks and not clients.sockets


def test_metrics_not_answered_in_time_are_error_lines_then_the_bench_says_so(monkeypatch: pytest.MonkeyPatch,
                                                                             tmp_path: Path) -> None:
    import subprocess

    from spades.benchmarks import _room_server
    from spades.cli import CommandError

    monkeypatch.setattr(_room_server, "METRICS_TIMEOUT", 0.3)
    monkeypatch.setattr(_room_server, "METRICS_TRIES", 3)
    url, stop = quiet_server(False)
    servers = object.__new__(_room_server.Servers)  # a server process stopped (SIGSTOP): it takes, never answers
    servers.metrics_urls = {1: url.replace("ws://", "http://").replace("/ws", "/metrics")}
    servers.errors = []
    servers.log = tmp_path / "serve.log"
    servers.log.write_text("the server's last words\n")
    servers.process = subprocess.Popen([sys.executable, "-c", "import time; time.sleep(60)"])
    try:
        with pytest.raises(CommandError, match=r"server process 1 did not answer at .*\(timed out, 3 tries\)"):
            servers.metrics()
    finally:
        servers.process.kill()
        servers.process.wait()
        stop()
    assert servers.errors == [f"server process 1's metrics (try {n} of 3): timed out" for n in (1, 2, 3)]
