"""CPU seconds a rendered scene takes on one core, per configuration and scene kind.

    taskset -c 0 python bench/synth.py [--scenes 20] [--size 640x480]

CPU time of this process, so a busy machine changes the figure little. Each configuration
renders ``--scenes`` fresh scenes of each kind (after one scene of each kind in each
language, to warm the caches: dictionaries, fonts, glyphs), beside ``classic`` (the look
before widening) as the baseline, in the same run. The target for training sets is well
under 0.3 s a scene at about 640 px on the long side.
"""

from __future__ import annotations

import argparse
import statistics
import time

from cubecam.errors import InputError
from cubecam_lab.synth.configs import CONFIGS
from cubecam_lab.synth.dataset import KINDS, make_scene, photo_size


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--scenes", type=int, default=20)
    parser.add_argument("--size", default="640x480")
    parser.add_argument("--configs", nargs="*", default=["classic", "wide"], choices=CONFIGS)
    args = parser.parse_args()
    try:
        size = photo_size(args.size)
    except InputError as error:
        parser.error(str(error))
    for kind in KINDS:
        for lang in ("en", "sv"):
            make_scene(kind, 0, size=size, lang=lang, config="wide")
    print(f"seconds a scene at {args.size} ({args.scenes} scenes a kind; median / slowest)")
    print(f"{'config':<14}" + "".join(f"{kind:>20}" for kind in KINDS) + f"{'all':>10}")
    for name in args.configs:
        cells, every = [], []
        for kind in KINDS:
            times = []
            for seed in range(1, args.scenes + 1):
                start = time.process_time()
                make_scene(kind, 1000 + seed, size=size, config=name)
                times.append(time.process_time() - start)
            every += times
            cells.append(f"{statistics.median(times):.3f} / {max(times):.3f}")
        mean = statistics.mean(every)
        print(f"{name:<14}" + "".join(f"{cell:>20}" for cell in cells) + f"{mean:>10.3f}")


if __name__ == "__main__":
    main()
