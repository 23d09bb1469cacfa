"""What lies on the table before it is drawn: which cube shows what, where, turned how.

A :class:`ScenePlan` holds the :class:`~cubecam.layout.Layout` (the answer a reader must
give) and one :class:`PlacedCube` per cube in table units (a cube's side is 1; ``x`` to the
right, ``y`` away from the viewer, so grid row ``r`` lies at ``y = -r * pitch``).

>>> rng = np.random.default_rng(1)
>>> plan = plan_tray(rng, size=4, cubeset="classic-4x4")
>>> plan.layout.kind.value, len(plan.cubes), plan.tray_size
('tray', 16, 4)
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass, field, replace
from functools import cache

import cv2
import numpy as np

from cubecam.cubesets import load_cubeset
from cubecam.errors import InputError
from cubecam.layout import BLANK, Face, Layout, LayoutKind, Square
from cubecam.lexicon import Lexicon, load_lexicon

ALPHABETS = {"en": "ABCDEFGHIJKLMNOPQRSTUVWXYZ", "sv": "ABCDEFGHIJKLMNOPQRSTUVWXYZÅÄÖ"}
# Rough letter frequencies in running text, for dice whose faces no calibration file gives.
_FREQUENT = "".join(
    letter * n
    for letter, n in zip(
        "EARIOTNSLCUDPMHGBFYWKVXZJQ",
        (11, 8, 7, 7, 7, 7, 7, 6, 5, 4, 4, 3, 3, 3, 3, 2, 2, 2, 2, 1, 1, 1, 1, 1, 1, 1),
        strict=True,
    )
)
_SWEDISH_EXTRA = "ÅÅÄÄÖÖ"
_LENGTHS = (2, 3, 4, 5, 6)
_LENGTH_WEIGHTS = (0.1, 0.4, 0.3, 0.15, 0.05)
LOOSE_ARRANGEMENTS = ("scattered", "clusters", "rows")
"""How loose dice may lie (see :func:`plan_loose`)."""


@dataclass(frozen=True)
class PlacedCube:
    """One cube on the table: its top face, where it stands and how it is turned.

    ``yaw`` is in degrees counter-clockwise seen from above (0: the top face's letter
    reads upright for a viewer at the bottom); ``sides`` are the four side faces' symbols
    (south, east, north, west); ``row``/``col`` its square, ``None`` off the grid.
    """

    symbol: str
    x: float
    y: float
    yaw: float
    row: int | None = None
    col: int | None = None
    sides: tuple[str, str, str, str] = ("BLANK", "BLANK", "BLANK", "BLANK")


@dataclass(frozen=True)
class ScenePlan:
    """A scene to draw: its answer, its cubes, and the tray when there is one."""

    layout: Layout
    cubes: list[PlacedCube]
    lang: str = "en"
    cubeset: str | None = None
    tray_size: int | None = None
    pitch: float = 1.0
    values: dict[str, int] = field(default_factory=dict)


def with_blanks(plan: ScenePlan, rng: np.random.Generator, share: float) -> ScenePlan:
    """``plan`` with each cube's top face turned blank at chance ``share``, its layout too.

    >>> plan = ScenePlan(Layout({(0, 0): Face("A")}), [PlacedCube("A", 0.0, 0.0, 0.0, 0, 0)])
    >>> with_blanks(plan, np.random.default_rng(0), 1.0).layout.cells
    {(0, 0): Face(symbol='BLANK', declared=None)}
    """
    if share <= 0:
        return plan
    cubes = [replace(cube, symbol=BLANK) if rng.random() < share else cube for cube in plan.cubes]
    cells = {(c.row, c.col): Face(c.symbol) for c in cubes if c.row is not None}
    unused = tuple(Face(c.symbol) for c in cubes if c.row is None)
    return replace(plan, layout=replace(plan.layout, cells=cells, unused=unused), cubes=cubes)


def crossword_layout(
    rng: np.random.Generator,
    lang: str = "en",
    *,
    cubes: int = 14,
    wildcard: str | None = BLANK,
    wildcards: int = 2,
) -> Layout:
    """A crossword of real words (every maximal run of two or more cubes is a word of the
    ``lang`` lexicon) using at most ``cubes`` cubes, some of them left over, with up to
    ``wildcards`` of the ``wildcard`` symbol standing in for letters."""
    lexicon = load_lexicon(lang)
    cells: dict[Square, str] = {}
    target = int(rng.integers(max(3, cubes - 5), cubes - 1 + 1))
    by_length = _by_length(lang)
    first = _tokens(
        _pick(rng, by_length[int(rng.choice((3, 4, 5, 6), p=(0.3, 0.35, 0.25, 0.1)))]), rng
    )
    for i, token in enumerate(first):
        cells[(0, i)] = token
    index = _by_letter(lang)
    for _ in range(1500):
        if len(cells) >= target:
            break
        square = list(cells)[int(rng.integers(len(cells)))]
        token = cells[square]
        if token not in index:
            continue
        across = (square[0], square[1] - 1) in cells or (square[0], square[1] + 1) in cells
        down = (square[0] - 1, square[1]) in cells or (square[0] + 1, square[1]) in cells
        if across and down:
            continue
        step = (1, 0) if across or (not down and rng.random() < 0.5) else (0, 1)
        by_length = index[token]
        length = int(rng.choice(_LENGTHS, p=_LENGTH_WEIGHTS))
        candidates = by_length.get(length) or by_length[max(by_length)]
        word = _tokens(_pick(rng, candidates), rng)
        at = [i for i, t in enumerate(word) if t == token]
        if not at:
            continue
        offset = at[int(rng.integers(len(at)))]
        start = (square[0] - step[0] * offset, square[1] - step[1] * offset)
        placed = _place(cells, word, start, step, target, lexicon)
        if placed is not None:
            cells = placed
    top = min(r for r, _ in cells)
    left = min(c for _, c in cells)
    grid = {(r - top, c - left): Face(token) for (r, c), token in cells.items()}
    unused_count = int(rng.integers(1, max(2, cubes - len(grid) + 1)))
    unused = [Face(random_letter(rng, lang)) for _ in range(min(unused_count, cubes - len(grid)))]
    if wildcard and wildcards:
        squares = sorted(grid)
        count = min(wildcards, int(rng.choice(3, p=(0.45, 0.4, 0.15))))
        for i in rng.choice(len(squares), size=count, replace=False):
            grid[squares[int(i)]] = Face(wildcard)
    return Layout(grid, tuple(unused), LayoutKind.CROSSWORD)


def plan_crossword(
    rng: np.random.Generator,
    layout: Layout,
    *,
    lang: str = "en",
    cubeset: str | None = None,
    gaps: tuple[float, float] = (0.02, 0.12),
    touching: bool = False,
) -> ScenePlan:
    """Cubes laid out as ``layout``: grid cubes touching with gaps drawn from ``gaps`` (in
    cube sides: 3 mm of a 16 mm cube is 0.19) and a few degrees of jitter, the cubes left
    over lying apart at any angle. With ``touching``, cubes that the jitter would push into
    each other are spread just enough to touch instead."""
    gap = float(rng.uniform(*gaps))
    pitch = 1.0 + gap
    cubes = []
    for (r, c), face in layout.cells.items():
        x = c * pitch + float(rng.normal(0, 0.02))
        y = -r * pitch + float(rng.normal(0, 0.02))
        cubes.append(
            PlacedCube(face.symbol, x, y, float(rng.normal(0, 2.5)), r, c, _random_sides(rng, lang))
        )
    if touching:
        cubes = _apart(cubes)
    top, left, bottom, right = layout.bounds()
    box = (left * pitch - 0.6, -bottom * pitch - 0.6, right * pitch + 0.6, -top * pitch + 0.6)
    for face, (x, y) in zip(
        layout.unused, _scatter_outside(rng, box, len(layout.unused), cubes), strict=True
    ):
        cubes.append(
            PlacedCube(
                face.symbol, x, y, float(rng.uniform(0, 360)), None, None, _random_sides(rng, lang)
            )
        )
    return ScenePlan(layout, cubes, lang, cubeset, None, pitch, _values(cubeset))


def plan_tray(
    rng: np.random.Generator,
    *,
    size: int = 4,
    cubeset: str | None = None,
    lang: str = "en",
    rows: Sequence[Sequence[str]] | None = None,
) -> ScenePlan:
    """A word-hunt tray of ``size`` × ``size`` dice, each turned 0/90/180/270° plus jitter.

    Dice come from ``cubeset`` when its faces are known and it has enough dice; otherwise
    each die gets six letters drawn by letter frequency (with Å Ä Ö for ``sv``). ``rows``
    sets the top faces (and the size) instead.
    """
    if rows is not None:
        size = len(rows)
        if any(len(row) != size for row in rows):
            raise InputError(f"a tray is square: {size} rows need {size} faces each")
    count = size * size
    dice: list[Sequence[str]]
    known = load_cubeset(cubeset).faces if cubeset else None
    if known and len(known) >= count:
        order = rng.permutation(len(known))[:count]
        dice = [known[int(i)] for i in order]
    else:
        dice = [[random_letter(rng, lang) for _ in range(6)] for _ in range(count)]
    pitch = float(rng.uniform(1.12, 1.22))
    cubes, grid = [], []
    for r in range(size):
        row = []
        for c in range(size):
            die = list(dice[r * size + c])
            top = die.pop(int(rng.integers(6)))
            if rows is not None:
                top = Face(rows[r][c]).symbol
            row.append(top)
            yaw = 90.0 * int(rng.integers(4)) + float(rng.normal(0, 4))
            x = c * pitch + float(rng.normal(0, 0.03))
            y = -r * pitch + float(rng.normal(0, 0.03))
            sides = tuple(die[int(i)] for i in rng.permutation(5)[:4])
            cubes.append(PlacedCube(top, x, y, yaw, r, c, sides))
        grid.append(row)
    layout = Layout.from_rows(grid, kind=LayoutKind.TRAY)
    return ScenePlan(layout, cubes, lang, cubeset, size, pitch)


def plan_loose(
    rng: np.random.Generator,
    *,
    count: int = 12,
    cubeset: str | None = None,
    lang: str = "en",
    faces: Sequence[str] | None = None,
    arrangement: str = "scattered",
) -> ScenePlan:
    """``count`` dice on the table, laid out as ``arrangement`` says (one of
    :data:`LOOSE_ARRANGEMENTS`): ``scattered`` at any angle, none touching; ``clusters`` of
    dice touching side by side, with 0–3 mm gaps and a few degrees of misalignment;
    ``rows``, lined up a little apart as a player lays out a toss to read it. ``faces`` sets
    their top faces (and their count) instead."""
    if arrangement not in LOOSE_ARRANGEMENTS:
        raise InputError(
            f"unknown arrangement {arrangement!r} (known: {', '.join(LOOSE_ARRANGEMENTS)})"
        )
    known = load_cubeset(cubeset).faces if cubeset else None
    if faces is not None:
        count = len(faces)
    spread = math.sqrt(count) * 1.3
    yaws: list[float] | None = None
    if arrangement == "clusters":
        positions, yaws = _clustered(rng, count, spread)
    elif arrangement == "rows":
        positions, yaws = _in_rows(rng, count)
    else:
        positions = _scatter_outside(rng, None, count, [], spread=spread)
    cubes, tops = [], []
    for i, (x, y) in enumerate(positions):
        die = list(known[i % len(known)]) if known else [random_letter(rng, lang) for _ in range(6)]
        top = die.pop(int(rng.integers(6)))
        if faces is not None:
            top = Face(faces[i]).symbol
        tops.append(Face(top))
        sides = tuple(die[int(j)] for j in rng.permutation(5)[:4])
        yaw = float(rng.uniform(0, 360)) if yaws is None else yaws[i]
        cubes.append(PlacedCube(top, x, y, yaw, None, None, sides))
    return ScenePlan(Layout({}, tuple(tops), LayoutKind.LOOSE), cubes, lang, cubeset)


def _clustered(
    rng: np.random.Generator, count: int, spread: float
) -> tuple[list[tuple[float, float]], list[float]]:
    """Spots and turns of ``count`` dice in clusters of one to five touching side by side,
    each die turned its own quarter turns (pushed against another, a die's sides line up
    with its neighbour's, its letter any way round)."""
    positions: list[tuple[float, float]] = []
    yaws: list[float] = []
    while len(positions) < count:
        size = min(count - len(positions), int(rng.integers(1, 6)))
        cells = [(0, 0)]
        while len(cells) < size:
            r, c = cells[int(rng.integers(len(cells)))]
            dr, dc = ((0, 1), (1, 0), (0, -1), (-1, 0))[int(rng.integers(4))]
            if (r + dr, c + dc) not in cells:
                cells.append((r + dr, c + dc))
        pitch = 1.0 + float(rng.uniform(0.0, 0.19))
        turn = float(rng.uniform(0, 360))
        a = math.radians(turn)
        group = [
            PlacedCube(
                "BLANK",
                *_turned(c * pitch, -r * pitch, a),
                turn + 90.0 * int(rng.integers(4)) + float(rng.normal(0, 2)),
            )
            for r, c in cells
        ]
        group = _apart(group)
        for attempt in range(500):
            reach = spread * (1.0 + attempt / 100)
            dx, dy = (float(v) for v in rng.uniform(-reach, reach, 2))
            moved = [(cube.x + dx, cube.y + dy) for cube in group]
            if all(
                (x - px) ** 2 + (y - py) ** 2 > 1.6**2 for x, y in moved for px, py in positions
            ):
                positions += moved
                yaws += [cube.yaw for cube in group]
                break
        else:
            raise InputError("could not find room for a cluster of dice")
    return positions, yaws


def _in_rows(rng: np.random.Generator, count: int) -> tuple[list[tuple[float, float]], list[float]]:
    """Spots and turns of ``count`` dice lined up in rows of three to six, each die a
    little apart from the next (a tenth to nearly a side), a little off its row and turned
    its own quarter turns: nearly a tray's grid, without its slots."""
    per_row = int(rng.integers(3, 7))
    turn = float(rng.uniform(0, 360))
    a = math.radians(turn)
    row_pitch = float(rng.uniform(1.15, 1.9))
    cubes = []
    for start in range(0, count, per_row):
        r, x = start // per_row, float(rng.normal(0, 0.3))
        for _ in range(min(per_row, count - start)):
            y = -r * row_pitch + float(rng.normal(0, 0.08))
            yaw = turn + 90.0 * int(rng.integers(4)) + float(rng.normal(0, 6))
            cubes.append(PlacedCube("BLANK", *_turned(x, y, a), yaw))
            x += 1.0 + float(rng.uniform(0.1, 0.9))
    cubes = _apart(cubes)
    return [(cube.x, cube.y) for cube in cubes], [cube.yaw for cube in cubes]


def _turned(x: float, y: float, angle: float) -> tuple[float, float]:
    return (x * math.cos(angle) - y * math.sin(angle), x * math.sin(angle) + y * math.cos(angle))


def _apart(cubes: list[PlacedCube]) -> list[PlacedCube]:
    """``cubes`` spread out from their middle just enough that no two overlap."""
    middle = np.mean([(cube.x, cube.y) for cube in cubes], axis=0)
    for _ in range(40):
        if not any(_overlap(a, b) for i, a in enumerate(cubes) for b in cubes[i + 1 :]):
            return cubes
        cubes = [
            replace(
                cube,
                x=middle[0] + (cube.x - middle[0]) * 1.005,
                y=middle[1] + (cube.y - middle[1]) * 1.005,
            )
            for cube in cubes
        ]
    return cubes


def _overlap(a: PlacedCube, b: PlacedCube) -> bool:
    if (a.x - b.x) ** 2 + (a.y - b.y) ** 2 > 2.0:
        return False
    area, _ = cv2.intersectConvexConvex(_footprint(a), _footprint(b))
    return area > 1e-6


def _footprint(cube: PlacedCube) -> np.ndarray:
    a = math.radians(cube.yaw)
    square = np.array([[-0.5, -0.5], [0.5, -0.5], [0.5, 0.5], [-0.5, 0.5]])
    turn = np.array([[math.cos(a), -math.sin(a)], [math.sin(a), math.cos(a)]])
    return (square @ turn.T + (cube.x, cube.y)).astype(np.float32)


def random_letter(rng: np.random.Generator, lang: str = "en") -> str:
    """A letter drawn by its frequency in running text (Å Ä Ö too for Swedish)."""
    pool = _FREQUENT + (_SWEDISH_EXTRA if lang == "sv" else "")
    return pool[int(rng.integers(len(pool)))]


def _random_sides(rng: np.random.Generator, lang: str) -> tuple[str, str, str, str]:
    return tuple(random_letter(rng, lang) for _ in range(4))  # type: ignore[return-value]


def _values(cubeset: str | None) -> dict[str, int]:
    return dict(load_cubeset(cubeset).values) if cubeset else {}


def _place(
    cells: dict[Square, str],
    word: list[str],
    start: Square,
    step: tuple[int, int],
    limit: int,
    lexicon: Lexicon,
) -> dict[Square, str] | None:
    """``cells`` with ``word`` written from ``start``, or None where that breaks a rule."""
    squares = [(start[0] + step[0] * i, start[1] + step[1] * i) for i in range(len(word))]
    before = (start[0] - step[0], start[1] - step[1])
    after = (squares[-1][0] + step[0], squares[-1][1] + step[1])
    if before in cells or after in cells:
        return None
    new = dict(cells)
    added = []
    for square, token in zip(squares, word, strict=True):
        if square in cells:
            if cells[square] != token:
                return None
        else:
            new[square] = token
            added.append(square)
    if not added or len(new) > limit:
        return None
    for square in added:
        for direction in ((0, 1), (1, 0)):
            run = _run(new, square, direction)
            if len(run) > 1 and "".join(run) not in lexicon:
                return None
    return new


def _run(cells: dict[Square, str], square: Square, step: tuple[int, int]) -> list[str]:
    r, c = square
    while (r - step[0], c - step[1]) in cells:
        r, c = r - step[0], c - step[1]
    run = []
    while (r, c) in cells:
        run.append(cells[(r, c)].lower())
        r, c = r + step[0], c + step[1]
    return run


def _tokens(word: str, rng: np.random.Generator) -> list[str]:
    """A word split into cube faces: letters, and ``qu`` on one ``Qu`` face half the time."""
    out: list[str] = []
    i = 0
    while i < len(word):
        if word[i : i + 2] == "qu" and rng.random() < 0.5:
            out.append("Qu")
            i += 2
        else:
            out.append(word[i].upper())
            i += 1
    return out


@cache
def _word_pool(lang: str) -> list[str]:
    if lang not in ALPHABETS:
        raise InputError(f"no renderer alphabet for language {lang!r} (known: en, sv)")
    letters = set(ALPHABETS[lang].lower())
    return sorted(w for w in load_lexicon(lang).words() if 2 <= len(w) <= 7 and set(w) <= letters)


def _pick(rng: np.random.Generator, words: Sequence[str]) -> str:
    return words[int(rng.integers(len(words)))]


@cache
def _by_length(lang: str) -> dict[int, list[str]]:
    index: dict[int, list[str]] = {}
    for word in _word_pool(lang):
        index.setdefault(len(word), []).append(word)
    return index


@cache
def _by_letter(lang: str) -> dict[str, dict[int, list[str]]]:
    """Words by a letter they contain, then by length."""
    index: dict[str, dict[int, list[str]]] = {}
    for word in _word_pool(lang):
        for letter in set(word.upper()):
            index.setdefault(letter, {}).setdefault(len(word), []).append(word)
    return index


def _scatter_outside(
    rng: np.random.Generator,
    box: tuple[float, float, float, float] | None,
    count: int,
    taken: list[PlacedCube],
    spread: float = 3.0,
) -> list[tuple[float, float]]:
    """``count`` spots at least 1.6 apart from each other and from ``taken``, outside ``box``."""
    points = [(cube.x, cube.y) for cube in taken]
    found: list[tuple[float, float]] = []
    if box is None:
        box_centre, reach = (0.0, 0.0), spread
    else:
        box_centre = ((box[0] + box[2]) / 2, (box[1] + box[3]) / 2)
        reach = max(box[2] - box[0], box[3] - box[1]) / 2 + 2.5
    for _ in range(count):
        for attempt in range(500):
            grow = 1.0 + attempt / 100
            x = box_centre[0] + float(rng.uniform(-reach, reach)) * grow
            y = box_centre[1] + float(rng.uniform(-reach, reach)) * grow * 0.8
            inside = (
                box is not None
                and box[0] - 0.8 < x < box[2] + 0.8
                and box[1] - 0.8 < y < box[3] + 0.8
            )
            if inside:
                continue
            if all((x - px) ** 2 + (y - py) ** 2 > 1.6**2 for px, py in points + found):
                found.append((x, y))
                break
        else:
            raise InputError("could not find room for a loose cube")
    return found
