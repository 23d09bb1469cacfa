"""``python -m cubecam``: the same as the ``cubecam`` command."""

from cubecam.cli import main

main()
