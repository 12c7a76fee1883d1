"""Turn clocks as a listener of the tables: the one warning, and the computer's action when a person's time runs
out."""
