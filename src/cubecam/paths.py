"""The user's folders: where cubecam keeps what it writes and finds what a user adds.

=============  ==========================================  ======================
what           where (Linux defaults)                      moved by
=============  ==========================================  ======================
data folder    ``~/.local/share/cubecam/``                 ``$CUBECAM_DATA``
score log      ``scores.sqlite3`` in the data folder       ``$CUBECAM_DB``
looks          ``looks/NAME.npz`` in the data folder       (the data folder)
cube sets      ``sets/NAME.toml`` in the data folder       (the data folder)
more sets      none (looked up before all others)          ``$CUBECAM_CALIBRATION``
photos         ``photos/`` in the data folder              ``serve --data-dir``
certificate    ``tls/`` in the data folder                 ``serve --data-dir``
own lists      ``wordlists/`` in the data folder           ``serve --data-dir``
cache          ``~/.cache/cubecam/``                       ``$CUBECAM_CACHE_DIR``
word lists     ``lexicon/`` in the cache                   (the cache)
=============  ==========================================  ======================

>>> photos_dir(Path("/srv/cubecam")).as_posix()
'/srv/cubecam/photos'
"""

from __future__ import annotations

import os
from pathlib import Path

import platformdirs

APP = "cubecam"


def data_dir() -> Path:
    """What cubecam keeps for the user: ``$CUBECAM_DATA``, else the platform's data folder."""
    return Path(os.environ.get("CUBECAM_DATA") or platformdirs.user_data_dir(APP))


def cache_dir() -> Path:
    """What cubecam can build again: ``$CUBECAM_CACHE_DIR``, else the platform's cache folder."""
    return Path(os.environ.get("CUBECAM_CACHE_DIR") or platformdirs.user_cache_dir(APP))


def score_log() -> Path:
    """The score log: ``$CUBECAM_DB``, else ``scores.sqlite3`` in the data folder."""
    return Path(os.environ.get("CUBECAM_DB") or data_dir() / "scores.sqlite3")


def looks_dir() -> Path:
    """The looks that ``cubecam calibrate`` learns, one ``NAME.npz`` a set."""
    return data_dir() / "looks"


def cubesets_dir() -> Path:
    """The user's own cube sets, one ``NAME.toml`` a set (``calibrate`` writes one too)."""
    return data_dir() / "sets"


def extra_cubesets_dir() -> Path | None:
    """A folder of cube sets looked up before all others (``$CUBECAM_CALIBRATION``), if set."""
    folder = os.environ.get("CUBECAM_CALIBRATION")
    return Path(folder) if folder else None


def photos_dir(data: Path | None = None) -> Path:
    """Where the phone page's server keeps the photos it is sent (under ``data``, if given)."""
    return (data or data_dir()) / "photos"


def tls_dir(data: Path | None = None) -> Path:
    """Where ``cubecam serve`` keeps its own HTTPS certificate (under ``data``, if given)."""
    return (data or data_dir()) / "tls"


def wordlists_dir(data: Path | None = None) -> Path:
    """Where ``cubecam serve`` keeps the word lists uploaded from the page (under ``data``)."""
    return (data or data_dir()) / "wordlists"


def lexicon_cache_dir() -> Path:
    """The compiled word lists of the built-in dictionaries."""
    return cache_dir() / "lexicon"
