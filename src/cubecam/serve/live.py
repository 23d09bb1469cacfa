"""The live view: frames from a phone's camera, each cube voted on over frames as ``cubecam
watch`` does, and the steadiest reading held as a capture.

The page sends a few frames a second, one at a time; each is read when the table changed or
a reading is due, and voted into a consensus (:class:`cubecam.watch.Watcher`).
"""

from __future__ import annotations

import secrets
import threading
from collections import OrderedDict
from dataclasses import dataclass, field
from typing import TYPE_CHECKING

import numpy as np

from cubecam.cubesets import CubeSet
from cubecam.errors import InputError
from cubecam.grid_format import format_grid
from cubecam.layout import Layout
from cubecam.rules.game import Game
from cubecam.watch import Watcher, WatchSettings
from cubecam.watch.motion import move_points
from cubecam.watch.watcher import FrameState

if TYPE_CHECKING:
    from cubecam.reading import Reading

LIVE = WatchSettings(reread_every=2, steady_reads=3, window=5)
"""At a few frames a second, a frame is read at least every other one; three reads that agree
make the layout steady."""


@dataclass
class Held:
    """A frame whose reading was the consensus: what Hold makes a capture of."""

    data: bytes
    image: np.ndarray
    reading: Reading


@dataclass
class LiveSession:
    """One phone's live view: its game, the watcher voting over its frames, the best frame."""

    id: str
    game: type[Game]
    lang: str
    cubeset: CubeSet | None
    watcher: Watcher
    wordlist: str | None = None
    held: Held | None = None
    lock: threading.Lock = field(default_factory=threading.Lock, repr=False)
    _last: object | None = field(default=None, repr=False)

    def feed(self, data: bytes, image: np.ndarray) -> FrameState:
        """Vote with one frame (its JPEG bytes and decoded picture); the state after it."""
        state = self.watcher.feed(image)
        reading = state.reading
        if (
            reading is not None
            and reading is not self._last
            and _same(reading.layout, state.layout)
        ):
            self.held = Held(data, image, reading)
        self._last = reading
        return state

    def consensus(self) -> Layout:
        return self.watcher.votes.consensus()


def cube_marks(state: FrameState) -> list[tuple[str, list[tuple[float, float]]]]:
    """Each cube of the latest reading as (symbol, corners), moved onto the current frame."""
    if state.reading is None:
        return []
    return [
        (
            cube.symbol,
            [(float(x), float(y)) for x, y in move_points(np.array(cube.corners), state.motion)],
        )
        for cube in state.reading.cubes
    ]


def _same(a: Layout, b: Layout) -> bool:
    """The same layout, wherever each numbers its squares from."""
    return bool(a.cells) and format_grid(a, headers=False) == format_grid(b, headers=False)


class LiveSessions:
    """The last ``keep`` live views, by id."""

    def __init__(self, keep: int = 8) -> None:
        self.keep = keep
        self._sessions: OrderedDict[str, LiveSession] = OrderedDict()
        self._lock = threading.Lock()

    def start(
        self,
        game: type[Game],
        lang: str,
        cubeset: CubeSet | None,
        reader,
        wordlist: str | None = None,
    ) -> LiveSession:
        session = LiveSession(
            secrets.token_hex(8), game, lang, cubeset, Watcher(reader, settings=LIVE), wordlist
        )
        with self._lock:
            self._sessions[session.id] = session
            while len(self._sessions) > self.keep:
                self._sessions.popitem(last=False)
        return session

    def get(self, session_id: str) -> LiveSession:
        with self._lock:
            session = self._sessions.get(session_id)
            if session is None:
                raise InputError("this live view has ended: tap Live again")
            self._sessions.move_to_end(session_id)
            return session

    def stop(self, session_id: str) -> None:
        with self._lock:
            self._sessions.pop(session_id, None)
