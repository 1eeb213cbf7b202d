"""Players and their daily attempts.

Revision ID: 0001
Revises:
Create Date: 2026-11-30
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0001"
down_revision = None
branch_labels = None
depends_on = None


def upgrade() -> None:
    """Create ``players`` and ``attempts`` (one attempt per player, date, variant and cell count)."""
    op.create_table(
        "players",
        sa.Column("id", sa.Integer, primary_key=True),
        sa.Column("name", sa.String(32), nullable=False, unique=True),
        sa.Column("token_hash", sa.String(64), nullable=False, unique=True),
        sa.Column("created", sa.DateTime(timezone=True), nullable=False),
    )
    op.create_table(
        "attempts",
        sa.Column("id", sa.Integer, primary_key=True),
        sa.Column("player_id", sa.Integer, sa.ForeignKey("players.id"), nullable=False),
        sa.Column("date", sa.String(10), nullable=False),
        sa.Column("variant", sa.String(64), nullable=False),
        sa.Column("cells", sa.Integer, nullable=False),
        sa.Column("deal", sa.BigInteger, nullable=False),
        sa.Column("code", sa.String(32), nullable=False),
        sa.Column("started", sa.DateTime(timezone=True), nullable=False),
        sa.Column("result", sa.String(16)),
        sa.Column("won", sa.Integer),
        sa.Column("score", sa.Integer),
        sa.Column("moves", sa.Integer),
        sa.Column("undos", sa.Integer),
        sa.Column("cards_home", sa.Integer),
        sa.Column("submitted", sa.DateTime(timezone=True)),
        sa.Column("record", sa.Text),
        sa.UniqueConstraint("player_id", "date", "variant", "cells", name="one_attempt_a_day"),
    )
    op.create_index("attempts_board", "attempts", ["date", "variant", "cells", "won", "score"])


def downgrade() -> None:
    """Drop both tables."""
    op.drop_index("attempts_board", "attempts")
    op.drop_table("attempts")
    op.drop_table("players")
