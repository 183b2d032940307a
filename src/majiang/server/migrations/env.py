"""Alembic environment: runs migrations on the connection ``db.migrate`` hands over.

Imported outside Alembic (test collection) it does nothing.
"""

from __future__ import annotations

from alembic import context

from majiang.server.db import Base


def run_migrations() -> None:
    """Run the migrations on the connection ``db.migrate`` put in the config's attributes."""
    connection = context.config.attributes.get("connection")
    if connection is None:  # pragma: no cover - only the programmatic path is supported
        raise RuntimeError("run migrations through majiang.server.db.migrate")
    context.configure(connection=connection, target_metadata=Base.metadata, render_as_batch=True)
    with context.begin_transaction():
        context.run_migrations()


if hasattr(context, "config"):
    run_migrations()
