"""Players' name skeletons: a unique key, so that no two players have names that look alike.

Revision ID: 0002
Revises: 0001
Create Date: 2026-12-01
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

from patience_server.core.names import skeleton

revision = "0002"
down_revision = "0001"
branch_labels = None
depends_on = None

_players = sa.table(
    "players", sa.column("id", sa.Integer), sa.column("name", sa.String), sa.column("name_key", sa.Text)
)


def upgrade() -> None:
    """Add ``players.name_key``, fill it from each name, and make it unique.

    Where players registered earlier have names that look alike, the first
    (lowest id) keeps the key and the later ones keep their accounts with
    no key: nobody is removed, and nobody new can take a look-alike name.
    """
    op.add_column("players", sa.Column("name_key", sa.Text, nullable=True))
    connection = op.get_bind()
    taken: set[str] = set()
    for ident, name in connection.execute(sa.select(_players.c.id, _players.c.name).order_by(_players.c.id)):
        key = skeleton(name)
        if key in taken:
            continue
        taken.add(key)
        connection.execute(_players.update().where(_players.c.id == ident).values(name_key=key))
    op.create_index("players_name_skeleton", "players", ["name_key"], unique=True)


def downgrade() -> None:
    """Drop the key and its index."""
    op.drop_index("players_name_skeleton", "players")
    with op.batch_alter_table("players") as batch:
        batch.drop_column("name_key")
