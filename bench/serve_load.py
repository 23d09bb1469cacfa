"""The phone page's server under load: memory and answer times of a real ``cubecam serve``,
and the cost of recording a turn as a game grows, each figure beside its target.

    nice python bench/serve_load.py

Photos are the bundled rendered crossword scaled up to 48 MP and 12 MP (JPEG), made here.
Memory is the server process's resident set (``/proc/PID/status``), sampled every 10 ms.

- 8 uploads of a 48 MP photo, one after another: what the last 7 add to memory
  (target: at most 150 MB; before the fix, 30 uploads took the server from 2.2 to 6.4 GB);
- 16 uploads of a 12 MP photo sent at once: all answered, the first within two single-read
  times, the last within 1.25 × 16 single-read times ÷ the cores, peak memory under 1 GB
  (before: 8 at once peaked at 4.9 GB, and 200 at once answered none before 70 s);
- recording turn 300 of a game costs what turn 3 does, within 20% (before: about 1 s a turn
  at 330 turns, against milliseconds at the start).
"""

from __future__ import annotations

import os
import socket
import ssl
import statistics
import subprocess
import sys
import tempfile
import threading
import time
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

import cv2
import httpx

from cubecam import paths
from cubecam.grid_format import parse_grid
from cubecam.lexicon import load_lexicon
from cubecam.scorelog import ScoreLog
from cubecam.serve.certificate import certificate
from cubecam.serve.readers import cores

SAMPLE = Path(__file__).resolve().parents[1] / "sample_images" / "game-one-crossword.jpg"
MB = 1024**2
TURNS = 300


def photo(width: int, height: int) -> bytes:
    """The bundled crossword scaled to ``width`` × ``height``, as a JPEG."""
    image = cv2.resize(cv2.imread(str(SAMPLE)), (width, height), interpolation=cv2.INTER_CUBIC)
    return cv2.imencode(".jpg", image, [cv2.IMWRITE_JPEG_QUALITY, 88])[1].tobytes()


class Server:
    """``cubecam serve`` in its own process on a free port of 127.0.0.1; or ``app``, a factory
    of the app to serve instead (``module:function``, called with ``folder`` in
    ``$CUBECAM_BENCH_FOLDER``), run by uvicorn as ``cubecam serve`` runs its own. HTTPS with
    ``tls``, its certificate in ``verify``."""

    def __init__(self, folder: Path, *, tls: bool = False, app: str | None = None) -> None:
        with socket.socket() as probe:
            probe.bind(("127.0.0.1", 0))
            port = probe.getsockname()[1]
        self.url = f"{'https' if tls else 'http'}://127.0.0.1:{port}"
        if app is None:
            command = [sys.executable, "-m", "cubecam", "serve", "--port", str(port)]
            command += ["--data-dir", str(folder), "--db", str(folder / "log.sqlite")]
            command += ["--tls"] if tls else []
        else:
            command = [sys.executable, "-m", "uvicorn", "--factory", app, "--port", str(port)]
            command += ["--log-level", "warning"]
            if tls:
                made = certificate(paths.tls_dir(folder))
                command += ["--ssl-certfile", str(made.cert), "--ssl-keyfile", str(made.key)]
        env = {
            **os.environ,
            "PYTHONPATH": os.pathsep.join(sys.path),
            "CUBECAM_BENCH_FOLDER": str(folder),
        }
        self.process = subprocess.Popen(command, env=env, stdout=subprocess.DEVNULL)
        self.verify: ssl.SSLContext | bool = True
        deadline = time.monotonic() + 60
        while time.monotonic() < deadline:
            try:
                if tls:
                    self.verify = ssl.create_default_context(cafile=folder / "tls" / "cert.pem")
                httpx.get(f"{self.url}/api/games", verify=self.verify)
                return
            except (httpx.TransportError, OSError):
                time.sleep(0.1)
        raise RuntimeError("the server did not start")

    def rss(self) -> int:
        """The server's resident memory, in bytes."""
        status = Path(f"/proc/{self.process.pid}/status").read_text()
        line = next(line for line in status.splitlines() if line.startswith("VmRSS:"))
        return int(line.split()[1]) * 1024

    def upload(self, data: bytes) -> tuple[float, int]:
        """Seconds until the answer, and its status."""
        started = time.perf_counter()
        response = httpx.post(
            f"{self.url}/api/captures/photo",
            files={"photo": ("p.jpg", data, "image/jpeg")},
            data={"game": "scrabble-cubes"},
            timeout=600,
        )
        return time.perf_counter() - started, response.status_code

    def stop(self) -> None:
        self.process.terminate()
        self.process.wait(10)


class Peak:
    """The highest resident memory of the server while the block runs."""

    def __init__(self, server: Server) -> None:
        self.server, self.peak, self._done = server, 0, threading.Event()

    def __enter__(self) -> Peak:
        self._thread = threading.Thread(target=self._sample)
        self._thread.start()
        return self

    def __exit__(self, *exc: object) -> None:
        self._done.set()
        self._thread.join()

    def _sample(self) -> None:
        while not self._done.is_set():
            self.peak = max(self.peak, self.server.rss())
            time.sleep(0.01)


def uploads(server: Server) -> None:
    big, phone = photo(8000, 6000), photo(4000, 3000)
    print(f"photos: 48 MP JPEG {len(big) / MB:.1f} MB, 12 MP JPEG {len(phone) / MB:.1f} MB")

    assert server.upload(big)[1] == 200
    after_first = server.rss()
    statuses = [server.upload(big)[1] for _ in range(7)]
    added = (server.rss() - after_first) / MB
    print(
        f"8 uploads of a 48 MP photo: {statuses.count(200) + 1} of 8 read; memory after the "
        f"first {after_first / MB:.0f} MB, the last 7 added {added:.0f} MB (target: ≤ 150 MB)"
    )

    singles = [server.upload(phone)[0] for _ in range(3)]
    single = statistics.median(singles)
    n = cores()
    with Peak(server) as peak, ThreadPoolExecutor(16) as senders:
        started = time.perf_counter()
        answers = list(senders.map(lambda _: server.upload(phone), range(16)))
    ok = sum(status == 200 for _, status in answers)
    times = sorted(seconds for seconds, _ in answers)
    print(f"one 12 MP photo alone: {single:.2f} s (median of 3); {n} cores")
    print(
        f"16 uploads of a 12 MP photo at once: {ok} of 16 read (target: 16); first answer "
        f"{times[0]:.2f} s (target: ≤ {2 * single:.2f} s), last {times[-1]:.2f} s "
        f"(target: ≤ {1.25 * 16 * single / n:.2f} s), peak memory {peak.peak / MB:.0f} MB "
        f"(target: < 1024 MB); all sent in {time.perf_counter() - started:.2f} s"
    )


def recording(folder: Path) -> None:
    lexicon = load_lexicon("en")
    layouts = [parse_grid(g) for g in ("CAT\nunused: E", "DOG\nunused: S", "ME", "QXZ")]
    for kind in ("scrabble-cubes", "scrabble-cubes-two"):
        with ScoreLog(folder / f"{kind}.sqlite3") as log:
            game = log.new_game(kind, ["Ann", "Bo"], target=10**6)
            seconds = []
            for turn in range(TURNS):
                player = game.sides[log.standing(game).to_play[0]].name
                started = time.perf_counter()
                log.record_turn(game.id, player, layouts[turn % len(layouts)], lexicon=lexicon)
                seconds.append(time.perf_counter() - started)
        early = statistics.median(seconds[:10])
        late = statistics.median(seconds[-10:])
        print(
            f"{kind}: turn 3 {seconds[2] * 1000:.1f} ms, turn {TURNS} {seconds[-1] * 1000:.1f} ms;"
            f" median of turns 1-10 {early * 1000:.1f} ms, of turns {TURNS - 9}-{TURNS} "
            f"{late * 1000:.1f} ms: {100 * (late / early - 1):+.0f}% (target: within ±20%)"
        )


def main() -> None:
    with tempfile.TemporaryDirectory(prefix="cubecam-load-") as folder:
        server = Server(Path(folder))
        try:
            uploads(server)
        finally:
            server.stop()
        recording(Path(folder))


if __name__ == "__main__":
    main()
