"""A logged game written out: JSON with every turn's grid and tally, or CSV of the scores.

The CSV has one row per turn, toss, pass or hunt round of each side, and one per
Game Two slam bonus, so summing ``score`` by ``side`` gives the sheet's totals;
``words`` are the turn's words that scored and ``not_counted`` those that did not.
A name or word that a spreadsheet would take for a formula is written after a quote
(see :func:`as_text`).
"""

from __future__ import annotations

import csv
import io
import json
from collections.abc import Mapping

from cubecam.rules.match import Match, Sheet, Turn

CSV_FIELDS = (
    "game",
    "kind",
    "round",
    "seq",
    "side",
    "player",
    "action",
    "score",
    "words",
    "not_counted",
    "created",
)
FORMATS = ("csv", "json")
FORMULA_STARTS = ("=", "+", "-", "@", "\t", "\r")
"""What makes a spreadsheet read a cell as a formula (OWASP's CSV injection advice)."""


def export_text(match: Match, turns: list[Turn], sheet: Sheet, fmt: str) -> str:
    """The game as the text of a ``fmt`` file (one of FORMATS)."""
    if fmt == "csv":
        return export_csv(match, turns, sheet)
    return json.dumps(export_json(match, turns, sheet), ensure_ascii=False, indent=2) + "\n"


def export_json(match: Match, turns: list[Turn], sheet: Sheet) -> dict:
    """The whole game: the sheet, the sides and every turn with its grid, photo and tally."""
    return {
        **sheet.record().model_dump(mode="json"),
        "turns": [
            {
                "seq": t.seq,
                "round": t.round,
                "side": match.sides[t.seat].name,
                "player": t.player,
                "action": t.action,
                "score": t.score,
                "grid": t.grid,
                "photo": t.photo,
                "tally": t.tally,
                "created": t.created,
            }
            for t in turns
        ],
    }


def export_csv(match: Match, turns: list[Turn], sheet: Sheet) -> str:
    """The scores as CSV rows (see the module's note)."""
    out = io.StringIO()
    writer = csv.DictWriter(out, CSV_FIELDS, lineterminator="\n")
    writer.writeheader()
    for t in turns:
        writer.writerow(
            {
                "game": match.id,
                "kind": match.kind,
                "round": t.round,
                "seq": t.seq,
                "side": as_text(match.sides[t.seat].name),
                "player": as_text(t.player or ""),
                "action": t.action,
                "score": t.score,
                "words": as_text(" ".join(words_of(t.tally, counted=True))),
                "not_counted": as_text(" ".join(words_of(t.tally, counted=False))),
                "created": t.created,
            }
        )
    for round_ in sheet.rounds:
        for seat, detail in sorted(round_.detail.items()):
            if detail.get("bonus"):
                writer.writerow(
                    {
                        "game": match.id,
                        "kind": match.kind,
                        "round": round_.number,
                        "seq": "",
                        "side": as_text(match.sides[seat].name),
                        "player": "",
                        "action": detail["bonus_name"],
                        "score": detail["bonus"],
                        "words": "",
                        "not_counted": "",
                        "created": "",
                    }
                )
    return out.getvalue()


def as_text(cell: str) -> str:
    """A user's text as a CSV cell that a spreadsheet shows and never runs: one that begins
    as a formula does is written after a single quote (the scores, numbers, are not text).

    >>> as_text("=1+2"), as_text("-Bo"), as_text("Ann")
    ("'=1+2", "'-Bo", 'Ann')
    """
    return "'" + cell if cell.startswith(FORMULA_STARTS) else cell


def words_of(tally: Mapping, *, counted: bool) -> list[str]:
    """The words of a recorded tally that scored (or, with ``counted=False``, those that did not),
    from a crossword's tally or a hunt player's.

    >>> words_of({"words": [{"word": "CAT", "valid": True}, {"word": "XU", "valid": False}]},
    ...          counted=False)
    ['XU']
    >>> words_of({"accepted": [{"word": "rakt", "points": 2}], "rejected": []}, counted=True)
    ['rakt']
    """
    crossword = [w["word"] for w in tally.get("words", ()) if bool(w.get("valid")) == counted]
    hunt = [w["word"] for w in tally.get("accepted" if counted else "rejected", ())]
    return crossword + hunt
