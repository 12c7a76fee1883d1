"""The terminal table: a person plays against the computer by keyboard and ear (``spades play``), and the
scorepad keeps the score of a game played with real cards (``spades score``)."""
