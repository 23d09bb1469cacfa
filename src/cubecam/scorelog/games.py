"""The games the log keeps: who sits where, whose turn it is, what each round scored, who won.

A game's state is never stored: it is replayed from its recorded turns, so an
undo is one deleted turn and a sheet always agrees with the turns it shows.

>>> game = Game(1, "scrabble-cubes", (Side(0, "Ann"), Side(1, "Bo")), target=30)
>>> turns = [Turn(1, 0, 1, "play", 22), Turn(2, 1, 1, "play", 9)]
>>> sheet = game.rules.replay(game, turns)
>>> sheet.totals(), [game.sides[s].name for s in sheet.to_play]
({'Ann': 22, 'Bo': 9}, ['Ann'])
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
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


@dataclass
class Sheet:
    """The score sheet of a game: rounds, totals, whose turn it is, the winner."""

    game: Game
    rounds: list[Round] = field(default_factory=list)
    to_play: tuple[int, ...] = ()
    round: int = 1
    over: bool = False
    notes: list[str] = field(default_factory=list)
    lengths_left: dict[int, tuple[int, ...]] = field(default_factory=dict)

    def totals(self) -> dict[str, int]:
        totals = {side.name: 0 for side in self.game.sides}
        for round_ in self.rounds:
            for seat, score in round_.scores.items():
                totals[self.game.sides[seat].name] += score
        return totals

    @property
    def winners(self) -> tuple[str, ...]:
        """The sides with the highest total once the game is over (more than one on a tie)."""
        if not self.over:
            return ()
        totals = self.totals()
        best = max(totals.values())
        return tuple(name for name, total in totals.items() if total == best)

    @property
    def winner(self) -> str | None:
        return self.winners[0] if len(self.winners) == 1 else None

    def status(self) -> str:
        """``Anna to play (round 2)``, ``Game over: Bo wins with 212``, ..."""
        names = [self.game.sides[seat].name for seat in self.to_play]
        if self.over:
            if self.winner:
                return f"Game over: {self.winner} wins with {self.totals()[self.winner]}"
            return f"Game over: a tie between {' and '.join(self.winners)}"
        if self.game.rules.simultaneous:
            return f"Round {self.round}: waiting for {', '.join(names)}"
        return f"{names[0]} to play (round {self.round})"

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
            "notes": self.notes,
            "status": self.status(),
        }


class GameKind:
    """The rules a log enforces for one kind of game; subclasses are the kinds."""

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
        for value, what in ((target, "target"), (rounds, "number of rounds")):
            if value is not None and value <= 0:
                raise InputError(f"the {what} must be positive, not {value}")
        if target is None and rounds is None:
            return self.default_target, self.default_rounds
        return target, rounds

    def replay(self, game: Game, turns: Sequence[Turn]) -> Sheet:
        """The sheet after ``turns`` (in the order they were played)."""
        raise NotImplementedError

    def score(
        self, game: Game, turns: Sequence[Turn], seat: int, layout: Layout, lexicon: Lexicon
    ) -> tuple[CrosswordTally, str]:
        """A crossword turn's tally and its printed form."""
        if not self.crossword:
            raise InputError(f"{self.title} rounds are not crosswords: record them as rounds")
        header = layout.headers.get("game")
        if header and header != self.name:
            raise InputError(f"the grid says 'game: {header}', but game {game.id} is {self.name}")
        tally = self.scorer(game, turns, seat).score(layout, lexicon)
        return tally, self.render_tally(tally, game, turns, seat)

    def finished_round(self, game: Game, turns: Sequence[Turn], seat: int) -> str | None:
        """Why the side has no more turns in the current round, if it has none."""
        return None

    def check_pass(self, game: Game, turns: Sequence[Turn], seat: int) -> None:
        """Raise unless the side may pass now."""
        raise InputError(f"{self.title} has no passes (only Game Two does)")

    def scorer(self, game: Game, turns: Sequence[Turn], seat: int) -> CrosswordGame:
        """What scores the side's next crossword."""
        return get_game(self.name, _cubeset(game))

    def render_tally(
        self, tally: CrosswordTally, game: Game, turns: Sequence[Turn], seat: int
    ) -> str:
        return tally.render()

    def _ended(self, game: Game, sheet: Sheet, completed: int) -> bool:
        """An agreed number of rounds played, or an agreed total reached (checked at a round's end)."""
        if game.rounds is not None and completed >= game.rounds:
            return True
        return game.target is not None and max(sheet.totals().values()) >= game.target


class GameOne(GameKind):
    """Scrabble Crossword Cubes, Game One: one crossword a turn, in turn, to an agreed total."""

    name = "scrabble-cubes"
    title = "Scrabble Crossword Cubes, Game One"
    default_target = 200

    def replay(self, game: Game, turns: Sequence[Turn]) -> Sheet:
        sheet = Sheet(game)
        n = len(game.sides)
        for index, turn in enumerate(turns):
            if index % n == 0:
                sheet.rounds.append(Round(index // n + 1))
            sheet.rounds[-1].add(turn.seat, turn.score, f"Turn: {signed(turn.score)}")
        sheet.over = len(turns) % n == 0 and self._ended(game, sheet, len(turns) // n)
        sheet.to_play = () if sheet.over else (len(turns) % n,)
        sheet.round = len(sheet.rounds) if sheet.over else len(turns) // n + 1
        return sheet


class GameTwo(GameKind):
    """Scrabble Crossword Cubes, Game Two: rounds of up to four tosses, sides alternating."""

    name = "scrabble-cubes-two"
    title = "Scrabble Crossword Cubes, Game Two"
    default_target = 250
    detailed = True

    def replay(self, game: Game, turns: Sequence[Turn]) -> Sheet:
        sheet = Sheet(game)
        states = self.states(game, turns)
        seats = range(len(game.sides))
        for number, (state, _) in enumerate(states, start=1):
            round_ = Round(number)
            for seat in seats:
                if state[seat].tosses or state[seat].passed:
                    round_.scores[seat] = state[seat].total
                    round_.lines[seat] = state[seat].render().splitlines()
                    round_.detail[seat] = _round_detail(state[seat])
            sheet.rounds.append(round_)
        state, last = states[-1] if states else ({s: GameTwoRound() for s in seats}, None)
        sheet.round = max(len(states), 1)
        if states and all(state[s].over for s in seats):
            sheet.over = self._ended(game, sheet, len(states))
            state, last = {s: GameTwoRound() for s in seats}, None
            sheet.round += not sheet.over
        if not sheet.over:
            order = [(last + 1 + i) % len(seats) for i in seats] if last is not None else seats
            sheet.to_play = (next(s for s in order if not state[s].over),)
            sheet.lengths_left = {s: state[s].left for s in seats if not state[s].over}
        return sheet

    def states(
        self, game: Game, turns: Sequence[Turn]
    ) -> list[tuple[dict[int, GameTwoRound], int | None]]:
        """Each round's state per seat, and the seat that played last in it."""
        seats = range(len(game.sides))
        states: list[tuple[dict[int, GameTwoRound], int | None]] = []
        for turn in turns:
            if not states or all(states[-1][0][s].over for s in seats):
                states.append(({s: GameTwoRound() for s in seats}, None))
            state = states[-1][0]
            before = state[turn.seat]
            state[turn.seat] = (
                before.pass_() if turn.action == PASS else before.toss(Toss.from_json(turn.tally))
            )
            states[-1] = (state, turn.seat)
        return states

    def finished_round(self, game: Game, turns: Sequence[Turn], seat: int) -> str | None:
        state = self.current(game, turns, seat)
        return state.why_over() if state.over else None

    def check_pass(self, game: Game, turns: Sequence[Turn], seat: int) -> None:
        self.current(game, turns, seat).pass_()

    def scorer(self, game: Game, turns: Sequence[Turn], seat: int) -> CrosswordGame:
        """A toss is scored against the lengths the side already formed in this round."""
        return self.current(game, turns, seat).game(_cubeset(game))

    def render_tally(
        self, tally: CrosswordTally, game: Game, turns: Sequence[Turn], seat: int
    ) -> str:
        return render_toss(tally, self.current(game, turns, seat))

    def current(self, game: Game, turns: Sequence[Turn], seat: int) -> GameTwoRound:
        """The side's round before its next toss."""
        states = self.states(game, turns)
        if not states or all(r.over for r in states[-1][0].values()):
            return GameTwoRound()
        return states[-1][0][seat]


class AdLib(GameKind):
    """Duplicate Ad-Lib: two players, two rounds; in the second each plays the other's letters."""

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

    def replay(self, game: Game, turns: Sequence[Turn]) -> Sheet:
        sheet = Sheet(game)
        played: dict[tuple[int, int], Turn] = {}
        for turn in turns:
            number = 1 if (1, turn.seat) not in played else 2
            if number > len(sheet.rounds):
                sheet.rounds.append(Round(number))
            played[(number, turn.seat)] = turn
            sheet.rounds[number - 1].add(turn.seat, turn.score, f"Round {number}: {turn.score}")
        number = 1 if any((1, s) not in played for s in (0, 1)) else 2
        sheet.to_play = tuple(s for s in (0, 1) if (number, s) not in played)
        sheet.over = not sheet.to_play
        sheet.round = number
        if sheet.over:
            names = tuple(side.name for side in game.sides)
            sheet.notes = facings_check(
                {(r, s): parse_grid(t.grid or "") for (r, s), t in played.items()}, names
            )
        return sheet


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

    def replay(self, game: Game, turns: Sequence[Turn]) -> Sheet:
        sheet = Sheet(game)
        for turn in turns:
            if not sheet.rounds or sheet.rounds[-1].number != turn.round:
                sheet.rounds.append(Round(turn.round))
            sheet.rounds[-1].add(turn.seat, turn.score, f"Round {turn.round}: {turn.score}")
        played = len(sheet.rounds)
        if game.target is not None:
            names = {side.seat: side.name for side in game.sides}
            points = [{names[seat]: n for seat, n in r.scores.items()} for r in sheet.rounds]
            sheet.over = HuntMatch(game.target, tuple(points)).over
        sheet.over = sheet.over or (game.rounds is not None and played >= game.rounds)
        sheet.to_play = () if sheet.over else tuple(s.seat for s in game.sides)
        sheet.round = played + (not sheet.over)
        return sheet

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
