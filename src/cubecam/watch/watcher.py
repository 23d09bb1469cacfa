"""The frame loop: glance at every frame, read some, vote, and say when the layout is steady."""

from __future__ import annotations

from collections.abc import Callable
from concurrent.futures import Future, ThreadPoolExecutor
from dataclasses import dataclass, field

import numpy as np

from cubecam.errors import InputError
from cubecam.layout import Layout
from cubecam.reading import Reading
from cubecam.watch.motion import IDENTITY, Glance
from cubecam.watch.votes import LayoutVotes

Reader = Callable[[np.ndarray], Reading]


@dataclass
class WatchSettings:
    """How often to read, what counts as a changed table, and how long is steady."""

    reread_every: int = 15
    changed_above: float = 15.0
    blurred_below: float = 0.35
    steady_reads: int = 3
    window: int = 7


@dataclass
class FrameState:
    """What the loop knows after one frame: for the overlay and the terminal."""

    index: int
    read: bool
    motion: np.ndarray
    layout: Layout
    steady: bool
    became_steady: bool
    reading: Reading | None


@dataclass
class Watcher:
    """Feed it frames; it reads a frame only when needed and keeps a vote per cube.

    A frame is read when there is no reading yet, when the table changed (the
    frame differs from the last read one even after following the camera's
    shake), or every ``reread_every`` frames to gather votes. Blurred frames
    (much less sharp than the sharpest lately seen) are not read while a sharp
    one will do. With ``background`` (a live camera) reads run in a thread and
    every frame returns at once; without it (a video file) a read finishes
    before the next frame, so the result does not depend on the machine's speed.
    """

    reader: Reader
    settings: WatchSettings = field(default_factory=WatchSettings)
    background: bool = False

    def __post_init__(self) -> None:
        self.votes = LayoutVotes(self.settings.window)
        self.frames = 0
        self.reads = 0
        self._reference: Glance | None = None
        self._reading: Reading | None = None
        self._reading_glance: Glance | None = None
        self._pending: Future | None = None
        self._pending_glance: Glance | None = None
        self._pool = ThreadPoolExecutor(1) if self.background else None
        self._since_read = 0
        self._sharpest = 0.0
        self._unchanged_reads = 0
        self._steady_layout: Layout | None = None

    def feed(self, frame: np.ndarray) -> FrameState:
        """Take one frame (BGR); returns the state after it."""
        glance = Glance.of(frame)
        self.frames += 1
        self._since_read += 1
        self._sharpest = max(glance.sharpness, self._sharpest * 0.98)
        became_steady = self._collect()
        changed = self._reference is None
        motions: dict[int, np.ndarray] = {}
        if self._reference is not None:
            motion = motions[id(self._reference)] = glance.motion_from(self._reference)
            changed = glance.change_from(self._reference, motion) > self.settings.changed_above
        sharp = glance.sharpness >= self.settings.blurred_below * self._sharpest
        due = self._since_read >= self.settings.reread_every
        read = (changed or due) and (sharp or self._since_read >= 3 * self.settings.reread_every)
        if read and self._pending is None:
            self._start_read(frame, glance)
            became_steady = self._collect() or became_steady
        else:
            read = False
        motion = IDENTITY
        if self._reading_glance is not None and self._reading_glance is not glance:
            shown = self._reading_glance
            motion = motions[id(shown)] if id(shown) in motions else glance.motion_from(shown)
        return FrameState(
            self.frames - 1,
            read,
            motion,
            self.votes.consensus(),
            self.steady,
            became_steady,
            self._reading,
        )

    @property
    def steady(self) -> bool:
        return self._steady_layout is not None

    def close(self) -> None:
        """Wait for a read in flight, and stop the reading thread."""
        if self._pool is not None:
            self._pool.shutdown(wait=True)

    def _start_read(self, frame: np.ndarray, glance: Glance) -> None:
        self.reads += 1
        self._since_read = 0
        self._reference = glance
        self._pending_glance = glance
        if self._pool is not None:
            self._pending = self._pool.submit(self._read, frame)
        else:
            self._pending = Future()
            self._pending.set_result(self._read(frame))

    def _read(self, frame: np.ndarray) -> Reading | None:
        try:
            return self.reader(frame)
        except InputError:
            return None

    def _collect(self) -> bool:
        """Vote with a finished read; True when the layout has just become steady."""
        if self._pending is None or not self._pending.done():
            return False
        reading, glance = self._pending.result(), self._pending_glance
        self._pending = self._pending_glance = None
        if reading is None:
            return False
        self._reading, self._reading_glance = reading, glance
        before = self.votes.consensus()
        self.votes.add(reading)
        after = self.votes.consensus()
        self._unchanged_reads = self._unchanged_reads + 1 if after == before else 0
        if self._unchanged_reads + 1 >= self.settings.steady_reads:
            if after != self._steady_layout:
                self._steady_layout = after
                return True
        elif after != before:
            self._steady_layout = None
        return False
