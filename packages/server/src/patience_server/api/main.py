"""The routers put together: ``api_router`` (the JSON API under ``/api/v1``) and ``pages_router`` (the HTML pages)."""

from __future__ import annotations

from fastapi import APIRouter

from patience_server.api.routes import attempts, health, leaderboard, pages, players
from patience_server.core.config import API_V1_STR

__all__ = ["api_router", "pages_router"]

api_router = APIRouter(prefix=API_V1_STR)
api_router.include_router(players.router)
api_router.include_router(attempts.router)
api_router.include_router(leaderboard.router)
api_router.include_router(health.router)

pages_router = pages.router
