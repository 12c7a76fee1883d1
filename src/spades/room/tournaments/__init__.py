"""Tournaments as listeners of the tables they run: the messages that make and enter them, and the director that
pairs each round, seats it and records its results."""
