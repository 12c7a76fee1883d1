"""Each player's statistics (games, wins, contracts made, Nils bid and made, bags), one row per player, made here
for the players a room already has so that finishing a game only ever adds to a row.

Revision ID: v0002
Revises: v0001
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "v0002"
down_revision = "v0001"
branch_labels = None
depends_on = None

FIGURES = ("games", "wins", "contracts", "made", "nils", "nils_made", "bags")


def upgrade() -> None:
    op.create_table(
        "stats",
        sa.Column("player_id", sa.Integer, sa.ForeignKey("players.id", ondelete="CASCADE"), primary_key=True),
        *(sa.Column(name, sa.Integer, nullable=False, server_default="0") for name in FIGURES),
    )
    op.execute("INSERT INTO stats (player_id) SELECT id FROM players")


def downgrade() -> None:
    op.drop_table("stats")
