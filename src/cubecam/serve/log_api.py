"""The score log behind the page: logged games, their sheets, and recording a turn or a round.

Several phones share one score log, so a sheet carries its version as an ``ETag`` and every
write to a logged game takes it back as ``If-Match`` (RFC 9110): a write against a sheet that
another phone has changed meanwhile is refused with 412 and the sheet as it is now. A client
that sends no ``If-Match`` writes unchecked, as the command line does.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from contextlib import suppress
from pathlib import PurePath
from typing import Annotated, Any

from fastapi import APIRouter, Header, Path, Request, Response
from fastapi.responses import JSONResponse

from cubecam.cubesets import CubeSet
from cubecam.errors import InputError
from cubecam.layout import LayoutKind
from cubecam.rules.games import GAMES
from cubecam.rules.hunt import parse_word_list
from cubecam.rules.match import Match
from cubecam.rules.tally import signed
from cubecam.scorelog import ScoreLog, SheetMoved
from cubecam.scorelog.export import export_text
from cubecam.serve.api import ERRORS, score_log, store_of, wordlists_of
from cubecam.serve.captures import Capture, Recording
from cubecam.serve.games import capture_terms, check_lang, cubeset_of
from cubecam.serve.schemas import (
    KindOut,
    LoggedGameOut,
    MovedOut,
    NewGameIn,
    PassIn,
    RecordedOut,
    RoundIn,
    SheetOut,
    TurnIn,
    UndoneOut,
)

MOVED: dict[int | str, dict[str, Any]] = {
    412: {
        "model": MovedOut,
        "description": "the sheet has changed since the version sent as If-Match: nothing was"
        " written",
    }
}
router = APIRouter(prefix="/api/log", responses=ERRORS)
GameId = Annotated[int, Path(ge=1, le=2**62, description="a logged game's number")]
IfMatch = Annotated[
    str | None,
    Header(
        description="the sheet's ETag as last seen: the write is refused (412) where the sheet"
        " has changed since; without it, written unchecked"
    ),
]
_TAG = re.compile(r'\s*(W/)?"([^"]*)"\s*(?:,|$)')
ExportFormat = Annotated[str, Path(pattern=r"^(csv|json)$", description="csv or json")]
LISTED = 30


@router.get("/kinds", summary="The kinds of game the score log keeps")
def kinds() -> list[KindOut]:
    return [KindOut(name=name, title=game.title) for name, game in GAMES.items()]


@router.get("/games", summary="The logged games, newest first")
def logged_games(request: Request) -> list[LoggedGameOut]:
    with score_log(request, reading=True) as log:
        return [_view(log, game.id).game for game in log.games()[:LISTED]]


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
            wordlist=wordlists_of(request).path(body.wordlist) if body.wordlist else None,
            cubeset=played.name if played is not None and played.like else None,
            options={"fast": body.fast, "block_wild": body.block_wild}
            if body.kind == "hunt"
            else {},
        )
        return _view(log, game.id).game


@router.get(
    "/games/{game_id}",
    summary="A logged game's score sheet, with its version as the ETag",
    response_model=SheetOut,
    responses={304: {"description": "the sheet is still the version sent as If-None-Match"}},
)
def show_game(
    request: Request,
    response: Response,
    game_id: GameId,
    if_none_match: Annotated[
        str | None, Header(description="the ETag last seen: 304 while the sheet is unchanged")
    ] = None,
) -> SheetOut | Response:
    with score_log(request, reading=True) as log:
        version = log.version(game_id)
        if if_none_match is not None and (
            if_none_match.strip() == "*" or version in {tag for _, tag in _tags(if_none_match)}
        ):
            return Response(status_code=304, headers={"ETag": _etag(version)})
        out = _view(log, game_id)
    response.headers["ETag"] = out.game.etag
    return out


@router.post(
    "/games/{game_id}/turns", summary="Record a capture as a player's turn", responses=MOVED
)
def record_turn(
    request: Request, response: Response, game_id: GameId, body: TurnIn, if_match: IfMatch = None
) -> RecordedOut:
    seen = _seen(if_match)
    capture = store_of(request).get(body.capture)
    with score_log(request) as log:
        game = log.game(game_id)
        _check_game(game, capture, request.app.state.cubesets)
        with capture.lock:
            capture.check_unrecorded()
            done = log.record_turn(
                game_id, body.player, capture.layout, photo=capture.photo, seen=seen
            )
            turn = done.turns[0]
            side = game.sides[turn.seat].name
            capture.recorded = Recording(
                game_id, f"{side}'s turn in round {turn.round}", turn.entry
            )
        return RecordedOut(text=done.text, sheet=_written(response, log, game_id))


@router.post(
    "/games/{game_id}/rounds",
    summary="Record a word-hunt round: every player's words, scored by the game's agreed rules",
    responses=MOVED,
)
def record_round(
    request: Request, response: Response, game_id: GameId, body: RoundIn, if_match: IfMatch = None
) -> RecordedOut:
    seen = _seen(if_match)
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
            done = log.record_hunt_round(
                game_id, capture.tray()[0], words, photo=capture.photo, seen=seen
            )
            turn = done.turns[0]
            capture.recorded = Recording(game_id, f"round {turn.round}", turn.entry)
        return RecordedOut(text=done.text, sheet=_written(response, log, game_id))


@router.post(
    "/games/{game_id}/passes",
    summary="A player passes for the rest of a Game Two round (allowed after the second toss)",
    responses=MOVED,
)
def record_pass(
    request: Request, response: Response, game_id: GameId, body: PassIn, if_match: IfMatch = None
) -> RecordedOut:
    with score_log(request) as log:
        done = log.record_pass(game_id, body.player, seen=_seen(if_match))
        return RecordedOut(text=done.text, sheet=_written(response, log, game_id))


@router.post(
    "/games/{game_id}/undo",
    summary="Remove the game's last turn, toss, pass or round",
    responses=MOVED,
)
def undo(
    request: Request, response: Response, game_id: GameId, if_match: IfMatch = None
) -> UndoneOut:
    seen = _seen(if_match)
    with score_log(request) as log:
        game = log.game(game_id)
        removed = log.undo(game_id, seen=seen)
        store_of(request).release(removed[0].entry)
        what = ", ".join(f"{game.sides[t.seat].name} {signed(t.score)}" for t in removed)
        round_ = removed[0].round
        text = f"Undone: round {round_} ({what})" if len(removed) > 1 else f"Undone: {what}"
        return UndoneOut(text=text, sheet=_written(response, log, game_id))


def moved(request: Request, error: SheetMoved) -> JSONResponse:
    """A write refused because the sheet changed since the version it was sent with: 412, what
    changed, and the sheet as it is now (with its ETag), for the page to show."""
    with score_log(request) as log:
        sheet = _view(log, error.game_id)
    body = MovedOut(detail=str(error), sheet=sheet).model_dump(mode="json")
    return JSONResponse(body, 412, headers={"ETag": sheet.game.etag})


@router.get(
    "/games/{game_id}/export.{fmt}",
    summary="A logged game as a file: CSV of every turn's score and words, or JSON of everything",
    response_class=Response,
    responses={200: {"content": {"text/csv": {}, "application/json": {}}}},
)
def export_game(request: Request, game_id: GameId, fmt: ExportFormat) -> Response:
    with score_log(request, reading=True) as log:
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


def _seen(if_match: str | None) -> frozenset[str] | None:
    """The sheet versions an ``If-Match`` names (None where it is absent or ``*``: any); a
    weak tag names none, since a write compares tags strongly (RFC 9110, 13.1.1)."""
    if if_match is None or if_match.strip() == "*":
        return None
    return frozenset(tag for weak, tag in _tags(if_match) if not weak)


def _tags(field: str) -> list[tuple[bool, str]]:
    """The entity tags of an ``If-Match`` or ``If-None-Match``: (weak, tag) each.

    >>> _tags('"3-ab", W/"2-cd"')
    [(False, '3-ab'), (True, '2-cd')]
    """
    tags: list[tuple[bool, str]] = []
    at = 0
    while at < len(field) or not tags:
        found = _TAG.match(field, at)
        if found is None:
            raise InputError(
                "If-Match and If-None-Match take the sheet's ETag as it was sent, in double quotes"
            )
        tags.append((bool(found[1]), found[2]))
        at = found.end()
    return tags


def _etag(version: str) -> str:
    return f'"{version}"'


def _written(response: Response, log: ScoreLog, game_id: int) -> SheetOut:
    """The sheet after a write, its ETag also in the response's headers."""
    sheet = _view(log, game_id)
    response.headers["ETag"] = sheet.game.etag
    return sheet


def _view(log: ScoreLog, game_id: int) -> SheetOut:
    """The game's sheet as the page shows it, with its version; the version is read first, so
    that a sheet is never sent with a version newer than itself (a write would then pass
    against turns its sender never saw)."""
    version = log.version(game_id)
    sheet = log.sheet(game_id)
    game = sheet.match
    may_pass = []
    for seat in () if sheet.over else sheet.to_play:
        with suppress(InputError):
            game.game.check_pass(sheet.standing, seat)
            may_pass.append(game.sides[seat].name)
    out = LoggedGameOut(
        id=game.id,
        kind=game.kind,
        title=game.describe(),
        players=[side.name for side in game.sides],
        to_play=[game.sides[seat].name for seat in sheet.to_play],
        status=sheet.status(),
        over=sheet.over,
        lang=game.lang or game.game.default_lang,
        wordlist=PurePath(game.wordlist).name if game.wordlist else None,
        fast=bool(game.options.get("fast")),
        compounds=bool(game.options.get("compounds")),
        block_wild=bool(game.options.get("block_wild")),
        etag=_etag(version),
        last=log.last_played(game_id),
        may_pass=may_pass,
    )
    return SheetOut(game=out, text=sheet.render(), sheet=sheet.record())
