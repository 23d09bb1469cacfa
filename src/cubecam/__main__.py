"""``python -m cubecam`` and the ``cubecam`` command.

The command line is imported here, inside :func:`run`, so that Ctrl-C while it loads (the
first half second) ends with one line, as it does later, rather than a traceback.
"""

import sys


def run() -> None:
    """Load the command line and run it; Ctrl-C while loading exits 130 with one line."""
    try:
        from cubecam.cli import main
    except KeyboardInterrupt:
        sys.stderr.write("cubecam: interrupted\n")
        sys.exit(130)
    main()


if __name__ == "__main__":
    run()
