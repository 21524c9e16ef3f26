"""Refusals of the API: an HTTP status and one sentence saying what was wrong."""

from __future__ import annotations

from nilegames.core import GameOptionError, IllegalActionError, NilegamesError, UnknownGameError


class ApiError(Exception):
    """A request the server refuses; nothing was changed."""

    def __init__(self, status: int, message: str) -> None:
        super().__init__(message)
        self.status = status
        self.message = message


def not_found(message: str) -> ApiError:
    return ApiError(404, message)


def forbidden(message: str) -> ApiError:
    return ApiError(403, message)


def conflict(message: str) -> ApiError:
    return ApiError(409, message)


def unprocessable(message: str) -> ApiError:
    return ApiError(422, message)


def from_core(error: NilegamesError) -> ApiError:
    """The status of a rejection by the game engine: an unknown game is not found, a bad
    option, player count, bot or action cannot be processed."""
    if isinstance(error, UnknownGameError):
        return not_found(str(error))
    if isinstance(error, GameOptionError | IllegalActionError):
        return unprocessable(str(error))
    return ApiError(400, str(error))
