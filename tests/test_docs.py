"""The README's engine example is run as a doctest, so that what it shows is what the engine does."""

import doctest
import re
from pathlib import Path

README = Path(__file__).resolve().parents[1] / "README.md"


def _pycon_blocks(text: str) -> list[str]:
    """The ```pycon blocks of a Markdown text (Python sessions, as doctest reads them)."""
    return re.findall(r"^```pycon\n(.*?)^```", text, flags=re.M | re.S)


def test_the_readme_engine_example_runs_as_shown() -> None:
    blocks = _pycon_blocks(README.read_text())
    assert blocks, "the README's engine example is a ```pycon block"
    parser = doctest.DocTestParser()
    runner = doctest.DocTestRunner(optionflags=doctest.ELLIPSIS)
    for number, block in enumerate(blocks, 1):
        test = parser.get_doctest(block, {}, f"README.md, example {number}", str(README), 0)
        runner.run(test)
    result = runner.summarize(verbose=False)
    assert result.attempted >= 9
    assert result.failed == 0, "the README's example no longer runs as shown (see the output above)"
