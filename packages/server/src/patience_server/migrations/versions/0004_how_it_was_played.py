"""How each result was played: its status on the board, its time by the server's clock, its hints.

``attempts.status`` is ``ranked``, ``review`` (a timing no person
reaches, waiting for the operator) or ``rejected``; ``elapsed_ms`` the
server's milliseconds from the start to the last action received,
``hints`` the hints taken, ``resent`` whether offsets of a resent batch
were taken. A row is ``ranked`` with no hints until its result says
otherwise, so results accepted before keep their rank, with no time.

Revision ID: 0004
Revises: 0003
Create Date: 2026-12-01
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0004"
down_revision = "0003"
branch_labels = None
depends_on = None


def upgrade() -> None:
    """Add the four columns; a result already accepted is ranked, with no hints (the columns' defaults)."""
    with op.batch_alter_table("attempts") as batch:
        batch.add_column(sa.Column("status", sa.String(16), nullable=False, server_default="ranked"))
        batch.add_column(sa.Column("elapsed_ms", sa.BigInteger, nullable=True))
        batch.add_column(sa.Column("hints", sa.Integer, nullable=False, server_default="0"))
        batch.add_column(sa.Column("resent", sa.Boolean, nullable=True))


def downgrade() -> None:
    """Drop the four columns."""
    with op.batch_alter_table("attempts") as batch:
        batch.drop_column("resent")
        batch.drop_column("hints")
        batch.drop_column("elapsed_ms")
        batch.drop_column("status")
