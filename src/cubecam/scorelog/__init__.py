"""The score log: whole games of every kind cubecam scores, kept turn by turn in SQLite.

A match's rules (whose turn, passes, when it ends) are its game's (:mod:`cubecam.rules.games`);
the log keeps its turns and where it stands.
"""

from cubecam.scorelog.db import DatabaseBusy
from cubecam.scorelog.log import Recorded, ScoreLog, SheetMoved

__all__ = ["DatabaseBusy", "Recorded", "ScoreLog", "SheetMoved"]
