"""Train the verifier (is a find a cube's top face?) and write it as ONNX.

Needs PyTorch (``pip install -e '.[train]'``); learns from the patches
:mod:`.verifier_dataset` harvests, a tenth of the photos held out to report on::

    OMP_NUM_THREADS=1 .venv/bin/python -m cubecam.vision.detector.train_verifier \\
        patches.npz --epochs 12 --out verifier.onnx

The network is a small plain CNN (three stages of two 3 × 3 convolutions, pooled to one
score); the patch is mirrored left to right at random, never turned (what lies below a
face in a photo tells a top from a side), and its light and noise varied.
"""

from __future__ import annotations

import argparse
import time
from pathlib import Path

import numpy as np
import torch
from torch import nn

from cubecam.vision.detector.patches import PATCH, network_patches
from cubecam.vision.detector.train import default_device

WIDTHS = (16, 32, 64)
HELD_OUT = 10
"""One photo in this many is held out of training, to report on."""


def conv_block(c_in: int, c_out: int) -> list[nn.Module]:
    """A 3 × 3 convolution, normalised and rectified."""
    return [nn.Conv2d(c_in, c_out, 3, padding=1, bias=False), nn.BatchNorm2d(c_out), nn.ReLU()]


def network() -> nn.Module:
    """Patch (N × 3 × PATCH × PATCH) to the odds that it is a top face (N × 1 logits)."""
    layers: list[nn.Module] = []
    c_in = 3
    for width in WIDTHS:
        layers += [*conv_block(c_in, width), *conv_block(width, width), nn.MaxPool2d(2)]
        c_in = width
    layers += [*conv_block(c_in, c_in), nn.AdaptiveAvgPool2d(1), nn.Flatten(), nn.Linear(c_in, 1)]
    return nn.Sequential(*layers)


class _Probability(nn.Module):
    def __init__(self, net: nn.Module) -> None:
        super().__init__()
        self.net = net

    def forward(self, x: torch.Tensor) -> torch.Tensor:
        return torch.sigmoid(self.net(x))[:, 0]


def _augmented(patches: np.ndarray, rng: np.random.Generator) -> np.ndarray:
    """Patches (uint8, N × P × P × 3) mirrored, lit and noised at random."""
    out = patches.copy()
    flip = rng.random(len(out)) < 0.5
    out[flip] = out[flip, :, ::-1]
    return relit(out, rng)


def relit(patches: np.ndarray, rng: np.random.Generator) -> np.ndarray:
    """Patches (uint8, N × P × P × 3) lit and noised at random, each its own way."""
    out = patches.astype(np.float32)
    gain = rng.uniform(0.6, 1.4, (len(out), 1, 1, 3)) * rng.uniform(0.7, 1.3, (len(out), 1, 1, 1))
    out = out * gain + rng.normal(0, 20, (len(out), 1, 1, 1))
    out += rng.normal(0, 1, out.shape) * rng.uniform(0, 8, (len(out), 1, 1, 1))
    return np.clip(out, 0, 255).astype(np.uint8)


def _scores(net: nn.Module, patches: np.ndarray) -> np.ndarray:
    net = net.cpu().eval()
    with torch.no_grad():
        return np.concatenate(
            [
                torch.sigmoid(net(torch.from_numpy(network_patches(patches[i : i + 512]))))[
                    :, 0
                ].numpy()
                for i in range(0, len(patches), 512)
            ]
        )


def report(scores: np.ndarray, tops: np.ndarray) -> str:
    """How the scores split tops from the rest: those of each kept at a few thresholds."""
    parts = []
    for threshold in (0.1, 0.3, 0.5):
        kept = scores > threshold
        parts.append(
            f"at {threshold}: tops kept {kept[tops].mean():.4f}, others kept {kept[~tops].mean():.4f}"
        )
    return "; ".join(parts)


def train(
    patches: np.ndarray,
    tops: np.ndarray,
    epochs: int,
    batch: int,
    seed: int,
    lr: float,
    device: str = "cpu",
) -> nn.Module:
    """The verifier trained on ``device`` on ``patches`` (uint8) marked ``tops``, classes
    weighed alike."""
    rng = np.random.default_rng(seed)
    torch.manual_seed(seed)
    net = network().to(device)
    optimiser = torch.optim.AdamW(net.parameters(), lr=lr, weight_decay=1e-4)
    steps = epochs * (len(patches) // batch)
    schedule = torch.optim.lr_scheduler.OneCycleLR(optimiser, lr, total_steps=steps)
    weight = torch.tensor([(~tops).sum() / max(tops.sum(), 1)], dtype=torch.float32, device=device)
    loss_of = nn.BCEWithLogitsLoss(pos_weight=weight)
    start = time.time()
    for epoch in range(epochs):
        net.train()
        order = rng.permutation(len(patches))
        total = 0.0
        for k in range(len(patches) // batch):
            pick = order[k * batch : (k + 1) * batch]
            x = torch.from_numpy(network_patches(_augmented(patches[pick], rng))).to(device)
            y = torch.from_numpy(tops[pick].astype(np.float32)).to(device)
            loss = loss_of(net(x)[:, 0], y)
            optimiser.zero_grad()
            loss.backward()
            optimiser.step()
            schedule.step()
            total += loss.item()
        print(
            f"epoch {epoch + 1}: loss {total / max(1, len(patches) // batch):.4f},"
            f" {time.time() - start:.0f} s",
            flush=True,
        )
    return net.cpu()


def export(net: nn.Module, out: Path) -> None:
    """Write ``net`` as ONNX: patches in (N × 3 × PATCH × PATCH), probabilities out (N)."""
    net.eval()
    torch.onnx.export(
        _Probability(net),
        torch.zeros(1, 3, PATCH, PATCH),
        str(out),
        input_names=["patches"],
        output_names=["top"],
        dynamic_axes={"patches": {0: "n"}, "top": {0: "n"}},
        opset_version=17,
        dynamo=False,
    )


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("data", type=Path, help="the .npz of patches (verifier_dataset)")
    parser.add_argument("--epochs", type=int, default=12)
    parser.add_argument("--batch", type=int, default=128)
    parser.add_argument("--lr", type=float, default=3e-3)
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--threads", type=int, default=2)
    parser.add_argument(
        "--device", default=default_device(), help="where the network trains (default: %(default)s)"
    )
    parser.add_argument("--out", type=Path, required=True, help="where to write the ONNX model")
    args = parser.parse_args(argv)
    torch.set_num_threads(args.threads)
    data = np.load(args.data)
    patches, tops, photo = data["patches"], data["tops"], data["photo"]
    held = photo % HELD_OUT == 0
    print(f"{int(tops.sum())} top faces, {int((~tops).sum())} others", flush=True)
    net = train(
        patches[~held], tops[~held], args.epochs, args.batch, args.seed, args.lr, args.device
    )
    print(f"held out: {report(_scores(net, patches[held]), tops[held])}")
    export(net, args.out)
    print(f"wrote {args.out}")


if __name__ == "__main__":
    main()
