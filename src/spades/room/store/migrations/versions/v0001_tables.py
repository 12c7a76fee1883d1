"""The room's first schema: players, sessions, tables, seats, actions and finished records.

Revision ID: v0001
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "v0001"
down_revision = None
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.create_table(
        "players",
        sa.Column("id", sa.Integer, primary_key=True),
        sa.Column("name", sa.String(24), nullable=False),
        sa.Column("name_key", sa.String(96), nullable=False, unique=True),
        sa.Column("password_hash", sa.String(255), nullable=True),
        sa.Column("created", sa.DateTime(timezone=True), nullable=False),
    )
    op.create_table(
        "sessions",
        sa.Column("token_hash", sa.String(64), primary_key=True),
        sa.Column("player_id", sa.Integer, sa.ForeignKey("players.id", ondelete="CASCADE"), nullable=False),
        sa.Column("expires", sa.DateTime(timezone=True), nullable=False),
    )
    op.create_index("ix_sessions_player_id", "sessions", ["player_id"])
    op.create_table(
        "tables",
        sa.Column("id", sa.Integer, primary_key=True),
        sa.Column("owner_id", sa.Integer, sa.ForeignKey("players.id"), nullable=False),
        sa.Column("rules", sa.JSON, nullable=False),
        sa.Column("seed", sa.String(200), nullable=False),
        sa.Column("state", sa.String(16), nullable=False),
        sa.Column("settings", sa.JSON, nullable=False),
        sa.Column("invite", sa.String(64), nullable=False, unique=True),
        sa.Column("created", sa.DateTime(timezone=True), nullable=False),
        sa.Column("finished", sa.DateTime(timezone=True), nullable=True),
    )
    op.create_index("ix_tables_state", "tables", ["state"])
    op.create_table(
        "seats",
        sa.Column("table_id", sa.Integer, sa.ForeignKey("tables.id", ondelete="CASCADE"), primary_key=True),
        sa.Column("seat", sa.Integer, primary_key=True),
        sa.Column("player_id", sa.Integer, sa.ForeignKey("players.id"), nullable=True),
        sa.Column("level", sa.String(32), nullable=True),
    )
    op.create_table(
        "actions",
        sa.Column("id", sa.Integer, primary_key=True),
        sa.Column("table_id", sa.Integer, sa.ForeignKey("tables.id", ondelete="CASCADE"), nullable=False),
        sa.Column("seq", sa.Integer, nullable=False),
        sa.Column("seat", sa.Integer, nullable=False),
        sa.Column("action", sa.String(16), nullable=False),
        sa.Column("at", sa.DateTime(timezone=True), nullable=False),
        sa.UniqueConstraint("table_id", "seq", name="uq_actions_table_seq"),
    )
    op.create_table(
        "records",
        sa.Column("table_id", sa.Integer, sa.ForeignKey("tables.id", ondelete="CASCADE"), primary_key=True),
        sa.Column("record", sa.JSON, nullable=False),
        sa.Column("finished", sa.DateTime(timezone=True), nullable=False),
    )


def downgrade() -> None:
    for table in ("records", "actions", "seats", "tables", "sessions", "players"):
        op.drop_table(table)
