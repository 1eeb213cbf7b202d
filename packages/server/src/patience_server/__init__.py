"""The daily leaderboard service of patience.

One attempt per player, date, variant and cell count; every record sent is
replayed by the engine (:func:`patience.formats.records.check_record`) and the
service computes the result, score and rank itself. The database is the
only state that matters, so several processes on one PostgreSQL act as one
service. Start it with ``patience serve`` or :func:`patience_server.app.serve`.
"""

from __future__ import annotations

__version__ = "0.1.0"

__all__ = ["__version__"]
