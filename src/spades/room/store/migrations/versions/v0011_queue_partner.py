"""Quick play in pairs: the partner a queued player asked to be seated with (``quick_queue.partner_id``); two
people who name each other are seated as partners.

Revision ID: v0011
Revises: v0010
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "v0011"
down_revision = "v0010"
branch_labels = None
depends_on = None


def upgrade() -> None:
    with op.batch_alter_table("quick_queue") as batch:
        batch.add_column(sa.Column("partner_id", sa.Integer, sa.ForeignKey("players.id", ondelete="SET NULL",
                                                                           name="fk_quick_queue_partner"),
                                   nullable=True))


def downgrade() -> None:
    with op.batch_alter_table("quick_queue") as batch:
        batch.drop_column("partner_id")
