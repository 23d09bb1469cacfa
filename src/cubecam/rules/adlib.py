"""Duplicate Ad-Lib: two players, the same cube facings, each scores a crossword, two rounds.

>>> from cubecam.layout import Layout, Face
>>> facing_differences(Layout.from_rows(["AB"]), Layout.from_rows(["AC"]), ("Ann", "Bo"))
['Ann has B that Bo does not', 'Bo has C that Ann does not']
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import replace
from typing import Annotated, Any

from pydantic import (
    ConfigDict,
    Field,
    SerializerFunctionWrapHandler,
    computed_field,
    field_serializer,
    model_serializer,
)
from pydantic.dataclasses import dataclass

from cubecam.errors import InputError
from cubecam.grid_format import parse_grid
from cubecam.layout import Layout
from cubecam.lexicon import Lexicon
from cubecam.rules.crossword import CrosswordGame
from cubecam.rules.game import added
from cubecam.rules.match import Match, Side, Standing, Turn
from cubecam.rules.tally import CrosswordTally, signed


class AdLib(CrosswordGame):
    """Duplicate Ad-Lib Crossword Cubes: 13 cubes, 2 jokers; two players, two rounds; in the
    second each plays the letters the other rolled in the first.

    Its standing keeps the grids played so far (four at most), for the letters check at the end.
    """

    name = "adlib"
    title = "Duplicate Ad-Lib Crossword Cubes"
    default_set = "adlib"
    default_rounds = 2
    sides = (2, 2)
    simultaneous = True

    def agree(
        self, sides: Sequence[Side], target: int | None, rounds: int | None
    ) -> tuple[int | None, int | None]:
        super().agree(sides, None, None)
        if target is not None or rounds not in (None, 2):
            raise InputError(
                "Duplicate Ad-Lib is two rounds, with no target: drop --target/--rounds"
            )
        return None, 2

    def start(self, match: Match) -> Standing:
        return Standing(match, (0, 0), to_play=(0, 1), current={"grids": []})

    def advance(self, match: Match, standing: Standing, turn: Turn) -> Standing:
        totals = added(standing.totals, turn.seat, turn.score)
        grids = [*standing.current["grids"], [standing.round, turn.seat, turn.grid or ""]]
        to_play = tuple(s for s in standing.to_play if s != turn.seat)
        current = {"grids": grids}
        if to_play:
            return replace(standing, totals=totals, to_play=to_play, current=current)
        if standing.round == 1:
            return Standing(match, totals, 2, (0, 1), current=current)
        names = (match.sides[0].name, match.sides[1].name)
        played = {(number, seat): parse_grid(grid) for number, seat, grid in grids}
        notes = tuple(facings_check(played, names))
        return Standing(match, totals, 2, (), True, notes, current=current)


def facing_differences(first: Layout, second: Layout, names: tuple[str, str]) -> list[str]:
    """What the score sheet's check marks exist for: did both players play the same cube facings?"""
    a, b = first.symbols(), second.symbols()
    differences = []
    for mine, theirs, me, other in ((a, b, *names), (b, a, names[1], names[0])):
        for symbol, count in sorted((mine - theirs).items()):
            label = "a wildcard" if symbol == "?" else symbol
            times = f" ×{count}" if count > 1 else ""
            differences.append(f"{me} has {label}{times} that {other} does not")
    return differences


@dataclass(config=ConfigDict(serialize_by_alias=True))
class AdLibRound:
    """Both players' tallies for one round and any difference in their facings.

    In JSON: ``players`` (each tally with the player's ``name`` first), ``same_facings``,
    ``differences``, ``winner``.
    """

    tallies: Annotated[dict[str, CrosswordTally], Field(serialization_alias="players")]
    differences: list[str]

    @computed_field
    @property
    def same_facings(self) -> bool:
        return not self.differences

    @computed_field(description="null on a tie")
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

    @field_serializer("tallies", mode="wrap")
    def _named(
        self, tallies: dict[str, CrosswordTally], handler: SerializerFunctionWrapHandler
    ) -> list[dict[str, Any]]:
        return [{"name": name} | tally for name, tally in handler(tallies).items()]

    @model_serializer(mode="wrap")
    def _facings_first(self, handler: SerializerFunctionWrapHandler):  # type: ignore[no-untyped-def]
        """Whether the facings were the same before the differences (no return type, so the
        schema stays the fields')."""
        data = handler(self)
        return {key: data[key] for key in ("players", "same_facings", "differences", "winner")}


def score_round(
    layouts: Mapping[str, Layout], lexicon: Lexicon, game: CrosswordGame | None = None
) -> AdLibRound:
    """Score both players' layouts of one round and compare their facings."""
    game = game or AdLib()
    (first, a), (second, b) = layouts.items()
    tallies = {name: game.score(layout, lexicon) for name, layout in layouts.items()}
    return AdLibRound(tallies, facing_differences(a, b, (first, second)))


def facings_check(layouts: Mapping[tuple[int, int], Layout], names: tuple[str, str]) -> list[str]:
    """The score sheet's check: in round 2 each player had the letters the other rolled in round 1."""
    first, second = names
    differences = facing_differences(
        layouts[(1, 0)], layouts[(2, 1)], (f"{first} (round 1)", f"{second} (round 2)")
    ) + facing_differences(
        layouts[(1, 1)], layouts[(2, 0)], (f"{second} (round 1)", f"{first} (round 2)")
    )
    if not differences:
        return ["Cube facings: each player played the other's letters in round 2, as they should"]
    return ["Cube facings differ:", *(f"  {d}" for d in differences)]
