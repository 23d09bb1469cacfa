"""The photos the server was sent, on disk under names it makes itself: those of recorded
turns are kept, the others deleted after a day, and the folder is kept under a size.

>>> import pathlib, tempfile
>>> folder = PhotoFolder(pathlib.Path(tempfile.mkdtemp()), recorded=set, max_bytes=10)
>>> [folder.save(name, b"12345678", "image/jpeg").name for name in ("a", "b")]
['a.jpg', 'b.jpg']
>>> sorted(p.name for p in folder.folder.iterdir())  # a, the older, went to keep 10 bytes
['b.jpg']
"""

from __future__ import annotations

import threading
import time
from collections.abc import Callable, Collection
from pathlib import Path

from cubecam.errors import CubecamError
from cubecam.user_files import write_user_file

SUFFIXES = {
    "image/png": ".png",
    "image/webp": ".webp",
    "image/heic": ".heic",
    "image/heif": ".heif",
}
KEEP_S = 24 * 3600
"""How long a photo no turn was recorded with is kept."""
MAX_BYTES = 1024**3
"""The most the photos no turn was recorded with may take together."""


class PhotoFolder:
    """Photos in ``folder``; ``recorded()`` names the files of recorded turns (never deleted)."""

    def __init__(
        self,
        folder: Path,
        recorded: Callable[[], Collection[str]],
        *,
        keep_s: float = KEEP_S,
        max_bytes: int = MAX_BYTES,
    ) -> None:
        self.folder = folder
        self.recorded = recorded
        self.keep_s = keep_s
        self.max_bytes = max_bytes
        self._lock = threading.Lock()

    def save(self, name: str, data: bytes, content_type: str) -> Path:
        """Write a photo as ``name`` with the suffix its type has (whole, or not at all:
        :class:`~cubecam.user_files.CannotWrite`), and sweep the folder."""
        path = self.folder / f"{name}{SUFFIXES.get(content_type, '.jpg')}"
        write_user_file(path, data, "photo")
        self.sweep(path)
        return path

    def sweep(self, new: Path | None = None) -> list[Path]:
        """Delete the photos of no recorded turn that are over a day old, then the oldest of
        them until the folder fits in ``max_bytes`` (never ``new``); the deleted files."""
        with self._lock:
            if not self.folder.is_dir():
                return []
            try:
                recorded = self.recorded()
            except CubecamError:  # a score log that cannot be read: no photo is known loose
                return []
            keep = {Path(path).name for path in recorded} | {new.name if new else ""}
            files = sorted(
                ((p.stat(), p) for p in self.folder.iterdir() if p.is_file()),
                key=lambda stat_path: stat_path[0].st_mtime,
            )
            total = sum(stat.st_size for stat, _ in files)
            loose = [(stat, path) for stat, path in files if path.name not in keep]
            deleted = []
            for stat, path in loose:
                if time.time() - stat.st_mtime < self.keep_s and total <= self.max_bytes:
                    break
                path.unlink(missing_ok=True)
                total -= stat.st_size
                deleted.append(path)
            return deleted
