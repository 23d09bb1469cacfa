"""Train the top-face detector and write it as ONNX.

Needs PyTorch (``pip install -e '.[train]'``); cubecam runs the result with onnxruntime.
Trains on labelled folders (rendered scenes from ``cubecam-lab synth``, and the training part
of ``../shared/realdata/tiles``); ``python -m cubecam_lab.detector.evaluate --choose``
then chooses its settings on held-out renders (``scripts/train_detector.sh`` does both)::

    OMP_NUM_THREADS=1 .venv/bin/python -m cubecam_lab.detector.train --data renders/ \\
        --real ../shared/realdata --steps 20000 --batch 16 --size 256 --bf16 --out model.onnx

The network is CenterNet-like: a small encoder to 1/32, a decoder back to 1/4, and two
heads: the centre heat (focal loss) and the face's shape: its turn and its corners in its own
frame (L1, the corners' divided by the face's size, so small and large faces count alike).
"""

from __future__ import annotations

import argparse
import os
import time
from itertools import islice
from pathlib import Path

import cv2
import numpy as np
import torch
from torch import nn
from torch.utils.data import DataLoader, Dataset

from cubecam.vision.detector.encoding import SHAPE
from cubecam_lab.detector.augment import training_view
from cubecam_lab.detector.dataset import Sample, emphasis_map, encode_targets, samples_under
from cubecam_lab.labels import labelled_tree

WIDTHS = (12, 24, 48, 64, 96)
DEPTHS = (0, 1, 2, 2, 2)
DECODER = 32


def _conv(c_in: int, c_out: int, stride: int = 1) -> nn.Sequential:
    return nn.Sequential(
        nn.Conv2d(c_in, c_out, 3, stride, 1, bias=False), nn.BatchNorm2d(c_out), nn.ReLU()
    )


def _separable(width: int) -> nn.Sequential:
    """A depthwise 3×3 then a pointwise convolution: most of a 3×3's reach at a ninth of its cost."""
    return nn.Sequential(
        nn.Conv2d(width, width, 3, 1, 1, groups=width, bias=False),
        nn.BatchNorm2d(width),
        nn.ReLU(),
        nn.Conv2d(width, width, 1, bias=False),
        nn.BatchNorm2d(width),
        nn.ReLU(),
    )


class Net(nn.Module):
    """Photo (B × 3 × H × W, 0..1) → heat logits (B × 1) and face shapes (B × 10) at 1/4;
    ``widths`` are its encoder stages' and ``decoder`` its decoder's channels."""

    def __init__(self, widths: tuple[int, ...] = WIDTHS, decoder: int = DECODER) -> None:
        super().__init__()
        self.widths, self.decoder = tuple(widths), decoder
        stages, c_in = [], 3
        for width, depth in zip(widths, DEPTHS, strict=True):
            stages.append(
                nn.Sequential(_conv(c_in, width, 2), *(_separable(width) for _ in range(depth)))
            )
            c_in = width
        self.stages = nn.ModuleList(stages)
        self.lateral = nn.ModuleList(nn.Conv2d(w, decoder, 1) for w in widths[1:])
        self.smooth = nn.ModuleList(_separable(decoder) for _ in widths[1:-1])
        self.heat = nn.Conv2d(decoder, 1, 1)
        self.shape = nn.Conv2d(decoder, SHAPE, 1)
        self.heat.bias.data.fill_(-2.2)

    def forward(self, x: torch.Tensor) -> tuple[torch.Tensor, torch.Tensor]:
        features = []
        for stage in self.stages:
            x = stage(x)
            features.append(x)
        y = self.lateral[-1](features[-1])
        for i in range(len(self.widths) - 2, 0, -1):
            y = nn.functional.interpolate(y, scale_factor=2.0, mode="nearest")
            y = self.smooth[i - 1](y + self.lateral[i - 1](features[i]))
        return self.heat(y), self.shape(y)


class Views(Dataset):
    """Random training views of the samples, with their targets; a blank face's centre
    counts ``blank_weight`` times in the heat's loss."""

    def __init__(
        self, samples: list[Sample], size: int, length: int, seed: int, blank_weight: float = 1.0
    ) -> None:
        self.samples, self.size, self.length, self.seed = samples, size, length, seed
        self.blank_weight = blank_weight

    def __len__(self) -> int:
        return self.length

    def __getitem__(self, index: int):
        rng = np.random.default_rng([self.seed, index])
        sample = self.samples[int(rng.integers(len(self.samples)))]
        view, quads, hidden, kept = training_view(
            sample.image(), sample.quads, rng, size=self.size, hidden=sample.hidden
        )
        size = (self.size, self.size)
        heat, offsets, weight = encode_targets(quads, size, hidden)
        emphasis = emphasis_map(
            quads, np.where(sample.is_blank()[kept], self.blank_weight, 1), size
        )
        # bytes, a quarter of floats, cross from the worker: see network_images
        image = torch.from_numpy(view[..., ::-1].transpose(2, 0, 1).copy())
        targets = (heat, offsets, weight, emphasis)
        return image, *(torch.from_numpy(target) for target in targets)


def network_images(views: torch.Tensor) -> torch.Tensor:
    """A batch of views as the loader gives them (N × 3 × H × W bytes, RGB) as the network
    takes them: floats from 0 to 1."""
    return views.float() / 255.0


def view_loader(views: Views, batch: int, workers: int, pin_memory: bool = False) -> DataLoader:
    """Batches of ``views``, made by ``workers`` processes (none: in this one), each on one
    thread: OpenCV's own pool in every worker of many would crowd the cores they share."""
    return DataLoader(
        views,
        batch_size=batch,
        num_workers=workers,
        persistent_workers=workers > 0,
        worker_init_fn=_one_thread,
        pin_memory=pin_memory,
    )


def _one_thread(_worker: int) -> None:
    cv2.setNumThreads(1)
    torch.set_num_threads(1)


def focal_loss(
    logits: torch.Tensor, target: torch.Tensor, emphasis: torch.Tensor | None = None
) -> torch.Tensor:
    """CenterNet's penalty-reduced focal loss, per face; a face's centre counts ``emphasis``
    times (its cell's value; once where not given)."""
    p = torch.sigmoid(logits).clamp(1e-4, 1 - 1e-4)
    positive = target.eq(1).float()
    counted = target.ge(0).float()  # -1: near a hidden face, neither right nor wrong
    pos = -torch.log(p) * (1 - p) ** 2 * positive * (1.0 if emphasis is None else emphasis)
    neg = -torch.log(1 - p) * p**2 * (1 - target) ** 4 * (1 - positive) * counted
    return (pos.sum() + neg.sum()) / positive.sum().clamp(min=1.0)


def shape_loss(pred: torch.Tensor, target: torch.Tensor, weight: torch.Tensor) -> torch.Tensor:
    """L1 on the turn and, scaled by the face's size, on the corners in the face's frame
    (over the best of their four cyclic orders: near 45° the first corner is unsure)."""
    b, _, h, w = pred.shape
    mask = weight[:, 0]
    turn = (pred[:, :2] - target[:, :2]).abs().sum(dim=1)
    corners = pred[:, 2:].reshape(b, 4, 2, h, w)
    truth = target[:, 2:].reshape(b, 4, 2, h, w)
    costs = torch.stack([(corners - truth.roll(k, dims=1)).abs().sum(dim=(1, 2)) for k in range(4)])
    cells = (mask > 0).float()
    return ((turn * cells + costs.min(dim=0).values * mask).sum()) / cells.sum().clamp(min=1.0)


def train(
    samples: list[Sample],
    *,
    steps: int,
    batch: int,
    size: int,
    seed: int,
    workers: int,
    init: Path | None = None,
    checkpoint: Path | None = None,
    lr: float = 3e-3,
    bf16: bool = False,
    blank_weight: float = 1.0,
    device: str = "cpu",
    widen: float = 1.0,
) -> Net:
    """``steps`` steps of AdamW (peak rate ``lr``) on random views of ``samples``, from
    ``init``'s weights if given (a checkpoint, or an ONNX model :func:`export` wrote), saving
    the weights to ``checkpoint`` every 500 steps and at the end; with ``bf16`` the network
    computes in bfloat16 (the weights and the losses stay float32); a blank face's centre
    counts ``blank_weight`` times in the heat's loss; the network is ``widen`` times as wide
    as ``init``'s (see :func:`widened`). The views are made on the CPU, the network trains on
    ``device`` (``"cuda"`` where a GPU is at hand)."""
    torch.manual_seed(seed)
    onnx_init = init is not None and init.suffix == ".onnx"
    state = torch.load(init, map_location="cpu") if init and not onnx_init else None
    if onnx_init:
        net = Net(*widths_of(init))
    elif state is not None:
        net = Net(*_widths_in(state))
        net.load_state_dict(state)
    else:
        net = Net()
    views = Views(samples, size, steps * batch, seed, blank_weight)
    loader = view_loader(views, batch, workers, pin_memory=device != "cpu")
    if onnx_init or widen != 1.0:
        first = network_images(torch.cat([images for images, *_ in islice(iter(loader), 4)]))
        if onnx_init:
            load_onnx(net, init, first)
        if widen != 1.0:
            wider = tuple(round(width * widen) for width in net.widths)
            net = widened(net, wider, round(net.decoder * widen), first)
    net = net.to(device, memory_format=torch.channels_last)  # a third less time on the CPU
    optimiser = torch.optim.AdamW(net.parameters(), lr=lr, weight_decay=1e-4)
    schedule = torch.optim.lr_scheduler.OneCycleLR(optimiser, lr, total_steps=steps)
    start = time.time()
    net.train()
    for step, batch_tensors in enumerate(loader):
        images, heat, offsets, weight, emphasis = (
            t.to(device, non_blocking=True) for t in batch_tensors
        )
        with torch.autocast(torch.device(device).type, dtype=torch.bfloat16, enabled=bf16):
            heat_logits, shapes = net(
                network_images(images).contiguous(memory_format=torch.channels_last)
            )
        loss_heat = focal_loss(heat_logits.float(), heat, emphasis)
        loss_shape = shape_loss(shapes.float(), offsets, weight)
        loss = loss_heat + loss_shape
        optimiser.zero_grad()
        loss.backward()
        optimiser.step()
        schedule.step()
        if checkpoint is not None and (step % 500 == 499 or step == steps - 1):
            torch.save(net.state_dict(), checkpoint)
        if step % 100 == 0 or step == steps - 1:
            print(
                f"step {step}/{steps}  heat {loss_heat.item():.3f}  "
                f"shape {loss_shape.item():.3f}  {time.time() - start:.0f}s",
                flush=True,
            )
    return net.cpu().eval()


def _called(net: nn.Module, images: torch.Tensor, kinds: tuple[type, ...]) -> list[nn.Module]:
    """The layers of ``kinds`` in the order ``net`` calls them on ``images``."""
    called: list[nn.Module] = []
    hooks = [
        m.register_forward_hook(lambda m, *_: called.append(m))
        for m in net.modules()
        if isinstance(m, kinds)
    ]
    with torch.no_grad():
        net.eval()(images[:1])
    for hook in hooks:
        hook.remove()
    return called


def load_onnx(net: nn.Module, path: Path, images: torch.Tensor) -> None:
    """Start ``net`` from an ONNX model that its trainer exported (the shipped one, say).

    The export folds each batch norm into the convolution before it; here the convolution
    takes the folded weights and its norm is set to pass them through unchanged, with the
    running statistics of ``images`` (so that training resumes at the scale the norm sees).
    A linear layer takes its Gemm's weights. The network then computes what the ONNX model
    does.
    """
    import onnx
    from onnx import numpy_helper

    model = onnx.load(str(path))
    stored = {t.name: numpy_helper.to_array(t) for t in model.graph.initializer}
    nodes = [node for node in model.graph.node if node.op_type == "Conv"]
    gemms = [node for node in model.graph.node if node.op_type == "Gemm"]
    called = _called(net, images, (nn.Conv2d, nn.Linear))
    order = [m for m in called if isinstance(m, nn.Conv2d)]
    linears = [m for m in called if isinstance(m, nn.Linear)]
    if len(order) != len(nodes) or len(linears) != len(gemms):
        raise ValueError(
            f"{path} has {len(nodes)} convolutions and {len(gemms)} linear layers,"
            f" the network {len(order)} and {len(linears)}"
        )
    with torch.no_grad():
        for linear, node in zip(linears, gemms, strict=True):
            weight = stored[node.input[1]]
            transposed = any(a.name == "transB" and a.i for a in node.attribute)
            weight = weight if transposed else weight.T
            if weight.shape != tuple(linear.weight.shape):
                raise ValueError(f"{path}: a linear layer of {weight.shape} where {linear}")
            linear.weight.copy_(torch.from_numpy(weight.copy()))
            linear.bias.copy_(torch.from_numpy(stored[node.input[2]].copy()))
    norm_after = {
        id(seq[i]): seq[i + 1]
        for seq in net.modules()
        if isinstance(seq, nn.Sequential)
        for i in range(len(seq) - 1)
        if isinstance(seq[i], nn.Conv2d) and isinstance(seq[i + 1], nn.BatchNorm2d)
    }
    biases = {}
    with torch.no_grad():
        for conv, node in zip(order, nodes, strict=True):
            weight = torch.from_numpy(stored[node.input[1]].copy())
            bias = torch.from_numpy(stored[node.input[2]].copy())
            if weight.shape != conv.weight.shape:
                raise ValueError(f"{path}: a convolution of {tuple(weight.shape)} where {conv}")
            conv.weight.copy_(weight)
            norm = norm_after.get(id(conv))
            if norm is None:
                conv.bias.copy_(bias)
                continue
            norm.weight.fill_(1.0)
            norm.bias.copy_(bias)
            norm.running_mean.zero_()
            norm.running_var.fill_(1.0 - norm.eps)
            biases[norm] = bias
    inputs: dict[nn.BatchNorm2d, torch.Tensor] = {}
    hooks = [
        norm.register_forward_hook(lambda m, args, _: inputs.__setitem__(m, args[0]))
        for norm in biases
    ]
    with torch.no_grad():
        net(images)
        for hook in hooks:
            hook.remove()
        for norm, bias in biases.items():
            mean = inputs[norm].mean(dim=(0, 2, 3))
            var = inputs[norm].var(dim=(0, 2, 3), unbiased=False)
            norm.running_mean.copy_(mean)
            norm.running_var.copy_(var)
            norm.weight.copy_((var + norm.eps).sqrt())
            norm.bias.copy_(mean + bias)


def widths_of(path: Path) -> tuple[tuple[int, ...], int]:
    """The encoder's and decoder's widths of an ONNX model :func:`export` wrote: the
    channels of its strided convolutions, and those its heat head reads."""
    import onnx

    model = onnx.load(str(path))
    shapes = {t.name: t.dims for t in model.graph.initializer}
    convs = [node for node in model.graph.node if node.op_type == "Conv"]
    strided = [
        int(shapes[node.input[1]][0])
        for node in convs
        if any(a.name == "strides" and list(a.ints) == [2, 2] for a in node.attribute)
    ]
    heads = [node for node in convs if shapes[node.input[1]][0] == 1]
    if len(strided) != len(DEPTHS) or len(heads) != 1:
        raise ValueError(f"{path} is not a detector this trainer exported")
    return tuple(strided), int(shapes[heads[0].input[1]][1])


def _widths_in(state: dict[str, torch.Tensor]) -> tuple[tuple[int, ...], int]:
    """The encoder's and decoder's widths of a checkpoint's weights."""
    encoder = tuple(state[f"stages.{i}.0.0.weight"].shape[0] for i in range(len(DEPTHS)))
    return encoder, state["heat.weight"].shape[1]


def widened(net: Net, widths: tuple[int, ...], decoder: int, images: torch.Tensor) -> Net:
    """A wider network computing exactly what ``net`` does: each layer keeps its weights
    in its first channels; the channels added are drawn at random, and the layers that read
    them start with zero weights on them, so they count only as training moves those."""
    wide = Net(widths, decoder)
    kinds = (nn.Conv2d, nn.BatchNorm2d)
    with torch.no_grad():
        for old, new in zip(_called(net, images, kinds), _called(wide, images, kinds), strict=True):
            out = old.weight.shape[0]
            if isinstance(old, nn.BatchNorm2d):
                for name in ("weight", "bias", "running_mean", "running_var"):
                    getattr(new, name)[:out] = getattr(old, name)
                continue
            given = old.weight.shape[1]
            if old.groups == 1:
                new.weight[:, given:] = 0.0
            new.weight[:out, :given] = old.weight
            if old.bias is not None:
                new.bias[:out] = old.bias
    return wide.train()


def default_device() -> str:
    """``"cuda"`` where PyTorch sees a GPU, else ``"cpu"``."""
    return "cuda" if torch.cuda.is_available() else "cpu"


def set_threads(asked: int) -> int:
    """PyTorch's CPU threads set to ``asked``, or to ``OMP_THREAD_LIMIT`` where that is set
    lower (as Tesseract's users are told to: more threads than that limit leave OpenMP's
    pool spinning once the work is done, and the process never ends); the number set."""
    limit = os.environ.get("OMP_THREAD_LIMIT", "").strip()
    threads = min(asked, int(limit)) if limit.isdigit() and int(limit) > 0 else asked
    torch.set_num_threads(threads)
    return threads


def export(net: Net, out: Path) -> None:
    """Write ``net`` as ONNX with a dynamic photo size."""
    net = net.to(memory_format=torch.contiguous_format)
    dummy = torch.zeros(1, 3, 384, 512)
    torch.onnx.export(
        net,
        dummy,
        str(out),
        input_names=["image"],
        output_names=["heat", "shape"],
        dynamic_axes={"image": {0: "batch", 2: "height", 3: "width"}},
        opset_version=17,
        dynamo=False,
    )


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument(
        "--data",
        type=labelled_tree,
        nargs="+",
        required=True,
        help="folders of rendered, labelled folders, at any depth",
    )
    parser.add_argument("--real", type=Path, help="the realdata folder (its tiles' training part)")
    parser.add_argument("--real-weight", type=int, default=3, help="times each real photo counts")
    parser.add_argument("--steps", type=int, default=6000)
    parser.add_argument("--batch", type=int, default=12)
    parser.add_argument("--size", type=int, default=320)
    parser.add_argument("--seed", type=int, default=3)
    parser.add_argument("--workers", type=int, default=1)
    parser.add_argument("--threads", type=int, default=1, help="more only on an idle machine")
    parser.add_argument(
        "--init",
        type=Path,
        help="start from these weights: a checkpoint, or an ONNX model it wrote",
    )
    parser.add_argument("--checkpoint", type=Path, help="save the weights here as it trains")
    parser.add_argument("--lr", type=float, default=3e-3, help="the learning rate at its peak")
    parser.add_argument(
        "--bf16",
        action="store_true",
        help="compute in bfloat16 (twice as fast on a CPU with AVX-512 BF16)",
    )
    parser.add_argument(
        "--blank-weight",
        type=float,
        default=1.0,
        help="times a blank face's centre counts in the heat's loss (blanks show no glyph)",
    )
    parser.add_argument(
        "--device", default=default_device(), help="where the network trains (default: %(default)s)"
    )
    parser.add_argument(
        "--widen",
        type=float,
        default=1.0,
        help="train a network this many times as wide as --init's, computing what it does at first",
    )
    parser.add_argument("--out", type=Path, required=True, help="where to write the ONNX model")
    args = parser.parse_args(argv)
    if args.widen != 1.0 and (args.init is None or args.widen < 1.0):
        parser.error("--widen needs --init, and widens it (1 or more)")
    if args.init is not None and args.init.suffix == ".onnx":
        try:
            widths_of(args.init)
        except (OSError, ValueError) as error:
            parser.error(f"--init: {error}")
    set_threads(args.threads)
    samples = samples_under(args.data)
    if args.real is not None:
        samples += samples_under([], args.real) * args.real_weight
    if not samples:
        parser.error(f"no labelled photos in {', '.join(map(str, args.data))}")
    print(f"{len(samples)} labelled photos", flush=True)
    net = train(
        samples,
        steps=args.steps,
        batch=args.batch,
        size=args.size,
        seed=args.seed,
        workers=args.workers,
        init=args.init,
        checkpoint=args.checkpoint,
        lr=args.lr,
        bf16=args.bf16,
        blank_weight=args.blank_weight,
        device=args.device,
        widen=args.widen,
    )
    export(net, args.out)
    print(f"wrote {args.out} ({args.out.stat().st_size / 1e6:.2f} MB)")


if __name__ == "__main__":
    main()
