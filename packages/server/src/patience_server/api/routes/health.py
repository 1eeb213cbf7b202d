"""Health: ``GET /api/v1/health`` answers 200 when the service can reach its database, else 503 ``unavailable``."""

from __future__ import annotations

from fastapi import APIRouter

from patience_server import crud
from patience_server.api.deps import DatabaseDep
from patience_server.schemas import HealthOut
from patience_server.speech import error_responses

__all__ = ["health", "router"]

router = APIRouter(prefix="/health", tags=["health"])


@router.get("", responses=error_responses())
async def health(db: DatabaseDep) -> HealthOut:
    """200 when the service can reach its database; 503 ``unavailable`` (with ``Retry-After``) when it cannot."""
    # In a database thread: a database that is down or locked makes this request wait, not the event loop.
    await db.run(crud.ping, db)
    return HealthOut(status="ok")
