"""``cubecam watch``: a live camera view, readings combined over frames into one steady layout."""

from cubecam.watch.votes import LayoutVotes
from cubecam.watch.watcher import FrameState, Watcher, WatchSettings

__all__ = ["FrameState", "LayoutVotes", "WatchSettings", "Watcher"]
