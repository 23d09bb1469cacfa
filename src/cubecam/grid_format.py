"""The text grid: the printed form of a :class:`~cubecam.layout.Layout`.

What a person types to score a layout by hand, and what the camera side prints
for correction::

    # Game One example from the rulebook
    game: scrabble-cubes
    ...W.
    TIGER
    OF.A.
    N..V.
    ...E.
    unused: T U

A grid row is one square per character: ``.`` empty, an upper-case letter,
``?`` a wildcard whose letter the scorer infers, a lower-case letter a
wildcard the player says stands for that letter, ``[Qu]`` a multi-letter
face, ``[BLANK]``/``[JOKER]`` a wildcard named by kind, ``[BLOCK]`` the solid
face of 6×6 word-hunt dice. A row may instead
separate its squares with spaces (``T N T B`` or ``Qu A . E``), as word-hunt
boards are often typed. ``#`` starts a comment. ``key: value`` lines before the
grid are headers (``game``, ``set``, ``kind``, ``lang``, ``player``);
``unused:`` lists the cubes left over.

>>> layout = parse_grid("TIGER\\nOF...\\nunused: T U")
>>> print(format_grid(layout))
TIGER
OF...
unused: T U
"""

from __future__ import annotations

import re
from collections.abc import Callable, Mapping

from cubecam.cubesets import CubeSet, multi_letter_faces
from cubecam.errors import GridSyntaxError, InputError
from cubecam.layout import (
    BLANK,
    BLOCK,
    JOKER,
    MAX_FACE_LETTERS,
    WILD,
    Face,
    Layout,
    LayoutKind,
    Square,
    is_face_letter,
)
from cubecam.user_files import nfc

HEADERS = ("game", "set", "kind", "lang", "player")
_HEADER = re.compile(r"^([A-Za-z]+)\s*:(.*)$")


def parse_grid(
    text: str,
    *,
    lowercase_is_wildcard: bool | None = None,
    cubeset_for: Callable[[Mapping[str, str]], CubeSet | None] | None = None,
) -> Layout:
    """Parse a text grid into a :class:`Layout`; errors name the line and column.

    Lower-case letters are declared wildcards in crossword grids and plain
    letters in word-hunt trays (``kind: tray``); ``lowercase_is_wildcard``
    overrides that. The grid's squares count from its top-left cube; the
    ``kind:`` header is the layout's kind, not one of its headers.
    ``cubeset_for`` gives the cube set a grid with these headers is played with
    (its ``game:`` or ``set:``): then every square is one of that set's faces, and
    an error names them.

    >>> parse_grid("kind: tray\\nra\\nkt").at(1, 0)
    Face(symbol='K', declared=None)
    >>> parse_grid("Ab").at(0, 1)
    Face(symbol='?', declared='B')
    """
    headers: dict[str, str] = {}
    grid_lines: list[tuple[int, str]] = []
    unused_line: tuple[int, int, str] | None = None
    for number, raw in enumerate(nfc(text).splitlines(), start=1):
        line = _strip_comment(raw)
        if not line.strip():
            continue
        match = _HEADER.match(line.strip())
        if match:
            key, value = match.group(1).lower(), match.group(2).strip()
            if key == "unused":
                if unused_line is not None:
                    raise GridSyntaxError("a second 'unused:' line", number)
                offset = line.index(":") + 2
                unused_line = (number, offset, match.group(2))
            elif key in HEADERS:
                if grid_lines:
                    raise GridSyntaxError(f"header '{key}:' after the grid starts", number)
                headers[key] = value
            else:
                known = ", ".join((*HEADERS, "unused"))
                raise GridSyntaxError(f"unknown header '{key}:' (known: {known})", number)
            continue
        if unused_line is not None:
            raise GridSyntaxError("grid row after the 'unused:' line", number)
        grid_lines.append((number, line.rstrip()))

    kind = _kind(headers.pop("kind", None), bool(grid_lines))
    if lowercase_is_wildcard is None:
        lowercase_is_wildcard = kind is LayoutKind.CROSSWORD
    cubeset = cubeset_for(headers) if cubeset_for is not None else None

    def face(token: str, number: int, column: int) -> Face:
        return _set_face(token, lowercase_is_wildcard, number, column, cubeset)

    cells: dict[Square, Face] = {}
    for r, (number, line) in enumerate(grid_lines):
        for c, (column, token) in enumerate(_row_tokens(line, number)):
            if token != ".":
                cells[(r, c)] = face(token, number, column)
    unused: list[Face] = []
    if unused_line is not None:
        number, offset, rest = unused_line
        for match in re.finditer(r"\S+", rest):
            column = offset + match.start()
            unused.append(face(_unbracket(match.group(0), number, column), number, column))
    if not cells and not unused:
        raise InputError("the grid is empty: no cubes on it and none left over")
    return Layout(cells, tuple(unused), kind, headers).at_origin()


def format_grid(layout: Layout, *, headers: bool = True) -> str:
    """The text grid of ``layout``; :func:`parse_grid` reads it back to the same layout."""
    lines = []
    if headers:
        lines += [f"{key}: {layout.headers[key]}" for key in HEADERS if key in layout.headers]
        if layout.kind is not _kind(None, bool(layout.cells)):
            lines.append(f"kind: {layout.kind.value}")
    for row in layout.rows():
        lines.append(
            "".join("." if face is None else face_token(face, layout.kind) for face in row)
        )
    if layout.unused:
        lines.append("unused: " + " ".join(face_token(f, layout.kind) for f in layout.unused))
    return "\n".join(lines)


def face_token(face: Face, kind: LayoutKind = LayoutKind.CROSSWORD) -> str:
    """How one face is written in a grid.

    >>> face_token(Face("Qu")), face_token(Face(BLANK)), face_token(Face(WILD, "E")), face_token(Face(BLOCK))
    ('[Qu]', '[BLANK]', 'e', '[BLOCK]')
    """
    if face.is_wildcard:
        if face.declared:
            return face.declared.lower()
        return WILD if face.symbol == WILD else f"[{face.symbol}]"
    if kind is not LayoutKind.CROSSWORD and len(face.symbol) == 1:
        return face.symbol
    return face.symbol if len(face.symbol) == 1 else f"[{face.symbol}]"


def _strip_comment(line: str) -> str:
    return line.split("#", 1)[0]


def _kind(value: str | None, has_grid: bool) -> LayoutKind:
    if value is None:
        return LayoutKind.CROSSWORD if has_grid else LayoutKind.LOOSE
    try:
        return LayoutKind(value.strip().lower())
    except ValueError:
        kinds = ", ".join(k.value for k in LayoutKind)
        raise InputError(f"unknown kind {value!r} (known: {kinds})") from None


def _row_tokens(line: str, number: int) -> list[tuple[int, str]]:
    """(1-based column, token) for each square of a grid row."""
    if re.search(r"\S\s+\S", line):
        return [
            (m.start() + 1, _unbracket(m.group(0), number, m.start() + 1))
            for m in re.finditer(r"\S+", line)
        ]
    tokens: list[tuple[int, str]] = []
    i = len(line) - len(line.lstrip())
    while i < len(line):
        if line[i] == "[":
            end = line.find("]", i)
            if end == -1:
                raise GridSyntaxError("'[' without a closing ']'", number, i + 1)
            tokens.append((i + 1, line[i + 1 : end]))
            i = end + 1
        else:
            tokens.append((i + 1, line[i]))
            i += 1
    return tokens


def _unbracket(token: str, line: int, column: int) -> str:
    """A space-separated token without its brackets: ``[Qu]`` or ``Qu``, never half of them."""
    inner = token[1:-1] if len(token) > 1 and token[0] == "[" and token[-1] == "]" else token
    if "[" in inner:
        raise GridSyntaxError("'[' without a closing ']'", line, column)
    if "]" in inner:
        raise GridSyntaxError("']' without an opening '['", line, column)
    return inner


def _set_face(
    token: str, lowercase_is_wildcard: bool, line: int, column: int, cubeset: CubeSet | None
) -> Face:
    """One square's face, which must be one of ``cubeset``'s faces where it is given."""
    try:
        face = parse_face(token, lowercase_is_wildcard, line, column)
        if cubeset is None or cubeset.shows(face):
            return face
    except GridSyntaxError:
        if cubeset is None:
            raise
    raise GridSyntaxError(cubeset.lacks([token]), line, column)


def parse_face(
    token: str, lowercase_is_wildcard: bool = True, line: int | None = None, column: int = 1
) -> Face:
    """One square's token as a face, with the grid's rules; a face a cube can show.

    An unknown symbol is a :class:`GridSyntaxError` at ``line`` and ``column``
    (an :class:`InputError` without a ``line``).

    >>> parse_face("[Qu]".strip("[]")), parse_face("e"), parse_face("e", lowercase_is_wildcard=False)
    (Face(symbol='Qu', declared=None), Face(symbol='?', declared='E'), Face(symbol='E', declared=None))
    """
    if token == WILD:
        return Face(WILD)
    if token.upper() in (BLANK, JOKER, BLOCK):
        return Face(token.upper())
    token = nfc(token)
    faces = multi_letter_faces()
    known = len(token) == 1 or token[:1].upper() + token[1:].lower() in faces
    if (
        not token
        or not known
        or len(token) > MAX_FACE_LETTERS
        or not all(map(is_face_letter, token))
    ):
        several = " ".join(f"[{face}]" for face in sorted(faces))
        message = (
            f"unknown symbol {token!r}: a square is a Latin letter, '.', '?', a lower-case "
            "letter for a declared wildcard, [BLANK], [JOKER], [BLOCK] for a solid face, "
            f"or a face of letters ({several})"
        )
        if line is None:
            raise InputError(message)
        raise GridSyntaxError(message, line, column)
    if lowercase_is_wildcard and len(token) == 1 and token.islower():
        return Face(WILD, declared=token)
    return Face(token)
