"""The frame loop: glance at every frame, read some, vote, and say when the layout is steady."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field

import numpy as np

from cubecam.errors import InputError
from cubecam.layout import Layout
from cubecam.watch.motion import Glance
from cubecam.watch.votes import FrameReading, LayoutVotes

Reader = Callable[[np.ndarray], object]


@dataclass
class WatchSettings:
    """How often to read, what counts as a changed table, and how long is steady."""

    reread_every: int = 10
    changed_above: float = 45.0
    blurred_below: float = 0.35
    steady_reads: int = 3
    window: int = 7


@dataclass
class FrameState:
    """What the loop knows after one frame: for the overlay and the terminal."""

    index: int
    read: bool
    shift: tuple[float, float]
    layout: Layout
    steady: bool
    became_steady: bool
    reading: object | None


@dataclass
class Watcher:
    """Feed it frames; it reads a frame only when needed and keeps a vote per cube.

    A frame is read when there is no reading yet, when the table changed (the
    frame differs from the last read one even after following the camera's
    shake), or every ``reread_every`` frames to gather votes. Blurred frames
    (much less sharp than the sharpest lately seen) are not read while a sharp
    one will do.
    """

    reader: Reader
    settings: WatchSettings = field(default_factory=WatchSettings)

    def __post_init__(self) -> None:
        self.votes = LayoutVotes(self.settings.window)
        self.frames = 0
        self.reads = 0
        self._reference: Glance | None = None
        self._reading: object | None = None
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
        shift = (0.0, 0.0)
        changed = self._reference is None
        if self._reference is not None:
            shift = glance.shift_from(self._reference)
            changed = glance.change_from(self._reference, shift) > self.settings.changed_above
        sharp = glance.sharpness >= self.settings.blurred_below * self._sharpest
        due = self._since_read >= self.settings.reread_every
        read = (changed or due) and (sharp or self._since_read >= 3 * self.settings.reread_every)
        became_steady = False
        if read:
            became_steady = self._read(frame, glance, changed)
            shift = (0.0, 0.0)
        layout = self.votes.consensus()
        return FrameState(
            self.frames - 1, read, shift, layout, self.steady, became_steady, self._reading
        )

    @property
    def steady(self) -> bool:
        return self._steady_layout is not None

    def _read(self, frame: np.ndarray, glance: Glance, changed: bool) -> bool:
        """Read ``frame`` and vote with it; True when the layout has just become steady."""
        before = self.votes.consensus()
        try:
            reading = self.reader(frame)
        except InputError:
            reading = None
        self.reads += 1
        self._since_read = 0
        self._reference = glance
        if reading is None:
            return False
        self._reading = reading
        self.votes.add(FrameReading.of(reading))
        after = self.votes.consensus()
        same = after == before and not changed
        self._unchanged_reads = self._unchanged_reads + 1 if same else 0
        if self._unchanged_reads + 1 >= self.settings.steady_reads:
            if after != self._steady_layout:
                self._steady_layout = after
                return True
        elif not same:
            self._steady_layout = None
        return False
