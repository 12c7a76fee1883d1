"""One person holds at most one seat at a table: a unique index on ``seats`` (table, player). Two joins of one
person on two processes at once had seated them twice; a database that holds such a pair keeps the person at the
first of the seats, and the computer (normal, unless the seat had a level) takes the others.

Revision ID: v0010
Revises: v0009
"""

from __future__ import annotations

from alembic import op

revision = "v0010"
down_revision = "v0009"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.execute("UPDATE seats SET player_id = NULL, level = COALESCE(level, 'normal'), away = NULL, "
               "away_since = NULL, covered_from = NULL WHERE player_id IS NOT NULL AND EXISTS ("
               "SELECT 1 FROM seats AS other WHERE other.table_id = seats.table_id "
               "AND other.player_id = seats.player_id AND other.seat < seats.seat)")
    op.create_index("uq_seats_table_player", "seats", ["table_id", "player_id"], unique=True)


def downgrade() -> None:
    op.drop_index("uq_seats_table_player", table_name="seats")
