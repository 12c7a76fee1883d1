"""The room's schema versions (alembic), run from code: a Store brings its database to the newest version when it
opens, so an older database is upgraded in place and no user needs alembic's command or an alembic.ini.

To add a version: a new file in ``versions/`` whose ``down_revision`` is the current head, written with ``op``
calls (not the models of store.py, which move on), and a test that upgrades a database of the version before."""

from __future__ import annotations

from pathlib import Path

from alembic import command
from alembic.config import Config
from alembic.runtime.migration import MigrationContext
from alembic.script import ScriptDirectory
from sqlalchemy import text
from sqlalchemy.engine import Engine

__all__ = ["current", "head", "upgrade"]

HERE = Path(__file__).resolve().parent


def _config(engine: Engine) -> Config:
    config = Config()
    config.set_main_option("script_location", str(HERE))
    config.attributes["engine"] = engine
    return config


def upgrade(engine: Engine, revision: str = "head") -> None:
    """Bring the database to ``revision`` (the newest by default); nothing is done when it is there already."""
    with engine.connect() as connection:
        sqlite = connection.dialect.name == "sqlite"
        if sqlite:
            # SQLite changes a column by copying its table, which the other tables' references would refuse; the
            # pragma only takes effect outside a transaction, so it is set before the migration's one begins.
            connection.exec_driver_sql("PRAGMA foreign_keys=OFF")
            connection.commit()
        try:
            with connection.begin():
                if connection.dialect.name == "postgresql":
                    # Two servers starting at once on a new database: the second waits, then finds the schema.
                    connection.execute(text("SELECT pg_advisory_xact_lock(7401)"))
                config = _config(engine)
                config.attributes["connection"] = connection
                command.upgrade(config, revision)
        finally:
            if sqlite:
                connection.exec_driver_sql("PRAGMA foreign_keys=ON")
                connection.commit()


def head() -> str:
    revision = ScriptDirectory(str(HERE)).get_current_head()
    assert revision is not None
    return revision


def current(engine: Engine) -> str | None:
    with engine.connect() as connection:
        return MigrationContext.configure(connection).get_current_revision()
