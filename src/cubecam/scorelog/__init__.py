"""The score log: whole games of every kind cubecam scores, kept turn by turn in SQLite."""

from cubecam.scorelog.db import DatabaseBusy
from cubecam.scorelog.games import KINDS, Game, Sheet, Side, Standing, Turn, get_kind
from cubecam.scorelog.log import Recorded, ScoreLog

__all__ = [
    "KINDS",
    "DatabaseBusy",
    "Game",
    "Recorded",
    "ScoreLog",
    "Sheet",
    "Side",
    "Standing",
    "Turn",
    "get_kind",
]
