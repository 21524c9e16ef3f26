"""The application factory: database, hub, error format, body limit and the page.

Every refusal, whoever raises it (the hub, FastAPI's validation, routing), leaves as
``{"error": "..."}`` with a 4xx status, as docs/web-api.md promises the page.
"""

from __future__ import annotations

import asyncio
import base64
import hashlib
import logging
import re
from collections.abc import AsyncIterator, Awaitable, Mapping, Sequence
from contextlib import asynccontextmanager
from pathlib import Path
from typing import Any

import anyio
from fastapi import FastAPI, Request
from fastapi.exceptions import RequestValidationError
from fastapi.openapi.docs import get_swagger_ui_html
from fastapi.responses import FileResponse, HTMLResponse, JSONResponse, Response
from fastapi.staticfiles import StaticFiles
from sqlalchemy.exc import SQLAlchemyError
from starlette.exceptions import HTTPException
from starlette.types import ASGIApp, Message, Receive, Scope, Send

from nilegames.ai.review import DEFAULT_ITERATIONS
from nilegames.server import logs
from nilegames.server.advice import HINT_ITERATIONS, Advisor
from nilegames.server.cluster import LEASE_TTL
from nilegames.server.db import make_engine, migrate
from nilegames.server.errors import ApiError, unavailable
from nilegames.server.limits import Limits, RateLimits
from nilegames.server.live import LINGER, SWEEP_EVERY, Hub
from nilegames.server.memory import steady_collector
from nilegames.server.routes import router
from nilegames.server.store import Store

log = logging.getLogger("nilegames.server")

#: Largest request body accepted: a move or a new table is far smaller.
BODY_LIMIT = 4096
#: Seconds a request body may take to arrive.
BODY_TIMEOUT = 10.0
STATIC = Path(__file__).parent / "static"
PLACEHOLDER = """<!doctype html>
<html lang="en"><meta charset="utf-8"><title>nilegames</title>
<p>The nilegames page is not built yet. The API is running: see <a href="/docs">/docs</a>.</p>
</html>
"""


def create_app(
    database_url: str | None = None,
    *,
    bot_delay: float = 0.4,
    static_dir: Path | None = None,
    limits: Limits | None = None,
    linger: float = LINGER,
    sweep_every: float = SWEEP_EVERY,
    bot_processes: int = 1,
    lease_ttl: float = LEASE_TTL,
    hint_iterations: int = HINT_ITERATIONS,
    review_iterations: int = DEFAULT_ITERATIONS,
    seed: int | None = None,
) -> FastAPI:
    """The server on ``database_url`` (else ``NILEGAMES_DATABASE_URL``, else the SQLite
    file ./data/nilegames.sqlite3); the schema is migrated when the app starts.

    ``limits``: what one client may do (default :class:`Limits`); ``linger``: seconds a
    finished table stays in memory after its last use; ``bot_processes``: searches at once
    (0: in threads); ``hint_iterations``: a hint's search, ``review_iterations``: a
    review's most iterations a move (also its default); ``seed``: for tests and demos
    only, makes each table's chance and bots predictable (see ``Hub.rng_for``)."""
    engine = make_engine(database_url)
    hub = Hub(
        Store(engine),
        bot_delay,
        linger=linger,
        sweep_every=sweep_every,
        bot_processes=bot_processes,
        lease_ttl=lease_ttl,
        seed=seed,
    )
    advisor = Advisor(hub, hint_iterations=hint_iterations, review_iterations=review_iterations)

    @asynccontextmanager
    async def lifespan(_app: FastAPI) -> AsyncIterator[None]:
        logs.install()  # after uvicorn set up its loggers
        await asyncio.to_thread(migrate, engine)
        await hub.start()
        try:
            with steady_collector():
                yield
        finally:
            await advisor.stop()
            await hub.stop()
            engine.dispose()

    app = FastAPI(
        title="nilegames",
        summary="Tables of the nilegames board games: lobby, moves, replays.",
        description="Live views: WebSocket /ws/tables/{table_id}, the seat token in its"
        " first message (docs/web-api.md).",
        lifespan=lifespan,
        docs_url=None,  # served below, with a Content-Security-Policy of its own
    )
    app.state.hub = hub
    app.state.advisor = advisor
    app.state.limits = RateLimits(limits or Limits())
    app.add_middleware(BodyLimit, limit=BODY_LIMIT)
    app.add_middleware(SecurityHeaders)
    app.add_exception_handler(ApiError, refused)  # type: ignore[arg-type]
    app.add_exception_handler(HTTPException, http_refused)  # type: ignore[arg-type]
    app.add_exception_handler(RequestValidationError, invalid)  # type: ignore[arg-type]
    app.add_exception_handler(SQLAlchemyError, database_failed)  # type: ignore[arg-type]
    app.add_exception_handler(Exception, crashed)
    app.include_router(router)
    mount_api_docs(app)
    mount_page(app, static_dir or STATIC)
    return app


def error(status: int, message: str, headers: Mapping[str, str] | None = None) -> JSONResponse:
    return JSONResponse({"error": message}, status_code=status, headers=headers)


async def refused(_request: Request, exc: ApiError) -> JSONResponse:
    return error(exc.status, exc.message, exc.headers())


async def database_failed(_request: Request, exc: SQLAlchemyError) -> JSONResponse:
    """A database error the hub did not turn into a refusal itself: 503, try again."""
    log.warning("database error: %s", " ".join(str(getattr(exc, "orig", exc)).split()))
    refusal = unavailable()
    return error(refusal.status, refusal.message, refusal.headers())


async def http_refused(request: Request, exc: HTTPException) -> JSONResponse:
    message = str(exc.detail)
    if exc.status_code == 404 and message == "Not Found":
        message = f"nothing at {request.url.path}"
    return error(exc.status_code, message, exc.headers)


async def invalid(_request: Request, exc: RequestValidationError) -> JSONResponse:
    return error(422, describe_invalid(exc.errors()))


async def crashed(_request: Request, _exc: Exception) -> JSONResponse:
    return error(500, "internal server error")


def describe_invalid(errors: Sequence[Any]) -> str:
    """Pydantic's findings in one line: where (``action``, ``seats.1.kind``) and what."""
    parts = []
    for found in errors:
        if found.get("type") == "json_invalid":
            reason = found.get("ctx", {}).get("error", found.get("msg"))
            return f"malformed JSON: {reason}"
        location = [str(part) for part in found.get("loc", ())]
        if location and location[0] in ("body", "query", "path", "header"):
            location = location[1:]
        if location:
            parts.append(f"{'.'.join(location)}: {found.get('msg')}")
        elif found.get("type") == "missing":
            parts.append("the request needs a JSON body")
        else:
            parts.append("the body must be a JSON object (Content-Type: application/json)")
    return "; ".join(parts) or "malformed request"


class BodyLimit:
    """Refuse (413) a request body over ``limit`` bytes before anything reads it, and
    (408) one that takes more than ``timeout`` seconds to arrive."""

    def __init__(self, app: ASGIApp, limit: int, timeout: float = BODY_TIMEOUT) -> None:
        self.app = app
        self.limit = limit
        self.timeout = timeout

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return
        declared = dict(scope["headers"]).get(b"content-length", b"")
        if declared.isdigit() and int(declared) > self.limit:
            await self.too_large(scope, receive, send)
            return
        body = bytearray()
        try:
            with anyio.fail_after(self.timeout):  # a body sent a byte at a time is cut
                while True:  # a chunked body has no length: count what arrives
                    message = await receive()
                    if message["type"] != "http.request":
                        return  # the client left
                    body += message.get("body", b"")
                    if len(body) > self.limit:
                        await self.too_large(scope, receive, send)
                        return
                    if not message.get("more_body", False):
                        break
        except TimeoutError:
            late = error(408, f"the request body did not arrive within {self.timeout:g} s")
            await late(scope, receive, send)
            return
        pending: list[Message] = [{"type": "http.request", "body": bytes(body)}]

        async def replay() -> Message:
            return pending.pop() if pending else await receive()

        await self.app(scope, replay, send)

    def too_large(self, scope: Scope, receive: Receive, send: Send) -> Awaitable[None]:
        """The refusal, built only when it is sent (not for every request)."""
        return error(413, f"the request body is over {self.limit} bytes")(scope, receive, send)


class PageFiles(StaticFiles):
    """The page's files; while the folder is missing, every path is a plain 404."""

    async def check_config(self) -> None:
        if self.directory is None or not Path(self.directory).is_dir():
            raise HTTPException(404, "the page is not built yet")
        await super().check_config()

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] == "websocket":  # an unknown socket path, not a file
            await send({"type": "websocket.close", "code": 4404})
            return
        await super().__call__(scope, receive, send)


def mount_page(app: FastAPI, folder: Path) -> None:
    """``/`` is the page's index.html (a placeholder until it exists), the rest its files."""

    @app.get("/", include_in_schema=False)
    async def index() -> Response:
        page = folder / "index.html"
        return FileResponse(page) if page.is_file() else HTMLResponse(PLACEHOLDER)

    app.mount("/", PageFiles(directory=folder, html=True, check_dir=False), name="page")


#: The page's policy: its own scripts, styles and pictures only, nothing inline, never
#: inside another site's frame.
PAGE_POLICY = (
    "default-src 'self'; script-src 'self'; style-src 'self'; img-src 'self' data:;"
    " connect-src 'self'; object-src 'none'; base-uri 'none'; form-action 'self';"
    " frame-ancestors 'none'"
)
SECURITY_HEADERS = (
    (b"x-content-type-options", b"nosniff"),
    (b"referrer-policy", b"no-referrer"),
    (b"x-frame-options", b"DENY"),
    (b"cross-origin-opener-policy", b"same-origin"),
)


class SecurityHeaders:
    """Every HTTP answer gets nosniff, no referrer and no framing; the CSP is the page's
    unless the answer set its own (the API's browsable docs)."""

    def __init__(self, app: ASGIApp) -> None:
        self.app = app

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return

        async def send_with_headers(message: Message) -> None:
            if message["type"] == "http.response.start":
                headers = list(message.get("headers", []))
                names = {name.lower() for name, _ in headers}
                headers += [(n, v) for n, v in SECURITY_HEADERS if n not in names]
                if b"content-security-policy" not in names:
                    headers.append((b"content-security-policy", PAGE_POLICY.encode()))
                message = {**message, "headers": headers}
            await send(message)

        await self.app(scope, receive, send_with_headers)


def mount_api_docs(app: FastAPI) -> None:
    """``/docs``: Swagger UI from its CDN, its one inline script allowed by its hash."""
    page = get_swagger_ui_html(openapi_url="/openapi.json", title="nilegames API")
    html = bytes(page.body).decode()
    hashes = " ".join(
        "'sha256-" + base64.b64encode(hashlib.sha256(script.encode()).digest()).decode() + "'"
        for script in re.findall(r"<script>(.*?)</script>", html, re.DOTALL)
    )
    cdn = "https://cdn.jsdelivr.net"
    policy = (
        f"default-src 'self'; script-src {cdn} {hashes}; style-src {cdn};"
        " img-src 'self' data: https://fastapi.tiangolo.com; connect-src 'self';"
        " object-src 'none'; base-uri 'none'; frame-ancestors 'none'"
    )

    @app.get("/docs", include_in_schema=False)
    async def docs() -> HTMLResponse:
        return HTMLResponse(html, headers={"Content-Security-Policy": policy})
