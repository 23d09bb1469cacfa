"""A round of Duplicate Ad-Lib: two players, the same cube facings, each scores a crossword.

>>> from cubecam.layout import Layout, Face
>>> facing_differences(Layout.from_rows(["AB"]), Layout.from_rows(["AC"]), ("Ann", "Bo"))
['Ann has B that Bo does not', 'Bo has C that Ann does not']
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass

from cubecam.layout import Layout
from cubecam.lexicon import Lexicon
from cubecam.rules.crossword import AdLib, CrosswordGame
from cubecam.rules.tally import CrosswordTally, signed


def facing_differences(first: Layout, second: Layout, names: tuple[str, str]) -> list[str]:
    """What the score sheet's check marks exist for: did both players play the same cube facings?"""
    a, b = first.symbols(), second.symbols()
    differences = []
    for mine, theirs, me, other in ((a, b, *names), (b, a, *reversed(names))):
        for symbol, count in sorted((mine - theirs).items()):
            label = "a wildcard" if symbol == "?" else symbol
            times = f" ×{count}" if count > 1 else ""
            differences.append(f"{me} has {label}{times} that {other} does not")
    return differences


@dataclass
class AdLibRound:
    """Both players' tallies for one round and any difference in their facings."""

    tallies: dict[str, CrosswordTally]
    differences: list[str]

    @property
    def winner(self) -> str | None:
        """The player with the higher final score, or None on a tie."""
        ranked = sorted(self.tallies.items(), key=lambda kv: -kv[1].final)
        if len(ranked) < 2 or ranked[0][1].final == ranked[1][1].final:
            return None
        return ranked[0][0]

    def render(self) -> str:
        parts = [f"{name}\n{tally.render()}" for name, tally in self.tallies.items()]
        if self.differences:
            parts.append("Cube facings differ:\n" + "\n".join(f"  {d}" for d in self.differences))
        else:
            parts.append("Cube facings: both players used the same letters")
        scores = ", ".join(f"{n} {signed(t.final)}" for n, t in self.tallies.items())
        parts.append(f"Round: {scores}; " + (f"{self.winner} leads" if self.winner else "tied"))
        return "\n\n".join(parts)

    def to_json(self) -> dict:
        return {
            "players": [{"name": n, **t.to_json()} for n, t in self.tallies.items()],
            "same_facings": not self.differences,
            "differences": self.differences,
            "winner": self.winner,
        }


def score_round(
    layouts: Mapping[str, Layout], lexicon: Lexicon, game: CrosswordGame | None = None
) -> AdLibRound:
    """Score both players' layouts of one round and compare their facings."""
    game = game or AdLib()
    (first, a), (second, b) = layouts.items()
    tallies = {name: game.score(layout, lexicon) for name, layout in layouts.items()}
    return AdLibRound(tallies, facing_differences(a, b, (first, second)))
