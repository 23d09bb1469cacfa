"""The word hunt: a tray of letter dice, players' word lists, cancellation and rounds.

>>> from cubecam.lexicon import Lexicon
>>> board = Board.from_text("R A K\\nE M T\\nO Å N")
>>> [w.word for w in hunt_rules("sv").solve(board, Lexicon(["rakt", "mat"], name="t", lang="sv"))]
['rakt', 'mat']
"""

from cubecam.rules.hunt.board import Board, Trace
from cubecam.rules.hunt.match import HuntMatch
from cubecam.rules.hunt.scoring import (
    EnglishHuntRules,
    HuntRules,
    PlayerTally,
    RejectedWord,
    RoundTally,
    ScoredWord,
    hunt_rules,
    parse_word_list,
)
from cubecam.rules.hunt.solver import solve

__all__ = [
    "Board",
    "EnglishHuntRules",
    "HuntMatch",
    "HuntRules",
    "PlayerTally",
    "RejectedWord",
    "RoundTally",
    "ScoredWord",
    "Trace",
    "hunt_rules",
    "parse_word_list",
    "solve",
]
