"""When a player last had a connection open (``players.seen``, told by each process of its own connections now and
then): a guest's name is kept for them while they are here and for a while after, not for the week their session
token lasts.

Revision ID: v0012
Revises: v0011
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "v0012"
down_revision = "v0011"
branch_labels = None
depends_on = None


def upgrade() -> None:
    with op.batch_alter_table("players") as batch:
        batch.add_column(sa.Column("seen", sa.DateTime(timezone=True), nullable=True))


def downgrade() -> None:
    with op.batch_alter_table("players") as batch:
        batch.drop_column("seen")
