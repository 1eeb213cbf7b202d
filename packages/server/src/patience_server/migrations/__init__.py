"""Alembic migrations of the leaderboard database."""
