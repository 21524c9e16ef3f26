"""What a client asks for a table (its seats, names, chat, bots), checked before use.

Each refusal is a 422 naming what was wrong; nothing is stored until every part passes.
"""

from __future__ import annotations

from collections.abc import Sequence

from nilegames.server import views
from nilegames.server.errors import unprocessable
from nilegames.server.store import Seat

#: The longest display name, in characters.
NAME_LIMIT = 24


def check_name(name: str, where: str = "") -> str:
    """A display name, trimmed; refused when empty, too long or holding control characters."""
    cleaned = " ".join(name.split())
    if not cleaned:
        raise unprocessable(f"{where}a name needs at least one visible character")
    if len(cleaned) > NAME_LIMIT:
        raise unprocessable(
            f"{where}a name has at most {NAME_LIMIT} characters, not {len(cleaned)}"
        )
    if any(not ch.isprintable() for ch in cleaned):
        raise unprocessable(f"{where}a name cannot hold control characters")
    return cleaned


#: Who plays the turn of a player away longer than the table allows.
AWAY_BOT = "medium"
AWAY_LIMIT = 24 * 3600

#: The longest chat message, in characters, and how many messages a view carries.
CHAT_LIMIT = 200
CHAT_KEPT = 50


def check_chat(text: str) -> str:
    """A chat message, trimmed; refused when empty, too long or holding control characters
    other than line breaks."""
    cleaned = text.strip()
    if not cleaned:
        raise unprocessable("a chat message needs at least one visible character")
    if len(cleaned) > CHAT_LIMIT:
        raise unprocessable(
            f"a chat message has at most {CHAT_LIMIT} characters, not {len(cleaned)}"
        )
    if any(not ch.isprintable() and ch != "\n" for ch in cleaned):
        raise unprocessable("a chat message cannot hold control characters")
    return cleaned


#: A requested seat: kind, bot and, optionally, the player's name and the seconds away
#: after which a bot takes the seat's turns.
SeatSpec = (
    tuple[str, str | None]
    | tuple[str, str | None, str | None]
    | tuple[str, str | None, str | None, int | None]
    | tuple[str, str | None, str | None, int | None, bool]
)


def check_seats(players: int, seats: Sequence[SeatSpec] | None) -> list[Seat]:
    """The seats of a new table, without tokens yet: all human unless told."""
    if seats is None:
        return [Seat("human") for _ in range(players)]
    if len(seats) != players:
        raise unprocessable(f"{len(seats)} seat(s) given for {players} players")
    checked = []
    for index, spec in enumerate(seats):
        kind, bot = spec[0], spec[1]
        name = spec[2] if len(spec) > 2 else None
        away = spec[3] if len(spec) > 3 else None
        is_open = bool(spec[4]) if len(spec) > 4 else False
        if is_open and (kind != "human" or name is not None):
            raise unprocessable(f"seat {index}: an open seat is a human seat with no name yet")
        if away is not None and (kind != "human" or not 1 <= away <= AWAY_LIMIT):
            raise unprocessable(
                f"seat {index}: 'away' is for a human seat, 1 to {AWAY_LIMIT} seconds"
            )
        if kind == "human" and bot is not None:
            raise unprocessable(f"seat {index} is a human seat: it takes no bot")
        if kind == "bot":
            check_bot(bot, f"seat {index}: ")
            if name is not None:
                raise unprocessable(f"seat {index} is a bot seat: it takes no name")
        if name is not None:
            name = check_name(name, f"seat {index}: ")
        checked.append(Seat(kind, bot, name=name, away=away, open=is_open))
    return checked


def check_bot(bot: str | None, where: str = "") -> None:
    """Refuse a bot the lobby does not offer (an open ISMCTS budget could stall the server)."""
    if bot not in views.SEAT_BOTS:
        given = "a bot seat needs a bot" if bot is None else f"no bot {bot!r}"
        raise unprocessable(f"{where}{given}; bots: {', '.join(views.SEAT_BOTS)}")
