"""Refusals of the API: an HTTP status and one sentence saying what was wrong."""

from __future__ import annotations

import math

from nilegames.core import NilegamesError, UnknownGameError


class ApiError(Exception):
    """A request the server refuses; nothing was changed."""

    def __init__(self, status: int, message: str, retry_after: float | None = None) -> None:
        super().__init__(message)
        self.status = status
        self.message = message
        self.retry_after = retry_after  # seconds, for a 429 or a 503

    def headers(self) -> dict[str, str]:
        if self.retry_after is None:
            return {}
        return {"Retry-After": str(max(1, math.ceil(self.retry_after)))}


def not_found(message: str) -> ApiError:
    return ApiError(404, message)


def forbidden(message: str) -> ApiError:
    return ApiError(403, message)


def conflict(message: str) -> ApiError:
    return ApiError(409, message)


def unprocessable(message: str) -> ApiError:
    return ApiError(422, message)


#: Seconds a client is told to wait while the database cannot be reached.
RETRY_DATABASE = 2.0


def unavailable(message: str = "the database cannot be reached; try again shortly") -> ApiError:
    """The database failed: nothing was changed, and trying again later may work."""
    return ApiError(503, message, retry_after=RETRY_DATABASE)


def too_many(what: str, retry_after: float) -> ApiError:
    return ApiError(429, f"too many {what}; try again in {math.ceil(retry_after)} s", retry_after)


def from_core(error: NilegamesError) -> ApiError:
    """The status of a rejection by the game engine: an unknown game is not found; any
    other bad input (option, player count, bot, action) cannot be processed: 422, the one
    status docs/web-api.md gives for a request that is well formed but wrong."""
    if isinstance(error, UnknownGameError):
        return not_found(str(error))
    return unprocessable(str(error))
