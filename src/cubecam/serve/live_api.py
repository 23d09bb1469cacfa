"""The live view's API: start it, send it frames, hold the steadiest reading as a capture."""

from __future__ import annotations

from typing import Annotated

from fastapi import APIRouter, File, Path, Request, UploadFile

from cubecam.errors import InputError
from cubecam.grid_format import format_grid
from cubecam.layout import LayoutKind
from cubecam.rules.games import find_game
from cubecam.rules.hunt import tray_in_photo
from cubecam.serve.api import ERRORS, capture_out, store_of, terms_of
from cubecam.serve.captures import Capture, cubes_of_layout, cubes_of_reading
from cubecam.serve.games import board_words, score_crossword
from cubecam.serve.live import LiveSession, LiveSessions, cube_marks
from cubecam.serve.photos import frame_reader
from cubecam.serve.readers import Readers
from cubecam.serve.schemas import (
    BoardWordsOut,
    CaptureOut,
    ErrorOut,
    LiveIn,
    LiveMarkOut,
    LiveOut,
    LiveStartOut,
    TallyOut,
)
from cubecam.serve.uploads import read_photo_upload

router = APIRouter(prefix="/api/live", responses=ERRORS)
LiveId = Annotated[str, Path(pattern=r"^[0-9a-f]{16}$", description="a live view's id")]


def sessions_of(request: Request) -> LiveSessions:
    return request.app.state.live


@router.post("", summary="Start a live view for a game")
def start_live(request: Request, body: LiveIn) -> LiveStartOut:
    choice = find_game(body.game)
    lang, cubeset, wordlist = terms_of(request, choice, body.lang, body.logged, body.wordlist)
    reader = frame_reader(choice.layout_kind.value, cubeset)
    session = sessions_of(request).start(choice, lang, cubeset, reader, wordlist)
    return LiveStartOut(id=session.id)


@router.post(
    "/{live_id}/frames",
    summary="One frame from the camera: the layout voted so far",
    responses={
        503: {"model": ErrorOut, "description": "every reader is busy: send the next frame"}
    },
)
async def post_frame(
    request: Request,
    live_id: LiveId,
    frame: Annotated[UploadFile, File(description="a JPEG frame from the camera")],
) -> LiveOut:
    session = sessions_of(request).get(live_id)
    readers: Readers = request.app.state.readers
    # a frame that waited would be stale: one is read only while a reader is free
    return await readers.run(lambda: feed_frame(session, read_photo_upload(frame)), queued=0)


def feed_frame(session: LiveSession, data: bytes) -> LiveOut:
    """One JPEG frame voted into a live view: the layout voted so far, as the page gets it
    (the frame decoded as a photo is, at the size it is read at)."""
    from cubecam.vision import load_image
    from cubecam.vision.pipeline import WORKING_SIDE

    image = load_image(data, max_side=WORKING_SIDE)
    with session.lock:
        state = session.feed(data, image)
        layout = state.layout
        tally = hunt = None
        try:
            if session.game.layout_kind is LayoutKind.CROSSWORD and layout.cells:
                tally = score_crossword(
                    session.game.name, layout, session.lang, session.cubeset, session.wordlist
                )
            elif session.game.layout_kind is LayoutKind.TRAY and layout.cells:
                tray = tray_in_photo(layout)[0]
                hunt = BoardWordsOut.of(board_words(tray, session.lang, wordlist=session.wordlist))
        except InputError:
            pass  # not a layout the game can score yet: the next frames may make one
        return LiveOut(
            frames=session.watcher.frames,
            reads=session.watcher.reads,
            steady=state.steady,
            grid=format_grid(layout, headers=False) if layout.cells else "",
            frame_size=(image.shape[1], image.shape[0]),
            cubes=[LiveMarkOut(symbol=s, corners=c) for s, c in cube_marks(state)],
            tally=TallyOut.of(tally) if tally else None,
            hunt=hunt,
            held=session.held is not None,
        )


@router.post("/{live_id}/hold", summary="Freeze the steadiest reading as a capture")
def hold(request: Request, live_id: LiveId) -> CaptureOut:
    session = sessions_of(request).get(live_id)
    store = store_of(request)
    with session.lock:
        held, layout = session.held, session.consensus()
        capture_id = store.new_id()
        if held is not None:
            path = request.app.state.photos.save(capture_id, held.data, "image/jpeg")
            cubes = cubes_of_reading(held.reading)
            capture = Capture(
                capture_id,
                session.game.name,
                session.lang,
                held.reading.layout,
                cubes,
                held.reading,
                path,
                held.image,
                cubeset=session.cubeset,
                wordlist=session.wordlist,
            )
        elif layout.cells:
            capture = Capture(
                capture_id,
                session.game.name,
                session.lang,
                layout,
                cubes_of_layout(layout),
                cubeset=session.cubeset,
                wordlist=session.wordlist,
            )
        else:
            raise InputError("no cubes read yet: hold the phone still over the cubes")
    sessions_of(request).stop(live_id)
    return capture_out(store.add(capture))


@router.delete("/{live_id}", summary="End a live view")
def stop_live(request: Request, live_id: LiveId) -> None:
    sessions_of(request).stop(live_id)
