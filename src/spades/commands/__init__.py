"""Subcommands of the ``spades`` command, one module each (see :mod:`spades.cli`)."""
