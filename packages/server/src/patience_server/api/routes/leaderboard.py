"""The leaderboard: ``GET /api/v1/daily/{date}/leaderboard``, a day's ranked results of one board."""

from __future__ import annotations

from fastapi import APIRouter

from patience_server import crud
from patience_server.api.deps import DailyBoard, DatabaseDep
from patience_server.schemas import BoardRow
from patience_server.speech import error_responses

__all__ = ["leaderboard", "router"]

router = APIRouter(prefix="/daily/{date}/leaderboard", tags=["leaderboard"])


@router.get("", responses=error_responses(422))
def leaderboard(board: DailyBoard, db: DatabaseDep) -> list[BoardRow]:
    """The day's ranked results: wins first, then higher score, fewer undos, earlier submission."""
    return crud.read_board(db, day=board.day.isoformat(), variant=board.variant, cells=board.cells)
