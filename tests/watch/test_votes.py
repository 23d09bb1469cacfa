"""Readings combined over frames: one bad frame, a missed cube, a changed table."""

from __future__ import annotations

from cubecam.grid_format import format_grid
from cubecam.layout import LayoutKind, Square
from cubecam.reading import CubeReading, Reading
from cubecam.watch.votes import LayoutVotes

TIGER = ["...W.", "TIGER", "OF.A.", "N..V.", "...E."]


def frame(
    rows: list[str],
    confidence: float = 0.9,
    unused: tuple[str, ...] = ("T", "U"),
    at: Square = (0, 0),
    presence: float = 1.0,
) -> Reading:
    cubes = [
        CubeReading(
            symbol=symbol, confidence=confidence, row=at[0] + r, col=at[1] + c, presence=presence
        )
        for r, row in enumerate(rows)
        for c, symbol in enumerate(row)
        if symbol != "."
    ]
    cubes += [CubeReading(symbol=symbol, confidence=confidence) for symbol in unused]
    return Reading(kind=LayoutKind.CROSSWORD, cubes=cubes)


def grid(votes: LayoutVotes) -> list[str]:
    return format_grid(votes.consensus(), headers=False).splitlines()


def test_one_misread_frame_does_not_change_the_layout() -> None:
    votes = LayoutVotes(window=5)
    for _ in range(3):
        votes.add(frame(TIGER))
    blurred = [row.replace("G", "C").replace("W", "V") for row in TIGER]
    votes.add(frame(blurred, confidence=0.4, unused=("I", "U")))
    assert grid(votes) == [*TIGER, "unused: T U"]


def test_a_frame_that_misses_an_edge_cube_is_aligned_not_shifted() -> None:
    votes = LayoutVotes(window=5)
    votes.add(frame(TIGER))
    votes.add(frame(TIGER))
    without_t = [row[1:] for row in TIGER]
    without_t[1] = "IGER"
    votes.add(frame(without_t))
    assert grid(votes) == [*TIGER, "unused: T U"]


def test_the_numbering_of_a_frame_does_not_matter() -> None:
    votes = LayoutVotes(window=3)
    votes.add(frame(TIGER, at=(2, 1)))
    votes.add(frame(TIGER, at=(0, 0)))
    votes.add(frame(TIGER, at=(1, 3)))
    assert grid(votes) == [*TIGER, "unused: T U"]


def test_a_changed_cube_wins_once_most_frames_show_it() -> None:
    votes = LayoutVotes(window=5)
    for _ in range(5):
        votes.add(frame(TIGER))
    tamer = [row.replace("TIGER", "TIMER") for row in TIGER]
    for _ in range(2):
        votes.add(frame(tamer))
    assert grid(votes)[1] == "TIGER"
    votes.add(frame(tamer))
    assert grid(votes)[1] == "TIMER"


def test_a_cube_left_over_counts_when_most_frames_see_it() -> None:
    votes = LayoutVotes(window=5)
    votes.add(frame(TIGER, unused=("T", "U")))
    votes.add(frame(TIGER, unused=("T",)))
    assert grid(votes)[-1] == "unused: T"
    votes.add(frame(TIGER, unused=("U", "T", "T")))
    assert grid(votes)[-1] == "unused: T U"


def test_a_square_most_frames_doubt_holds_no_cube() -> None:
    made_up = [*TIGER[:2], "OFSA.", *TIGER[3:]]
    votes = LayoutVotes(window=5)
    for _ in range(3):
        votes.add(frame(made_up, presence=0.45))  # a patch of table taken for a cube
    votes.add(frame(TIGER))
    votes.add(frame(TIGER))
    assert grid(votes) == [*TIGER, "unused: T U"]
    for _ in range(3):
        votes.add(frame(made_up))  # sure of it: a cube was put down
    assert grid(votes)[2] == "OFSA."
