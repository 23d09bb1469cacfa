"""Train the glyph network and write it as one ONNX file (``--out``, required, so a training run
never replaces the shipped ``model.onnx`` unless told to).

Needs PyTorch and onnx (``pip install -e '.[train]'``); cubecam itself runs the result with
onnxruntime. Trains on rendered faces (every font on the machine, any quarter turn) plus the real
crops' training split, then prints accuracy on a fresh rendered set and on the real test split::

    .venv/bin/python -m cubecam_lab.glyphs.train --rendered 80000 --scenes 2000 --real-weight 24 \
        --epochs 12 --seed 5 --out src/cubecam/vision/glyphs/model.onnx

Real crops of unknown orientation are scored on their symbol alone (the sum over the four
turns), so the network still learns which way up a letter is from the rendered faces.
"""

from __future__ import annotations

import argparse
import json
import multiprocessing
import time
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path

import numpy as np
import onnx
import torch
from torch import nn

from cubecam.vision.glyphs.classes import CLASSES, SIZE, TURNS
from cubecam.vision.glyphs.network import MODEL_PATH, GlyphNetwork
from cubecam_lab.glyphs.dataset import UNKNOWN_TURN, real_crops, rendered_crops, scene_crops
from cubecam_lab.glyphs.evaluate import accuracy

CHANNELS = ((1, 16, True), (16, 32, True), (32, 64, True))
HIDDEN = 128


class Net(nn.Module):
    def __init__(self) -> None:
        super().__init__()
        layers: list[nn.Module] = []
        for c_in, c_out, pool in CHANNELS:
            layers += [
                nn.Conv2d(c_in, c_out, 3, padding=1, bias=False),
                nn.BatchNorm2d(c_out),
                nn.ReLU(),
            ]
            if pool:
                layers.append(nn.MaxPool2d(2))
        self.convs = nn.Sequential(*layers)
        self.hidden = nn.Linear(CHANNELS[-1][1] * (SIZE // 8) ** 2, HIDDEN)
        self.drop = nn.Dropout(0.3)
        self.out = nn.Linear(HIDDEN, len(CLASSES) * TURNS)

    def features(self, x: torch.Tensor) -> torch.Tensor:
        """The penultimate layer (what calibration compares)."""
        return torch.relu(self.hidden(self.convs(x).flatten(1)))

    def forward(self, x: torch.Tensor) -> torch.Tensor:
        return self.out(self.drop(self.features(x)))


class Ensemble(nn.Module):
    """The members read as one, as shipped: their features side by side, their probabilities
    averaged."""

    def __init__(self, members: list[Net]) -> None:
        super().__init__()
        self.members = nn.ModuleList(members)

    def forward(self, x: torch.Tensor) -> tuple[torch.Tensor, torch.Tensor]:
        features = [member.features(x) for member in self.members]
        probabilities = [
            torch.softmax(member.out(f), 1)
            for member, f in zip(self.members, features, strict=True)
        ]
        return torch.stack(probabilities).mean(0), torch.cat(features, 1)


def loss_fn(logits: torch.Tensor, labels: torch.Tensor, turns: torch.Tensor) -> torch.Tensor:
    """Cross-entropy on (symbol, turn), or on the symbol alone where the turn is unknown."""
    logp = torch.log_softmax(logits, 1)
    joint = logp.gather(1, (labels * TURNS + turns.clamp(min=0))[:, None])[:, 0]
    per_symbol = logp.view(len(logp), len(CLASSES), TURNS).logsumexp(2)
    marginal = per_symbol.gather(1, labels[:, None])[:, 0]
    return -torch.where(turns == UNKNOWN_TURN, marginal, joint).mean()


def export(nets: list[Net], path: Path) -> None:
    """Write the members as one ONNX graph (batch norm folded into the convolutions), its
    inputs, outputs and ``classes`` metadata as :mod:`cubecam.vision.glyphs.network` reads them."""
    ensemble = Ensemble(nets).eval()
    torch.onnx.export(
        ensemble,
        (torch.zeros(1, 1, SIZE, SIZE),),
        path,
        input_names=["images"],
        output_names=["probabilities", "features"],
        dynamic_axes={name: {0: "n"} for name in ("images", "probabilities", "features")},
        opset_version=17,
        dynamo=False,  # the TorchScript exporter: the newer one would also need onnxscript
    )
    model = onnx.load(path)
    onnx.helper.set_model_props(model, {"classes": json.dumps(CLASSES)})
    onnx.save(model, path)


def jiggle(inputs: torch.Tensor) -> torch.Tensor:
    """Each crop turned a few degrees, scaled and shifted a little (a detector's outline is
    never exact), and given a little noise."""
    n = len(inputs)
    angle = torch.empty(n).uniform_(-0.14, 0.14)
    scale = torch.empty(n).uniform_(0.9, 1.1)
    theta = torch.zeros(n, 2, 3)
    theta[:, 0, 0] = theta[:, 1, 1] = scale * torch.cos(angle)
    theta[:, 0, 1] = -scale * torch.sin(angle)
    theta[:, 1, 0] = scale * torch.sin(angle)
    theta[:, :, 2] = torch.empty(n, 2).uniform_(-0.1, 0.1)
    grid = nn.functional.affine_grid(theta, list(inputs.shape), align_corners=False)
    moved = nn.functional.grid_sample(inputs, grid, padding_mode="border", align_corners=False)
    return moved + 0.04 * torch.randn_like(moved) * torch.rand(n, 1, 1, 1)


def train_member(
    x: torch.Tensor, y: torch.Tensor, t: torch.Tensor, epochs: int, seed: int, start: float
) -> Net:
    """One network trained on all the crops from its own random start."""
    torch.manual_seed(seed)
    net = Net().to(memory_format=torch.channels_last)
    optimiser = torch.optim.AdamW(net.parameters(), lr=3e-3, weight_decay=1e-4)
    steps = epochs * (len(x) // 128 + 1)
    schedule = torch.optim.lr_scheduler.OneCycleLR(optimiser, 3e-3, total_steps=steps)
    for epoch in range(epochs):
        net.train()
        order = torch.randperm(len(x))
        total = 0.0
        for i in range(0, len(x), 128):
            batch = order[i : i + 128]
            loss = loss_fn(net(jiggle(x[batch])), y[batch], t[batch])
            optimiser.zero_grad()
            loss.backward()
            optimiser.step()
            schedule.step()
            total += float(loss.detach()) * len(batch)
        print(
            f"member seed {seed}, epoch {epoch + 1}: loss {total / len(x):.4f} "
            f"({time.time() - start:.0f} s)",
            flush=True,
        )
    return net.eval()


_CROPS: tuple[torch.Tensor, torch.Tensor, torch.Tensor] | None = None
"""The training crops, set before the members' processes fork so that each shares them."""


def _train_forked(job: tuple[int, int, float]) -> dict[str, torch.Tensor]:
    epochs, seed, start = job
    assert _CROPS is not None
    return train_member(*_CROPS, epochs, seed, start).state_dict()


def train_members(
    x: torch.Tensor, y: torch.Tensor, t: torch.Tensor, epochs: int, seeds: list[int], start: float
) -> list[Net]:
    """The members trained side by side, a process each (each runs torch on one thread)."""
    global _CROPS
    _CROPS = (x, y, t)
    with multiprocessing.get_context("fork").Pool(min(2, len(seeds))) as pool:
        states = pool.map(_train_forked, [(epochs, seed, start) for seed in seeds])
    nets = []
    for state in states:
        net = Net()
        net.load_state_dict(state)
        nets.append(net.eval())
    return nets


def _render_chunk(args: tuple[str, int, int]) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    what, count, seed = args
    return rendered_crops(count, seed) if what == "faces" else scene_crops(count, seed)


def rendered_parallel(what: str, count: int, seed: int, workers: int = 2) -> tuple[np.ndarray, ...]:
    """``count`` rendered faces (``what="faces"``) or scenes' crops (``"scenes"``), in parallel."""
    chunks = [(what, max(1, count // 20), seed * 1000 + i) for i in range(20)]
    with ProcessPoolExecutor(workers) as pool:
        parts = list(pool.map(_render_chunk, chunks))
    return tuple(np.concatenate(arrays) for arrays in zip(*parts, strict=True))


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--rendered", type=int, default=50000)
    parser.add_argument("--scenes", type=int, default=240, help="rendered photos to cut crops from")
    parser.add_argument("--epochs", type=int, default=10)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--real-weight", type=int, default=6, help="copies of each real crop")
    parser.add_argument("--members", type=int, default=2, help="networks read together")
    parser.add_argument(
        "--out",
        type=Path,
        required=True,
        help=f"the ONNX file to write (the shipped one is {MODEL_PATH})",
    )
    args = parser.parse_args()
    if not args.out.parent.is_dir():
        parser.error(f"--out {args.out}: no folder {args.out.parent}")
    torch.manual_seed(args.seed)
    torch.set_num_threads(1)
    start = time.time()
    images, labels, turns = rendered_parallel("faces", args.rendered, args.seed)
    if args.scenes:
        scene = rendered_parallel("scenes", args.scenes, args.seed + 50)
        images, labels, turns = (
            np.concatenate(pair) for pair in zip((images, labels, turns), scene, strict=True)
        )
        print(f"{len(scene[0])} crops from {args.scenes} rendered photos")
    real_images, real_labels, real_turns = real_crops("train")
    print(f"{len(images)} rendered + {len(real_images)} real crops in {time.time() - start:.0f} s")
    if not len(real_images):
        print(
            "warning: no real crops (shared/realdata is not beside this checkout; set"
            " CUBECAM_REALDATA): this model learns from renders alone",
            flush=True,
        )
    # real crops: each quarter turn of each crop, several copies
    rot_images, rot_labels, rot_turns = [], [], []
    for k in range(TURNS):
        rot_images.append(np.rot90(real_images, k, axes=(1, 2)))
        rot_labels.append(real_labels)
        rot_turns.append(np.where(real_turns == UNKNOWN_TURN, UNKNOWN_TURN, (real_turns + k) % 4))
    reps = max(1, args.real_weight // TURNS)
    x = np.concatenate([images, *rot_images * reps]).astype(np.float32)
    y = np.concatenate([labels, *rot_labels * reps])
    t = np.concatenate([turns, *rot_turns * reps])
    x_t = torch.from_numpy(x[:, None].copy()).to(memory_format=torch.channels_last)
    y_t, t_t = torch.from_numpy(y), torch.from_numpy(t)
    seeds = [args.seed + 1000 * k for k in range(args.members)]
    nets = train_members(x_t, y_t, t_t, args.epochs, seeds, start)
    export(nets, args.out)
    network = GlyphNetwork(args.out)
    fresh = rendered_crops(3000, seed=args.seed + 7777)
    test = real_crops("test")
    print(f"wrote {args.out} ({args.out.stat().st_size / 1e6:.2f} MB)")
    print(f"fresh rendered crops: {accuracy(network, fresh[0], fresh[1]):.4f}")
    print(f"real test crops: {accuracy(network, test[0], test[1]):.4f} ({len(test[0])})")


if __name__ == "__main__":
    main()
