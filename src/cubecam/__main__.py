"""``python -m cubecam`` and the ``cubecam`` command.

Ctrl-C ends the command with one line and exit status 130 from the moment :func:`run`
starts: the command line (click, the camera side's imports) loads after its handler is
installed, so an interrupt while it loads is no traceback either.
"""

import signal
import sys
from types import FrameType


def _interrupted(signum: int, frame: FrameType | None) -> None:
    sys.stderr.write("cubecam: interrupted\n")
    raise SystemExit(130)


def run() -> None:
    """Answer Ctrl-C in one line, then load the command line and run it."""
    signal.signal(signal.SIGINT, _interrupted)
    from cubecam.cli import main

    main()


if __name__ == "__main__":
    run()
