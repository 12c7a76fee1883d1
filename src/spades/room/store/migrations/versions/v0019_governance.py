"""Governance: roles, where players signed in from, reports, sanctions, the audit log; friends, blocks and the
invitations to a table's seats.

Revision ID: v0019
Revises: v0018
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "v0019"
down_revision = "v0018"
branch_labels = None
depends_on = None



def _player() -> sa.ForeignKey:
    return sa.ForeignKey("players.id", ondelete="CASCADE")

_WHEN = sa.DateTime(timezone=True)


def upgrade() -> None:
    op.create_table(
        "roles",
        sa.Column("player_id", sa.Integer, _player(), primary_key=True),
        sa.Column("role", sa.String(16), nullable=False),
        sa.Column("granted_by", sa.String(96), nullable=False),
        sa.Column("at", _WHEN, nullable=False),
    )
    op.create_table(
        "player_marks",
        sa.Column("player_id", sa.Integer, _player(), primary_key=True),
        sa.Column("kind", sa.String(8), primary_key=True),
        sa.Column("value", sa.String(128), primary_key=True),
        sa.Column("last", _WHEN, nullable=False),
    )
    op.create_index("ix_player_marks_value", "player_marks", ["kind", "value"])
    op.create_table(
        "reports",
        sa.Column("id", sa.Integer, primary_key=True),
        sa.Column("kind", sa.String(8), nullable=False),
        sa.Column("reporter_id", sa.Integer, sa.ForeignKey("players.id", ondelete="SET NULL"), nullable=True),
        sa.Column("player_id", sa.Integer, _player(), nullable=False),
        sa.Column("table_id", sa.Integer, nullable=True),
        sa.Column("seq", sa.Integer, nullable=True),
        sa.Column("reason", sa.String(800), nullable=False),
        sa.Column("context", sa.JSON, nullable=False),
        sa.Column("at", _WHEN, nullable=False),
        sa.Column("state", sa.String(8), nullable=False),
        sa.Column("handled_by", sa.String(80), nullable=True),
        sa.Column("outcome", sa.String(400), nullable=True),
    )
    op.create_index("ix_reports_state", "reports", ["state"])
    op.create_table(
        "sanctions",
        sa.Column("id", sa.Integer, primary_key=True),
        sa.Column("player_id", sa.Integer, _player(), nullable=False),
        sa.Column("kind", sa.String(8), nullable=False),
        sa.Column("reason", sa.String(800), nullable=False),
        sa.Column("by", sa.String(80), nullable=False),
        sa.Column("at", _WHEN, nullable=False),
        sa.Column("until", _WHEN, nullable=True),
        sa.Column("addresses", sa.JSON, nullable=False),
        sa.Column("lifted", sa.Boolean, nullable=False),
    )
    op.create_index("ix_sanctions_player", "sanctions", ["player_id"])
    op.create_table(
        "audit",
        sa.Column("id", sa.Integer, primary_key=True),
        sa.Column("at", _WHEN, nullable=False),
        sa.Column("by", sa.String(96), nullable=False),
        sa.Column("act", sa.String(16), nullable=False),
        sa.Column("target", sa.String(80), nullable=False),
        sa.Column("reason", sa.String(800), nullable=False),
        sa.Column("detail", sa.JSON, nullable=False),
    )
    op.create_table(
        "friends",
        sa.Column("asker_id", sa.Integer, _player(), primary_key=True),
        sa.Column("friend_id", sa.Integer, _player(), primary_key=True),
        sa.Column("accepted", sa.Boolean, nullable=False),
        sa.Column("at", _WHEN, nullable=False),
    )
    op.create_table(
        "blocks",
        sa.Column("player_id", sa.Integer, _player(), primary_key=True),
        sa.Column("blocked_id", sa.Integer, _player(), primary_key=True),
    )
    op.create_table(
        "table_invites",
        sa.Column("table_id", sa.Integer, sa.ForeignKey("tables.id", ondelete="CASCADE"), primary_key=True),
        sa.Column("player_id", sa.Integer, _player(), primary_key=True),
        sa.Column("seat", sa.Integer, nullable=True),
        sa.Column("by_id", sa.Integer, _player(), nullable=False),
        sa.Column("at", _WHEN, nullable=False),
    )


def downgrade() -> None:
    for table in ("table_invites", "blocks", "friends", "audit", "sanctions", "reports", "player_marks", "roles"):
        op.drop_table(table)
