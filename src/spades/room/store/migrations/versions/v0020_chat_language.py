"""The language a chat message is written in, as its sender said it (``chat_messages.lang``, a BCP 47 tag, or
null when they said none): carried with the message to everyone, untranslated, and read back with it.

Revision ID: v0020
Revises: v0019
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "v0020"
down_revision = "v0019"
branch_labels = None
depends_on = None


def upgrade() -> None:
    with op.batch_alter_table("chat_messages") as batch:
        batch.add_column(sa.Column("lang", sa.String(35), nullable=True))


def downgrade() -> None:
    with op.batch_alter_table("chat_messages") as batch:
        batch.drop_column("lang")
