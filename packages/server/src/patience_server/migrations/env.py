"""Alembic's environment: migrate the connection :func:`patience_server.core.db.upgrade` hands over."""

from __future__ import annotations

from alembic import context

from patience_server.models import Base

connection = context.config.attributes.get("connection")
if connection is None:  # pragma: no cover - only reached when alembic is run by hand
    raise RuntimeError("run migrations through patience_server.core.db.upgrade(engine)")
context.configure(connection=connection, target_metadata=Base.metadata, render_as_batch=True)
with context.begin_transaction():
    context.run_migrations()
