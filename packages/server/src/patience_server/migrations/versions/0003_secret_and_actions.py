"""The server's secret and the attempts' streamed actions.

``server_secrets`` holds the secret the ranked deals are derived from
(made at the first start, shared by every process on the database);
``attempt_actions`` each action of an attempt as the server received it:
its number from 1, its token, the server's receive time and the client's
offset in milliseconds. The primary key (attempt, number) lets two
processes racing on one attempt's actions store each number once.

Revision ID: 0003
Revises: 0002
Create Date: 2026-12-01
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0003"
down_revision = "0002"
branch_labels = None
depends_on = None


def upgrade() -> None:
    """Create both tables."""
    op.create_table(
        "server_secrets",
        sa.Column("name", sa.String(32), primary_key=True),
        sa.Column("value", sa.String(128), nullable=False),
    )
    op.create_table(
        "attempt_actions",
        sa.Column("attempt_id", sa.Integer, sa.ForeignKey("attempts.id"), primary_key=True),
        sa.Column("number", sa.Integer, primary_key=True),
        sa.Column("token", sa.String(16), nullable=False),
        sa.Column("received", sa.DateTime(timezone=True), nullable=False),
        sa.Column("offset_ms", sa.BigInteger, nullable=True),
    )


def downgrade() -> None:
    """Drop both tables."""
    op.drop_table("attempt_actions")
    op.drop_table("server_secrets")
