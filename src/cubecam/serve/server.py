"""The server process: uvicorn, bounded so that no client can make it unreachable.

A connection must send its request's headers within :data:`HEADERS_S` seconds (of opening,
or of the last answer), keep its body coming (a pause of :data:`BODY_IDLE_S` ends it) and
finish it within :data:`REQUEST_S`; else it is closed. The process may open as many files
as the system lets it; connections beyond :data:`CONNECTIONS` (or the files it may open, less
:data:`SPARE_FILES`) are closed at once, and their requests answered 503 where one gets
through, so that accepting never fails for want of files. An error that repeats (one a
connection, say) is logged once, then with a count.
"""

from __future__ import annotations

import asyncio
import logging
import resource
import time

import h11
import uvicorn
from starlette.types import ASGIApp
from uvicorn.protocols.http.h11_impl import H11Protocol

HEADERS_S = 5.0
"""How long a connection may take to send a request's headers."""
BODY_IDLE_S = 10.0
"""How long a request's body may pause."""
REQUEST_S = 120.0
"""How long a whole request may take to arrive (a 20 MB photo at 1.4 Mbit/s)."""
CONNECTIONS = 4096
"""Connections served at once, at most."""
SPARE_FILES = 64
"""Open files kept for other than connections (the score log, photos, dictionaries)."""
HEADER_BYTES = 16 * 1024
"""The most a request's line and headers may take."""
REPEAT_S = 60.0
"""An error logged again within this many seconds is counted, not logged."""
MAX_KINDS = 1000
"""Errors told apart before those not seen for a while are forgotten."""


def serve(
    app: ASGIApp,
    host: str,
    port: int,
    *,
    ssl_certfile: str | None = None,
    ssl_keyfile: str | None = None,
) -> None:
    """Serve ``app`` on ``host``:``port`` until interrupted (HTTPS with ``ssl_certfile`` and
    ``ssl_keyfile``)."""
    connections = max(1, min(CONNECTIONS, raise_open_file_limit() - SPARE_FILES))
    repeats = Repeats()
    for name in ("asyncio", "uvicorn.error"):
        logging.getLogger(name).addFilter(repeats)
    config = uvicorn.Config(
        app,
        host=host,
        port=port,
        http=Deadlines,
        limit_concurrency=connections,
        timeout_keep_alive=int(HEADERS_S),
        h11_max_incomplete_event_size=HEADER_BYTES,
        log_level="warning",
        ssl_certfile=ssl_certfile,
        ssl_keyfile=ssl_keyfile,
    )
    uvicorn.Server(config).run()


def raise_open_file_limit() -> int:
    """Raise this process's limit of open files (often 1,024) to the most it may have, so
    that idle connections cannot use them all up; the limit now."""
    soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
    try:
        resource.setrlimit(resource.RLIMIT_NOFILE, (hard, hard))
    except (ValueError, OSError):  # an unlimited hard limit the kernel caps lower
        return soft
    return hard


class Deadlines(H11Protocol):
    """uvicorn's HTTP/1.1 connection, closed when a request does not arrive in time or
    when there are more connections than the server's ``limit_concurrency``."""

    def connection_made(self, transport: asyncio.Transport) -> None:  # type: ignore[override]
        super().connection_made(transport)
        self._deadline: asyncio.TimerHandle | None = None
        self._started = 0.0
        if self.limit_concurrency is not None and len(self.connections) > self.limit_concurrency:
            transport.close()
        else:
            self._arm(HEADERS_S)

    def data_received(self, data: bytes) -> None:
        super().data_received(data)
        if self.conn.their_state is h11.SEND_BODY:
            if self._started == 0.0:
                self._started = time.monotonic()
            left = self._started + REQUEST_S - time.monotonic()
            self._arm(min(BODY_IDLE_S, left))
        elif self.conn.their_state is not h11.IDLE:  # the request is in: the app has it
            self._disarm()

    def on_response_complete(self) -> None:
        super().on_response_complete()
        self._started = 0.0
        self._arm(HEADERS_S)

    def connection_lost(self, exc: Exception | None) -> None:
        self._disarm()
        super().connection_lost(exc)

    def _arm(self, seconds: float) -> None:
        self._disarm()
        self._deadline = self.loop.call_later(max(seconds, 0.0), self._too_slow)

    def _disarm(self) -> None:
        if self._deadline is not None:
            self._deadline.cancel()
            self._deadline = None

    def _too_slow(self) -> None:
        self._deadline = None
        if not self.transport.is_closing():
            self.transport.close()


class Repeats(logging.Filter):
    """Lets a log record through once; the same one again within :data:`REPEAT_S` is
    counted, and the count is said when it next comes through.

    >>> repeats = Repeats()
    >>> records = [logging.makeLogRecord({"msg": "out of files"}) for _ in range(3)]
    >>> [repeats.filter(record) for record in records]
    [True, False, False]
    """

    def __init__(self, window_s: float = REPEAT_S) -> None:
        super().__init__()
        self.window_s = window_s
        self._seen: dict[tuple, tuple[float, int]] = {}

    def filter(self, record: logging.LogRecord) -> bool:
        error = record.exc_info[1] if record.exc_info else None
        said = repr(error) if error else record.getMessage()  # asyncio's message names a handle
        key = (record.name, record.levelno, said)
        now = time.monotonic()
        since, count = self._seen.get(key, (-self.window_s, 0))
        if now - since < self.window_s:
            self._seen[key] = (since, count + 1)
            return False
        if len(self._seen) > MAX_KINDS:
            self._seen = {k: v for k, v in self._seen.items() if now - v[0] < self.window_s}
        self._seen[key] = (now, 0)
        if count:
            record.msg = f"{record.msg} (and {count} more like it in {now - since:.0f} s)"
        return True
