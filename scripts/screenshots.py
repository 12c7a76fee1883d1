"""Save docs/screenshots/{lobby,table}-{desktop,phone}.png from a real room (run through scripts/screenshots)."""

from __future__ import annotations

import sys
import tempfile
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "tests"))

from web_support import DESKTOP, PHONE, chromium, need_browser, new_page, serving, wait_for_log  # noqa: E402

OUT = ROOT / "docs" / "screenshots"


def mid_hand(page: Any, url: str) -> None:
    """Play now, bid, and play until a trick is under way with South to play."""
    page.goto(url + "/")
    page.wait_for_selector("#play-now:focus")
    page.keyboard.press("Enter")
    wait_for_log(page, "Your turn to bid")
    for key in ("3", "Enter", "y"):
        page.keyboard.press(key)
    for turn in range(1, 12):
        page.wait_for_function(
            "n => [...document.querySelectorAll('#log p')].filter(p => p.textContent.startsWith('Your turn.'))"
            ".length >= n", arg=turn)
        under_way = page.inner_text("#trick .trick-caption") == ""  # not the last trick, shown until a card
        if turn >= 4 and under_way and page.eval_on_selector_all("#trick li", "items => items.length") >= 2:
            page.keyboard.press("ArrowRight")
            return
        page.keyboard.press("Enter")


def main() -> int:
    sync_api = need_browser_or_exit()
    OUT.mkdir(parents=True, exist_ok=True)
    with tempfile.TemporaryDirectory() as scratch, serving(Path(scratch)) as room, chromium(sync_api) as browser:
        # a table waiting for a person, so that the lobby shows one of each kind
        host = new_page(browser, DESKTOP)
        host.goto(room.url + "/")
        host.fill("#guest-name", "Ada")
        host.click("#guest-form button")
        host.wait_for_selector("#view-lobby:not([hidden])")
        host.select_option("#create-seats #seat-0", "person")
        host.click("#create-form button[type='submit']")
        host.wait_for_selector("#waiting:not([hidden])")
        for name, viewport in (("desktop", DESKTOP), ("phone", PHONE)):
            page = new_page(browser, viewport)
            mid_hand(page, room.url)
            page.screenshot(path=str(OUT / f"table-{name}.png"), full_page=name == "phone")
            page.click("#nav-lobby")
            page.wait_for_selector("#view-lobby:not([hidden]) #tables li")
            page.screenshot(path=str(OUT / f"lobby-{name}.png"))
            page.context.close()
    for path in sorted(OUT.glob("*.png")):
        print(path.relative_to(ROOT))
    return 0


def need_browser_or_exit() -> Any:
    try:
        return need_browser()
    except BaseException as skipped:  # pytest's Skipped: say why and stop
        print(f"Cannot take screenshots: {skipped}", file=sys.stderr)
        raise SystemExit(1) from None


if __name__ == "__main__":
    sys.exit(main())
