"""Keep seat tokens out of the server's logs.

Clients never put a token in an address (the WebSocket takes it in its first message), but
an old page, a hand-typed link or a proxy's error could still bring one to a log line.
This filter is the second line of defence: whatever a record says, a ``token=...`` value
or an ``X-Seat-Token`` header comes out as ``[redacted]``.
"""

from __future__ import annotations

import logging
import re

#: ``token=<value>`` in a query or fragment, ``"token": "<value>"`` in JSON, and the
#: ``X-Seat-Token: <value>`` header.
SECRET = re.compile(
    r"""(?P<key>(?:\btoken=)|(?:"token"\s*:\s*")|(?:x-seat-token["']?\s*[:=,]\s*["']?))"""
    r"""(?P<value>[^&\s"'#;,)]+)""",
    re.IGNORECASE,
)
REDACTED = "[redacted]"

#: The loggers a server writes to: uvicorn's (the access log, WebSocket handshakes and
#: errors) and ours.
LOGGERS = ("uvicorn", "uvicorn.access", "uvicorn.error", "nilegames", "nilegames.server")


def redact(text: str) -> str:
    return SECRET.sub(lambda found: found.group("key") + REDACTED, text)


class RedactTokens(logging.Filter):
    """Rewrite a record's message with every token value replaced."""

    def filter(self, record: logging.LogRecord) -> bool:
        message = record.getMessage()
        cleaned = redact(message)
        if cleaned != message:
            record.msg, record.args = cleaned, ()
        if record.exc_info and record.exc_text is None and record.exc_info[1] is not None:
            record.exc_text = redact(logging.Formatter().formatException(record.exc_info))
        return True


_FILTER = RedactTokens()


def install() -> None:
    """Put the filter on the server's loggers and on every handler they write through.

    A logger's filter only sees what is logged to that logger, not what its children pass
    up, hence the handlers too (uvicorn installs its own when it starts).
    """
    for name in LOGGERS:
        logger = logging.getLogger(name)
        if _FILTER not in logger.filters:
            logger.addFilter(_FILTER)
        for handler in logger.handlers:
            if _FILTER not in handler.filters:
                handler.addFilter(_FILTER)
    for handler in logging.getLogger().handlers:
        if _FILTER not in handler.filters:
            handler.addFilter(_FILTER)
