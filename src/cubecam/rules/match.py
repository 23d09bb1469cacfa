"""A match of any game: its sides, its turns, where it stands and its score sheet.

A :class:`~cubecam.rules.game.Game` says how a match of it runs; these are the records it
runs on. The score log keeps them in SQLite, and the sheet is the turns replayed, so an undo
is one deleted turn and a sheet always agrees with the turns it shows.

>>> from cubecam.rules.crossword import GameOne
>>> match = Match(1, GameOne(), (Side(0, "Ann"), Side(1, "Bo")), target=30)
>>> sheet = match.game.replay(match, [Turn(1, 0, 1, "play", 22), Turn(2, 1, 1, "play", 9)])
>>> sheet.totals(), [match.sides[s].name for s in sheet.to_play]
({'Ann': 22, 'Bo': 9}, ['Ann'])
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Annotated, Any

from pydantic import BaseModel, ConfigDict, Field, InstanceOf, field_serializer
from pydantic.dataclasses import dataclass as schema_dataclass

from cubecam.errors import InputError
from cubecam.rules.tally import signed

if TYPE_CHECKING:
    from cubecam.rules.game import Game

PLAY = "play"
PASS = "pass"


@dataclass(frozen=True)
class Side:
    """One line of the score sheet: a player, or a partnership of ``members``."""

    seat: int
    name: str
    members: tuple[str, ...] = ()

    @property
    def players(self) -> tuple[str, ...]:
        return self.members or (self.name,)


@dataclass(frozen=True)
class Turn:
    """One recorded turn, toss or pass of one side (a hunt round records one per side)."""

    seq: int
    seat: int
    round: int
    action: str
    score: int
    tally: Mapping[str, Any] = field(default_factory=dict)
    player: str | None = None
    grid: str | None = None
    photo: str | None = None
    created: str = ""
    entry: str | None = None
    """What one write to the log recorded (a turn, toss or pass, or a whole round, whose sides'
    turns share it), never given again: after an undo the next turn takes the same ``seq``."""


@dataclass(frozen=True)
class Match:
    """A game as agreed at the start: which game, its sides, when it ends, its dictionary."""

    id: int
    game: Game
    sides: tuple[Side, ...]
    target: int | None = None
    rounds: int | None = None
    lang: str | None = None
    wordlist: str | None = None
    cubeset: str | None = None
    options: Mapping[str, Any] = field(default_factory=dict)
    created: str = ""

    @property
    def kind(self) -> str:
        """The game's name, as the score log keeps it."""
        return self.game.name

    def side(self, name: str) -> Side:
        """The side ``name`` plays on: a player's own line or their partnership's."""
        wanted = name.strip().casefold()
        for side in self.sides:
            if wanted == side.name.casefold() or wanted in (m.casefold() for m in side.members):
                return side
        names = ", ".join(p for s in self.sides for p in (s.name, *s.members))
        raise InputError(f"{name!r} does not play in game {self.id} (players: {names})")

    def player(self, name: str) -> str:
        """The player's name as the game spells it (a partnership's own name for the partnership)."""
        wanted = name.strip().casefold()
        side = self.side(name)
        return next((p for p in (side.name, *side.members) if p.casefold() == wanted), side.name)

    def describe(self) -> str:
        """``Game 3: Scrabble Crossword Cubes, Game Two, to 250``."""
        ends = []
        if self.rounds:
            ends.append(f"{self.rounds} round{'s' if self.rounds > 1 else ''}")
        if self.target:
            ends.append(f"to {self.target}")
        return f"Game {self.id}: {self.game.title}" + (f", {' or '.join(ends)}" if ends else "")


@dataclass
class Round:
    """One round of the score sheet: each side's score and the lines that make it up."""

    number: int
    scores: dict[int, int] = field(default_factory=dict)
    lines: dict[int, list[str]] = field(default_factory=dict)
    detail: dict[int, dict[str, Any]] = field(default_factory=dict)

    def add(self, seat: int, score: int, line: str) -> None:
        self.scores[seat] = self.scores.get(seat, 0) + score
        self.lines.setdefault(seat, []).append(line)


@schema_dataclass(frozen=True, config=ConfigDict(arbitrary_types_allowed=True))
class Standing:
    """Where a game stands after its last turn: the totals, the round, whose turn it is, whether
    it is over, and what the game's rules keep of the round in play (``current``, plain JSON).

    Its JSON (its pydantic schema, without the match, which the log keeps apart) is what
    the log keeps beside each turn, so recording a turn reads one row instead of replaying
    the game; replaying the turns gives the same standing.

    >>> from cubecam.rules.crossword import GameOne
    >>> match = Match(1, GameOne(), (Side(0, "Ann"), Side(1, "Bo")), target=30)
    >>> standing = match.game.advance(match, match.game.start(match), Turn(1, 0, 1, "play", 22))
    >>> standing.totals_by_name(), standing.status()
    ({'Ann': 22, 'Bo': 0}, 'Bo to play (round 1)')
    """

    match: Annotated[InstanceOf[Match], Field(exclude=True)]
    totals: tuple[int, ...]
    round: int = 1
    to_play: tuple[int, ...] = ()
    over: bool = False
    notes: tuple[str, ...] = ()
    lengths_left: Mapping[int, tuple[int, ...]] = field(default_factory=dict)
    current: Mapping[str, Any] = field(default_factory=dict)

    @field_serializer("lengths_left")
    def _seat_pairs(self, lengths_left: Mapping[int, tuple[int, ...]]) -> list[list[Any]]:
        return [[seat, list(left)] for seat, left in lengths_left.items()]

    def totals_by_name(self) -> dict[str, int]:
        return {side.name: total for side, total in zip(self.match.sides, self.totals, strict=True)}

    @property
    def winners(self) -> tuple[str, ...]:
        """The sides with the highest total once the game is over (more than one on a tie)."""
        if not self.over:
            return ()
        best = max(self.totals)
        return tuple(
            s.name for s, t in zip(self.match.sides, self.totals, strict=True) if t == best
        )

    @property
    def winner(self) -> str | None:
        return self.winners[0] if len(self.winners) == 1 else None

    def status(self) -> str:
        """``Anna to play (round 2)``, ``Game over: Bo wins with 212``, ..."""
        names = [self.match.sides[seat].name for seat in self.to_play]
        if self.over:
            return f"Game over: {self.result()}"
        if self.match.game.simultaneous:
            return f"Round {self.round}: waiting for {', '.join(names)}"
        return f"{names[0]} to play (round {self.round})"

    def result(self) -> str:
        """How a finished game ended: ``Bo wins with 212``, ``a tie between Ann and Bo``."""
        if self.winner:
            return f"{self.winner} wins with {self.totals_by_name()[self.winner]}"
        return f"a tie between {' and '.join(self.winners)}"

    @classmethod
    def from_json(cls, match: Match, data: Mapping[str, Any]) -> Standing:
        return cls(
            match,
            tuple(data["totals"]),
            data["round"],
            tuple(data["to_play"]),
            data["over"],
            tuple(data["notes"]),
            {seat: tuple(left) for seat, left in data["lengths_left"]},
            data["current"],
        )


class SheetSide(BaseModel):
    """A side's line on the sheet: its members, its total and its score in each round."""

    name: str
    members: list[str]
    total: int
    rounds: list[int | None]


class SheetRound(BaseModel):
    """One round of the sheet, by side name: scores, the lines that make them, details."""

    number: int
    scores: dict[str, int]
    lines: dict[str, list[str]]
    detail: dict[str, dict[str, Any]]


class SheetRecord(BaseModel):
    """A score sheet's JSON: the match as agreed, its sides and rounds, where it stands."""

    id: int
    game: str
    title: str
    target: int | None
    rounds_agreed: int | None
    lang: str | None
    created: str
    players: list[SheetSide]
    rounds: list[SheetRound]
    round: int
    to_play: list[str]
    lengths_left: dict[str, list[int]]
    over: bool
    winner: str | None
    winners: list[str]
    notes: list[str]
    status: str


@dataclass
class Sheet:
    """The score sheet of a match: its rounds line by line, and where the match stands."""

    match: Match
    rounds: list[Round]
    standing: Standing

    @property
    def to_play(self) -> tuple[int, ...]:
        return self.standing.to_play

    @property
    def round(self) -> int:
        return self.standing.round

    @property
    def over(self) -> bool:
        return self.standing.over

    @property
    def notes(self) -> tuple[str, ...]:
        return self.standing.notes

    @property
    def lengths_left(self) -> Mapping[int, tuple[int, ...]]:
        return self.standing.lengths_left

    @property
    def winners(self) -> tuple[str, ...]:
        return self.standing.winners

    @property
    def winner(self) -> str | None:
        return self.standing.winner

    def totals(self) -> dict[str, int]:
        return self.standing.totals_by_name()

    def status(self) -> str:
        return self.standing.status()

    def round_(self, number: int) -> Round:
        """Round ``number``, added to the sheet when it is the next one."""
        if not self.rounds or self.rounds[-1].number != number:
            self.rounds.append(Round(number))
        return self.rounds[-1]

    def render(self) -> str:
        """The sheet as a table of round scores, with each round's details where the game has them."""
        sides = self.match.sides
        width = max(8, *(len(s.name) + 2 for s in sides))
        header = "Round".ljust(8) + "".join(s.name.rjust(width) for s in sides)
        lines = [self.match.describe(), "", header]
        for round_ in self.rounds:
            cells = "".join(
                (signed(round_.scores[s.seat]) if s.seat in round_.scores else "-").rjust(width)
                for s in sides
            )
            lines.append(str(round_.number).ljust(8) + cells)
        totals = self.totals()
        lines.append("Total".ljust(8) + "".join(signed(totals[s.name]).rjust(width) for s in sides))
        for round_ in self.rounds if self.match.game.detailed else ():
            lines += ["", f"Round {round_.number}"]
            for side in sides:
                if side.seat in round_.lines:
                    lines.append(f"  {side.name}")
                    lines += [f"    {line}" for line in round_.lines[side.seat]]
        if self.lengths_left and not self.over:
            lines.append("")
            for seat, left in self.lengths_left.items():
                lengths = ", ".join(map(str, left)) or "none"
                lines.append(f"{sides[seat].name}: lengths left in round {self.round}: {lengths}")
        lines += ["", *self.notes, self.status()] if self.notes else ["", self.status()]
        return "\n".join(lines)

    def record(self) -> SheetRecord:
        """The sheet as the score log writes it (``cubecam game show --json``), seats named."""
        totals = self.totals()
        sides = self.match.sides
        return SheetRecord(
            id=self.match.id,
            game=self.match.kind,
            title=self.match.game.title,
            target=self.match.target,
            rounds_agreed=self.match.rounds,
            lang=self.match.lang,
            created=self.match.created,
            players=[
                SheetSide(
                    name=s.name,
                    members=list(s.players),
                    total=totals[s.name],
                    rounds=[r.scores.get(s.seat) for r in self.rounds],
                )
                for s in sides
            ],
            rounds=[
                SheetRound(
                    number=r.number,
                    scores={sides[seat].name: score for seat, score in r.scores.items()},
                    lines={sides[seat].name: lines for seat, lines in r.lines.items()},
                    detail={sides[seat].name: d for seat, d in r.detail.items()},
                )
                for r in self.rounds
            ],
            round=self.round,
            to_play=[sides[seat].name for seat in self.to_play],
            lengths_left={sides[seat].name: list(v) for seat, v in self.lengths_left.items()},
            over=self.over,
            winner=self.winner,
            winners=list(self.winners),
            notes=list(self.notes),
            status=self.status(),
        )
