"""A request the API cannot take, said as a sentence a player understands.

>>> sentence({"type": "string_pattern_mismatch", "loc": ("body", "symbol"), "input": "7"})
"'7' is not a cube face: type a letter, Qu, BLANK or JOKER"
"""

from __future__ import annotations

import re
from collections.abc import Mapping, Sequence
from typing import Any

FIELDS = {
    "symbol": "{input!r} is not a cube face: type a letter, Qu, BLANK or JOKER",
    "grid": "type the layout first (at most 4000 characters)",
    "row": "that square is too far from the cubes",
    "col": "that square is too far from the cubes",
    "cube": "that cube is not in this layout: take the photo again",
    "capture": "that photo is not known here: take it again",
    "capture_id": "that photo is not known here: take it again",
    "game_id": "that logged game is not known here: reload the page",
    "game": "choose a game first",
    "lang": "choose a dictionary",
    "kind": "choose the kind of game",
    "players": "name each player (one to eight players, twelve in a word hunt)",
    "name": "give each player a name of 1 to 40 characters",
    "player": "choose the player whose turn it is",
    "words": "a player's words are at most 20000 characters",
    "target": "the target is a whole number of points from 1 to 10000",
    "rounds": "the number of rounds is a whole number from 1 to 100",
    "photo": "choose a photo first",
}


def sentence(error: Mapping[str, Any]) -> str:
    """One validation error of FastAPI's (pydantic's) as a sentence for a player."""
    if error.get("type") == "json_invalid":
        return "the page sent something the server cannot read: reload the page"
    if error.get("type") == "string_unicode":
        return "a character sent is not text (a lone surrogate): type it again"
    names = [part for part in error.get("loc", ()) if isinstance(part, str)]
    field = names[-1] if names else "request"
    template = FIELDS.get(field, f"the {field.replace('_', ' ')} sent is not right")
    return template.format(input=error.get("input"))


def sentences(errors: Sequence[Mapping[str, Any]]) -> str:
    """Every validation error of a request, each said once, as one line."""
    said = dict.fromkeys(sentence(error) for error in errors)
    return "; ".join(said)


PAGE_WORDS = (
    (re.compile(r" \(--annotate draws (?:it|them) rejected\)"), ""),
    (
        re.compile(r"run cubecam calibrate --set (\S+) again"),
        r"calibrate \1 again on the computer that serves this page",
    ),
    (re.compile(r"drop --target/--rounds"), "leave 'Play to' and 'Rounds' empty"),
)
"""What the command line says with its options, as the page says it."""


def for_page(text: str) -> str:
    """A message of cubecam's, said in the page's words: no command-line options.

    >>> for_page("16 cubes found: the one least likely to be a cube was left out"
    ...          " (--annotate draws it rejected)")
    '16 cubes found: the one least likely to be a cube was left out'
    >>> for_page("Duplicate Ad-Lib is two rounds, with no target: drop --target/--rounds")
    "Duplicate Ad-Lib is two rounds, with no target: leave 'Play to' and 'Rounds' empty"
    """
    for pattern, words in PAGE_WORDS:
        text = pattern.sub(words, text)
    return text
