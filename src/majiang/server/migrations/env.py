"""Alembic environment: runs migrations on the connection ``db.migrate`` hands over."""

from __future__ import annotations

from alembic import context

from majiang.server.db import Base

connection = context.config.attributes.get("connection")
if connection is None:  # pragma: no cover - only the programmatic path is supported
    raise RuntimeError("run migrations through majiang.server.db.migrate")
context.configure(connection=connection, target_metadata=Base.metadata, render_as_batch=True)
with context.begin_transaction():
    context.run_migrations()
