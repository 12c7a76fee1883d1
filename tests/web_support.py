"""What the browser tests share: a room served by ``spades serve`` in its own process, and Debian's chromium
driven by Playwright. Tests that need them are skipped, saying why, when chromium or Playwright is missing."""

from __future__ import annotations

import os
import shutil
import socket
import subprocess
import sys
import time
import urllib.request
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

import pytest

CHROMIUM = os.environ.get("SPADES_CHROMIUM", "/usr/bin/chromium")
CHROMIUM_ARGS = ["--headless", "--no-sandbox", "--disable-gpu", "--disable-background-networking",
                 "--disable-component-update", "--disable-sync", "--no-first-run"]
DESKTOP = {"width": 1280, "height": 900}
PHONE = {"width": 360, "height": 740}


def need_browser() -> Any:
    """Playwright's sync API, or skip: the reason names what is missing and how to get it."""
    try:
        from playwright import sync_api
    except ImportError:
        pytest.skip("Playwright is not installed: pip install -e '.[test]'")
    if not (Path(CHROMIUM).exists() or shutil.which(CHROMIUM)):
        pytest.skip(f"no chromium at {CHROMIUM}: apt-get install chromium (scripts/test does it as root)")
    return sync_api


def free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return int(sock.getsockname()[1])


class Room:
    """``spades serve`` on one port and one SQLite database, which can be stopped and started again."""

    def __init__(self, tmp: Path, port: int | None = None, pace: float = 0.0) -> None:
        self.tmp = tmp
        self.port = port or free_port()
        self.guessed = port is None  # free a moment ago: another test's server may take it first
        self.database = tmp / "room.sqlite3"
        self.pace = pace
        self.process: subprocess.Popen[bytes] | None = None

    @property
    def url(self) -> str:
        return f"http://127.0.0.1:{self.port}"

    def start(self) -> None:
        env = dict(os.environ, SPADES_DATA_DIR=str(self.tmp / "data"), SPADES_CONFIG_DIR=str(self.tmp / "config"),
                   PYTHONUNBUFFERED="1")
        log = self.tmp / "serve.log"
        with log.open("a") as output:  # a file, never a pipe nobody reads: a full pipe would stop the server
            self.process = subprocess.Popen(
                [sys.executable, "-m", "spades", "serve", "--port", str(self.port), "--database",
                 str(self.database), "--pace", str(self.pace)], env=env, stdout=output, stderr=subprocess.STDOUT)
        deadline = time.monotonic() + 120
        while time.monotonic() < deadline:
            if self.process.poll() is not None:
                if self.guessed and f"Port {self.port} on 127.0.0.1 is in use" in log.read_text():
                    self.port = free_port()  # taken in between, by a test in another worker
                    return self.start()
                raise RuntimeError(f"spades serve stopped: {log.read_text()}")
            try:
                with urllib.request.urlopen(self.url + "/health", timeout=1) as answer:
                    if answer.status == 200:
                        self.guessed = False  # started again, it keeps its port
                        return
            except OSError:
                time.sleep(0.1)
        raise RuntimeError("spades serve did not answer within 120 seconds")

    def stop(self) -> None:
        if self.process is not None and self.process.poll() is None:
            self.process.kill()
            self.process.wait(10)
        self.process = None


@contextmanager
def serving(tmp: Path, **kwargs: Any) -> Iterator[Room]:
    room = Room(tmp, **kwargs)
    room.start()
    try:
        yield room
    finally:
        room.stop()


@contextmanager
def chromium(sync_api: Any) -> Iterator[Any]:
    with sync_api.sync_playwright() as playwright:
        browser = playwright.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
        try:
            yield browser
        finally:
            browser.close()


def new_page(browser: Any, viewport: dict[str, int] = DESKTOP, errors: list[str] | None = None,
             color_scheme: str = "light") -> Any:
    """A page in a fresh context (no saved token). The room's pages forbid scripts other than their own, so the
    test's own scripts (Playwright's evaluate, axe) need the policy bypassed in the test browser only."""
    context = browser.new_context(viewport=viewport, bypass_csp=True, color_scheme=color_scheme,
                                  reduced_motion="reduce")
    page = context.new_page()
    if errors is not None:
        page.on("pageerror", lambda error: errors.append(str(error)))
        page.on("dialog", lambda dialog: (errors.append(f"dialog: {dialog.message}"), dialog.dismiss()))
    page.set_default_timeout(60_000)  # a wait for the page, never a measure of its speed
    return page


ROOM_LINES = ("The game begins.",)  # what the room says that a local table has no reason to


def sign_in(page: Any, url: str, name: str, password: str) -> None:
    """A registered player signs in by keys on the room's first page, and comes to the lobby."""
    page.goto(url + "/")
    page.wait_for_selector("#play-now:focus")
    page.focus("#login-name")
    page.keyboard.type(name)
    page.keyboard.press("Tab")
    page.keyboard.type(password)
    page.keyboard.press("Enter")  # the form's first button: Sign in
    page.wait_for_selector("#lobby-title:focus")
    assert page.inner_text("#who") == name


def log_lines(page: Any, room: bool = False) -> list[str]:
    """The lines of the polite log region, in order; without the room's own lines unless ``room``."""
    lines: list[str] = page.eval_on_selector_all("#log p:not(.error)", "nodes => nodes.map(n => n.textContent)")
    return lines if room else [line for line in lines if not line.startswith(ROOM_LINES)]


def wait_for_log(page: Any, text: str, count: int = 1) -> None:
    """Wait until ``count`` lines of the log contain ``text``."""
    page.wait_for_function(
        "([text, count]) => [...document.querySelectorAll('#log p')].filter(p => p.textContent.includes(text))"
        ".length >= count", arg=[text, count])


def status(page: Any) -> str:
    text: str = page.inner_text("#status")
    return text


# What a screen reader is given, in order, recorded in the page: each focus change (the element's name and its
# description, as the focus says them) and each change of a live region that is not hidden from it (a log's new
# lines; a status's or an alert's whole text). Injected before the page's own scripts by ``page.add_init_script``.
TRANSCRIPT = """
window.transcript = [];
(() => {
  const push = (kind, text) => { if (text) window.transcript.push([kind, text]); };
  const words = (ids) => (ids || "").split(" ").map((id) => (document.getElementById(id) || {}).textContent || "")
    .join(" ").replace(/\\s+/g, " ").trim();
  const nameOf = (node) => {
    if (!(node instanceof Element)) return "";
    const name = node.getAttribute("aria-label") || words(node.getAttribute("aria-labelledby"))
      || node.textContent.replace(/\\s+/g, " ").trim() || node.tagName;
    const described = words(node.getAttribute("aria-describedby"));
    return (node.id ? "#" + node.id + " " : "") + name + (described ? " | " + described : "");
  };
  document.addEventListener("focusin", (event) => push("focus", nameOf(event.target)), true);
  const silent = (node) => node.closest("[hidden], [aria-hidden='true']") !== null;
  const regionOf = (node) => {
    const element = node instanceof Element ? node : node.parentElement;
    return element ? element.closest("[aria-live], [role='log'], [role='status'], [role='alert']") : null;
  };
  new MutationObserver((records) => {
    const whole = new Set();
    for (const record of records) {
      const region = regionOf(record.target);
      if (!region || silent(region)) continue;
      if (region.getAttribute("role") === "log") {
        for (const node of record.addedNodes) {
          if (!(node instanceof Element && silent(node))) push("live #" + region.id, node.textContent.trim());
        }
      } else whole.add(region);
    }
    for (const region of whole) push("live #" + region.id, region.textContent.replace(/\\s+/g, " ").trim());
  }).observe(document, { subtree: true, childList: true, characterData: true });
})();
"""


def transcript(page: Any, since: int = 0) -> list[tuple[str, str]]:
    """What the page has given the screen reader (``TRANSCRIPT``), from entry ``since`` on: (kind, words) pairs,
    kind "focus" or "live #region"."""
    return [(kind, text) for kind, text in page.evaluate("window.transcript")[since:]]


def heard_times(entries: list[tuple[str, str]], words: str) -> int:
    """How many times ``words`` are given to the screen reader in ``entries``, by the focus and the live regions."""
    return sum(text.lower().count(words.lower()) for _, text in entries)
