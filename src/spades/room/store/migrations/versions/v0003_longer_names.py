"""Names of up to 32 printable characters: any text is a name (it is shown as text, never read as markup), and a
name such as ``<img src=x onerror=alert(1)>`` needs more than the 24 letters, digits and marks of version 1.

Revision ID: v0003
Revises: v0002
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "v0003"
down_revision = "v0002"
branch_labels = None
depends_on = None


def upgrade() -> None:
    # batch mode: SQLite cannot alter a column's type in place, so alembic copies the table there
    with op.batch_alter_table("players") as batch:
        batch.alter_column("name", existing_type=sa.String(24), type_=sa.String(32), existing_nullable=False)
        batch.alter_column("name_key", existing_type=sa.String(96), type_=sa.String(128), existing_nullable=False)


def downgrade() -> None:
    with op.batch_alter_table("players") as batch:
        batch.alter_column("name_key", existing_type=sa.String(128), type_=sa.String(96), existing_nullable=False)
        batch.alter_column("name", existing_type=sa.String(32), type_=sa.String(24), existing_nullable=False)
