"""Chat: every message said at a table or in the lobby (``chat_messages``, numbered in its chat), and whom each
player mutes (``mutes``).

Revision ID: v0007
Revises: v0006
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "v0007"
down_revision = "v0006"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.create_table(
        "chat_messages",
        sa.Column("id", sa.Integer, primary_key=True),
        sa.Column("chat", sa.Integer, nullable=False),
        sa.Column("table_id", sa.Integer, sa.ForeignKey("tables.id", ondelete="CASCADE"), nullable=True,
                  index=True),
        sa.Column("seq", sa.Integer, nullable=False),
        sa.Column("sender_id", sa.Integer, sa.ForeignKey("players.id", ondelete="CASCADE"), nullable=False),
        sa.Column("name", sa.String(32), nullable=False),
        sa.Column("text", sa.String(800), nullable=False),
        sa.Column("spectator", sa.Boolean, nullable=False),
        sa.Column("at", sa.DateTime(timezone=True), nullable=False),
        sa.UniqueConstraint("chat", "seq", name="uq_chat_messages_chat_seq"),
    )
    op.create_table(
        "mutes",
        sa.Column("player_id", sa.Integer, sa.ForeignKey("players.id", ondelete="CASCADE"), primary_key=True),
        sa.Column("muted_id", sa.Integer, sa.ForeignKey("players.id", ondelete="CASCADE"), primary_key=True),
    )


def downgrade() -> None:
    op.drop_table("mutes")
    op.drop_table("chat_messages")
