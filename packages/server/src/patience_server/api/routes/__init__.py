"""One ``APIRouter`` per resource: players, attempts (and their records), leaderboard, health, and the pages."""
