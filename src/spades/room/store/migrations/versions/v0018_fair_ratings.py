"""Fair ratings: the weight each rated game counted for, voided games' ratings and rated games abandoned.

Revision ID: v0018
Revises: v0017
"""

from __future__ import annotations

revision = "v0018"
down_revision = "v0017"
branch_labels = None
depends_on = None


def upgrade() -> None:
    pass


def downgrade() -> None:
    pass
