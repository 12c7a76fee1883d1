"""Tournaments: the tournament with its director's lease, its entries (two players each), each round's pairing and
each match's table and result (a duplicate's match is one board, with both sides' scores). A round's row is its
pairing's guard: a round is paired once in the room.

Revision ID: v0017
Revises: v0016
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "v0017"
down_revision = "v0016"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.create_table(
        "tournaments",
        sa.Column("id", sa.Integer, primary_key=True),
        sa.Column("director_id", sa.Integer, sa.ForeignKey("players.id"), nullable=False),
        sa.Column("name", sa.String(160), nullable=False),
        sa.Column("format", sa.String(16), nullable=False),
        sa.Column("rules", sa.JSON, nullable=False),
        sa.Column("settings", sa.JSON, nullable=False),
        sa.Column("state", sa.String(16), nullable=False),
        sa.Column("round", sa.Integer, nullable=False),
        sa.Column("created", sa.DateTime(timezone=True), nullable=False),
        sa.Column("directed_by", sa.String(64), nullable=True),
        sa.Column("directed_until", sa.DateTime(timezone=True), nullable=True),
    )
    op.create_index("ix_tournaments_state", "tournaments", ["state"])
    op.create_table(
        "tournament_entries",
        sa.Column("id", sa.Integer, primary_key=True),
        sa.Column("tournament_id", sa.Integer, sa.ForeignKey("tournaments.id", ondelete="CASCADE"), nullable=False),
        sa.Column("first_id", sa.Integer, sa.ForeignKey("players.id"), nullable=False),
        sa.Column("second_id", sa.Integer, sa.ForeignKey("players.id"), nullable=True),
        sa.Column("confirmed", sa.Boolean, nullable=False),
        sa.Column("number", sa.Integer, nullable=True),
        sa.UniqueConstraint("tournament_id", "first_id", name="uq_tournament_entries_first"),
    )
    op.create_index("ix_tournament_entries_tournament_id", "tournament_entries", ["tournament_id"])
    op.create_table(
        "tournament_rounds",
        sa.Column("tournament_id", sa.Integer, sa.ForeignKey("tournaments.id", ondelete="CASCADE"),
                  primary_key=True),
        sa.Column("round", sa.Integer, primary_key=True),
        sa.Column("bye", sa.Integer, nullable=True),
    )
    op.create_table(
        "tournament_matches",
        sa.Column("table_id", sa.Integer, sa.ForeignKey("tables.id", ondelete="CASCADE"), primary_key=True),
        sa.Column("tournament_id", sa.Integer, nullable=False),
        sa.Column("round", sa.Integer, nullable=False),
        sa.Column("number", sa.Integer, nullable=False),
        sa.Column("ns", sa.Integer, nullable=False),
        sa.Column("ew", sa.Integer, nullable=False),
        sa.Column("ns_halves", sa.Integer, nullable=True),
        sa.Column("board", sa.Integer, nullable=True),
        sa.Column("ns_score", sa.Integer, nullable=True),
        sa.Column("ew_score", sa.Integer, nullable=True),
        sa.Column("covered", sa.JSON, nullable=True),
        sa.Column("seats", sa.JSON, nullable=True),
        sa.Column("scores", sa.JSON, nullable=True),
    )
    op.create_index("ix_tournament_matches_tournament_id", "tournament_matches", ["tournament_id"])


def downgrade() -> None:
    op.drop_table("tournament_matches")
    op.drop_table("tournament_rounds")
    op.drop_table("tournament_entries")
    op.drop_table("tournaments")
