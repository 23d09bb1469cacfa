"""``cubecam watch``: a live camera view, readings combined over frames into one steady layout."""

from cubecam.watch.votes import FrameReading, LayoutVotes
from cubecam.watch.watcher import FrameState, Watcher, WatchSettings

__all__ = ["FrameReading", "FrameState", "LayoutVotes", "WatchSettings", "Watcher"]
