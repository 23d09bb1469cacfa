"""``python -m cubecam`` and the ``cubecam`` command.

Ctrl-C ends the command with one line and exit status 130 from the moment :func:`run`
starts. While the command line (click, the camera side's imports) loads, nothing is there to
clean up, so an interrupt then ends the process at once (a ``KeyboardInterrupt`` raised inside
an import may surface wrapped in another error, with a traceback); once it has loaded, Ctrl-C
raises ``KeyboardInterrupt`` as usual, which the command line turns into the same line.
"""

import os
import signal
import sys
from types import FrameType


def _interrupted_while_loading(signum: int, frame: FrameType | None) -> None:
    sys.stderr.write("cubecam: interrupted\n")
    sys.stderr.flush()
    os._exit(130)


def run() -> None:
    """Answer Ctrl-C in one line, then load the command line and run it."""
    signal.signal(signal.SIGINT, _interrupted_while_loading)
    from cubecam.cli import main

    signal.signal(signal.SIGINT, signal.default_int_handler)
    main()


if __name__ == "__main__":
    run()
