"""uvicorn's HTTP protocol with the slow-client limits it lacks.

uvicorn closes a connection left idle *between* requests (``timeout_keep_alive``), but a
client that opens a connection and sends nothing, or sends its headers a byte at a time
(slowloris), is kept forever; a thousand of them use every file descriptor and the
server stops answering.  So, for every connection:

* its request headers must be complete within ``HEADER_TIMEOUT`` seconds of the
  connection opening or of the request's first byte, else it is closed;
* one address may hold at most ``PER_CLIENT`` connections at once (WebSockets
  included); more are closed at once.  Behind a proxy every connection comes from the
  proxy's address, so ``nilegames serve --behind-proxy`` lifts this limit and the proxy
  keeps its own (docs/deploy.md).

The request body has its own deadline in the application (``app.BodyLimit``).
"""

from __future__ import annotations

import asyncio
import os
from typing import Any, ClassVar

from uvicorn.protocols.http.httptools_impl import HttpToolsProtocol

#: The limits, also read from the environment: with ``--workers`` each worker process
#: imports this module afresh (uvicorn hands it the class, not an instance).
HEADER_VARIABLE, PER_CLIENT_VARIABLE = "NILEGAMES_HEADER_TIMEOUT", "NILEGAMES_PER_CLIENT"
HEADER_TIMEOUT = float(os.environ.get(HEADER_VARIABLE, "10"))
PER_CLIENT = int(os.environ.get(PER_CLIENT_VARIABLE, "256"))


class GuardedProtocol(HttpToolsProtocol):
    """:class:`HttpToolsProtocol` with a header deadline and a per-address cap."""

    header_timeout: ClassVar[float] = HEADER_TIMEOUT
    per_client: ClassVar[int] = PER_CLIENT  # 0: no cap
    open_by_client: ClassVar[dict[str, int]] = {}

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self._deadline: asyncio.TimerHandle | None = None
        self._address: str | None = None

    def connection_made(self, transport: asyncio.Transport) -> None:  # type: ignore[override]
        super().connection_made(transport)
        address = self.client[0] if self.client else None
        if address is not None and self.per_client:
            held = self.open_by_client.get(address, 0)
            if held >= self.per_client:
                transport.abort()  # over the cap: refused before any byte is read
                return
            self.open_by_client[address] = held + 1
            self._address = address
        self._arm()

    def connection_lost(self, exc: Exception | None) -> None:
        self._disarm()
        if self._address is not None:
            held = self.open_by_client.get(self._address, 1) - 1
            if held > 0:
                self.open_by_client[self._address] = held
            else:
                self.open_by_client.pop(self._address, None)
            self._address = None
        super().connection_lost(exc)

    def on_message_begin(self) -> None:
        super().on_message_begin()
        if self._deadline is None:
            self._arm()

    def on_headers_complete(self) -> None:
        self._disarm()
        super().on_headers_complete()

    def _arm(self) -> None:
        self._disarm()
        if self.header_timeout > 0:
            self._deadline = self.loop.call_later(self.header_timeout, self._too_slow)

    def _disarm(self) -> None:
        if self._deadline is not None:
            self._deadline.cancel()
            self._deadline = None

    def _too_slow(self) -> None:
        self._deadline = None
        if not self.transport.is_closing():
            self.transport.close()


def guarded(header_timeout: float, per_client: int) -> type[GuardedProtocol]:
    """The protocol class with these limits, in this process and in the workers it
    starts (uvicorn takes a class, not an instance)."""
    os.environ[HEADER_VARIABLE] = str(header_timeout)
    os.environ[PER_CLIENT_VARIABLE] = str(per_client)
    GuardedProtocol.header_timeout = header_timeout
    GuardedProtocol.per_client = per_client
    return GuardedProtocol
