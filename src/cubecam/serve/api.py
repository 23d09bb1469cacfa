"""The JSON API behind the page: photos and grids in, layouts and tallies out."""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager
from functools import partial
from typing import Annotated, Any

from fastapi import (
    APIRouter,
    File,
    Form,
    HTTPException,
    Path,
    Query,
    Request,
    Response,
    UploadFile,
)
from pydantic_core import to_jsonable_python

from cubecam import paths
from cubecam.cubesets import CubeSet
from cubecam.errors import InputError
from cubecam.grid_format import format_grid, parse_grid
from cubecam.layout import LayoutKind
from cubecam.rules.game import Game
from cubecam.rules.games import GAMES, find_game
from cubecam.rules.hunt import RoundTally, ScoredWord
from cubecam.rules.tally import CrosswordTally
from cubecam.scorelog import ScoreLog
from cubecam.serve.captures import Capture, CaptureStore, cubes_of_layout, cubes_of_reading
from cubecam.serve.games import (
    LANGS,
    better_game,
    board_words,
    capture_terms,
    check_lang,
    score_crossword,
    score_hunt,
)
from cubecam.serve.messages import for_page
from cubecam.serve.photo_files import PhotoFolder
from cubecam.serve.photos import annotated_jpeg, jpeg, read
from cubecam.serve.readers import Readers
from cubecam.serve.schemas import (
    BLOCK_WILD,
    AddedCubeIn,
    BoardWordsOut,
    CaptureOut,
    CorrectionIn,
    ErrorOut,
    GameOut,
    GridIn,
    HuntIn,
    HuntOut,
    MeaningOut,
    MoveIn,
    OtherGameOut,
    TallyOut,
    Text,
)
from cubecam.serve.uploads import read_photo_upload
from cubecam.serve.wordlists import NAME_PATTERN, WordLists

ERRORS: dict[int | str, dict[str, Any]] = {
    400: {"model": ErrorOut, "description": "something sent cannot be used"},
    404: {"model": ErrorOut, "description": "no such capture (or it was forgotten)"},
    413: {"model": ErrorOut, "description": "the upload is too large"},
    422: {"model": ErrorOut, "description": "a field is missing or not filled in right"},
}
router = APIRouter(prefix="/api", responses=ERRORS)
MISSED = 10
CaptureId = Annotated[str, Path(pattern=r"^[0-9a-f]{16}$", description="a capture's id")]


@contextmanager
def score_log(request: Request, *, reading: bool = False) -> Iterator[ScoreLog]:
    """The score log the server was started with, open for one request; for ``reading``
    alone, opened read-only where it exists, as the command line reads it (so in a folder
    the server may not write to, too)."""
    db = request.app.state.db
    read_only = reading and (db or paths.score_log()).is_file()
    with ScoreLog(db, read_only=read_only) as log:
        yield log


def store_of(request: Request) -> CaptureStore:
    return request.app.state.store


@router.get("/games", summary="The games the page offers")
def games() -> list[GameOut]:
    return [GameOut.of(game) for game in GAMES.values()]


@router.get("/meanings/{word}", summary="A short meaning of a word, from an offline dictionary")
def get_meaning(
    word: Annotated[Text, Path(min_length=1, max_length=40)],
    lang: Annotated[str, Query(json_schema_extra={"enum": list(LANGS)})] = "en",
) -> MeaningOut:
    from cubecam.lexicon.meanings import meaning

    return MeaningOut(word=word, meaning=meaning(word, check_lang(lang)))


@router.post(
    "/captures/photo",
    summary="Read a photo of cubes and score it",
    responses={503: {"model": ErrorOut, "description": "busy reading other photos: try again"}},
)
async def post_photo(
    request: Request,
    photo: Annotated[UploadFile, File(description="a JPEG or PNG photo of the cubes")],
    game: Annotated[str, Form(json_schema_extra={"enum": list(GAMES)})],
    lang: Annotated[str | None, Form(json_schema_extra={"enum": list(LANGS)})] = None,
    logged: Annotated[
        int | None, Form(ge=1, le=2**62, description="the logged game it is for (see GridIn)")
    ] = None,
    wordlist: Annotated[
        str | None, Form(pattern=NAME_PATTERN, description="an uploaded word list (see GridIn)")
    ] = None,
) -> CaptureOut:
    readers: Readers = request.app.state.readers
    return await readers.run(partial(_read_photo, request, photo, game, lang, logged, wordlist))


def _read_photo(
    request: Request,
    photo: UploadFile,
    game: str,
    lang: str | None,
    logged: int | None,
    wordlist: str | None,
) -> CaptureOut:
    """A photo read, kept on disk and scored (on one of the readers' threads)."""
    choice = find_game(game)
    lang, cubeset, wordlist = terms_of(request, choice, lang, logged, wordlist)
    data = read_photo_upload(photo)
    image, reading, shown = read(data, choice.layout_kind.value, cubeset)
    better = better_game(choice, shown, request.app.state.cubesets)
    store = store_of(request)
    capture_id = store.new_id()
    photos: PhotoFolder = request.app.state.photos
    path = photos.save(capture_id, data, (photo.content_type or "").lower())
    capture = Capture(
        capture_id,
        choice.name,
        lang,
        reading.layout,
        cubes_of_reading(reading),
        reading,
        path,
        image,
        cubeset=cubeset,
        wordlist=wordlist,
        other_game=None if better is None else (better[0].name, better[1]),
    )
    return capture_out(store.add(capture))


@router.post("/captures/grid", summary="Score a layout typed as a text grid")
def post_grid(request: Request, body: GridIn) -> CaptureOut:
    choice = find_game(body.game)
    layout = parse_grid(body.grid)
    if choice.layout_kind is LayoutKind.TRAY and layout.kind is not LayoutKind.TRAY:
        layout = parse_grid("kind: tray\n" + body.grid)
    store = store_of(request)
    lang, cubeset, wordlist = terms_of(request, choice, body.lang, body.logged, body.wordlist)
    capture = Capture(
        store.new_id(),
        choice.name,
        lang,
        layout,
        cubes_of_layout(layout),
        cubeset=cubeset,
        wordlist=wordlist,
    )
    return capture_out(store.add(capture))


def terms_of(
    request: Request,
    choice: type[Game],
    lang: str | None,
    logged: int | None,
    wordlist: str | None = None,
) -> tuple[str, CubeSet | None, str | None]:
    """The dictionary, cube set and word list a capture is scored with: those of the
    ``logged`` game, where it is for one (see :func:`~cubecam.serve.games.capture_terms`),
    else ``lang`` and the uploaded ``wordlist`` named, if any."""
    match = None
    if logged is not None:
        with score_log(request, reading=True) as log:
            match = log.game(logged)
    own = None if wordlist is None else str(wordlists_of(request).path(wordlist))
    return capture_terms(choice, lang, request.app.state.cubesets, match, own)


def wordlists_of(request: Request) -> WordLists:
    return request.app.state.wordlists


@router.get("/captures/photo", include_in_schema=False)
@router.get("/captures/grid", include_in_schema=False)
def post_only() -> None:
    """A ``GET`` where only a ``POST`` is taken (else it would be read as a capture's id)."""
    raise HTTPException(405, "send the photo or the grid with POST", headers={"Allow": "POST"})


@router.get("/captures/{capture_id}", summary="A capture's layout and tally")
def get_capture(request: Request, capture_id: CaptureId) -> CaptureOut:
    return capture_out(store_of(request).get(capture_id))


@router.post("/captures/{capture_id}/corrections", summary="Correct one cube's letter")
def post_correction(request: Request, capture_id: CaptureId, body: CorrectionIn) -> CaptureOut:
    capture = store_of(request).get(capture_id)
    with capture.lock:
        capture.correct(body.cube, body.symbol)
        capture.annotated = None
    return capture_out(capture)


@router.post(
    "/captures/{capture_id}/cubes",
    summary="Add a cube the camera missed, on an empty square or among the cubes left over",
)
def post_added_cube(request: Request, capture_id: CaptureId, body: AddedCubeIn) -> CaptureOut:
    capture = store_of(request).get(capture_id)
    with capture.lock:
        capture.add(_square(body.row, body.col), body.symbol)
        capture.annotated = None
    return capture_out(capture)


def _square(row: int | None, col: int | None) -> tuple[int, int] | None:
    """A square from a request's row and column (None for neither: among the cubes left
    over); one without the other is refused."""
    if (row is None) != (col is None):
        raise InputError("a square needs both its row and its column")
    return None if row is None or col is None else (row, col)


CubeIndex = Annotated[int, Path(ge=0, le=1000, description="the cube's index in the capture")]


@router.delete("/captures/{capture_id}/cubes/{cube}", summary="Remove a cube from the layout")
def delete_cube(request: Request, capture_id: CaptureId, cube: CubeIndex) -> CaptureOut:
    capture = store_of(request).get(capture_id)
    with capture.lock:
        capture.remove(cube)
        capture.annotated = None
    return capture_out(capture)


@router.post(
    "/captures/{capture_id}/cubes/{cube}/move",
    summary="Move a cube to an empty square, or among the cubes left over",
)
def post_move(request: Request, capture_id: CaptureId, cube: CubeIndex, body: MoveIn) -> CaptureOut:
    square = _square(body.row, body.col)
    capture = store_of(request).get(capture_id)
    with capture.lock:
        capture.move(cube, square)
        capture.annotated = None
    return capture_out(capture)


@router.post("/captures/{capture_id}/hunt", summary="Score the players' words on a word-hunt board")
def post_hunt(request: Request, capture_id: CaptureId, body: HuntIn) -> HuntOut:
    capture = store_of(request).get(capture_id)
    tally, words = hunt_round(capture, body)
    written = {w.word for p in tally.players for w in p.accepted + p.rejected}
    missed = [w for w in words if w.word not in written][:MISSED]
    return HuntOut(
        **to_jsonable_python(tally),
        missed=missed,
        max_score=sum(w.points for w in words),
        text=tally.render(),
    )


@router.get(
    "/captures/{capture_id}/words", summary="Every word on a word-hunt board, and where it lies"
)
def get_board_words(
    request: Request,
    capture_id: CaptureId,
    block_wild: Annotated[bool, Query(description=BLOCK_WILD)] = False,
) -> BoardWordsOut:
    capture = store_of(request).get(capture_id)
    _check_hunt(capture)
    tray = capture.tray()[0]
    return BoardWordsOut.of(
        board_words(tray, capture.lang, block_wild=block_wild, wordlist=capture.wordlist)
    )


def _check_hunt(capture: Capture) -> None:
    if GAMES[capture.game].layout_kind is not LayoutKind.TRAY:
        raise InputError(
            f"{capture.game} is not a word hunt: choose the word hunt and read the tray"
        )


def hunt_round(capture: Capture, body: HuntIn) -> tuple[RoundTally, list[ScoredWord]]:
    """The players' words scored on a word-hunt capture's board, and every word on it."""
    _check_hunt(capture)
    names = [player.name.strip() for player in body.players]
    if len(set(names)) < len(names):
        raise InputError("two players have the same name")
    return score_hunt(
        capture.tray()[0],
        capture.lang,
        {name: player.words for name, player in zip(names, body.players, strict=True)},
        fast=body.fast,
        compounds=body.compounds,
        block_wild=body.block_wild,
        wordlist=capture.wordlist,
    )


@router.get(
    "/captures/{capture_id}/annotated.jpg",
    summary="The photo with each cube outlined and its letter",
    response_class=Response,
    responses={200: {"content": {"image/jpeg": {}}}},
)
def get_annotated(request: Request, capture_id: CaptureId) -> Response:
    capture = store_of(request).get(capture_id)
    with capture.lock:
        if capture.annotated is None:
            capture.annotated = _annotated_jpeg(capture)
        data = capture.annotated
    return Response(data, media_type="image/jpeg", headers={"Cache-Control": "no-store"})


@router.get(
    "/captures/{capture_id}/photo.jpg",
    summary="The photo as taken (at most 1600 pixels a side), for the page to draw on",
    response_class=Response,
    responses={200: {"content": {"image/jpeg": {}}}},
)
def get_photo(request: Request, capture_id: CaptureId) -> Response:
    capture = store_of(request).get(capture_id)
    if capture.image is None:
        raise LookupError("this capture was typed as a grid: it has no photo")
    return Response(
        jpeg(capture.image), media_type="image/jpeg", headers={"Cache-Control": "private"}
    )


def _annotated_jpeg(capture: Capture) -> bytes:
    reading = capture.corrected_reading()
    if capture.image is None or reading is None:
        raise LookupError("this capture was typed as a grid: it has no photo")
    tally, _ = _tally(capture)
    validity = tally.square_validity() if tally else None
    return annotated_jpeg(capture.image, reading, validity)


def _tally(capture: Capture) -> tuple[CrosswordTally | None, list[str]]:
    """A crossword capture's tally and its warnings; a layout the set cannot make (a misread
    cube, say) gets a warning instead, so that it can still be corrected."""
    if GAMES[capture.game].layout_kind is not LayoutKind.CROSSWORD:
        return None, []
    try:
        tally = score_crossword(
            capture.game, capture.layout, capture.lang, capture.cubeset, capture.wordlist
        )
    except InputError as error:
        return None, [
            f"cannot score this layout: {error} (tap a cube to change, move or remove it)"
        ]
    unseen = []
    if tally.unseen:
        cubes = "1 cube" if tally.unseen == 1 else f"{tally.unseen} cubes"
        unseen.append(
            f"{cubes} of the set not in the layout, not deducted: add each cube the camera"
            " missed (tap + on its square, or + after the cubes left over)"
        )
    return tally, [*tally.violations, *unseen]


def _off_tray(capture: Capture) -> list[str]:
    """A word-hunt photo's note on the cubes it shows off the tray, which the board leaves out."""
    if GAMES[capture.game].layout_kind is not LayoutKind.TRAY:
        return []
    _, note = capture.tray()
    return [f"{note} (tap one to put it on a square, if it lies on the tray)"] if note else []


def capture_out(capture: Capture) -> CaptureOut:
    layout = capture.layout
    top, left, _, _ = layout.bounds()
    tally, warnings = _tally(capture)
    return CaptureOut(
        id=capture.id,
        game=capture.game,
        lang=capture.lang,
        kind=layout.kind.value,
        grid=format_grid(layout, headers=False),
        origin=(top, left) if layout.cells else (0, 0),
        rows=[[None if face is None else face.symbol for face in row] for row in layout.rows()],
        unused=[face.symbol for face in layout.unused],
        cubes=[cube for cube in capture.cubes if not cube.removed],
        tally=TallyOut.of(tally) if tally else None,
        image_url=f"/api/captures/{capture.id}/annotated.jpg"
        if capture.image is not None
        else None,
        photo_url=f"/api/captures/{capture.id}/photo.jpg" if capture.image is not None else None,
        image_size=None if capture.reading is None else capture.reading.image_size,
        notes=[for_page(note) for note in (capture.reading.notes if capture.reading else ())],
        warnings=[for_page(warning) for warning in (*warnings, *_off_tray(capture))],
        other_game=None
        if capture.other_game is None
        else OtherGameOut(
            game=GameOut.of(find_game(capture.other_game[0])), why=capture.other_game[1]
        ),
        recorded=None
        if capture.recorded is None
        else f"{capture.recorded.what} of game {capture.recorded.game}",
    )
