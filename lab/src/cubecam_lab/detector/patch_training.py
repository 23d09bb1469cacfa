"""What training the detector's two patch networks (the verifier, :mod:`.train_verifier`, and
the refiner, :mod:`.train_refiner`) shares: their convolution block, the light and noise their
patches are varied by, the photos held out, the training loop, the command line and the
ONNX file written. Needs
PyTorch (``pip install -e '.[train]'``).
"""

from __future__ import annotations

import argparse
import time
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path

import numpy as np
import torch
from torch import nn

from cubecam.vision.detector.patches import network_patches
from cubecam_lab.detector.train import default_device, load_onnx, set_threads

HELD_OUT = 10
"""One photo in this many is held out of training, to report on."""


@dataclass(frozen=True)
class Schedule:
    """How a patch network is trained: ``epochs`` over its examples, ``batch`` at a time in
    an order seeded by ``seed``, with AdamW and a one-cycle rate peaking at ``lr``, on
    ``device``, computing in bfloat16 with ``bf16`` (its weights and the loss stay float32),
    started from the ONNX model ``init`` where one is named (see :func:`starting`)."""

    epochs: int
    batch: int
    seed: int
    lr: float
    device: str = "cpu"
    bf16: bool = False
    init: Path | None = None


def conv_block(c_in: int, c_out: int) -> list[nn.Module]:
    """A 3 × 3 convolution, normalised and rectified."""
    return [nn.Conv2d(c_in, c_out, 3, padding=1, bias=False), nn.BatchNorm2d(c_out), nn.ReLU()]


def relit(patches: np.ndarray, rng: np.random.Generator) -> np.ndarray:
    """Patches (uint8, N × P × P × 3) lit and noised at random, each its own way."""
    out = patches.astype(np.float32)
    gain = rng.uniform(0.6, 1.4, (len(out), 1, 1, 3)) * rng.uniform(0.7, 1.3, (len(out), 1, 1, 1))
    out = out * gain + rng.normal(0, 20, (len(out), 1, 1, 1))
    out += rng.normal(0, 1, out.shape) * rng.uniform(0, 8, (len(out), 1, 1, 1))
    return np.clip(out, 0, 255).astype(np.uint8)


def outputs(net: nn.Module, patches: np.ndarray, batch: int = 512) -> np.ndarray:
    """``net``'s raw outputs for uint8 patches (N × P × P × 3), on the CPU, ``batch`` at a time."""
    net = net.cpu().eval()
    with torch.no_grad():
        return np.concatenate(
            [
                net(torch.from_numpy(network_patches(patches[i : i + batch]))).numpy()
                for i in range(0, len(patches), batch)
            ]
        )


class _BFloat16(nn.Module):
    """``net`` computing in bfloat16 on channels-last images, its outputs given as floats."""

    def __init__(self, net: nn.Module, device: str) -> None:
        super().__init__()
        self.net, self.device_type = net, torch.device(device).type

    def forward(self, x: torch.Tensor) -> torch.Tensor:
        x = x.contiguous(memory_format=torch.channels_last)
        with torch.autocast(self.device_type, dtype=torch.bfloat16):
            return self.net(x).float()


def fit(
    make: Callable[[], nn.Module],
    count: int,
    loss_of: Callable[[nn.Module, np.ndarray, np.random.Generator], torch.Tensor],
    schedule: Schedule,
) -> nn.Module:
    """A network ``make`` builds (seeded by the ``schedule``'s seed) trained over ``count``
    examples as ``schedule`` says; ``loss_of(net, picked, rng)`` gives a batch's loss."""
    epochs, batch, lr, device = schedule.epochs, schedule.batch, schedule.lr, schedule.device
    rng = np.random.default_rng(schedule.seed)
    torch.manual_seed(schedule.seed)
    trained = make().to(device)
    net = trained
    if schedule.bf16:
        net = _BFloat16(trained.to(memory_format=torch.channels_last), device)
    optimiser = torch.optim.AdamW(net.parameters(), lr=lr, weight_decay=1e-4)
    batches = max(1, count // batch)  # fewer examples than a batch: one batch of them all
    rate = torch.optim.lr_scheduler.OneCycleLR(optimiser, lr, total_steps=epochs * batches)
    start = time.time()
    for epoch in range(epochs):
        net.train()
        order = rng.permutation(count)
        total = 0.0
        for k in range(batches):
            loss = loss_of(net, order[k * batch : (k + 1) * batch], rng)
            optimiser.zero_grad()
            loss.backward()
            optimiser.step()
            rate.step()
            total += loss.item()
        print(
            f"epoch {epoch + 1}: loss {total / batches:.4f}, {time.time() - start:.0f} s",
            flush=True,
        )
    return trained.cpu()


def command(
    parser: argparse.ArgumentParser,
    make: Callable[[], nn.Module],
    argv: list[str] | None = None,
) -> tuple[argparse.Namespace, Schedule, dict[str, np.ndarray], np.ndarray]:
    """A patch trainer's command line (:func:`arguments`, and the trainer's own) parsed and
    PyTorch's threads set; the training's :class:`Schedule` it gives; the data it names,
    loaded, and which of its examples are held out (by photo). Data it cannot load, or a model
    to start from that is not one of the network ``make`` builds, is refused in a line before
    any training."""
    args = parser.parse_args(argv)
    set_threads(args.threads)
    schedule = Schedule(
        args.epochs, args.batch, args.seed, args.lr, args.device, args.bf16, args.init
    )
    try:
        loaded = dict(np.load(args.data))
        held = loaded["photo"] % HELD_OUT == 0
        if args.init is not None:
            starting(make, args.init, loaded["patches"])()  # load it once to refuse it now
    except (OSError, ValueError, KeyError) as error:
        parser.error(f"{error}")
    return args, schedule, loaded, held


def arguments(description: str, data: str, epochs: int) -> argparse.ArgumentParser:
    """A patch trainer's command line: the ``data`` .npz, the training's length and rate,
    its seed, threads and device, and where the ONNX model goes."""
    parser = argparse.ArgumentParser(description=description)
    parser.add_argument("data", type=Path, help=data)
    parser.add_argument("--epochs", type=int, default=epochs)
    parser.add_argument("--batch", type=int, default=128)
    parser.add_argument("--lr", type=float, default=3e-3)
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--threads", type=int, default=2)
    parser.add_argument(
        "--bf16",
        action="store_true",
        help="compute in bfloat16 (faster on a CPU with AVX-512 BF16, or a GPU)",
    )
    parser.add_argument(
        "--device", default=default_device(), help="where the network trains (default: %(default)s)"
    )
    parser.add_argument(
        "--init", type=Path, help="start from this ONNX model, one this trainer wrote (a fine-tune)"
    )
    parser.add_argument("--out", type=Path, required=True, help="where to write the ONNX model")
    return parser


def starting(
    make: Callable[[], nn.Module], init: Path | None, patches: np.ndarray
) -> Callable[[], nn.Module]:
    """``make``, or where ``init`` names an ONNX model its trainer wrote, ``make``'s network
    started from that model (:func:`~cubecam_lab.detector.train.load_onnx`), its batch
    norms' statistics taken on the first of ``patches`` (uint8, as cut)."""
    if init is None:
        return make

    def started() -> nn.Module:
        net = make()
        load_onnx(net, init, torch.from_numpy(network_patches(patches[:512])))
        return net

    return started


def export(net: nn.Module, out: Path, patch: int, output: str) -> None:
    """Write ``net`` as ONNX: patches in (N × 3 × ``patch`` × ``patch``, named ``patches``),
    its one output named ``output``, N free."""
    net.eval()
    torch.onnx.export(
        net,
        torch.zeros(1, 3, patch, patch),
        str(out),
        input_names=["patches"],
        output_names=[output],
        dynamic_axes={"patches": {0: "n"}, output: {0: "n"}},
        opset_version=17,
        dynamo=False,
    )
