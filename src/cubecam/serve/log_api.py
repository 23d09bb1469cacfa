"""The score log behind the page: logged games, their sheets, and recording a turn or a round."""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from contextlib import contextmanager
from typing import Annotated

from fastapi import APIRouter, Path, Request, Response

from cubecam.cubesets import CubeSet
from cubecam.errors import InputError
from cubecam.layout import LayoutKind
from cubecam.rules.games import GAMES
from cubecam.rules.hunt import parse_word_list
from cubecam.rules.match import Match, Sheet
from cubecam.rules.tally import signed
from cubecam.scorelog import ScoreLog
from cubecam.scorelog.export import export_text
from cubecam.serve.api import ERRORS, store_of
from cubecam.serve.captures import Capture, Recording
from cubecam.serve.games import capture_terms, check_lang, cubeset_of
from cubecam.serve.schemas import (
    KindOut,
    LoggedGameOut,
    NewGameIn,
    RecordedOut,
    RoundIn,
    SheetOut,
    TurnIn,
    UndoneOut,
)

router = APIRouter(prefix="/api/log", responses=ERRORS)
GameId = Annotated[int, Path(ge=1, le=2**62, description="a logged game's number")]
ExportFormat = Annotated[str, Path(pattern=r"^(csv|json)$", description="csv or json")]
LISTED = 30


@contextmanager
def score_log(request: Request) -> Iterator[ScoreLog]:
    """The score log the server was started with, open for one request."""
    with ScoreLog(request.app.state.db) as log:
        yield log


@router.get("/kinds", summary="The kinds of game the score log keeps")
def kinds() -> list[KindOut]:
    return [KindOut(name=name, title=game.title) for name, game in GAMES.items()]


@router.get("/games", summary="The logged games, newest first")
def logged_games(request: Request) -> list[LoggedGameOut]:
    with score_log(request) as log:
        return [_game_out(game, log.sheet(game.id)) for game in log.games()[:LISTED]]


@router.post("/games", summary="Start a logged game")
def new_game(request: Request, body: NewGameIn) -> LoggedGameOut:
    players = [name.strip() for name in body.players]
    with score_log(request) as log:
        played = (
            cubeset_of(GAMES[body.kind], request.app.state.cubesets) if body.kind in GAMES else None
        )
        game = log.new_game(
            body.kind,
            players,
            target=body.target,
            rounds=body.rounds,
            lang=check_lang(body.lang) if body.lang else None,
            cubeset=played.name if played is not None and played.like else None,
            options={"fast": body.fast, "block_wild": body.block_wild}
            if body.kind == "hunt"
            else {},
        )
        return _game_out(game, log.sheet(game.id))


@router.get("/games/{game_id}", summary="A logged game's score sheet")
def show_game(request: Request, game_id: GameId) -> SheetOut:
    with score_log(request) as log:
        return _sheet_out(log.sheet(game_id))


@router.post("/games/{game_id}/turns", summary="Record a capture as a player's turn")
def record_turn(request: Request, game_id: GameId, body: TurnIn) -> RecordedOut:
    capture = store_of(request).get(body.capture)
    with score_log(request) as log:
        game = log.game(game_id)
        _check_game(game, capture, request.app.state.cubesets)
        with capture.lock:
            capture.check_unrecorded()
            done = log.record_turn(game_id, body.player, capture.layout, photo=capture.photo)
            turn = done.turns[0]
            side = game.sides[turn.seat].name
            capture.recorded = Recording(
                game_id, f"{side}'s turn in round {turn.round}", turn.entry
            )
        return RecordedOut(text=done.text, sheet=_sheet_out(log.sheet(game_id)))


@router.post(
    "/games/{game_id}/rounds",
    summary="Record a word-hunt round: every player's words, scored by the game's agreed rules",
)
def record_round(request: Request, game_id: GameId, body: RoundIn) -> RecordedOut:
    capture = store_of(request).get(body.capture)
    with score_log(request) as log:
        game = log.game(game_id)
        _check_game(game, capture, request.app.state.cubesets)
        _check_variant(game, "fast", body.fast, "the fast variant")
        _check_variant(game, "block_wild", body.block_wild, "the solid face as a wildcard")
        words = {player.name.strip(): parse_word_list(player.words) for player in body.players}
        if len(words) < len(body.players):
            raise InputError("two players have the same name")
        with capture.lock:
            capture.check_unrecorded()
            done = log.record_hunt_round(game_id, capture.tray()[0], words, photo=capture.photo)
            turn = done.turns[0]
            capture.recorded = Recording(game_id, f"round {turn.round}", turn.entry)
        return RecordedOut(text=done.text, sheet=_sheet_out(log.sheet(game_id)))


@router.post("/games/{game_id}/undo", summary="Remove the game's last turn, toss, pass or round")
def undo(request: Request, game_id: GameId) -> UndoneOut:
    with score_log(request) as log:
        game = log.game(game_id)
        removed = log.undo(game_id)
        store_of(request).release(removed[0].entry)
        what = ", ".join(f"{game.sides[t.seat].name} {signed(t.score)}" for t in removed)
        round_ = removed[0].round
        text = f"Undone: round {round_} ({what})" if len(removed) > 1 else f"Undone: {what}"
        return UndoneOut(text=text, sheet=_sheet_out(log.sheet(game_id)))


@router.get(
    "/games/{game_id}/export.{fmt}",
    summary="A logged game as a file: CSV of every turn's score and words, or JSON of everything",
    response_class=Response,
    responses={200: {"content": {"text/csv": {}, "application/json": {}}}},
)
def export_game(request: Request, game_id: GameId, fmt: ExportFormat) -> Response:
    with score_log(request) as log:
        game, turns, sheet = log.game(game_id), log.turns(game_id), log.sheet(game_id)
    body = export_text(game, turns, sheet, fmt)
    media = "text/csv; charset=utf-8" if fmt == "csv" else "application/json"
    disposition = f'attachment; filename="cubecam-game-{game_id}.{fmt}"'
    return Response(body, media_type=media, headers={"Content-Disposition": disposition})


def _check_variant(game: Match, option: str, scored: bool | None, what: str) -> None:
    """Refuse a round whose words were scored (``scored``; None: not said) with an ``option``
    other than the one the game was agreed with at its start."""
    agreed = bool(game.options.get(option))
    if scored is not None and scored != agreed:
        raise InputError(
            f"game {game.id} is played {'with' if agreed else 'without'} {what}, as agreed at"
            f" its start: {'tick' if agreed else 'untick'} it and score the words again"
        )


def _check_game(game: Match, capture: Capture, own: Sequence[CubeSet]) -> None:
    """Refuse a capture scored for another game, or on other terms (dictionary, word list, a
    crossword's cube set) than the logged game agreed: the page would have shown another score
    than the log records."""
    if game.kind != capture.game:
        raise InputError(
            f"game {game.id} is {game.game.title}: take the photo for {game.game.title}"
        )
    lang, cubeset, wordlist = capture_terms(GAMES[game.kind], None, own, game)
    again = "choose the game before taking the photo, and take it again"
    if capture.lang != lang:
        raise InputError(
            f"game {game.id} is played with the {lang!r} dictionary, not {capture.lang!r}: {again}"
        )
    if capture.wordlist != wordlist:
        checked = f"its own word list ({wordlist})" if wordlist else "the dictionary"
        raise InputError(f"game {game.id} checks words against {checked}: {again}")
    read_with = capture.cubeset.name if capture.cubeset else None
    agreed = cubeset.name if cubeset else None
    if game.game.layout_kind is LayoutKind.CROSSWORD and read_with != agreed:
        raise InputError(f"game {game.id} is played with the {agreed} set: {again}")


def _game_out(game: Match, sheet: Sheet) -> LoggedGameOut:
    return LoggedGameOut(
        id=game.id,
        kind=game.kind,
        title=game.describe(),
        players=[side.name for side in game.sides],
        to_play=[game.sides[seat].name for seat in sheet.to_play],
        status=sheet.status(),
        over=sheet.over,
        lang=game.lang or game.game.default_lang,
        fast=bool(game.options.get("fast")),
        compounds=bool(game.options.get("compounds")),
        block_wild=bool(game.options.get("block_wild")),
    )


def _sheet_out(sheet: Sheet) -> SheetOut:
    return SheetOut(game=_game_out(sheet.match, sheet), text=sheet.render(), sheet=sheet.record())
