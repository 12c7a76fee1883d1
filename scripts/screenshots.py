"""Save docs/screenshots/*.png from a real room (run through scripts/screenshots): the lobby, the leaderboard, and
the table while bidding and mid-trick at four and six seats, each at desktop (1280x900) and phone (360x740) size,
reached as the layout tests reach them (tests/table_states.py). ``--lang es`` (or fr) takes them of the page in
that language, named ``*-es.png``."""

from __future__ import annotations

import sys
import tempfile
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "tests"))

from table_states import to_bidding, to_mid_trick  # noqa: E402
from web_support import DESKTOP, PHONE, chromium, need_browser, new_page, serving  # noqa: E402

OUT = ROOT / "docs" / "screenshots"


def main() -> int:
    """Take every picture; an argument names another folder for them (to compare with those in the README)."""
    args = sys.argv[1:]
    lang = None
    if "--lang" in args:
        at = args.index("--lang")
        lang = args[at + 1]
        del args[at:at + 2]
    out = Path(args[0]) if args else OUT
    tail = f"-{lang}" if lang else ""
    query = f"?lang={lang}" if lang else ""
    sync_api = need_browser_or_exit()
    out.mkdir(parents=True, exist_ok=True)
    with tempfile.TemporaryDirectory() as scratch, serving(Path(scratch)) as room, chromium(sync_api) as browser:
        # a table waiting for a person, so that the lobby shows one of each kind
        host = new_page(browser, DESKTOP)
        host.goto(room.url + "/" + query)
        host.fill("#guest-name", "Ada")
        host.click("#guest-form button")
        host.wait_for_selector("#view-lobby:not([hidden])")
        host.select_option("#create-seats #seat-0", "person")
        host.click("#create-form button[type='submit']")
        host.wait_for_selector("#waiting:not([hidden])")
        for name, viewport in (("desktop", DESKTOP), ("phone", PHONE)):
            for seats in (4, 6):
                page = new_page(browser, viewport)
                to_bidding(page, room.url, seats, lang)
                page.screenshot(path=str(out / f"table-{seats}-bidding-{name}{tail}.png"))
                to_mid_trick(page, lang)
                page.screenshot(path=str(out / f"table-{seats}-trick-{name}{tail}.png"))
                if seats == 4:
                    page.click("#nav-lobby")
                    page.wait_for_selector("#view-lobby:not([hidden]) #tables li")
                    page.screenshot(path=str(out / f"lobby-{name}{tail}.png"))
                    page.click("#nav-leaderboard")
                    page.wait_for_selector("#view-ratings:not([hidden]) #ratings-result > *")
                    page.screenshot(path=str(out / f"leaderboard-{name}{tail}.png"))
                page.context.close()
    for path in sorted(out.glob("*.png")):
        print(path)
    return 0


def need_browser_or_exit() -> Any:
    try:
        return need_browser()
    except BaseException as skipped:  # pytest's Skipped: say why and stop
        print(f"Cannot take screenshots: {skipped}", file=sys.stderr)
        raise SystemExit(1) from None


if __name__ == "__main__":
    sys.exit(main())
