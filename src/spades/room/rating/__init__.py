"""The rating rules: OpenSkill over a finished game, with no database, shared by the room and the rebuild."""
