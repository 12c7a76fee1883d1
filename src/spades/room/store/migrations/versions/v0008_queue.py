"""Quick play and the rematch: the people waiting in each variant's queue (``quick_queue``, one row a player),
each person's answer to a rematch (``rematch_answers``) and the one table each rematch made (``rematches``).

Revision ID: v0008
Revises: v0007
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "v0008"
down_revision = "v0007"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.create_table(
        "quick_queue",
        sa.Column("player_id", sa.Integer, sa.ForeignKey("players.id", ondelete="CASCADE"), primary_key=True),
        sa.Column("variant", sa.String(32), nullable=False, index=True),
        sa.Column("wait", sa.Float, nullable=False),
        sa.Column("since", sa.DateTime(timezone=True), nullable=False),
        sa.Column("process", sa.String(64), nullable=False),
        sa.Column("heartbeat", sa.DateTime(timezone=True), nullable=False),
    )
    op.create_table(
        "rematch_answers",
        sa.Column("table_id", sa.Integer, sa.ForeignKey("tables.id", ondelete="CASCADE"), primary_key=True),
        sa.Column("player_id", sa.Integer, sa.ForeignKey("players.id", ondelete="CASCADE"), primary_key=True),
        sa.Column("accept", sa.Boolean, nullable=False),
        sa.Column("at", sa.DateTime(timezone=True), nullable=False),
    )
    op.create_table(
        "rematches",
        sa.Column("table_id", sa.Integer, sa.ForeignKey("tables.id", ondelete="CASCADE"), primary_key=True),
        sa.Column("new_table_id", sa.Integer, sa.ForeignKey("tables.id", ondelete="CASCADE"), nullable=False,
                  unique=True),
    )


def downgrade() -> None:
    op.drop_table("rematches")
    op.drop_table("rematch_answers")
    op.drop_table("quick_queue")
