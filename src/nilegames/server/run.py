"""``nilegames serve``: uvicorn with the limits a public server needs, on 1 or N processes.

One process (the default, and the only choice on SQLite) runs the app object directly.
``--workers N`` hands uvicorn an import string instead: each worker process builds its
own app from the settings this process leaves in the environment, and the workers meet in
PostgreSQL (docs/web.md, "Several processes").
"""

from __future__ import annotations

import json
import os
import resource
from dataclasses import asdict, dataclass, field
from typing import Any

from fastapi import FastAPI
from sqlalchemy.engine import make_url

from nilegames.server.db import DatabaseError
from nilegames.server.limits import Limits, Rate

#: Where a worker process finds its settings.
SETTINGS_VARIABLE = "NILEGAMES_SERVE_SETTINGS"
#: Largest WebSocket message a client may send (a hello, later chat lines).
WS_MAX_SIZE = 4096


@dataclass
class Settings:
    """Everything a serving process needs to build its app and its uvicorn."""

    url: str
    host: str = "127.0.0.1"
    port: int = 8000
    bot_delay: float = 0.4
    workers: int = 1
    behind_proxy: bool = False
    header_timeout: float = 10.0
    per_client: int = 256
    bot_processes: int = 1
    lease_ttl: float = 6.0
    hint_iterations: int = 1000
    review_iterations: int = 1500
    seed: int | None = None
    limits: Limits = field(default_factory=Limits)

    def check(self) -> None:
        """Refuse what cannot work before anything starts."""
        if self.workers > 1 and make_url(self.url).get_backend_name() == "sqlite":
            raise DatabaseError(
                "SQLite serves one process: use PostgreSQL"
                " (--database postgresql+psycopg://...) for --workers"
            )

    def to_json(self) -> str:
        return json.dumps(asdict(self))

    @classmethod
    def from_json(cls, text: str) -> Settings:
        data = json.loads(text)
        raw = data.pop("limits")
        limits = Limits(
            Rate(**raw["tables"]), Rate(**raw["moves"]), Rate(**raw["messages"]), raw["sockets"]
        )
        return cls(**data, limits=limits)


def make_app(settings: Settings) -> FastAPI:
    from nilegames.server.app import create_app

    return create_app(
        settings.url,
        bot_delay=settings.bot_delay,
        limits=settings.limits,
        bot_processes=settings.bot_processes,
        lease_ttl=settings.lease_ttl,
        hint_iterations=settings.hint_iterations,
        review_iterations=settings.review_iterations,
        seed=settings.seed,
    )


def app_from_environment() -> FastAPI:
    """The app of one worker process (uvicorn's factory for ``--workers N``)."""
    return make_app(Settings.from_json(os.environ[SETTINGS_VARIABLE]))


def more_files() -> None:
    """Raise the soft limit on open files to the hard one: each connection is a file, and
    the usual 1,024 would be the server's ceiling rather than its own limits."""
    soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
    if hard == resource.RLIM_INFINITY or hard > soft:
        wanted = 65536 if hard == resource.RLIM_INFINITY else hard
        resource.setrlimit(resource.RLIMIT_NOFILE, (wanted, hard))


def uvicorn_options(settings: Settings) -> dict[str, Any]:
    from nilegames.server.protocol import guarded

    return {
        "host": settings.host,
        "port": settings.port,
        # Views are a few KB since their log is cut, and compressing every frame was the
        # largest single CPU cost of a move under load.
        "ws_per_message_deflate": False,
        "ws_max_size": WS_MAX_SIZE,
        "ws_ping_interval": 20.0,
        "ws_ping_timeout": 20.0,
        "timeout_keep_alive": 5,
        "http": guarded(
            settings.header_timeout, 0 if settings.behind_proxy else settings.per_client
        ),
        # Trust X-Forwarded-For only from a proxy on this machine, and only when told.
        "proxy_headers": settings.behind_proxy,
        "forwarded_allow_ips": "127.0.0.1,::1" if settings.behind_proxy else "",
    }


def run(settings: Settings) -> None:
    import uvicorn

    settings.check()
    more_files()
    options = uvicorn_options(settings)
    if settings.workers == 1:
        uvicorn.run(make_app(settings), **options)
        return
    os.environ[SETTINGS_VARIABLE] = settings.to_json()
    uvicorn.run(
        "nilegames.server.run:app_from_environment",
        factory=True,
        workers=settings.workers,
        **options,
    )
