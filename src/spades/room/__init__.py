"""The online card room: storage, players, live tables and the websocket server behind `spades serve`."""
