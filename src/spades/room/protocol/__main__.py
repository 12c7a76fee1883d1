"""Print docs/protocol.md."""

import sys

from .docs import render_docs

sys.stdout.write(render_docs())
