"""Physical cube sets, described in ``calibration/*.toml``.

One file per set: its name, how many cubes, its wildcard faces, letter values,
and each cube's six faces where they are known (else, optionally, every symbol its
cubes show). A user's own set may say only
``like = "adlib"``: it then has that set's letters, values and faces (and whatever
else its file says), under its own name, so that its calibrated look goes with it.

>>> cubes = load_cubeset("scrabble-crossword-cubes")
>>> cubes.count, cubes.wildcards, cubes.value(Face("F")), cubes.value(Face("BLANK"))
(14, 2, 1, 0)
"""

from __future__ import annotations

import logging
import re
import reprlib
import tomllib
from collections import Counter
from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field
from functools import cache
from pathlib import Path
from typing import Any

from cubecam import paths
from cubecam.errors import InputError
from cubecam.layout import BLANK, BLOCK, JOKER, WILD, Face, Layout, canonical_symbol
from cubecam.user_files import read_user_text, write_user_file

MAX_SET_BYTES = 1_000_000
"""The largest set file read (the shipped ones are a few kB)."""
_log = logging.getLogger(__name__)


def calibration_dirs() -> list[Path]:
    """Where sets are looked up, the first holding a name winning: ``$CUBECAM_CALIBRATION``,
    the user's own sets, then the shipped ones (a source checkout's top-level ``calibration/``,
    which its users edit, else the copy inside the installed package)."""
    extra = paths.extra_cubesets_dir()
    dirs = [extra] if extra else []
    here = Path(__file__).resolve().parent
    checkout = here.parents[1]
    source = (checkout / "pyproject.toml").is_file() and (checkout / "calibration").is_dir()
    dirs += [paths.cubesets_dir(), checkout / "calibration" if source else here / "calibration"]
    return [d for d in dirs if d.is_dir()]


@dataclass(frozen=True)
class CubeSet:
    """A physical set of cubes or dice."""

    name: str
    title: str
    count: int
    kind: str = "crossword"
    lang: str = "en"
    wildcard: str | None = None
    wildcards: int = 0
    values: Mapping[str, int] = field(default_factory=dict)
    faces: tuple[tuple[str, ...], ...] | None = None
    size: int | None = None
    like: str | None = None
    """The shipped set whose letters and values a user's own set has (None for a shipped set)."""
    symbols: frozenset[str] = frozenset()
    """Every symbol the cubes show, for a set whose cubes' six faces are not published."""

    def value(self, face: Face) -> int:
        """The points a face scores: wildcards 0, a multi-letter face its own value or its letters'."""
        if face.is_wildcard:
            return 0
        if face.symbol in self.values:
            return self.values[face.symbol]
        if len(face.symbol) > 1 and all(ch in self.values for ch in face.symbol.upper()):
            return sum(self.values[ch] for ch in face.symbol.upper())
        return 0

    def shows(self, face: Face) -> bool:
        """Whether a cube of this set can show ``face``: one of its faces or symbols where it
        lists them, else a letter it has a value for (or a known multi-letter face of such
        letters); any face where the set says neither. A wildcard must be of its own kind
        (a blank or a joker, any where it has wildcards of no named kind), or one not named
        (``?``, which only the count of its wildcards limits).

        >>> cubes = load_cubeset("scrabble-crossword-cubes")
        >>> [cubes.shows(Face(s)) for s in ("Q", "Qu", "Å", "Xy", "BLANK", "JOKER", "?")]
        [True, True, False, False, True, False, True]
        """
        listed = self.listed_symbols()
        if face.is_wildcard:
            kind = canonical_symbol(self.wildcard) if self.wildcard else None
            own = face.symbol == kind if kind else self.wildcards > 0
            return own or face.symbol == WILD or face.symbol in listed
        if listed:
            return face.symbol in listed
        if self.values:
            spelt = face.symbol in multi_letter_faces() and set(face.letters) <= set(self.values)
            return face.symbol in self.values or spelt
        return True

    def check(self, layout: Layout) -> list[str]:
        """Problems that make ``layout`` impossible with this set (faces it has not, too many
        cubes or wildcards)."""
        faces = layout.faces()
        problems = []
        foreign = sorted({face.symbol for face in faces if not self.shows(face)})
        if foreign:
            problems.append(self.lacks(foreign))
        if len(faces) > self.count:
            problems.append(f"{len(faces)} cubes, but the {self.title} set has {self.count}")
        wild = sum(face.is_wildcard for face in faces)
        if wild > self.wildcards:
            what = {BLANK: "blanks", JOKER: "jokers"}.get(self.wildcard or "", "wildcards")
            typed = any(face.declared for face in faces)  # a lower-case letter in a grid
            hint = " (a lower-case letter is a wildcard for that letter: write letters in capitals)"
            problems.append(
                f"{wild} wildcards, but the {self.title} set has {self.wildcards} {what}"
                + (hint if typed else "")
            )
        return problems

    def unseen(self, layout: Layout) -> int:
        """How many of the set's cubes ``layout`` does not show (none where it shows them all):
        cubes out of the photo or the grid, whose faces no one knows.

        >>> load_cubeset("adlib").unseen(Layout.from_rows(["CAT"], unused=[Face("S")]))
        9
        """
        return max(0, self.count - len(layout.faces()))

    def shown(self, unseen: int) -> str:
        """How many of its cubes a layout that leaves ``unseen`` of them out shows, in words.

        >>> load_cubeset("adlib").shown(1)
        "12 of the Duplicate Ad-Lib Crossword Cubes set's 13 cubes"
        """
        return f"{self.count - unseen} of the {self.title} set's {self.count} cubes"

    def lacks(self, symbols: Iterable[str]) -> str:
        """The sentence that says this set has none of ``symbols``, naming the faces it has.

        >>> load_cubeset("classic-4x4").lacks(["Å"])[:60]
        'the Classic 4x4 word hunt set has no face Å (its faces: A B '
        """
        return (
            f"the {self.title} set has no face {' '.join(symbols)} "
            f"(its faces: {' '.join(self.face_names())})"
        )

    def listed_symbols(self) -> frozenset[str]:
        """The symbols its cubes' faces, or else its ``symbols``, list (empty where neither is)."""
        return frozenset(canonical_symbol(s) for cube in self.faces or () for s in cube) or (
            self.symbols
        )

    def face_names(self) -> list[str]:
        """The symbols its cubes show, sorted (its lettered values where they are unlisted)."""
        symbols = set(self.listed_symbols() or self.values)
        if self.wildcard and self.wildcards:
            symbols.add(canonical_symbol(self.wildcard))
        return sorted(symbols)

    def unexplained(self, symbols: Iterable[str]) -> list[str]:
        """Symbols that no assignment of distinct cubes can show (empty when the faces are unknown).

        >>> load_cubeset("classic-4x4").unexplained(["Qu", "Qu"])
        ['Qu']
        """
        if not self.faces:
            return []
        wanted = [canonical_symbol(s) for s in symbols]
        cube_faces = [set(map(canonical_symbol, cube)) for cube in self.faces]
        match: dict[int, int] = {}

        def augment(i: int, seen: set[int]) -> bool:
            for c, faces in enumerate(cube_faces):
                if wanted[i] in faces and c not in seen:
                    seen.add(c)
                    if c not in match or augment(match[c], seen):
                        match[c] = i
                        return True
            return False

        missing = [wanted[i] for i in range(len(wanted)) if not augment(i, set())]
        return sorted(Counter(missing).elements())


def _from_toml(data: Mapping, path: Path) -> CubeSet:
    """The set a file's keys describe; an InputError naming the file for a key that is
    missing, of the wrong type, out of range, or a face no cube can show."""
    faces = _key(data, "faces", list, path, None)
    values = _key(data, "values", dict, path, {})
    symbols = _key(data, "symbols", list, path, [])
    wildcard = _key(data, "wildcard", str, path, None)
    if not all(isinstance(cube, list) and _all_text(cube) for cube in faces or ()):
        raise InputError(
            f"cube set file {path}: faces must be lists of faces in quotes, one a cube"
        )
    if not _all_text(symbols):
        raise InputError(f"cube set file {path}: symbols must be a list of faces in quotes")
    for letter in values:
        _key(values, letter, int, path, least=0, where="values.")
    try:
        named = [*values, *symbols, *(face for cube in faces or () for face in cube)]
        for symbol in (*named, *([wildcard] if wildcard is not None else [])):
            canonical_symbol(symbol)
    except InputError as error:
        raise InputError(f"cube set file {path}: {error}") from None
    name = _key(data, "name", str, path)
    return CubeSet(
        name=name,
        title=_key(data, "title", str, path, name),
        count=_key(data, "cubes", int, path, least=1),
        kind=_key(data, "kind", str, path, "crossword"),
        lang=_key(data, "lang", str, path, "en"),
        wildcard=wildcard,
        wildcards=_key(data, "wildcards", int, path, 0, least=0),
        values={canonical_symbol(k): v for k, v in values.items()},
        faces=tuple(tuple(cube) for cube in faces) if faces else None,
        size=_key(data, "size", int, path, None, least=1),
        like=_key(data, "like", str, path, None),
        symbols=frozenset(map(canonical_symbol, symbols)),
    )


_REQUIRED = object()
_KINDS = {str: "text in quotes", int: "a whole number", list: "a list", dict: "a table"}


def _key(
    data: Mapping,
    key: str,
    kind: type[Any],
    path: Path,
    default: object = _REQUIRED,
    *,
    least: int | None = None,
    where: str = "",
) -> Any:
    """``data[key]``, of type ``kind`` and at least ``least``, else ``default`` where it is
    not given (an InputError where there is no default).

    >>> _key({"cubes": "many"}, "cubes", int, Path("my.toml"))
    Traceback (most recent call last):
    cubecam.errors.InputError: cube set file my.toml: cubes must be a whole number, not 'many'
    """
    if key not in data:
        if default is _REQUIRED:
            raise InputError(f"cube set file {path} has no {where}{key}")
        return default
    value = data[key]
    if not isinstance(value, kind) or isinstance(value, bool):
        raise InputError(
            f"cube set file {path}: {where}{key} must be {_KINDS[kind]}, not {reprlib.repr(value)}"
        )
    if least is not None and value < least:
        raise InputError(
            f"cube set file {path}: {where}{key} must be at least {least}, not {value}"
        )
    return value


def _all_text(items: list) -> bool:
    return all(isinstance(item, str) for item in items)


def available_cubesets() -> dict[str, Path]:
    """Every set that can be loaded, by name."""
    found: dict[str, Path] = {}
    for folder in reversed(calibration_dirs()):
        for path in folder.glob("*.toml"):
            found[path.stem] = path
    return found


def load_cubeset(name: str) -> CubeSet:
    """The set called ``name`` (a file name in ``calibration/`` without ``.toml``, or a path)."""
    return _read_cubeset(_set_file(name))


def _set_file(name: str) -> Path:
    path = Path(name)
    if path.suffix != ".toml" or not path.is_file():
        sets = available_cubesets()
        if name not in sets:
            raise InputError(f"unknown cube set {name!r} (known: {', '.join(sorted(sets))})")
        path = sets[name]
    return path.absolute()


@cache
def _read_cubeset(path: Path) -> CubeSet:
    return _from_toml(_set_data(path, ()), path)


def _set_data(path: Path, inside: tuple[Path, ...]) -> dict:
    """A set file's keys over those of the set it is ``like`` (a table such as ``values``
    letter by letter; the title is its own)."""
    try:
        data = tomllib.loads(read_user_text(path, "cube set", MAX_SET_BYTES))
    except tomllib.TOMLDecodeError as error:
        raise InputError(f"cannot read cube set {path}: {error}") from None
    except RecursionError:
        raise InputError(f"cannot read cube set {path}: it nests too deeply") from None
    like = _key(data, "like", str, path, None)
    if like is None:
        return data
    try:
        base_path = _set_file(like)
    except InputError as error:
        raise InputError(f"cube set file {path} is like {like!r}: {error}") from None
    if base_path.resolve() in {seen.resolve() for seen in (*inside, path)}:
        raise InputError(f"cube set file {path} is like itself (through {like!r})")
    base = _set_data(base_path, (*inside, path))
    base.pop("title", None)
    merged = {**base, **data, "like": base.get("like", like)}
    for key, table in data.items():
        if isinstance(table, dict) and isinstance(base.get(key), dict):
            merged[key] = {**base[key], **table}
    return merged


def new_set_base(name: str, like: str | None) -> str | None:
    """The set a new set ``name`` is like: ``like``, else the shipped set its name contains
    (``my-adlib`` is like ``adlib``); None when ``name`` is a set already.

    >>> new_set_base("grandmas-adlib", None), new_set_base("adlib", None)
    ('adlib', None)
    """
    check_set_name(name)
    sets = available_cubesets()
    if name in sets:
        if like is not None:
            raise InputError(
                f"{name} is a cube set already ({sets[name]}): --like is for a new set"
            )
        return None
    if like is None:
        named = [known for known in sets if known in name]
        if not named:
            raise InputError(
                f"say which set your cubes {name} are like, with --like (known: {', '.join(sorted(sets))})"
            )
        like = max(named, key=len)
    return load_cubeset(like).name


def write_user_set(name: str, like: str) -> Path:
    """Write the user's set ``name``, which is ``like`` another set, into the user's sets folder."""
    text = (
        f"# Your set {name}: the letters, values and faces of {like}, and the look that\n"
        "# cubecam calibrate learnt from your photos. Add keys (values, faces...) to differ.\n"
        f'name = "{name}"\nlike = "{like}"\n'
    )
    return write_user_file(paths.cubesets_dir() / f"{name}.toml", text.encode(), "cube set")


def check_set_name(name: str) -> str:
    """``name`` if it can name a set file: letters, digits, '-', '_' or '.'."""
    if not re.fullmatch(r"[\w.-]+", name):
        raise InputError(f"a set name is letters, digits, '-', '_' or '.', not {name!r}")
    return name


@cache
def multi_letter_faces() -> frozenset[str]:
    """The faces of more than one letter that some known set's cubes show (Qu).

    >>> sorted(multi_letter_faces())
    ['An', 'Er', 'He', 'In', 'Qu', 'Th']
    """
    return frozenset(
        symbol
        for cubes in readable_cubesets()
        for symbol in cubes.listed_symbols()
        if len(symbol) > 1 and symbol not in (BLANK, JOKER, BLOCK)
    )


def readable_cubesets() -> list[CubeSet]:
    """Every set that can be loaded; one that cannot (a broken file among the user's sets)
    is left out with a warning naming it, so that the others keep working."""
    found = []
    for name in sorted(available_cubesets()):
        try:
            found.append(load_cubeset(name))
        except InputError as error:
            _log.warning("cubecam: warning: the cube set %s is left out: %s", name, error)
    return found
