"""The photos being read: a fixed pool of one thread a core, and a queue of bounded length.

Reading a photo keeps a core busy for a second or so and needs a few hundred MB at its peak
(a large PNG is decoded whole), so the server reads at most as many photos at once as the
machine has cores, lets at most ``queued`` more wait their turn, and answers any beyond
that with :class:`Busy` (503): memory has a ceiling however many phones send at once, and
the first answers come back in seconds instead of all at the end.
"""

from __future__ import annotations

import asyncio
import os
import threading
from collections.abc import Callable
from concurrent.futures import Future, ThreadPoolExecutor
from typing import TypeVar

from cubecam.errors import CubecamError

QUEUED = 32
"""Photos that may wait for a free core (their uploads wait on disk, not in memory)."""
T = TypeVar("T")


class Busy(CubecamError):
    """Every core is reading a photo and the queue is full (answered with 503)."""


def cores() -> int:
    """The cores this process may run on."""
    try:
        return len(os.sched_getaffinity(0))
    except AttributeError:  # not on Linux
        return os.cpu_count() or 1


class Readers:
    """``workers`` threads that read photos, and a queue of at most ``queued`` more."""

    def __init__(self, workers: int | None = None, queued: int = QUEUED) -> None:
        self.workers = workers or cores()
        self.queued = queued
        self._pool = ThreadPoolExecutor(self.workers, thread_name_prefix="cubecam-read")
        self._in_flight = 0
        self._lock = threading.Lock()

    async def run(self, work: Callable[[], T], *, queued: int | None = None) -> T:
        """``work()``'s result once a thread has done it; :class:`Busy` when more than
        ``queued`` (the pool's own number by default) are waiting already."""
        with self._lock:
            if self._in_flight >= self.workers + (self.queued if queued is None else queued):
                raise Busy(
                    f"the server is busy reading {self._in_flight} photos: "
                    "try again in a few seconds"
                )
            self._in_flight += 1
        future = self._pool.submit(work)
        future.add_done_callback(self._done)
        return await asyncio.wrap_future(future)

    def _done(self, future: Future) -> None:
        with self._lock:
            self._in_flight -= 1
