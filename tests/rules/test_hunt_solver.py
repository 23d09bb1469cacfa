"""The solver finds every word on a board, and agrees with the checker."""

from itertools import pairwise

from hypothesis import event, given, settings
from hypothesis import strategies as st

from cubecam.layout import Face
from cubecam.lexicon import Lexicon, load_lexicon
from cubecam.rules.hunt import Board, Hunt, solve

SWEDISH = load_lexicon("sv")
RULEBOOK = "H A K T\nD R E M\nY L A O\nT A S Å"
# Letters as often as they are in Swedish text, roughly, so random boards hold words.
LETTERS = "AAAAEEEEIINNNRRRSSSTTTLLDDKKOOMMGUVHFÄÅÖPBJYCQu"
FACES = [*[ch for ch in LETTERS.replace("Qu", "")], "Qu"]


def test_finds_the_rulebook_words_and_not_mor():
    words = solve(Board.from_text(RULEBOOK), SWEDISH)
    assert {"rakt", "hakrem", "drake", "talare", "ylar"} <= words
    assert "mor" not in words
    assert all(len(word) >= 3 for word in words)


def test_every_solved_word_passes_the_checker():
    board = Board.from_text(RULEBOOK)
    rules = Hunt()
    words = rules.solve(board, SWEDISH)
    assert words
    assert all(rules.check(board, SWEDISH, w.word) is None for w in words)
    assert all(w.points == rules.points(w.word) for w in words)


def test_finds_every_word_of_a_3x3_board_by_brute_force():
    board = Board.from_text("Å R A\nÖ T Ä\nS K A")
    spelled: set[str] = set()

    def walk(path: list[int]) -> None:
        spelled.add("".join(board.letters[d] for d in path))
        for nxt in board.neighbours[path[-1]]:
            if nxt not in path:
                walk([*path, nxt])

    for die in range(9):
        walk([die])
    expected = {word for word in spelled if len(word) >= 3 and word in SWEDISH}
    assert solve(board, SWEDISH) == expected
    assert {"åra", "öra", "äta", "kör"} <= expected


def test_a_qu_face_gives_words_with_qu():
    board = Board.from_text("Qu I Z\nE T S\nA R N")
    assert "quiz" in solve(board, SWEDISH)
    assert {"quiz", "quit", "quite"} <= solve(board, load_lexicon("en"))


def test_a_word_on_the_board_twice_is_listed_once():
    board = Board.from_text("R A K T\nE E E E\nR A K T\nE E E E")
    words = Hunt().solve(board, SWEDISH)
    assert [w.word for w in words].count("rakt") == 1


def test_works_with_a_small_word_list():
    lexicon = Lexicon(["rakt", "rak", "ra", "kt"], name="tiny", lang="sv")
    assert solve(Board.from_text(RULEBOOK), lexicon) == {"rakt", "rak"}


@st.composite
def boards(draw):
    size = draw(st.integers(3, 5))
    faces = draw(st.lists(st.sampled_from(FACES), min_size=size * size, max_size=size * size))
    return Board([Face(face) for face in faces])


def random_path(board, rng):
    path = [rng.randrange(len(board.faces))]
    while len(path) < 8:
        free = [d for d in board.neighbours[path[-1]] if d not in path]
        if not free:
            break
        path.append(rng.choice(free))
    return path


@settings(max_examples=60, deadline=None)
@given(boards(), st.randoms(use_true_random=False))
def test_no_word_along_a_random_path_is_missed(board, rng):
    rules = Hunt()
    found = solve(board, SWEDISH)
    for _ in range(20):
        path = random_path(board, rng)
        assert all(b in board.neighbours[a] for a, b in pairwise(path))
        for end in range(3, len(path) + 1):
            word = "".join(board.letters[d] for d in path[:end])
            if rules.check(board, SWEDISH, word) is None:
                event("a path spells a word")
                assert word in found
            else:
                assert word not in found


@settings(max_examples=40, deadline=None)
@given(boards())
def test_every_solved_word_of_a_random_board_passes_the_checker(board):
    rules = Hunt()
    assert all(rules.check(board, SWEDISH, word) is None for word in solve(board, SWEDISH))


def spelled_by_walks(board: Board, choices) -> set[str]:
    """Every string a chain of distinct touching dice spells, die ``d`` giving any of
    ``choices(d)`` (a brute force to check the solver against)."""
    spelled: set[str] = set()

    def walk(die: int, word: str, used: frozenset[int]) -> None:
        spelled.add(word)
        if len(word) < 7:
            for nxt in board.neighbours[die]:
                if nxt not in used:
                    for piece in choices(nxt):
                        walk(nxt, word + piece, used | {nxt})

    for die in range(len(board.faces)):
        for piece in choices(die):
            walk(die, piece, frozenset({die}))
    return spelled


BLOCKED = "Å R A\nÖ [BLOCK] Ä\nS K A"


def test_no_solved_word_passes_through_a_block():
    board = Board.from_text(BLOCKED)
    spelled = spelled_by_walks(board, lambda d: (board.letters[d],) if board.letters[d] else ())
    expected = {w for w in spelled if 3 <= len(w) < 7 and w in SWEDISH}
    found = solve(board, SWEDISH)
    assert {w for w in found if len(w) < 7} == expected
    assert {"åra", "kör", "öka"} <= found
    assert all(4 not in board.path(w) for w in found)


def test_a_wild_block_gives_the_words_of_every_letter_in_its_place():
    board = Board.from_text(BLOCKED, block_wild=True)
    letters = SWEDISH.alphabet.lower()
    spelled = spelled_by_walks(
        board, lambda d: tuple(letters) if d in board.wild else (board.letters[d],)
    )
    expected = {w for w in spelled if 3 <= len(w) < 7 and w in SWEDISH}
    found = solve(board, SWEDISH)
    assert {w for w in found if len(w) < 7} == expected
    assert len(found) > len(solve(Board.from_text(BLOCKED), SWEDISH))
    assert all(board.path(w) is not None for w in found)
