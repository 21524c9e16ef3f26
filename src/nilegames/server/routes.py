"""The endpoints of docs/web-api.md: the lobby, views and moves over REST, live views over
WebSockets.  They only translate HTTP to :class:`~nilegames.server.live.Hub` calls."""

from __future__ import annotations

import json
from collections.abc import Awaitable, Callable
from contextlib import suppress
from typing import Annotated, Any, cast

import anyio
from fastapi import APIRouter, Depends, Header, Request, WebSocket, WebSocketDisconnect
from fastapi.responses import JSONResponse, Response
from starlette.types import Message

from nilegames.core import NilegamesError, guide
from nilegames.server import views
from nilegames.server.advice import Advisor
from nilegames.server.errors import ApiError, from_core
from nilegames.server.limits import RateLimits
from nilegames.server.live import Hub, Subscriber
from nilegames.server.schemas import (
    BotRequest,
    ChatRequest,
    Claimed,
    ClaimRequest,
    Created,
    ErrorBody,
    GameInfo,
    GuideInfo,
    HintAnswer,
    HintRequest,
    Move,
    NameRequest,
    NewTable,
    Replay,
    ReplayStep,
    ReviewJobInfo,
    ReviewRequest,
    Seq,
    TableSummary,
    View,
)

router = APIRouter()


async def get_hub(request: Request) -> Hub:
    """The app's hub.  ``async``: FastAPI runs a plain ``def`` dependency in a worker
    thread, a thread hand-off on every request for one attribute look-up."""
    return cast(Hub, request.app.state.hub)


def client_of(connection: Request | WebSocket) -> str:
    """Who is asking, for the rate limits: the client's address (behind a trusted proxy,
    the one it forwards)."""
    return connection.client.host if connection.client else "unknown"


def limits_of(connection: Request | WebSocket) -> RateLimits:
    return cast(RateLimits, connection.app.state.limits)


async def limit_tables(request: Request) -> None:
    limits_of(request).tables.check(client_of(request))


async def limit_moves(request: Request) -> None:
    limits_of(request).moves.check(client_of(request))


async def get_advisor(request: Request) -> Advisor:
    return cast(Advisor, request.app.state.advisor)


HubDep = Annotated[Hub, Depends(get_hub)]
AdvisorDep = Annotated[Advisor, Depends(get_advisor)]
Token = Annotated[
    str | None,
    Header(alias="X-Seat-Token", description="A seat's secret; none: the spectator's view."),
]


def refusals(*statuses: int) -> dict[int | str, dict[str, Any]]:
    """The error statuses of an endpoint, for the OpenAPI schema."""
    return {status: {"model": ErrorBody} for status in statuses}


@router.get("/api/server")
async def server_status(hub: HubDep) -> dict[str, Any]:
    """This server process: its name, tables in memory, connections and bot moves."""
    return hub.status()


@router.get("/api/games", response_model=list[GameInfo])
async def list_games() -> list[dict[str, Any]]:
    """Every game with its player range, options and the bots a seat may have."""
    return views.game_list()


@router.get("/api/games/{game_id}/guide", response_model=GuideInfo, responses=refusals(404))
async def get_guide(game_id: str, lang: str = "en") -> dict[str, Any]:
    """A game's rules for players in ``lang`` (English when not written in it): the whole
    text as HTML (raw HTML in the source is escaped), its sections, and the tooltip of each
    card, tile and board part."""
    try:
        found = guide.load(game_id, lang)
    except NilegamesError as error:
        raise from_core(error) from None
    return {
        "game": found.game_id,
        "lang": found.lang,
        "title": found.title,
        "html": found.to_html(),
        "sections": [{"key": s.key, "title": s.title, "anchor": s.anchor} for s in found.sections],
        "tooltips": dict(found.tooltips),
    }


@router.post(
    "/api/tables",
    status_code=201,
    response_model=Created,
    responses=refusals(404, 413, 422, 429, 503),
    dependencies=[Depends(limit_tables)],
)
async def create_table(body: NewTable, hub: HubDep) -> dict[str, Any]:
    """Open a table; the answer holds every human seat's token (shown only this once)."""
    seats = (
        None
        if body.seats is None
        else [(s.kind, s.bot, s.name, s.away, bool(s.open)) for s in body.seats]
    )
    live, tokens = await hub.create(body.game, body.players, body.options, seats, body.hints)
    table_id = live.record.id
    links = {str(seat): f"/#/table/{table_id}?token={token}" for seat, token in tokens.items()}
    links["spectator"] = f"/#/table/{table_id}"
    return {
        "table": views.table_summary(live.record, live.connected()),
        "tokens": {str(seat): token for seat, token in tokens.items()},
        "links": links,
    }


class ViewJSON(Response):
    """A view as the hub encoded it (:class:`~nilegames.server.live.Frame`), sent as it is.

    The endpoints that answer with a view return it ready: views are built from
    observations by views.py already, FastAPI's re-validation of each one cost more than
    the move itself, and the same bytes serve every request and broadcast until the table
    changes.  ``response_model`` still documents them in the OpenAPI schema.
    """

    media_type = "application/json"


@router.get("/api/tables/{table_id}", response_model=View, responses=refusals(403, 404))
async def get_view(table_id: str, hub: HubDep, token: Token = None) -> ViewJSON:
    """The table as the token's seat (or a spectator) sees it."""
    live = await hub.current(table_id)
    return ViewJSON(live.frame(hub.seat_of(live, token)).body)


@router.post(
    "/api/tables/{table_id}/actions",
    response_model=View,
    responses=refusals(403, 404, 409, 413, 422, 429, 503),
    dependencies=[Depends(limit_moves)],
)
async def post_action(table_id: str, body: Move, hub: HubDep, token: Token = None) -> ViewJSON:
    """Play the token's seat's move; it is stored before this answers."""
    frame = await hub.act(table_id, token, body.seq, body.action)
    return ViewJSON(frame.body)


@router.post(
    "/api/tables/{table_id}/undo",
    response_model=View,
    responses=refusals(403, 404, 409, 413, 422, 429, 503),
    dependencies=[Depends(limit_moves)],
)
async def post_undo(table_id: str, body: Seq, hub: HubDep, token: Token = None) -> ViewJSON:
    """Take back the token's seat's last step of an open move (409 says why not)."""
    frame = await hub.undo(table_id, token, body.seq)
    return ViewJSON(frame.body)


@router.post(
    "/api/tables/{table_id}/seats/{seat}/bot",
    response_model=View,
    responses=refusals(403, 404, 409, 413, 422, 429, 503),
    dependencies=[Depends(limit_moves)],
)
async def hand_to_bot(
    table_id: str, seat: int, body: BotRequest, hub: HubDep, token: Token = None
) -> ViewJSON:
    """A player leaving hands the seat to a bot (with the seat's own token)."""
    frame = await hub.hand_to_bot(table_id, seat, token, body.bot)
    return ViewJSON(frame.body)


@router.post(
    "/api/tables/{table_id}/seats/{seat}/name",
    response_model=View,
    responses=refusals(403, 404, 413, 422, 429, 503),
    dependencies=[Depends(limit_moves)],
)
async def name_seat(
    table_id: str, seat: int, body: NameRequest, hub: HubDep, token: Token = None
) -> ViewJSON:
    """The seat's player chooses the display name shown at the table and in its log."""
    frame = await hub.rename(table_id, seat, token, body.name)
    return ViewJSON(frame.body)


@router.get("/api/open-tables", response_model=list[TableSummary])
async def open_tables(hub: HubDep) -> list[dict[str, Any]]:
    """Tables being played with a seat anyone may take: the lobby's "join" list."""
    return await hub.open_tables()


@router.post(
    "/api/tables/{table_id}/seats/{seat}/claim",
    response_model=Claimed,
    responses=refusals(404, 409, 413, 422, 429, 503),
    dependencies=[Depends(limit_tables)],
)
async def claim_seat(table_id: str, seat: int, body: ClaimRequest, hub: HubDep) -> dict[str, Any]:
    """Take an open seat: the answer holds its new token (shown only this once)."""
    live, token = await hub.claim(table_id, seat, body.name)
    return {
        "table": views.table_summary(live.record, live.connected()),
        "seat": seat,
        "token": token,
        "link": f"/#/table/{table_id}?token={token}",
    }


@router.post(
    "/api/tables/{table_id}/chat",
    response_model=View,
    responses=refusals(403, 404, 413, 422, 429, 503),
    dependencies=[Depends(limit_moves)],
)
async def post_chat(table_id: str, body: ChatRequest, hub: HubDep, token: Token = None) -> ViewJSON:
    """A player's message to the table, kept with the game (players only)."""
    frame = await hub.say(table_id, token, body.text)
    return ViewJSON(frame.body)


@router.post(
    "/api/tables/{table_id}/hint",
    response_model=HintAnswer,
    responses=refusals(403, 404, 409, 413, 422, 429, 503),
    dependencies=[Depends(limit_moves)],
)
async def post_hint(
    table_id: str, body: HintRequest, advisor: AdvisorDep, token: Token = None
) -> dict[str, Any]:
    """The move the hard bot would play for the token's seat, with its estimate; every
    seat's log says the hint was used (409 when hints are off, or not this seat's turn)."""
    return await advisor.hint(table_id, token, body.seq)


@router.post(
    "/api/tables/{table_id}/reviews",
    response_model=ReviewJobInfo,
    status_code=202,
    responses={200: {"model": ReviewJobInfo}, **refusals(404, 409, 413, 422, 429, 503)},
    dependencies=[Depends(limit_moves)],
)
async def post_review(table_id: str, body: ReviewRequest, advisor: AdvisorDep) -> JSONResponse:
    """Start the review of a seat's moves in a finished game (202 while it runs; 200 when
    done: a review asked before is served again)."""
    job = await advisor.start_review(table_id, body.seat, body.iterations, body.seed)
    return JSONResponse(job.to_json(), status_code=200 if job.status == "done" else 202)


@router.get(
    "/api/tables/{table_id}/reviews/{seat}",
    response_model=ReviewJobInfo,
    responses=refusals(404, 422),
)
async def get_review(
    table_id: str,
    seat: int,
    advisor: AdvisorDep,
    iterations: int | None = None,
    seed: int = 0,
) -> dict[str, Any]:
    """A review's progress (``done`` of ``total`` moves), then its result."""
    job = await advisor.review_job(table_id, seat, iterations, seed)
    return job.to_json()


@router.get("/api/tables/{table_id}/replay", response_model=Replay, responses=refusals(404, 409))
async def get_replay(table_id: str, hub: HubDep) -> dict[str, Any]:
    """A finished game's record: every action and chance outcome."""
    return await hub.replay(table_id)


@router.get(
    "/api/tables/{table_id}/replay/{step}",
    response_model=ReplayStep,
    responses=refusals(404, 409, 422),
)
async def get_replay_step(
    table_id: str, step: int, hub: HubDep, seat: int | None = None
) -> dict[str, Any]:
    """What a seat (or a spectator) saw after ``step`` actions of a finished game."""
    return await hub.replay_step(table_id, step, seat)


#: Seconds a new WebSocket has to say who it is (its first message) before it is closed.
HELLO_TIMEOUT = 10.0


@router.websocket("/ws/tables/{table_id}")
async def table_socket(websocket: WebSocket, table_id: str) -> None:
    """Live views of one table for one seat (or a spectator).

    The seat's token comes in the socket's first message, ``{"type": "hello", "token":
    ...}``, never in the address: addresses end up in access logs and proxies' logs.
    """
    hub = cast(Hub, websocket.app.state.hub)
    limits, client = limits_of(websocket), client_of(websocket)
    await websocket.accept()
    try:
        limits.open_socket(client)
    except ApiError as error:
        await refuse(websocket, error)
        return
    try:
        await follow(websocket, hub, limits, client, table_id)
    finally:
        limits.close_socket(client)


async def follow(
    websocket: WebSocket, hub: Hub, limits: RateLimits, client: str, table_id: str
) -> None:
    try:
        if "token" in websocket.query_params:
            raise ApiError(400, "send the seat token in the first message, not in the address")
        token = await hello(websocket)
        live = await hub.table(table_id)
        seat = hub.seat_of(live, token)
    except ApiError as error:
        await refuse(websocket, error)
        return
    except WebSocketDisconnect:
        return
    subscriber = hub.subscribe(live, seat)

    async def received(message: Message) -> None:
        """A message after the hello: counted against the client's rate, then ignored
        (the live view needs nothing from the client)."""
        limits.messages.check(client)

    try:
        refusal = await relay(websocket, subscriber, received)
    finally:
        hub.unsubscribe(live, subscriber)
    if refusal is not None:
        await refuse(websocket, refusal)


async def refuse(websocket: WebSocket, error: ApiError) -> None:
    """Say why, then close with the matching code (the client may be gone already)."""
    with suppress(WebSocketDisconnect, RuntimeError, OSError):
        await websocket.send_json({"type": "error", "error": error.message})
        await websocket.close(code=CLOSE_CODES.get(error.status, 4400))


#: The close code of a refused WebSocket: 4000 + the HTTP status of the same refusal.
CLOSE_CODES = {400: 4400, 403: 4403, 404: 4404, 429: 4429, 503: 4503}


async def hello(websocket: WebSocket) -> str | None:
    """The token of the socket's first message (None: a spectator)."""
    try:
        with anyio.fail_after(HELLO_TIMEOUT):
            message = await websocket.receive()
    except TimeoutError:
        raise ApiError(400, f"no hello message in {HELLO_TIMEOUT:g} s") from None
    if message["type"] == "websocket.disconnect":
        raise WebSocketDisconnect(message.get("code", 1000))
    try:
        data = json.loads(message.get("text") or message.get("bytes") or b"")
    except ValueError:
        data = None
    if not isinstance(data, dict) or data.get("type") != "hello":
        raise ApiError(400, 'the first message must be {"type": "hello", "token": ...}')
    token = data.get("token")
    if token is not None and not isinstance(token, str):
        raise ApiError(400, "the hello's token must be a string or null")
    return token or None


async def relay(
    websocket: WebSocket,
    subscriber: Subscriber,
    received: Callable[[Message], Awaitable[None]],
) -> ApiError | None:
    """Send queued views until the client leaves; each message it sends goes to
    ``received``, whose refusal ends the connection (and is returned).

    An anyio task group, not bare asyncio tasks: the server cancels a connection's
    handler through anyio scopes, and the group passes that cancellation on cleanly.
    """
    refusals: list[ApiError] = []
    async with anyio.create_task_group() as group:

        async def send() -> None:
            try:
                while True:
                    await websocket.send_text(await subscriber.queue.get())
            except (WebSocketDisconnect, RuntimeError, OSError):
                pass  # the client is gone: stop both halves
            group.cancel_scope.cancel()

        async def drain() -> None:
            while (message := await websocket.receive())["type"] != "websocket.disconnect":
                try:
                    await received(message)
                except ApiError as error:
                    refusals.append(error)
                    break
            group.cancel_scope.cancel()

        group.start_soon(send)
        group.start_soon(drain)
    return refusals[0] if refusals else None
