"""Each player's record against the computer, kept as games finish (``computer_records``): a player's page used to
replay every finished record the player sat in for each reader. The games finished before are counted here once,
from their records, by the same rule the room counts new ones with (``rating.meetings``).

Revision ID: v0014
Revises: v0013
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "v0014"
down_revision = "v0013"
branch_labels = None
depends_on = None

records = sa.table("records", sa.column("table_id", sa.Integer), sa.column("record", sa.JSON))
players = sa.table("players", sa.column("id", sa.Integer), sa.column("name_key", sa.String))


def upgrade() -> None:
    from spades.room.identity import names
    from spades.room.rating.meetings import meetings
    from spades.rules import Rules

    op.create_table(
        "computer_records",
        sa.Column("player_id", sa.Integer, sa.ForeignKey("players.id", ondelete="CASCADE"), primary_key=True),
        sa.Column("level", sa.String(64), primary_key=True),
        sa.Column("role", sa.String(16), primary_key=True),
        sa.Column("games", sa.Integer, nullable=False, server_default="0"),
        sa.Column("wins", sa.Integer, nullable=False, server_default="0"),
    )
    connection = op.get_bind()
    counts: dict[tuple[int, str, str], list[int]] = {}
    ids: dict[str, int | None] = {}
    for (record,) in connection.execute(sa.select(records.c.record).order_by(records.c.table_id)):
        if not isinstance(record, dict):
            continue
        meta = record.get("meta") or {}
        try:
            rules = Rules.from_dict(record["rules"])
            found = meetings(rules, meta.get("players") or {}, meta.get("computers") or {},
                             (record.get("result") or {}).get("winner"))
        except Exception:  # a record this program cannot read counts for nothing, as on the page before
            continue
        for name, level, role, won in found:
            if name not in ids:
                key = names.lookup_key(name)
                ids[name] = connection.scalar(sa.select(players.c.id).where(players.c.name_key == key)) if key \
                    else None
            player_id = ids[name]
            if player_id is None:
                continue
            tally = counts.setdefault((player_id, level, role), [0, 0])
            tally[0] += 1
            tally[1] += int(won)
    table = sa.table("computer_records", sa.column("player_id", sa.Integer), sa.column("level", sa.String),
                     sa.column("role", sa.String), sa.column("games", sa.Integer), sa.column("wins", sa.Integer))
    if counts:
        op.bulk_insert(table, [{"player_id": player_id, "level": level, "role": role, "games": games, "wins": wins}
                               for (player_id, level, role), (games, wins) in sorted(counts.items())])


def downgrade() -> None:
    op.drop_table("computer_records")
