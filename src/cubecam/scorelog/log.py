"""The score log: whole games kept in SQLite, turn by turn, for the command line and the web page.

>>> import tempfile, pathlib
>>> from cubecam.grid_format import parse_grid
>>> with ScoreLog(pathlib.Path(tempfile.mkdtemp()) / "scores.sqlite3") as log:
...     game = log.new_game("scrabble-cubes", ["Ann", "Bo"], target=200)
...     done = log.record_turn(game.id, "Ann", parse_grid("CAT\\nunused: E"))
...     done.standing.totals_by_name(), done.standing.status()
({'Ann': 4, 'Bo': 0}, 'Bo to play (round 1)')
"""

from __future__ import annotations

import hashlib
import json
import secrets
from collections.abc import Collection, Mapping, Sequence
from dataclasses import dataclass
from itertools import groupby
from operator import attrgetter
from pathlib import Path

from pydantic_core import to_jsonable_python

from cubecam.errors import GameOver, InputError
from cubecam.grid_format import format_grid
from cubecam.layout import Layout, LayoutKind
from cubecam.lexicon import Lexicon, load_lexicon
from cubecam.rules.games import find_game
from cubecam.rules.hunt import Hunt
from cubecam.rules.match import PASS, PLAY, Match, Sheet, Side, Standing, Turn
from cubecam.rules.tally import signed
from cubecam.scorelog.db import Database, connect

seq_of = attrgetter("seq")
MAX_GAME_ID = 2**63 - 1
"""The largest id SQLite can give a game."""
MAX_ROUND_POINTS = 100_000
"""The most points one side may be given for a round (a 6×6 board's every word scores less)."""


class NoSuchGame(InputError):
    """A game number the score log has no game for."""

    def __init__(self, game_id: int, path: Path) -> None:
        super().__init__(f"no game {game_id} in {path} (see 'cubecam game list')")
        self.game_id = game_id


class SheetMoved(InputError):
    """A write against a version of the game's sheet that is no longer its version: another
    phone recorded or undid a turn meanwhile, so nothing was written."""

    def __init__(self, game_id: int, what: str) -> None:
        super().__init__(f"{what}, so nothing was written: check the sheet and try again")
        self.game_id = game_id


@dataclass(frozen=True)
class Recorded:
    """What one command wrote: the new turns, the tally as printed, and where the game stands."""

    turns: tuple[Turn, ...]
    text: str
    standing: Standing


class ScoreLog:
    """Games in one SQLite file (by default the user's ``scores.sqlite3``)."""

    def __init__(
        self,
        path: Path | str | None = None,
        *,
        timeout: float | None = None,
        read_only: bool = False,
    ) -> None:
        self.db: Database = connect(path, timeout=timeout, read_only=read_only)

    @property
    def path(self) -> Path:
        return self.db.path

    def close(self) -> None:
        self.db.close()

    def __enter__(self) -> ScoreLog:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()

    def new_game(
        self,
        kind: str,
        players: Sequence[str],
        teams: Mapping[str, Sequence[str]] | None = None,
        *,
        target: int | None = None,
        rounds: int | None = None,
        lang: str | None = None,
        wordlist: Path | str | None = None,
        cubeset: str | None = None,
        options: Mapping | None = None,
    ) -> Match:
        """Start a game of ``kind`` (a game's name); players on a team play on the team's line
        (a partnership)."""
        game = find_game(kind)()
        sides = seat_sides(players, teams or {})
        target, rounds = game.agree(sides, target, rounds)
        lang = lang or game.default_lang
        wordlist = str(Path(wordlist).resolve()) if wordlist else None
        with self.db.transaction():
            cursor = self.db.execute(
                "INSERT INTO games (kind, target, rounds, lang, wordlist, cubeset, options)"
                " VALUES (?, ?, ?, ?, ?, ?, ?)",
                (kind, target, rounds, lang, wordlist, cubeset, json.dumps(dict(options or {}))),
            )
            game_id = cursor.lastrowid
            assert game_id is not None  # the row just inserted
            for side in sides:
                self.db.execute(
                    "INSERT INTO sides (game_id, seat, name, members) VALUES (?, ?, ?, ?)",
                    (game_id, side.seat, side.name, json.dumps(side.members)),
                )
        return self.game(game_id)

    def game(self, game_id: int) -> Match:
        if not 1 <= game_id <= MAX_GAME_ID:
            raise InputError(f"no game {game_id} in {self.path} (see 'cubecam game list')")
        row = self.db.execute(
            "SELECT id, kind, target, rounds, lang, wordlist, cubeset, options, created"
            " FROM games WHERE id = ?",
            (game_id,),
        ).fetchone()
        if row is None:
            raise NoSuchGame(game_id, self.path)
        sides = tuple(
            Side(seat, name, tuple(json.loads(members)))
            for seat, name, members in self.db.execute(
                "SELECT seat, name, members FROM sides WHERE game_id = ? ORDER BY seat", (game_id,)
            )
        )
        id_, kind, target, rounds, lang, wordlist, cubeset, options, created = row
        game = find_game(kind)()
        return Match(
            id_, game, sides, target, rounds, lang, wordlist, cubeset, json.loads(options), created
        )

    def games(self) -> list[Match]:
        """Every game in the log, newest first."""
        ids = [row[0] for row in self.db.execute("SELECT id FROM games ORDER BY id DESC")]
        return [self.game(game_id) for game_id in ids]

    def turns(self, game_id: int, after: int = 0) -> list[Turn]:
        """The game's turns in the order they were played (those numbered after ``after``)."""
        return [
            Turn(seq, seat, round_, action, score, json.loads(tally), *rest)
            for seq, seat, round_, action, score, tally, *rest in (
                self.db.execute(
                    "SELECT seq, seat, round, action, score, tally, player, grid, photo, created,"
                    " entry FROM turns WHERE game_id = ? AND seq > ? ORDER BY seq, seat",
                    (game_id, after),
                )
            )
        ]

    def photos(self) -> set[str]:
        """The photo of every recorded turn, as it was recorded."""
        rows = self.db.execute("SELECT DISTINCT photo FROM turns WHERE photo IS NOT NULL")
        return {photo for (photo,) in rows}

    def version(self, game_id: int) -> str:
        """The version of the game's sheet: another with every turn, toss, pass or round
        recorded or undone (the page's ETag). Turns are numbered 1, 2, … and only the last
        can be undone, so the number of the last and a hash of what it holds (where the game
        stood after it, too) tell one sheet from another without reading every turn."""
        row = self.db.execute("SELECT max(seq) FROM turns WHERE game_id = ?", (game_id,))
        return self._version_at(game_id, row.fetchone()[0] or 0)

    def last_played(self, game_id: int) -> str | None:
        """What the game's last turn, toss, pass or round was (what an undo removes), for a
        person; None before the first."""
        match = self.game(game_id)
        row = self.db.execute("SELECT max(seq) FROM turns WHERE game_id = ?", (game_id,))
        last = row.fetchone()[0]
        return played(match, self.turns(game_id, after=last - 1)) if last else None

    def _version_at(self, game_id: int, seq: int) -> str:
        rows = self.db.execute(
            "SELECT seat, round, action, player, score, grid, photo, tally, state, created"
            " FROM turns WHERE game_id = ? AND seq = ? ORDER BY seat",
            (game_id, seq),
        ).fetchall()
        digest = hashlib.sha256(json.dumps(rows, ensure_ascii=False).encode()).hexdigest()
        return f"{seq}-{digest[:16]}"

    def _check_seen(self, match: Match, seen: Collection[str] | None) -> None:
        """Refuse a write by a writer that saw none of the versions ``seen`` of the sheet
        (None: no check), saying what changed since; called inside the write's transaction,
        so that nothing changes between the check and the write."""
        if seen is None or self.version(match.id) in seen:
            return
        for version in seen:
            number = version.partition("-")[0]
            if number.isdigit() and self._version_at(match.id, int(number)) == version:
                later = self.turns(match.id, after=int(number))
                what = [played(match, list(turns)) for _, turns in groupby(later, seq_of)]
                verb = "was" if len(what) == 1 else "were"
                raise SheetMoved(
                    match.id, f"{' and '.join(what)} {verb} recorded from another phone meanwhile"
                )
        raise SheetMoved(match.id, "a turn was undone from another phone meanwhile")

    def sheet(self, game_id: int) -> Sheet:
        """The game's score sheet: rounds, totals, whose turn it is, the winner."""
        match = self.game(game_id)
        return match.game.replay(match, self.turns(game_id))

    def lexicon(self, match: Match) -> Lexicon:
        """The dictionary the game was agreed to use."""
        compounds = bool(match.options.get("compounds"))
        return load_lexicon(
            match.lang or match.game.default_lang, match.wordlist, compounds=compounds
        )

    def standing(self, match: Match) -> Standing:
        """Where the game stands, as kept beside its last turn (a log written before standings
        were kept is replayed once)."""
        row = self.db.execute(
            "SELECT state FROM turns WHERE game_id = ? ORDER BY seq DESC, seat DESC LIMIT 1",
            (match.id,),
        ).fetchone()
        if row is None:
            return match.game.start(match)
        if row[0] is None:
            return match.game.replay(match, self.turns(match.id)).standing
        return Standing.from_json(match, json.loads(row[0]))

    def record_turn(
        self,
        game_id: int,
        player: str,
        layout: Layout,
        *,
        photo: Path | str | None = None,
        lexicon: Lexicon | None = None,
        seen: Collection[str] | None = None,
    ) -> Recorded:
        """Score ``layout`` as the player's turn (or toss) and record it (if the sheet is at
        one of the versions ``seen``, where given: see :meth:`version`)."""
        match = self.game(game_id)
        lexicon = lexicon or self.lexicon(match)
        with self.db.transaction():
            self._check_seen(match, seen)
            standing = self.standing(match)
            side = self._may_play(match, standing, player)
            tally, text = match.game.score_turn(match, standing, side.seat, layout, lexicon)
            turn = Turn(
                self._next_seq(game_id),
                side.seat,
                standing.round,
                PLAY,
                tally.final,
                to_jsonable_python(tally),
                match.player(player),
                format_grid(layout),
                str(photo) if photo else None,
                entry=new_entry(),
            )
            standing = self._insert(match, standing, [turn])
        return Recorded((turn,), text, standing)

    def record_pass(
        self, game_id: int, player: str, *, seen: Collection[str] | None = None
    ) -> Recorded:
        """The player (or partnership) passes for the rest of the round (Game Two, rule 4c)."""
        match = self.game(game_id)
        with self.db.transaction():
            self._check_seen(match, seen)
            standing = self.standing(match)
            side = self._may_play(match, standing, player)
            match.game.check_pass(standing, side.seat)
            seq = self._next_seq(game_id)
            turn = Turn(
                seq, side.seat, standing.round, PASS, 0, {}, match.player(player), entry=new_entry()
            )
            standing = self._insert(match, standing, [turn])
        return Recorded((turn,), f"{side.name} passes", standing)

    def record_round(
        self,
        game_id: int,
        points: Mapping[str, int],
        *,
        tallies: Mapping[str, Mapping] | None = None,
        board: Layout | None = None,
        text: str = "",
        photo: Path | str | None = None,
        seen: Collection[str] | None = None,
    ) -> Recorded:
        """A round that every side plays at once (a word hunt): each side's points, recorded
        together, with the board and the photo it was read from, if any."""
        match = self.game(game_id)
        if not match.game.simultaneous or match.game.layout_kind is LayoutKind.CROSSWORD:
            raise InputError(f"{match.game.title} is recorded turn by turn, not as whole rounds")
        scores = {match.side(name).seat: int(value) for name, value in points.items()}
        wrong = [
            f"{name} {value}"
            for name, value in points.items()
            if not 0 <= int(value) <= MAX_ROUND_POINTS
        ]
        if wrong:
            raise InputError(
                f"points in a round are whole numbers from 0 to {MAX_ROUND_POINTS:,}, "
                f"not {', '.join(wrong)}"
            )
        missing = [s.name for s in match.sides if s.seat not in scores]
        if missing:
            raise InputError(f"a round needs every player's points: missing {', '.join(missing)}")
        with self.db.transaction():
            self._check_seen(match, seen)
            standing = self.standing(match)
            if standing.over:
                raise GameOver(f"game {game_id} is over: {standing.result()}")
            seq, entry = self._next_seq(game_id), new_entry()
            grid = format_grid(board) if board else None
            new = tuple(
                Turn(
                    seq,
                    side.seat,
                    standing.round,
                    PLAY,
                    scores[side.seat],
                    dict((tallies or {}).get(side.name, {})),
                    side.name,
                    grid,
                    str(photo) if photo else None,
                    entry=entry,
                )
                for side in match.sides
            )
            standing = self._insert(match, standing, new)
        return Recorded(new, text, standing)

    def record_hunt_round(
        self,
        game_id: int,
        board: Layout,
        words: Mapping[str, Sequence[str]],
        *,
        lexicon: Lexicon | None = None,
        photo: Path | str | None = None,
        seen: Collection[str] | None = None,
    ) -> Recorded:
        """Score a word-hunt round from every player's written words, and record it (with the
        photo the board was read from, if any)."""
        match = self.game(game_id)
        if not isinstance(match.game, Hunt):
            raise InputError(f"game {game_id} is {match.game.title}, not a word hunt")
        tally = match.game.score_round(match, board, words, lexicon or self.lexicon(match))
        players = {p.name: to_jsonable_python(p) for p in tally.players}
        return self.record_round(
            game_id,
            tally.totals(),
            tallies=players,
            board=board,
            text=tally.render(),
            photo=photo,
            seen=seen,
        )

    def undo(self, game_id: int, *, seen: Collection[str] | None = None) -> list[Turn]:
        """Remove the game's last recorded turn, toss, pass or round; the removed turns."""
        match = self.game(game_id)
        with self.db.transaction():
            self._check_seen(match, seen)
            turns = self.turns(game_id)
            if not turns:
                raise InputError(f"game {game_id} has no turns to undo")
            last = turns[-1].seq
            self.db.execute("DELETE FROM turns WHERE game_id = ? AND seq = ?", (game_id, last))
        return [t for t in turns if t.seq == last]

    def _may_play(self, match: Match, standing: Standing, player: str) -> Side:
        side = match.side(player)
        if standing.over:
            raise GameOver(f"game {match.id} is over: {standing.result()}")
        if side.seat not in standing.to_play:
            if match.game.simultaneous:
                raise InputError(
                    f"{side.name} has played round {standing.round}: {standing.status()}"
                )
            finished = match.game.finished_round(standing, side.seat)
            if finished:
                raise InputError(f"{side.name}'s round is over ({finished}): {standing.status()}")
            raise InputError(f"it is not {side.name}'s turn: {standing.status()}")
        return side

    def _next_seq(self, game_id: int) -> int:
        row = self.db.execute("SELECT max(seq) FROM turns WHERE game_id = ?", (game_id,))
        return (row.fetchone()[0] or 0) + 1

    def _insert(self, match: Match, standing: Standing, turns: Sequence[Turn]) -> Standing:
        """Write the turns, each with where the game stands after it; the last standing."""
        for t in turns:
            standing = match.game.advance(match, standing, t)
            self.db.execute(
                "INSERT INTO turns (game_id, seq, seat, round, action, player, score, grid, photo,"
                " tally, state, entry) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
                (
                    match.id,
                    t.seq,
                    t.seat,
                    t.round,
                    t.action,
                    t.player,
                    t.score,
                    t.grid,
                    t.photo,
                    json.dumps(t.tally, ensure_ascii=False),
                    json.dumps(to_jsonable_python(standing), ensure_ascii=False),
                    t.entry,
                ),
            )
        return standing


def played(match: Match, turns: Sequence[Turn]) -> str:
    """What one recorded turn, toss, pass or round (``turns`` of one number) was, for a person.

    >>> from cubecam.rules.crossword import GameOne
    >>> match = Match(1, GameOne(), (Side(0, "Ann"), Side(1, "Bo")))
    >>> played(match, [Turn(2, 1, 1, PLAY, 22)]), played(match, [Turn(3, 0, 2, PASS, 0)])
    ("Bo's turn in round 1 (22)", "Ann's pass in round 2")
    """
    first = turns[0]
    if match.game.simultaneous:
        scores = ", ".join(f"{match.sides[t.seat].name} {signed(t.score)}" for t in turns)
        return f"round {first.round} ({scores})"
    name = match.sides[first.seat].name
    if first.action == PASS:
        return f"{name}'s pass in round {first.round}"
    return f"{name}'s turn in round {first.round} ({signed(first.score)})"


def new_entry() -> str:
    """An id for what one write records (see ``Turn.entry``), which no later write repeats."""
    return secrets.token_hex(8)


def seat_sides(players: Sequence[str], teams: Mapping[str, Sequence[str]]) -> list[Side]:
    """Lines of the score sheet, in the order the players were named; a team sits at its first member.

    >>> [s.name for s in seat_sides(["Ann", "Bo", "Cy", "Di"], {"Red": ["Ann", "Cy"], "Blue": ["Bo", "Di"]})]
    ['Red', 'Blue']
    """
    team_of: dict[str, str] = {}
    for team, members in teams.items():
        if len(members) < 2:
            raise InputError(f"partnership {team!r} needs two or more players")
        for member in members:
            if member in team_of:
                raise InputError(f"{member!r} is in two partnerships")
            team_of[member] = team
    names = [*players, *(m for m in team_of if m not in players)]
    folded = [n.casefold() for n in (*names, *teams)]
    clash = [n for n in (*names, *teams) if folded.count(n.casefold()) > 1 or not n.strip()]
    if clash:
        raise InputError(f"every player and partnership needs its own name: {clash[0]!r}")
    sides: list[Side] = []
    for name in names:
        partnership = team_of.get(name)
        if partnership is None:
            sides.append(Side(len(sides), name))
        elif all(side.name != partnership for side in sides):
            sides.append(Side(len(sides), partnership, tuple(teams[partnership])))
    return sides
