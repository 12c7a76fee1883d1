"""The online card room: the server, its storage and its clients."""
