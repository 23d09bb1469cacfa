"""The web app: the phone page, its JSON API, and the errors a client gets back."""

from __future__ import annotations

import re
from collections.abc import Sequence
from functools import partial
from pathlib import Path

from fastapi import FastAPI, Request
from fastapi.exceptions import RequestValidationError
from fastapi.responses import FileResponse, JSONResponse
from fastapi.staticfiles import StaticFiles
from starlette.types import ASGIApp, Message, Receive, Scope, Send

from cubecam import __version__, paths
from cubecam.cubesets import CubeSet
from cubecam.errors import CubecamError
from cubecam.scorelog import ScoreLog, SheetMoved
from cubecam.scorelog.log import NoSuchGame
from cubecam.serve.api import router
from cubecam.serve.captures import CaptureStore
from cubecam.serve.guard import Access, Guard
from cubecam.serve.live import LiveSessions
from cubecam.serve.live_api import router as live_router
from cubecam.serve.log_api import moved
from cubecam.serve.log_api import router as log_router
from cubecam.serve.messages import for_page, sentences
from cubecam.serve.photo_files import PhotoFolder
from cubecam.serve.readers import Busy, Readers
from cubecam.serve.uploads import MAX_PHOTO_BYTES, UploadTooLarge
from cubecam.serve.wordlists import WordLists
from cubecam.serve.words_api import router as words_router
from cubecam.user_files import CannotWrite

STATIC = Path(__file__).resolve().parent / "static"
MAX_BODY_BYTES = MAX_PHOTO_BYTES + 64 * 1024
_PATH = re.compile(r"(?<![\w.])/(?:[^\s/:'\"()]+/)+([^\s/:'\"()]*)")


def create_app(
    data_dir: Path,
    db: Path | None = None,
    cubesets: Sequence[CubeSet] = (),
    *,
    access: Access | None = None,
) -> FastAPI:
    """The app, keeping photos under ``data_dir`` and the score log in ``db`` (the user's
    own score log when None), playing each game with the first of the user's own ``cubesets``
    that is like the game's set, letting in what ``access`` allows (this machine only, by
    default)."""
    app = FastAPI(
        title="cubecam",
        version=__version__,
        description="Read a photo of letter cubes, correct it, score it, and log the turn.",
        docs_url=None,
        redoc_url=None,
    )
    app.state.data_dir = data_dir
    app.state.db = db
    app.state.cubesets = tuple(cubesets)
    app.state.store = CaptureStore()
    app.state.photos = PhotoFolder(paths.photos_dir(data_dir), partial(_recorded_photos, db))
    app.state.photos.sweep()
    app.state.wordlists = WordLists(paths.wordlists_dir(data_dir))
    app.state.readers = Readers()
    app.state.live = LiveSessions()
    app.include_router(router)
    app.include_router(log_router)
    app.include_router(live_router)
    app.include_router(words_router)
    app.add_middleware(HeadAsGet)
    app.add_middleware(BodyLimit, limit=MAX_BODY_BYTES)
    app.add_middleware(Guard, access=access or Access.served("127.0.0.1"))

    @app.exception_handler(UploadTooLarge)
    def too_large(request: Request, error: UploadTooLarge) -> JSONResponse:
        return said(str(error), 413)

    @app.exception_handler(RequestValidationError)
    def invalid(request: Request, error: RequestValidationError) -> JSONResponse:
        return said(sentences(error.errors()), 422)

    @app.exception_handler(Busy)
    def busy(request: Request, error: Busy) -> JSONResponse:
        response = said(str(error), 503)
        response.headers["Retry-After"] = "5"
        return response

    @app.exception_handler(NoSuchGame)
    def no_game(request: Request, error: NoSuchGame) -> JSONResponse:
        return said(f"there is no game {error.game_id} in the score log: reload the page", 404)

    app.exception_handler(SheetMoved)(moved)

    @app.exception_handler(CannotWrite)
    def cannot_write(request: Request, error: CannotWrite) -> JSONResponse:
        return said(str(error), 507)

    @app.exception_handler(CubecamError)
    def user_error(request: Request, error: CubecamError) -> JSONResponse:
        return said(str(error), 400)

    @app.exception_handler(LookupError)
    def not_found(request: Request, error: LookupError) -> JSONResponse:
        return said(str(error.args[0] if error.args else error), 404)

    @app.get("/", include_in_schema=False)
    def page() -> FileResponse:
        return FileResponse(STATIC / "index.html")

    @app.get("/favicon.ico", include_in_schema=False)
    def icon() -> FileResponse:
        return FileResponse(STATIC / "favicon.ico", media_type="image/x-icon")

    app.mount("/static", StaticFiles(directory=STATIC), name="static")
    return app


def _recorded_photos(db: Path | None) -> set[str]:
    """The photos of the score log's turns (none while there is no score log)."""
    if not (db or paths.score_log()).exists():
        return set()
    with ScoreLog(db, read_only=True) as log:
        return log.photos()


def said(detail: str, status: int) -> JSONResponse:
    """An error as a client gets it: in the page's words, a server path shortened to its last
    name, and any character that cannot be sent (a lone surrogate) written as its escape."""
    detail = _PATH.sub(lambda path: path.group(1) or "a folder", for_page(detail))
    detail = detail.encode("utf-8", "backslashreplace").decode("utf-8")
    return JSONResponse({"detail": detail}, status_code=status)


class HeadAsGet:
    """Answers HEAD wherever GET is answered, with GET's status and headers and no body (RFC
    9110, 9.3.2): FastAPI's routes take only the methods they name."""

    def __init__(self, app: ASGIApp) -> None:
        self.app = app

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http" or scope["method"] != "HEAD":
            await self.app(scope, receive, send)
            return

        async def headers_only(message: Message) -> None:
            if message["type"] == "http.response.body":
                if message.get("more_body", False):
                    return
                message = {**message, "body": b""}
            await send(message)

        await self.app({**scope, "method": "GET"}, receive, headers_only)


class BodyLimit:
    """Refuses request bodies over ``limit`` bytes before they are spooled anywhere."""

    def __init__(self, app: ASGIApp, limit: int) -> None:
        self.app = app
        self.limit = limit

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return
        declared = dict(scope["headers"]).get(b"content-length")
        if declared is not None and declared.isdigit() and int(declared) > self.limit:
            await self._refuse(send)
            return
        seen = 0
        started = False

        async def counted_receive() -> Message:
            nonlocal seen
            message = await receive()
            seen += len(message.get("body", b""))
            if seen > self.limit:
                raise UploadTooLarge("the upload is too large")
            return message

        async def tracked_send(message: Message) -> None:
            nonlocal started
            started = started or message["type"] == "http.response.start"
            await send(message)

        try:
            await self.app(scope, counted_receive, tracked_send)
        except UploadTooLarge:
            if not started:
                await self._refuse(send)

    async def _refuse(self, send: Send) -> None:
        mb = self.limit // (1024 * 1024)
        response = JSONResponse(
            {"detail": f"the upload is over {mb} MB: send a smaller photo"}, 413
        )
        await response({"type": "http"}, _no_body, send)


async def _no_body() -> Message:
    return {"type": "http.disconnect"}
