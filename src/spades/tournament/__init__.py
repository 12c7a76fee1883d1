"""Organised play's rules, apart from any room: the duplicate movement and its matchpoints. Imports only the
engine, so a room, a tool or a test scores a tournament the same way."""
