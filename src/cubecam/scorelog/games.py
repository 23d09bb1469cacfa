"""The games the log keeps: who sits where, whose turn it is, what each round scored, who won.

The sheet is replayed from the recorded turns, so an undo is one deleted turn and a sheet
always agrees with the turns it shows. Where the game stands (a :class:`Standing`) is also
kept beside each turn, so that recording the next one need not replay the game.

>>> game = Game(1, "scrabble-cubes", (Side(0, "Ann"), Side(1, "Bo")), target=30)
>>> turns = [Turn(1, 0, 1, "play", 22), Turn(2, 1, 1, "play", 9)]
>>> sheet = game.rules.replay(game, turns)
>>> sheet.totals(), [game.sides[s].name for s in sheet.to_play]
({'Ann': 22, 'Bo': 9}, ['Ann'])
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field, replace
from typing import ClassVar

from cubecam.cubesets import CubeSet, load_cubeset
from cubecam.errors import InputError
from cubecam.grid_format import parse_grid
from cubecam.layout import Layout
from cubecam.lexicon import Lexicon
from cubecam.lexicon.rules import base_language
from cubecam.rules.adlib import facing_differences
from cubecam.rules.crossword import CrosswordGame, get_game
from cubecam.rules.game_two import GameTwoRound, Toss, render_toss
from cubecam.rules.hunt import Board, HuntMatch, RoundTally, hunt_rules
from cubecam.rules.tally import CrosswordTally, signed

PLAY = "play"
PASS = "pass"
MAX_TARGET = 1_000_000_000
MAX_ROUNDS = 1_000_000
MAX_ROUND_POINTS = 100_000
"""The most points one side may be given for a round (a 6×6 board's every word scores less)."""


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
    tally: Mapping = field(default_factory=dict)
    player: str | None = None
    grid: str | None = None
    photo: str | None = None
    created: str = ""


@dataclass(frozen=True)
class Game:
    """A game as agreed at the start: its kind, its sides, when it ends, its dictionary."""

    id: int
    kind: str
    sides: tuple[Side, ...]
    target: int | None = None
    rounds: int | None = None
    lang: str | None = None
    wordlist: str | None = None
    cubeset: str | None = None
    options: Mapping = field(default_factory=dict)
    created: str = ""

    @property
    def rules(self) -> GameKind:
        return get_kind(self.kind)

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
        return f"Game {self.id}: {self.rules.title}" + (f", {' or '.join(ends)}" if ends else "")


@dataclass
class Round:
    """One round of the score sheet: each side's score and the lines that make it up."""

    number: int
    scores: dict[int, int] = field(default_factory=dict)
    lines: dict[int, list[str]] = field(default_factory=dict)
    detail: dict[int, dict] = field(default_factory=dict)

    def add(self, seat: int, score: int, line: str) -> None:
        self.scores[seat] = self.scores.get(seat, 0) + score
        self.lines.setdefault(seat, []).append(line)


@dataclass(frozen=True)
class Standing:
    """Where a game stands after its last turn: the totals, the round, whose turn it is, whether
    it is over, and what the kind's rules keep of the round in play (``current``, plain JSON).

    The log keeps it beside each turn, so recording a turn reads one row instead of replaying
    the game; replaying the turns gives the same standing.

    >>> game = Game(1, "scrabble-cubes", (Side(0, "Ann"), Side(1, "Bo")), target=30)
    >>> standing = game.rules.advance(game, game.rules.start(game), Turn(1, 0, 1, "play", 22))
    >>> standing.totals_by_name(), standing.status()
    ({'Ann': 22, 'Bo': 0}, 'Bo to play (round 1)')
    """

    game: Game
    totals: tuple[int, ...]
    round: int = 1
    to_play: tuple[int, ...] = ()
    over: bool = False
    notes: tuple[str, ...] = ()
    lengths_left: Mapping[int, tuple[int, ...]] = field(default_factory=dict)
    current: Mapping = field(default_factory=dict)

    def totals_by_name(self) -> dict[str, int]:
        return {side.name: total for side, total in zip(self.game.sides, self.totals, strict=True)}

    @property
    def winners(self) -> tuple[str, ...]:
        """The sides with the highest total once the game is over (more than one on a tie)."""
        if not self.over:
            return ()
        best = max(self.totals)
        return tuple(s.name for s, t in zip(self.game.sides, self.totals, strict=True) if t == best)

    @property
    def winner(self) -> str | None:
        return self.winners[0] if len(self.winners) == 1 else None

    def status(self) -> str:
        """``Anna to play (round 2)``, ``Game over: Bo wins with 212``, ..."""
        names = [self.game.sides[seat].name for seat in self.to_play]
        if self.over:
            return f"Game over: {self.result()}"
        if self.game.rules.simultaneous:
            return f"Round {self.round}: waiting for {', '.join(names)}"
        return f"{names[0]} to play (round {self.round})"

    def result(self) -> str:
        """How a finished game ended: ``Bo wins with 212``, ``a tie between Ann and Bo``."""
        if self.winner:
            return f"{self.winner} wins with {self.totals_by_name()[self.winner]}"
        return f"a tie between {' and '.join(self.winners)}"

    def to_json(self) -> dict:
        """The standing as the log keeps it (without the game, which the log keeps apart)."""
        return {
            "totals": list(self.totals),
            "round": self.round,
            "to_play": list(self.to_play),
            "over": self.over,
            "notes": list(self.notes),
            "lengths_left": [[seat, list(left)] for seat, left in self.lengths_left.items()],
            "current": self.current,
        }

    @classmethod
    def from_json(cls, game: Game, data: Mapping) -> Standing:
        return cls(
            game,
            tuple(data["totals"]),
            data["round"],
            tuple(data["to_play"]),
            data["over"],
            tuple(data["notes"]),
            {seat: tuple(left) for seat, left in data["lengths_left"]},
            data["current"],
        )


@dataclass
class Sheet:
    """The score sheet of a game: its rounds line by line, and where the game stands."""

    game: Game
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
        sides = self.game.sides
        width = max(8, *(len(s.name) + 2 for s in sides))
        header = "Round".ljust(8) + "".join(s.name.rjust(width) for s in sides)
        lines = [self.game.describe(), "", header]
        for round_ in self.rounds:
            cells = "".join(
                (signed(round_.scores[s.seat]) if s.seat in round_.scores else "-").rjust(width)
                for s in sides
            )
            lines.append(str(round_.number).ljust(8) + cells)
        totals = self.totals()
        lines.append("Total".ljust(8) + "".join(signed(totals[s.name]).rjust(width) for s in sides))
        for round_ in self.rounds if self.game.rules.detailed else ():
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

    def to_json(self) -> dict:
        totals = self.totals()
        sides = self.game.sides
        return {
            "id": self.game.id,
            "game": self.game.kind,
            "title": self.game.rules.title,
            "target": self.game.target,
            "rounds_agreed": self.game.rounds,
            "lang": self.game.lang,
            "created": self.game.created,
            "players": [
                {
                    "name": s.name,
                    "members": list(s.players),
                    "total": totals[s.name],
                    "rounds": [r.scores.get(s.seat) for r in self.rounds],
                }
                for s in sides
            ],
            "rounds": [
                {
                    "number": r.number,
                    "scores": {sides[seat].name: score for seat, score in r.scores.items()},
                    "lines": {sides[seat].name: lines for seat, lines in r.lines.items()},
                    "detail": {sides[seat].name: d for seat, d in r.detail.items()},
                }
                for r in self.rounds
            ],
            "round": self.round,
            "to_play": [sides[seat].name for seat in self.to_play],
            "lengths_left": {sides[seat].name: list(v) for seat, v in self.lengths_left.items()},
            "over": self.over,
            "winner": self.winner,
            "winners": list(self.winners),
            "notes": list(self.notes),
            "status": self.status(),
        }


class GameKind:
    """The rules a log enforces for one kind of game; subclasses are the kinds.

    A kind says how a game starts (:meth:`start`) and what one turn does to where it stands
    (:meth:`advance`); the sheet is those turns replayed, each written on its round's line.
    """

    name: ClassVar[str]
    title: ClassVar[str]
    default_target: ClassVar[int | None] = None
    default_rounds: ClassVar[int | None] = None
    default_lang: ClassVar[str] = "en"
    crossword: ClassVar[bool] = True
    simultaneous: ClassVar[bool] = False
    detailed: ClassVar[bool] = False
    sides: ClassVar[tuple[int, int | None]] = (1, None)

    def agree(self, sides: Sequence[Side], target: int | None, rounds: int | None) -> tuple:
        """Check the sides and the end of the game; (target, rounds) with the defaults filled in."""
        low, high = self.sides
        if len(sides) < low or (high is not None and len(sides) > high):
            count = str(low) if low == high else f"{low} or more"
            raise InputError(f"{self.title} is played by {count} players or partnerships")
        for value, what, most in ((target, "target", MAX_TARGET), (rounds, "rounds", MAX_ROUNDS)):
            if value is not None and not 1 <= value <= most:
                raise InputError(
                    f"the {what} must be a whole number from 1 to {most:,}, not {value}"
                )
        if target is None and rounds is None:
            return self.default_target, self.default_rounds
        return target, rounds

    def start(self, game: Game) -> Standing:
        """Where the game stands before its first turn."""
        raise NotImplementedError

    def advance(self, game: Game, standing: Standing, turn: Turn) -> Standing:
        """Where the game stands after one more turn (one side's part of a round, for a hunt)."""
        raise NotImplementedError

    def replay(self, game: Game, turns: Sequence[Turn]) -> Sheet:
        """The sheet after ``turns`` (in the order they were played)."""
        sheet = Sheet(game, [], self.start(game))
        for turn in turns:
            before, sheet.standing = sheet.standing, self.advance(game, sheet.standing, turn)
            self.write(sheet, before, turn)
        return sheet

    def write(self, sheet: Sheet, before: Standing, turn: Turn) -> None:
        """Put the turn, played from ``before``, on its round's line of the sheet."""
        sheet.round_(before.round).add(turn.seat, turn.score, f"Round {before.round}: {turn.score}")

    def score(
        self, game: Game, standing: Standing, seat: int, layout: Layout, lexicon: Lexicon
    ) -> tuple[CrosswordTally, str]:
        """A crossword turn's tally and its printed form."""
        if not self.crossword:
            raise InputError(f"{self.title} rounds are not crosswords: record them as rounds")
        header = layout.headers.get("game")
        if header and header != self.name:
            raise InputError(f"the grid says 'game: {header}', but game {game.id} is {self.name}")
        tally = self.scorer(game, standing, seat).score(layout, lexicon)
        return tally, self.render_tally(tally, standing, seat)

    def finished_round(self, standing: Standing, seat: int) -> str | None:
        """Why the side has no more turns in the current round, if it has none."""
        return None

    def check_pass(self, standing: Standing, seat: int) -> None:
        """Raise unless the side may pass now."""
        raise InputError(f"{self.title} has no passes (only Game Two does)")

    def scorer(self, game: Game, standing: Standing, seat: int) -> CrosswordGame:
        """What scores the side's next crossword."""
        return get_game(self.name, _cubeset(game))

    def render_tally(self, tally: CrosswordTally, standing: Standing, seat: int) -> str:
        return tally.render()

    def _ended(self, game: Game, totals: Sequence[int], completed: int) -> bool:
        """An agreed number of rounds played, or an agreed total reached (checked at a round's end)."""
        if game.rounds is not None and completed >= game.rounds:
            return True
        return game.target is not None and max(totals) >= game.target


def _added(totals: tuple[int, ...], seat: int, points: int) -> tuple[int, ...]:
    return (*totals[:seat], totals[seat] + points, *totals[seat + 1 :])


class GameOne(GameKind):
    """Scrabble Crossword Cubes, Game One: one crossword a turn, in turn, to an agreed total."""

    name = "scrabble-cubes"
    title = "Scrabble Crossword Cubes, Game One"
    default_target = 200

    def start(self, game: Game) -> Standing:
        return Standing(game, (0,) * len(game.sides), to_play=(0,))

    def advance(self, game: Game, standing: Standing, turn: Turn) -> Standing:
        totals = _added(standing.totals, turn.seat, turn.score)
        following = (turn.seat + 1) % len(game.sides)
        if following:
            return replace(standing, totals=totals, to_play=(following,))
        if self._ended(game, totals, standing.round):
            return replace(standing, totals=totals, to_play=(), over=True)
        return replace(standing, totals=totals, to_play=(0,), round=standing.round + 1)

    def write(self, sheet: Sheet, before: Standing, turn: Turn) -> None:
        sheet.round_(before.round).add(turn.seat, turn.score, f"Turn: {signed(turn.score)}")


class GameTwo(GameKind):
    """Scrabble Crossword Cubes, Game Two: rounds of up to four tosses, sides alternating.

    Its standing keeps the round in play: each side's tosses (score and word lengths), whether
    it passed, and the side that played last.
    """

    name = "scrabble-cubes-two"
    title = "Scrabble Crossword Cubes, Game Two"
    default_target = 250
    detailed = True

    def start(self, game: Game) -> Standing:
        return self._standing(game, (0,) * len(game.sides), 1, self._fresh(game), None)

    def advance(self, game: Game, standing: Standing, turn: Turn) -> Standing:
        rounds = self.rounds(standing)
        before, after = rounds[turn.seat], self._played(rounds[turn.seat], turn)
        rounds[turn.seat] = after
        totals = _added(standing.totals, turn.seat, after.total - before.total)
        if not all(r.over for r in rounds.values()):
            return self._standing(game, totals, standing.round, rounds, turn.seat)
        if self._ended(game, totals, standing.round):
            return Standing(game, totals, standing.round, over=True)
        return self._standing(game, totals, standing.round + 1, self._fresh(game), None)

    def write(self, sheet: Sheet, before: Standing, turn: Turn) -> None:
        state = self._played(self.rounds(before)[turn.seat], turn)
        round_ = sheet.round_(before.round)
        round_.scores[turn.seat] = state.total
        round_.lines[turn.seat] = state.render().splitlines()
        round_.detail[turn.seat] = _round_detail(state)

    def rounds(self, standing: Standing) -> dict[int, GameTwoRound]:
        """Each side's round in play, as its standing keeps it."""
        return {
            int(seat): GameTwoRound(
                tuple(Toss(score, frozenset(lengths)) for score, lengths in kept["tosses"]),
                kept["passed"],
                frozenset(n for _, lengths in kept["tosses"] for n in lengths),
            )
            for seat, kept in standing.current["seats"].items()
        }

    def finished_round(self, standing: Standing, seat: int) -> str | None:
        state = self.rounds(standing)[seat]
        return state.why_over() if state.over else None

    def check_pass(self, standing: Standing, seat: int) -> None:
        self.rounds(standing)[seat].pass_()

    def scorer(self, game: Game, standing: Standing, seat: int) -> CrosswordGame:
        """A toss is scored against the lengths the side already formed in this round."""
        return self.rounds(standing)[seat].game(_cubeset(game))

    def render_tally(self, tally: CrosswordTally, standing: Standing, seat: int) -> str:
        return render_toss(tally, self.rounds(standing)[seat])

    def _standing(
        self,
        game: Game,
        totals: tuple[int, ...],
        number: int,
        rounds: Mapping[int, GameTwoRound],
        last: int | None,
    ) -> Standing:
        seats = range(len(game.sides))
        order = [(last + 1 + i) % len(seats) for i in seats] if last is not None else seats
        kept = {
            str(seat): {
                "tosses": [[t.score, sorted(t.lengths)] for t in state.tosses],
                "passed": state.passed,
            }
            for seat, state in rounds.items()
        }
        return Standing(
            game,
            totals,
            number,
            to_play=(next(s for s in order if not rounds[s].over),),
            lengths_left={s: rounds[s].left for s in seats if not rounds[s].over},
            current={"seats": kept},
        )

    @staticmethod
    def _fresh(game: Game) -> dict[int, GameTwoRound]:
        return {side.seat: GameTwoRound() for side in game.sides}

    @staticmethod
    def _played(state: GameTwoRound, turn: Turn) -> GameTwoRound:
        return state.pass_() if turn.action == PASS else state.toss(Toss.from_json(turn.tally))


class AdLib(GameKind):
    """Duplicate Ad-Lib: two players, two rounds; in the second each plays the other's letters.

    Its standing keeps the grids played so far (four at most), for the letters check at the end.
    """

    name = "adlib"
    title = "Duplicate Ad-Lib Crossword Cubes"
    default_rounds = 2
    sides = (2, 2)
    simultaneous = True

    def agree(self, sides: Sequence[Side], target: int | None, rounds: int | None) -> tuple:
        super().agree(sides, None, None)
        if target is not None or rounds not in (None, 2):
            raise InputError(
                "Duplicate Ad-Lib is two rounds, with no target: drop --target/--rounds"
            )
        return None, 2

    def start(self, game: Game) -> Standing:
        return Standing(game, (0, 0), to_play=(0, 1), current={"grids": []})

    def advance(self, game: Game, standing: Standing, turn: Turn) -> Standing:
        totals = _added(standing.totals, turn.seat, turn.score)
        grids = [*standing.current["grids"], [standing.round, turn.seat, turn.grid or ""]]
        to_play = tuple(s for s in standing.to_play if s != turn.seat)
        current = {"grids": grids}
        if to_play:
            return replace(standing, totals=totals, to_play=to_play, current=current)
        if standing.round == 1:
            return Standing(game, totals, 2, (0, 1), current=current)
        names = (game.sides[0].name, game.sides[1].name)
        played = {(number, seat): parse_grid(grid) for number, seat, grid in grids}
        notes = tuple(facings_check(played, names))
        return Standing(game, totals, 2, (), True, notes, current=current)


def facings_check(layouts: Mapping[tuple[int, int], object], names: tuple[str, str]) -> list[str]:
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


class Hunt(GameKind):
    """Word-hunt rounds: every player scores each round at once; first to an agreed total wins."""

    name = "hunt"
    title = "Word hunt"
    default_target = 100
    default_lang = "sv"
    crossword = False
    simultaneous = True

    def start(self, game: Game) -> Standing:
        return Standing(game, (0,) * len(game.sides), to_play=tuple(s.seat for s in game.sides))

    def advance(self, game: Game, standing: Standing, turn: Turn) -> Standing:
        standing = replace(
            standing,
            totals=_added(standing.totals, turn.seat, turn.score),
            to_play=tuple(s for s in standing.to_play if s != turn.seat),
        )
        if standing.to_play:
            return standing
        totals = standing.totals_by_name()
        over = game.target is not None and HuntMatch(game.target, (totals,)).over
        if over or (game.rounds is not None and standing.round >= game.rounds):
            return replace(standing, over=True)
        return replace(standing, round=standing.round + 1, to_play=tuple(range(len(game.sides))))

    def score_round(
        self, game: Game, board: Layout, words: Mapping[str, Sequence[str]], lexicon: Lexicon
    ) -> RoundTally:
        """Every player's written words scored against the board and each other."""
        lists: dict[str, list[str]] = {}
        for name, written in words.items():  # partners' lists make one list
            lists.setdefault(game.side(name).name, []).extend(written)
        rules = hunt_rules(
            base_language(game.lang or self.default_lang), fast=game.options.get("fast", False)
        )
        return rules.score(Board.from_layout(board), lexicon, lists)


KINDS: dict[str, GameKind] = {kind.name: kind for kind in (GameOne(), GameTwo(), AdLib(), Hunt())}


def get_kind(name: str) -> GameKind:
    try:
        return KINDS[name]
    except KeyError:
        raise InputError(f"unknown game {name!r} (known: {', '.join(KINDS)})") from None


def _cubeset(game: Game) -> CubeSet | None:
    return load_cubeset(game.cubeset) if game.cubeset else None


def _round_detail(state: GameTwoRound) -> dict:
    return {
        "tosses": [t.score for t in state.tosses],
        "passed": state.passed,
        "bonus": state.bonus,
        "bonus_name": state.bonus_name,
        "total": state.total,
        "lengths_left": list(state.left),
        "over": state.over,
    }
