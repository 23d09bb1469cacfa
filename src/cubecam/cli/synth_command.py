"""``cubecam synth``: render labelled photos of cubes for building and measuring the vision side."""

from __future__ import annotations

import time
from pathlib import Path

import click

from cubecam.errors import InputError
from cubecam.layout import LayoutKind


def _size(text: str) -> tuple[int, int]:
    try:
        width, height = (int(v) for v in text.lower().split("x"))
    except ValueError:
        raise InputError(f"photo size {text!r} should look like 1600x1200") from None
    return width, height


@click.command("synth")
@click.option(
    "--kind",
    type=click.Choice([*(kind.value for kind in LayoutKind), "crops"]),
    required=True,
    help="What lies on the table; 'crops': single faces cut from rendered photos.",
)
@click.option(
    "--count", type=click.IntRange(1), default=10, show_default=True, help="How many photos."
)
@click.option("--seed", type=int, default=0, show_default=True, help="Same seed, same photos.")
@click.option(
    "--out",
    type=click.Path(file_okay=False, path_type=Path),
    required=True,
    help="Folder to write.",
)
@click.option(
    "--size", default="1600x1200", show_default=True, help="Photo size WIDTHxHEIGHT (up to 12 MP)."
)
@click.option(
    "--workers",
    type=click.IntRange(1),
    default=1,
    show_default=True,
    help="Processes to render with (the output is the same).",
)
@click.option(
    "--lang",
    type=click.Choice(["en", "sv"]),
    default=None,
    help="Words and letters (default: mixed).",
)
def synth(
    kind: str, count: int, seed: int, out: Path, size: str, workers: int, lang: str | None
) -> None:
    """Render COUNT labelled photos of cubes (JPEG + JSON label each) into OUT.

    Example: cubecam synth --kind crossword --count 20 --seed 1 --out renders/

    With --kind crops, COUNT faces cut from small rendered photos go into OUT/SYMBOL/.
    """
    from cubecam.synth.crops import write_crops
    from cubecam.synth.dataset import write_set

    start = time.perf_counter()
    if kind == "crops":
        write_crops(count, seed, out, workers=workers)
        what = "face crops (OUT/SYMBOL/*.png)"
    else:
        write_set(kind, count, seed, out, size=_size(size), lang=lang, workers=workers)
        what = f"{kind} photos"
    click.echo(f"wrote {count} {what} to {out} in {time.perf_counter() - start:.1f} s")


COMMANDS = [synth]
