"""A game of rounds to an agreed total."""

import pytest

from cubecam.errors import InputError
from cubecam.lexicon import load_lexicon
from cubecam.rules.hunt import Board, Hunt, HuntMatch

BOARDS = [
    Board.from_text("H A K T\nD R E M\nY L A O\nT A S Å"),
    Board.from_text("Å R A\nÖ T Ä\nS K A"),
]
LISTS = [
    {"Anna": ["hakrem", "talare", "drake", "rakt"], "Bo": ["rakt", "ylar", "harem"]},
    {"Anna": ["åra", "kör", "köra"], "Bo": ["öra", "tröska", "skära", "åra"]},
]


def test_a_game_of_real_rounds_reaches_100():
    rules, lexicon = Hunt(), load_lexicon("sv")
    match = HuntMatch()
    rounds = 0
    while not match.over:
        board, players = BOARDS[rounds % 2], LISTS[rounds % 2]
        match = match.play(rules.score(board, lexicon, players).totals())
        rounds += 1
    totals = match.totals()
    assert match.winner == max(totals, key=totals.get)
    assert totals[match.winner] >= 100
    assert all(total < 100 for total in match.totals(rounds - 1).values())
    with pytest.raises(InputError, match="the game is over"):
        match.play({"Anna": 1})


def test_the_first_to_reach_the_total_wins_and_a_tie_plays_on():
    match = HuntMatch(target=10).play({"Anna": 6, "Bo": 6})
    assert match.winner is None and not match.over
    match = match.play({"Anna": 5, "Bo": 5})
    assert match.totals() == {"Anna": 11, "Bo": 11}
    assert match.winner is None
    match = match.play({"Anna": 1, "Bo": 3, "Cilla": 2})
    assert match.winner == "Bo"
    assert match.totals() == {"Anna": 12, "Bo": 14, "Cilla": 2}


def test_rounds_after_a_win_or_negative_points_are_refused():
    with pytest.raises(InputError, match="already won after round 1"):
        HuntMatch(target=5, rounds=({"Anna": 5}, {"Anna": 1}))
    with pytest.raises(InputError, match="negative"):
        HuntMatch(rounds=({"Anna": -1},))
    with pytest.raises(InputError, match="positive"):
        HuntMatch(target=0)
