"""The word hunt: a tray of letter dice, players' word lists, cancellation and rounds.

>>> from cubecam.lexicon import Lexicon
>>> board = Board.from_text("R A K\\nE M T\\nO Å N")
>>> [w.word for w in Hunt().solve(board, Lexicon(["rakt", "mat"], name="t", lang="sv"))]
['rakt', 'mat']
"""

from cubecam.rules.hunt.board import Board, Trace, tray_in_photo
from cubecam.rules.hunt.game import EnglishHunt, Hunt
from cubecam.rules.hunt.match import HuntMatch
from cubecam.rules.hunt.solver import solve
from cubecam.rules.hunt.tally import (
    PlayerTally,
    RejectedWord,
    RoundTally,
    ScoredWord,
    parse_word_list,
)

__all__ = [
    "Board",
    "EnglishHunt",
    "Hunt",
    "HuntMatch",
    "PlayerTally",
    "RejectedWord",
    "RoundTally",
    "ScoredWord",
    "Trace",
    "parse_word_list",
    "solve",
    "tray_in_photo",
]
