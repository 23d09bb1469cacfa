"""Word-hunt speed: loading the Swedish lexicon and solving boards, beside a plain baseline.

The baseline, measured in the same run, walks every path of the board, cuts a
path off when no word of the sorted word list starts with it (bisect), and asks
pyenchant about each candidate of three letters or more, one at a time.

    PYTHONPATH=src python bench/hunt.py [--boards 200] [--repeat 3] [--lang sv]

Each time is the best of --repeat runs; means and medians are over the boards.
"""

from __future__ import annotations

import argparse
import random
import statistics
import time
from bisect import bisect_left
from collections.abc import Callable

from cubecam.cubesets import load_cubeset
from cubecam.layout import Face
from cubecam.lexicon.hunspell import HunspellLexicon, _enchant_dict
from cubecam.rules.hunt import Board, solve

# Rough Swedish letter frequencies (per mille), for trays whose dice faces are unknown.
SWEDISH_LETTERS = {
    "A": 93, "B": 13, "C": 15, "D": 45, "E": 100, "F": 20, "G": 33, "H": 21, "I": 58, "J": 6,
    "K": 32, "L": 53, "M": 35, "N": 85, "O": 45, "P": 18, "R": 84, "S": 66, "T": 77, "U": 19,
    "V": 24, "X": 2, "Y": 7, "Å": 13, "Ä": 18, "Ö": 13,
}  # fmt: skip


def roll(set_name: str, rng: random.Random) -> Board:
    """A board as the dice of a set land: shuffled into the tray, a random face up."""
    dice = list(load_cubeset(set_name).faces or ())
    rng.shuffle(dice)
    return Board([Face(rng.choice(die)) for die in dice])


def swedish_board(size: int, rng: random.Random) -> Board:
    letters, weights = zip(*SWEDISH_LETTERS.items(), strict=True)
    return Board([Face(ch) for ch in rng.choices(letters, weights, k=size * size)])


def baseline(board: Board, sorted_words: list[str], check: Callable[[str], bool]) -> set[str]:
    """Every path, cut off by a bisect prefix test; each candidate checked by pyenchant."""
    found: set[str] = set()

    def has_prefix(prefix: str) -> bool:
        i = bisect_left(sorted_words, prefix)
        return i < len(sorted_words) and sorted_words[i].startswith(prefix)

    def walk(die: int, spelled: str, used: int) -> None:
        if len(spelled) >= 3 and check(spelled):
            found.add(spelled)
        for nxt in board.neighbours[die]:
            if not used >> nxt & 1:
                word = spelled + board.letters[nxt]
                if has_prefix(word):
                    walk(nxt, word, used | 1 << nxt)

    for die, letters in enumerate(board.letters):
        if has_prefix(letters):
            walk(die, letters, 1 << die)
    return found


def timed(fn: Callable[[], object], repeat: int = 1) -> tuple[float, object]:
    """The best of ``repeat`` runs (the least disturbed by other work), and the result."""
    best = float("inf")
    for _ in range(repeat):
        start = time.perf_counter()
        result = fn()
        best = min(best, time.perf_counter() - start)
    return best, result


def ms(seconds: list[float]) -> str:
    return (
        f"mean {statistics.mean(seconds) * 1000:7.2f} ms, median "
        f"{statistics.median(seconds) * 1000:7.2f} ms, max {max(seconds) * 1000:7.2f} ms"
    )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--boards", type=int, default=200, help="boards per kind (ours)")
    parser.add_argument("--baseline-boards", type=int, default=20, help="boards per kind, baseline")
    parser.add_argument("--repeat", type=int, default=3, help="runs per board; the best counts")
    parser.add_argument("--lang", default="sv")
    args = parser.parse_args()
    rng = random.Random(2026)

    built, lexicon = timed(lambda: HunspellLexicon(args.lang))  # compiles the list if not cached
    built_prefix, _ = timed(lexicon.prefixes)  # builds the prefix cache if not cached
    print(f"first load (builds any missing cache): {built:.3f} s, prefixes {built_prefix:.3f} s")
    load, lexicon = timed(lambda: HunspellLexicon(args.lang), args.repeat)
    prefix_load, _ = timed(lambda: HunspellLexicon(args.lang).prefixes(), args.repeat)
    prefix_load -= load
    print(
        f"ours:     lexicon {lexicon.name} ({len(lexicon)} words) loaded from the cache in "
        f"{load:.3f} s, its {len(lexicon.prefixes())} prefixes in {prefix_load:.3f} s"
    )
    speller = _enchant_dict(lexicon.code)
    base_load, sorted_words = timed(
        lambda: lexicon.source.read_text("utf-8").split("\n"), args.repeat
    )
    print(f"baseline: sorted word list read in {base_load:.3f} s (pyenchant {speller.tag})")

    kinds = {
        "4x4 classic dice": lambda: roll("classic-4x4", rng),
        "4x4 New Boggle dice": lambda: roll("new-boggle-4x4", rng),
        "4x4 Swedish letters": lambda: swedish_board(4, rng),
        "5x5 Big Boggle dice": lambda: roll("big-boggle-5x5", rng),
        "5x5 Swedish letters": lambda: swedish_board(5, rng),
        "6x6 Swedish letters": lambda: swedish_board(6, rng),
    }
    for kind, make in kinds.items():
        boards = [make() for _ in range(args.boards)]
        ours, counts = [], []
        for board in boards:
            seconds, words = timed(lambda b=board: solve(b, lexicon), args.repeat)
            ours.append(seconds)
            counts.append(len(words))
        base, agree = [], 0
        for board in boards[: args.baseline_boards]:
            seconds, words = timed(
                lambda b=board: baseline(b, sorted_words, speller.check), args.repeat
            )
            base.append(seconds)
            agree += solve(board, lexicon) <= words
        print(f"\n{kind}: {statistics.mean(counts):.0f} words a board on average")
        print(f"  ours     ({len(ours):4} boards): {ms(ours)}")
        print(f"  baseline ({len(base):4} boards): {ms(base)}")
        print(
            f"  speed-up {statistics.mean(base) / statistics.mean(ours[: len(base)]):.0f}×; "
            f"baseline found all our words on {agree}/{len(base)} boards"
        )


if __name__ == "__main__":
    main()
