"""``cubecam-lab``: the lab's command line (the renderer's ``synth``; training and evaluation
run as ``python -m cubecam_lab.STAGE.MODULE``)."""

from __future__ import annotations

import time
from pathlib import Path

import click

from cubecam.cli import CubecamGroup
from cubecam.layout import LayoutKind
from cubecam_lab.synth.configs import CONFIGS, WIDE


@click.group(cls=CubecamGroup, context_settings={"help_option_names": ["-h", "--help"]})
def main() -> None:
    """The cubecam lab: render labelled photos of cubes, to train and measure the camera."""


@main.command("synth")
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
    "--size",
    default="1600x1200",
    show_default=True,
    help="Photo size WIDTHxHEIGHT (up to 12 MP), or webcam (640x480) or phone (4000x3000).",
)
@click.option(
    "--config",
    type=click.Choice(list(CONFIGS)),
    default=WIDE.name,
    show_default=True,
    help="How widely scenes are randomised (see cubecam_lab.synth.configs).",
)
@click.option(
    "--all-fonts",
    is_flag=True,
    help="Print faces in every font installed, not only the named set (for training; "
    "the photos then depend on the machine's fonts).",
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
    kind: str,
    count: int,
    seed: int,
    out: Path,
    size: str,
    config: str,
    all_fonts: bool,
    workers: int,
    lang: str | None,
) -> None:
    """Render COUNT labelled photos of cubes (JPEG + JSON label each) into OUT.

    Example: cubecam-lab synth --kind tray --config tilt-20-55 --count 20 --seed 1 --out renders/

    With --kind crops, COUNT faces cut from small rendered photos go into OUT/SYMBOL/.
    """
    from cubecam_lab.synth.crops import write_crops
    from cubecam_lab.synth.dataset import photo_size, write_set

    start = time.perf_counter()
    if kind == "crops":
        write_crops(count, seed, out, workers=workers, config=config)
        what = "face crops (OUT/SYMBOL/*.png)"
    else:
        write_set(
            kind,
            count,
            seed,
            out,
            size=photo_size(size),
            lang=lang,
            workers=workers,
            config=config,
            all_fonts=all_fonts,
        )
        what = f"{kind} photos ({config})"
    click.echo(f"wrote {count} {what} to {out} in {time.perf_counter() - start:.1f} s")
