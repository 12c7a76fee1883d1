"""Benchmarks run by ``spades bench TARGET``: one module per target.

Each module here defines ``NAME`` (the target on the command line), ``HELP`` (one line), ``run(seconds, **kw)``
returning a plain dict of figures (so ``--json`` can print it as is) and ``report(result)`` returning the text a
person reads. A new benchmark is a new file; nothing else changes.
"""

from __future__ import annotations

import importlib
import pkgutil
from types import ModuleType


def targets() -> dict[str, ModuleType]:
    """The benchmark modules by their ``NAME``, found by listing this package (so each stays lazily imported)."""
    found: dict[str, ModuleType] = {}
    for info in sorted(pkgutil.iter_modules(__path__), key=lambda i: i.name):
        if info.name.startswith("_"):
            continue
        module = importlib.import_module(f"{__name__}.{info.name}")
        name = getattr(module, "NAME", None)
        if name and callable(getattr(module, "run", None)) and callable(getattr(module, "report", None)):
            found[name] = module
    return found
