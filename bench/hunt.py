"""Word-hunt speed: loading the Swedish lexicon and solving boards, beside two baselines.

Ours keeps the words and their prefixes in one trie (``cubecam.lexicon.index``). Measured in
the same run: the frozensets cubecam used before (the word list and its prefixes read from
text files into two Python sets, and the same search over them), and a plain baseline that
walks every path of the board, cuts a path off when no word of the sorted word list starts
with it (bisect), and asks pyenchant about each candidate of three letters or more.

    PYTHONPATH=src python bench/hunt.py [--boards 200] [--repeat 3] [--lang sv]

Each time is the best of --repeat runs; means and medians are over the boards. Memory is the
resident size a fresh process grows by when it loads the structure.
"""

from __future__ import annotations

import argparse
import multiprocessing
import random
import statistics
import tempfile
import time
from bisect import bisect_left
from collections.abc import Callable, Collection
from pathlib import Path

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


def solve_with_sets(board: Board, words: Collection[str], prefixes: Collection[str]) -> set[str]:
    """The search cubecam ran over two frozensets before the trie: two lookups a step."""
    letters, neighbours = board.letters, board.neighbours
    found: set[str] = set()

    def visit(die: int, spelled: str, used: int) -> None:
        for nxt in neighbours[die]:
            if used >> nxt & 1:
                continue
            word = spelled + letters[nxt]
            if word in words:
                found.add(word)
            if word in prefixes:
                visit(nxt, word, used | 1 << nxt)

    for die, start in enumerate(letters):
        if start in words:
            found.add(start)
        if start in prefixes:
            visit(die, start, 1 << die)
    return {word for word in found if len(word) >= 3}


def load_sets(folder: str) -> tuple[frozenset[str], frozenset[str]]:
    """The word list and its prefixes as cubecam loaded them before: text into frozensets."""
    words = frozenset((Path(folder) / "words.txt").read_text("utf-8").split("\n"))
    return words, frozenset((Path(folder) / "prefixes.txt").read_text("utf-8").split("\n"))


def resident_mb() -> float:
    """This process's resident memory (Linux)."""
    for line in Path("/proc/self/status").read_text().splitlines():
        if line.startswith("VmRSS:"):
            return int(line.split()[1]) / 1024
    return float("nan")


def measure_load(what: str, arg: str, repeat: int) -> tuple[float, float]:
    """In this (fresh) process: the best load time of ``what`` and the memory it holds."""
    load = {"sets": lambda: load_sets(arg), "trie": lambda: HunspellLexicon(arg)}[what]
    before = resident_mb()
    kept = load()
    grown = resident_mb() - before
    seconds, _ = timed(load, repeat)
    del kept
    return seconds, grown


def in_fresh_process(what: str, arg: str, repeat: int) -> tuple[float, float]:
    with multiprocessing.get_context("spawn").Pool(1) as pool:
        return pool.apply(measure_load, (what, arg, repeat))


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
    print(f"first load (builds any missing cache): {built:.3f} s")
    sorted_words = sorted(lexicon.words())
    folder = tempfile.mkdtemp(prefix="cubecam-bench-")
    (Path(folder) / "words.txt").write_text("\n".join(sorted_words), "utf-8")
    (Path(folder) / "prefixes.txt").write_text("\n".join(sorted(lexicon.prefixes())), "utf-8")
    print(f"{lexicon.name}: {len(lexicon)} words, {len(lexicon.prefixes())} prefixes")
    for what, arg, name in (
        ("trie", args.lang, "ours (one trie)"),
        ("sets", folder, "frozensets (before)"),
    ):
        seconds, grown = in_fresh_process(what, arg, args.repeat)
        print(f"  {name:20} loaded from the cache in {seconds:.3f} s, {grown:6.1f} MB resident")
    words, prefixes = load_sets(folder)
    speller = _enchant_dict(lexicon.code)
    print(f"baseline: the sorted word list, bisect and pyenchant {speller.tag}")

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
        ours, sets, counts = [], [], []
        for board in boards:
            seconds, found = timed(lambda b=board: solve(b, lexicon), args.repeat)
            ours.append(seconds)
            counts.append(len(found))
            seconds, same = timed(lambda b=board: solve_with_sets(b, words, prefixes), args.repeat)
            sets.append(seconds)
            assert same == found, "the trie and the frozensets disagree"
        base, agree = [], 0
        for board in boards[: args.baseline_boards]:
            seconds, found = timed(
                lambda b=board: baseline(b, sorted_words, speller.check), args.repeat
            )
            base.append(seconds)
            agree += solve(board, lexicon) <= found
        print(f"\n{kind}: {statistics.mean(counts):.0f} words a board on average")
        print(f"  ours     ({len(ours):4} boards): {ms(ours)}")
        print(f"  sets     ({len(sets):4} boards): {ms(sets)}")
        print(f"  baseline ({len(base):4} boards): {ms(base)}")
        print(
            f"  speed-up {statistics.mean(base) / statistics.mean(ours[: len(base)]):.0f}×; "
            f"baseline found all our words on {agree}/{len(base)} boards"
        )


if __name__ == "__main__":
    main()
