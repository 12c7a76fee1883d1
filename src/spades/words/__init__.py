"""What the tables say, beneath both of them: the terminal table (``spades play``, ``spades join``) and the room's
web table speak with these words, so a player hears the same sentence for the same moment of the same game
wherever they sit, and presses the same keys.

announce: each event's lines and the reading keys' answers, from public events and the seat's own view; review:
the same answers about the hand just ended, between hands; seat: what one seat hears (its lines of events, "your
turn", a key's answer, a hint, the coach); keymap: the one list of the keys, what each is called and does.
This package imports the engine only, never a table or the room."""
