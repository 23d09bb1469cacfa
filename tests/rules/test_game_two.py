import pytest
from pydantic_core import to_jsonable_python

from cubecam.errors import InputError
from cubecam.grid_format import parse_grid
from cubecam.rules.game_two import GameTwo, GameTwoRound, Toss, render_toss
from cubecam.rules.games import find_game

# The rulebook's Diagram 1: PRETENSE and LATCHED crossing at T, all 14 cubes.
TOSS_A = """\
...L....
...A....
PRETENSE
...C....
...H....
...E....
...D....
"""
# Diagram 2's words ME, TOY, BONE, TIMER, DETAIN cannot share six crossings (20 letters on
# 14 cubes needs two across words each crossing three down words, and no placement of
# these five works), so Toss B is another 14-cube layout with one word of each length 2..6
# (ME, NET, KIND, TIMER, DETAIN), found by searching the en_US list; it also scores 30.
TOSS_B = """\
.K.D.
TIMER
.NET.
.D.A.
...I.
...N.
"""
PRINTED_ROUND = """\
Toss A: 23
Toss B: 30
Grand Slam Bonus: 50
Total: 103"""


def toss(round_, grid, en):
    tally = round_.game().score(parse_grid(grid), en)
    return tally, round_.toss(Toss.from_tally(tally))


def test_rulebook_toss_a_scores_23_with_14_cubes(en):
    layout = parse_grid(TOSS_A)
    tally = GameTwo().score(layout, en)
    assert len(layout.faces()) == 14
    assert [(w.word, w.score) for w in tally.words] == [("PRETENSE", 10), ("LATCHED", 13)]
    assert tally.final == 23


def test_toss_b_uses_14_cubes_for_words_of_lengths_2_to_6(en):
    layout = parse_grid(TOSS_B)
    tally = GameTwo().score(layout, en)
    assert len(layout.faces()) == 14
    assert sorted(len(w.squares) for w in tally.words) == [2, 3, 4, 5, 6]
    assert sum(len(w.squares) for w in tally.words) == 20  # six crossings
    assert all(w.valid for w in tally.words) and tally.deduction == 0
    assert tally.final == 30


def test_grand_slam_round_prints_like_the_rulebook(en):
    _, round_ = toss(GameTwoRound(), TOSS_A, en)
    tally, done = toss(round_, TOSS_B, en)
    assert done.complete and done.over and done.bonus == 50
    assert done.render() == PRINTED_ROUND
    assert done.total == 103
    text = render_toss(tally, round_)
    assert "Toss B: 30" in text and "Lengths left in the round: none" in text
    assert "ME 2 letters = 4" in text and text.endswith(PRINTED_ROUND)


def test_toss_tally_shows_lengths_and_what_is_left(en):
    tally = GameTwo().score(parse_grid(TOSS_A), en)
    text = render_toss(tally, GameTwoRound())
    assert "PRETENSE 8 letters = 10, LATCHED 7 letters = 13" in text
    assert "Toss A: 23" in text
    assert "Lengths left in the round: 2, 3, 4, 5, 6" in text


def test_small_slam_in_three_tosses(en):
    _, round_ = toss(GameTwoRound(), TOSS_A, en)
    # XIND is no word: its length (4) stays open for the third toss.
    second, round_ = toss(round_, TOSS_B.replace("K", "X"), en)
    assert [w.word for w in second.words if not w.valid] == ["XIND"]
    assert round_.left == (4,)
    third, round_ = toss(round_, "BONE\nunused: T Y", en)
    assert third.final == 6 - 5
    assert round_.complete and round_.bonus == 25
    assert round_.total == 23 + second.final + third.final + 25
    assert "Small Slam Bonus: 25" in round_.render()


def test_round_ends_after_four_tosses(en):
    round_ = GameTwoRound()
    for grid in ("ME\nunused: E", "TOY", "BONE", TOSS_A):
        _, round_ = toss(round_, grid, en)
    assert round_.left == (5, 6) and round_.over and round_.bonus == 0
    with pytest.raises(InputError, match="4 tosses"):
        round_.toss(Toss(0))


def test_negative_toss(en):
    tally, round_ = toss(GameTwoRound(), "ME\nunused: Z X Q ? ?", en)
    assert tally.total == 4 and tally.deduction == 28  # blanks cost nothing
    assert tally.final == -24 and round_.total == -24
    assert "Toss A: −24" in round_.render()


def test_a_length_formed_earlier_in_the_round_is_penalised(en):
    _, round_ = toss(GameTwoRound(), TOSS_A, en)
    tally, round_ = toss(round_, "DETAINS\nunused: Q", en)  # 7 letters again
    word = tally.words[0]
    assert not word.valid and "formed earlier in the round" in word.reason
    assert tally.total == 0 and tally.deduction == 2 + 1 + 1 + 1 + 1 + 1 + 1 + 10
    assert round_.left == (2, 3, 4, 5, 6)


def test_a_nine_letter_word_is_penalised(en):
    tally = GameTwo().score(parse_grid("DETAINING\nunused: E"), en)
    assert "detaining" in en
    assert not tally.words[0].valid and "9 letters" in tally.words[0].reason
    assert tally.final == -(2 + 1 + 1 + 1 + 1 + 1 + 1 + 1 + 2) - 1


def test_two_words_of_one_length_penalise_the_higher_scoring(en):
    grid = "...D.\nTIMER\n.NET.\n...A.\n...I.\n...N.\nunused: K D"  # IN (2) and ME (4)
    tally = GameTwo().score(parse_grid(grid), en)
    scores = {w.word: (w.valid, w.score) for w in tally.words}
    assert scores["IN"] == (True, 2) and scores["ME"] == (False, 0)
    assert "a second 2-letter word" in next(w.reason for w in tally.words if w.word == "ME")
    assert tally.total == 7 + 3 + 2 + 7  # TIMER, NET, IN, DETAIN
    assert tally.deduction == (5 + 2) + (3 + 1)  # K, D left over; M, E of the penalised ME
    assert tally.final == 19 - 11


def test_pass_only_after_the_second_toss(en):
    _, round_ = toss(GameTwoRound(), "ME", en)
    with pytest.raises(InputError, match="only after the second toss"):
        round_.pass_()
    _, round_ = toss(round_, "TOY", en)
    passed = round_.pass_()
    assert passed.over and passed.total == 4 + 6 and passed.bonus == 0
    assert passed.render().splitlines()[-2:] == ["Passed", "Total: 10"]
    with pytest.raises(InputError, match="passed"):
        passed.toss(Toss(5))


def test_game_two_is_a_registered_crossword_game(en):
    game = find_game("scrabble-cubes-two")()
    assert isinstance(game, GameTwo) and game.formed == frozenset()
    assert game.score(parse_grid(TOSS_A), en).final == 23


def test_toss_from_json_matches_the_tally(en):
    tally = GameTwo(formed={8}).score(parse_grid(TOSS_A), en)
    assert (
        Toss.from_json(to_jsonable_python(tally))
        == Toss.from_tally(tally)
        == Toss(13 - 10, frozenset({7}))
    )


def test_a_word_is_as_long_as_its_letters_with_a_qu_face(en):
    tally = GameTwo(formed={4}).score(parse_grid("[Qu]IZ"), en)
    assert tally.words[0].word == "QUIZ" and "a 4-letter word" in tally.words[0].reason
    assert Toss.from_tally(GameTwo(formed={3}).score(parse_grid("[Qu]IZ"), en)).lengths == {4}
