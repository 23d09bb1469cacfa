"""The tray: touching dice, paths, and why a word is not on the board."""

import itertools

import pytest

from cubecam.errors import InputError
from cubecam.grid_format import parse_grid
from cubecam.layout import Face
from cubecam.rules.hunt import Board, tray_in_photo

# The rulebook's words lie on this board: rakt, hakrem, drake, talare, ylar; mor does not
# (the M touches the O, but no R touches that O).
RULEBOOK = "kind: tray\nH A K T\nD R E M\nY L A O\nT A S Å"


def test_neighbours_are_the_eight_around_a_die():
    board = Board.from_text("ABC\nDEF\nGHI")
    assert sorted(board.letters[d] for d in board.neighbours[4]) == list("abcdfghi")
    assert sorted(board.letters[d] for d in board.neighbours[0]) == ["b", "d", "e"]


@pytest.mark.parametrize("word", ["rakt", "hakrem", "drake", "talare", "ylar"])
def test_rulebook_words_lie_on_touching_dice(word):
    board = Board.from_text(RULEBOOK)
    path = board.path(word)
    assert path is not None
    assert "".join(board.letters[d] for d in path) == word
    assert len(set(path)) == len(path)
    assert all(b in board.neighbours[a] for a, b in itertools.pairwise(path))


def test_mor_is_not_there_when_the_r_does_not_touch_the_o():
    board = Board.from_text(RULEBOOK)
    trace = board.trace("mor")
    assert trace.path is None
    assert trace.explain() == "MO can be formed, but no R touches the O at row 3, column 4"


def test_mor_is_there_when_the_r_touches_the_o():
    assert Board.from_text("M O R\nA T S\nK E L").path("mor") == (0, 1, 2)


def test_a_die_is_not_used_twice():
    board = Board.from_text("K Ö R\nA T S\nL E N")
    assert board.path("kör") == (0, 1, 2)
    assert board.path("kök") is None
    assert "already used" in board.trace("kök").explain()


def test_å_ä_ö_are_letters_of_their_own():
    board = Board.from_text("Å R A\nÖ T Ä\nS K A")
    assert board.path("åra") == (0, 1, 2)
    assert board.path("öra") == (3, 1, 2)
    assert board.path("ara") is None  # the Å is not an A
    assert board.path("ora") is None
    assert board.trace("ora").explain() == "no die shows O"


def test_qu_counts_as_its_two_letters():
    board = Board.from_text("Qu I Z\nE T S\nA R N")
    assert board.path("quiz") == (0, 1, 2)
    assert board.path("qiz") is None
    assert board.trace("qiz").explain() == "no die shows Q"
    assert board.trace("uiz").explain() == "no die shows U"


def test_explains_a_letter_missing_from_the_board():
    board = Board.from_text(RULEBOOK)
    assert board.trace("raku").explain() == "RAK can be formed, but no die shows U"


def test_draw_marks_the_path_in_order():
    board = Board.from_text(RULEBOOK)
    drawing = board.draw(board.path("hakrem")).splitlines()
    assert drawing[0] == "H A K T   1 2 3 ."
    assert drawing[1] == "D R E M   . 4 5 6"


def test_lower_case_letters_are_plain_letters_and_any_tray_square_works():
    board = Board.from_text("kind: tray\nrak\nemt\noån")
    assert board.letters == tuple("rakemtoån")
    assert board.faces[0] == Face("R")


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("AB\nCD", "2 rows by 2 columns"),
        ("ABCD\nEFGH\nIJKL", "3 rows by 4 columns"),
        ("ABC\nD.F\nGHI", "no die at row 2, column 2"),
        ("ABC\nD?F\nGHI", "shows \\?"),
        ("ABCDEFG\n" * 7, "7 rows"),
    ],
)
def test_a_board_must_be_a_full_square_of_letters(text, message):
    with pytest.raises(InputError, match=message):
        Board.from_layout(parse_grid(text, lowercase_is_wildcard=False))


def test_a_trace_keeps_the_longest_chain_that_can_be_formed():
    board = Board.from_text(RULEBOOK)
    trace = board.trace("mor")
    assert [board.letters[d] for d in trace.partial] == ["m", "o"]
    assert trace.reached == 2 and trace.stops == (11,)
    assert board.trace("hakrem").partial == board.path("hakrem")


def test_a_board_of_one_repeated_letter_is_settled_quickly():
    board = Board([Face("A")] * 35 + [Face("B")])
    assert board.path("a" * 20 + "b") is not None
    assert board.trace("a" * 37).explain().startswith("A" * 35 + " can be formed, but the only A")
    assert board.trace("a" * 21 + "c").explain() == "A" * 21 + " can be formed, but no die shows C"


def test_a_trace_gives_up_rather_than_hang():
    board = Board([Face("B")] + [Face("A")] * 35)
    trace = board.trace("a" * 21 + "b")
    assert trace.gave_up and trace.path is None
    assert "too many chains" in trace.explain()


# The M the word "ramt" needs is only where the solid face lies.
BLOCKED = "R A K\nE [BLOCK] T\nO Å N"


def test_no_word_passes_through_a_block():
    board = Board.from_text(BLOCKED)
    assert board.path("ramt") is None
    assert board.trace("ramt").explain() == "RA can be formed, but no die shows M"
    assert board.path("rak") == (0, 1, 2)


def test_a_wild_block_stands_for_any_one_letter_once():
    board = Board.from_text(BLOCKED, block_wild=True)
    assert board.path("ramt") == (0, 1, 4, 5)
    assert board.path("rxkt") == (0, 4, 2, 5)
    assert board.path("rxyt") is None  # the block is one die: it gives one letter
    assert board.trace("ammt").explain().startswith("AM can be formed")


def test_draw_shows_a_block_as_a_solid_square():
    assert Board.from_text(BLOCKED).draw().splitlines()[1] == "E ■ T"


def test_a_photo_s_cubes_off_the_tray_leave_the_board_and_get_a_note() -> None:
    photo = parse_grid("kind: tray\nR A K\nE M T\nO Å N\nunused: [Qu]", lowercase_is_wildcard=False)
    tray, note = tray_in_photo(photo)
    assert note == "1 cube lies off the tray ([Qu]): left out of the board"
    assert Board.from_layout(tray).letters == Board.from_text("R A K\nE M T\nO Å N").letters
    with pytest.raises(InputError, match="remove the 'unused:' line"):
        Board.from_layout(photo)
    assert tray_in_photo(tray) == (tray, None)
