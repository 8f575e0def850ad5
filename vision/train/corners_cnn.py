"""Training a deck's small convolutional corner reader for the outline scan (issue 20):
`python -m vision.train.corners_cnn data|train|eval|dev [--deck classic|oona] [--cache FILE] [--out FILE]` (`make
vision-corners-cnn`, in the training venv `.venv-train`, which has torch; the kiosk never needs it:
`vision.hand.corner_cnn` runs the exported ONNX through OpenCV's dnn).

The data are `vision.train.corners_editions`' own, same seeds, with each window's pixels
(`vision.hand.corner_cnn.window_pixels`, 32 × 32 whiteness) kept in place of its HOG features:
hands spread on training tables from many rendered editions (all but its `HELD_OUT_PALETTE`),
uno-fanned's training corners, and hard negatives (the windows the shipped outline MLP keeps on its
mined hands that no visible index explains; corners_editions mines them with its own first model).
uno-real-mit is never trained on (it is the bench's held-out faces). The threshold is tuned as
corners_editions tunes the MLP's (`tune`, on its tuning hands: training faces, other seeds).

`eval` scores the network at true corner windows as `corners_editions eval` does; `dev` runs the
outline scan with it on development hands (`spread_hands(real_classic_faces(), 160, 30_000)`,
cards expected). `data` only makes the windows (`--cache FILE` keeps them for `train`).

The network (`network`): three 3 × 3 stride-2 convolutions (8, 16, 32 channels), a dense layer of
64, 16 classes; 39 816 weights, 161 KB of ONNX. On one core of this machine it reads about as fast
as the MLP's HOG features and layer do (the outline scan's CPU a hand within a few % of the MLP's).

First run (issue 20, seventh pass; `make vision-corners-cnn`, one core, load 4 to 7): 333 195
windows (201 988 `none`: 277 668 of 2000 hands, 52 221 of uno-fanned, 3 306 hard negatives), 480 s
CPU to make; 10 epochs, about 40 s CPU each; tuned threshold 0.97; 620 s CPU from the cached
windows to the tuned threshold (about 33 minutes' wall in all). At the true corner windows (`eval`,
60 held-out hands a set; the MLP's figures in corners_editions): uno-real-mit's real faces 92.4 ->
92.7 % of visible indices, the held-out palette 91.2 -> 95.7 %, `vision.enrol.unseen`'s edition
62.3 -> 52.7 % (worse: a print unlike any it learnt). Through the outline scan on the 160
development hands (`dev`, cards expected, ranks right): MLP 83.7 %, 0.21 extras a hand, 257 ms CPU
median; network with the MLP's `promising` (0.9) 87.2 %, 0.15, 372 ms; 0.5 86.9 %, 0.094, 267 ms;
0.3 85.8 %, 0.088, 236 ms; 0.5 with 11 windows a place (`--quick`) 86.1 %, 0.11, 226 ms. Shipped
with 0.5 (`vision.hand.corner_cnn.TUNING`); the bench's figures are in `vision.hand.outlined`. At
load 1 to 2, one after the other: MLP 240 ms, network 224 ms CPU median a hand. `train` from the
cached windows wrote the shipped file again byte for byte.

Oona (`--deck oona`, issue 20, eighth pass): corners_editions' Oona windows (its `SEED`, `HANDS`,
`HAND_SEED` for oona: 600 hands of `oona_pool`, no uno-fanned part), hard negatives mined with Oona's
outline MLP (`OUTLINE_MODELS["oona"]`, passed as `model=`); `dev --deck oona` scans
`spread_hands(oona_faces(), 160, 30_000)`, `dev --mlp` the same with the deck's outline MLP. First run
(one core, load 2): 82 344 windows (50 034 `none`, 310 hard negatives), 178 s CPU to make; 10 epochs,
7 s CPU each; `train`'s tune picked 0.93; 345 s CPU, 6.5 minutes' wall in all. 160 development hands,
cards expected, ranks right: MLP 96.5 %, 0.006 extras a hand, 157 ms CPU median; network (0.97,
`promising` 0.5, `vision.hand.corner_cnn.TUNINGS`) 98.4 %, 0.006, 172 ms (0.93: 98.1 %, 0.013; 20
epochs: 98.4 %, 0.013).
"""

import argparse
import json
import time
from contextlib import contextmanager
from pathlib import Path

import cv2
import numpy as np

from vision.hand.corner_cnn import CORNER_CNN_PATHS, TUNINGS, WIN, CornerCnn, classes_of, standardised, window_pixels
from vision.train import corners_editions as editions
from vision.train.torch_fit import fit_classifier

SEED = 19
EPOCHS = 10
BATCH = 256
#: Channels of the three stride-2 convolutions, and the dense layer's width.
CHANNELS = (8, 16, 32)
DENSE = 64


def _pixels(plane: np.ndarray, windows: np.ndarray) -> np.ndarray:
    return window_pixels(plane, windows).reshape(len(windows), -1)


@contextmanager
def pixels_for_features():
    """Within it, corners_editions' window generation keeps each window's pixels (flat, uint8), not its HOG."""
    features = editions.turned_window_features
    editions.turned_window_features = _pixels
    try:
        yield
    finally:
        editions.turned_window_features = features


def build_data(deck: str = "classic", log=print) -> dict[str, np.ndarray]:
    """corners_editions' training windows of `deck` as pixels (see the module's docstring; Oona's have
    no uno-fanned part, as corners_editions' own have not)."""
    from vision.hand.outlined import OUTLINE_MODELS, OutlineScanner
    from vision.hand.scanner import read_model

    rng = np.random.default_rng(editions.SEED[deck])
    started = time.process_time()
    faces = editions.deck_pool(deck)
    with pixels_for_features():
        x, y = editions.windows_of_hands(editions.training_hands(faces, editions.HANDS[deck], editions.HAND_SEED[deck]),
                                         deck, rng)
        log(f"{len(y)} hand windows, {time.process_time() - started:.0f} s")
        if deck == "classic":
            fx, fy = editions.fanned_windows(rng)
            log(f"{len(fy)} uno-fanned windows, {time.process_time() - started:.0f} s")
        else:
            fx, fy = np.zeros((0, WIN * WIN), np.uint8), np.zeros(0, np.int64)
        # Mined with the outline MLP (as the shipped network's were), not the network the scan now asks.
        mlp = read_model(OUTLINE_MODELS[deck])
        mined = editions.hard_negatives(OutlineScanner(deck=deck, threshold=0.5, model=mlp),
                                        editions.training_hands(faces, editions.MINED, editions.HAND_SEED[deck] + 500),
                                        deck)
    mined = mined.reshape(-1, WIN * WIN)
    log(f"{len(mined)} hard negatives, {time.process_time() - started:.0f} s")
    none = len(classes_of(deck)) - 1
    return {"x": np.concatenate([x, fx, mined]).astype(np.uint8).reshape(-1, WIN, WIN),
            "y": np.concatenate([y, fy, np.full(len(mined), none)]).astype(np.int64)}


def network(deck: str = "classic"):
    """Three 3 × 3 stride-2 convolutions (batch-normalised, ReLU), then two dense layers."""
    from torch import nn  # torch: only in the training venv

    layers, a = [], 1
    for b in CHANNELS:
        layers += [nn.Conv2d(a, b, 3, stride=2, padding=1, bias=False), nn.BatchNorm2d(b), nn.ReLU()]
        a = b
    side = WIN // 2 ** len(CHANNELS)
    return nn.Sequential(*layers, nn.Flatten(), nn.Dropout(0.2), nn.Linear(a * side * side, DENSE), nn.ReLU(),
                         nn.Linear(DENSE, len(classes_of(deck))))


def fit(x: np.ndarray, y: np.ndarray, *, deck: str = "classic", epochs: int = EPOCHS, seed: int = SEED, log=print):
    """Train the network (`vision.train.torch_fit.fit_classifier`: AdamW, one-cycle learning rate,
    label smoothing) on windows `x` (N × WIN × WIN uint8)."""
    import torch

    return fit_classifier(lambda: network(deck), y, lambda idx, rng: torch.from_numpy(standardised(x[idx])),
                          epochs=epochs, seed=seed, batch=BATCH, smoothing=0.02, log=log)


def export(model, path: Path) -> None:
    """Write the network, its softmax built in, as ONNX (batch of any size)."""
    import torch

    path.parent.mkdir(parents=True, exist_ok=True)
    torch.onnx.export(torch.nn.Sequential(model, torch.nn.Softmax(dim=1)).eval(), (torch.zeros(1, 1, WIN, WIN),),
                      str(path), dynamo=False, input_names=["window"], output_names=["probabilities"],
                      opset_version=13, dynamic_axes={"window": {0: "n"}, "probabilities": {0: "n"}})


def tuned_threshold(path: Path, deck: str = "classic", log=print) -> float:
    """corners_editions' `tune` of the outline scan with the exported network, on its tuning hands."""
    from vision.hand.outlined import OutlineScanner

    faces = editions.deck_pool(deck)
    hands = list(editions.training_hands(faces, editions.TUNING, editions.TUNE_SEED[deck]))
    return editions.tune(OutlineScanner(deck=deck, model=CornerCnn(path, deck=deck)), hands, log=log)


def development(model, n: int = 160, seed: int = 30_000, *, deck: str = "classic", quick: bool = False,
                log=print) -> dict:
    """The outline scan of `deck` with `model` (None: the shipped reader) on development hands (classic:
    uno-real-mit's faces; Oona: `oona_faces()`), cards expected: the share of cards whose rank is read
    (`corners_editions.score_hand`), extras a hand, CPU ms a hand."""
    from vision.hand.outlined import OutlineScanner
    from vision.sim.hands import oona_faces, spread_hands
    from vision.sim.real_faces import real_classic_faces

    scanner = OutlineScanner(deck=deck, model=model)
    scanner.quick = scanner.quick or quick
    cards = right = extra = 0
    ms = []
    faces = oona_faces() if deck == "oona" else real_classic_faces()
    for photo, truth, _layout, _surface in spread_hands(faces, n, seed):
        started = time.process_time()
        readings = scanner.scan(photo, expected=len(truth))
        ms.append((time.process_time() - started) * 1000)
        read, extras = editions.score_hand(readings, truth)
        right, extra, cards = right + read, extra + extras, cards + len(truth)
    report = {"deck": deck, "hands": n, "cards": cards, "ranks_right": right / cards, "extra_per_hand": extra / n,
              "cpu_ms_per_hand_median": float(np.median(ms))}
    log(json.dumps(report))
    return report


def main(argv: list[str] | None = None) -> int:
    """`python -m vision.train.corners_cnn data|train|eval|dev [--deck classic|oona] [--cache FILE] [--out FILE]
    [--model FILE]`."""
    parser = argparse.ArgumentParser(prog="python -m vision.train.corners_cnn", description=__doc__,
                                     formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("command", choices=["data", "train", "eval", "dev"])
    parser.add_argument("--deck", choices=["classic", "oona"], default="classic")
    parser.add_argument("--mlp", action="store_true", help="dev: score the deck's outline MLP, not a network")
    parser.add_argument("--cache", type=Path, help="keep the made windows here (an .npz) and reuse them")
    parser.add_argument("--out", type=Path, help="where the ONNX network goes (default the deck's CORNER_CNN_PATHS)")
    parser.add_argument("--model", type=Path, help="eval, dev: the network to score (default the deck's shipped one)")
    parser.add_argument("--threshold", type=float, help="dev: the scan's threshold (default the tuned one)")
    parser.add_argument("--promising", type=float, help="dev: read a place closely below this `none` (default TUNING's)")
    parser.add_argument("--quick", action="store_true", help="dev: read each place at 11 windows, not 27")
    parser.add_argument("--epochs", type=int, default=EPOCHS)
    parser.add_argument("--hands", type=int, default=160, help="dev: development hands")
    args = parser.parse_args(argv)
    cv2.setNumThreads(1)
    deck = args.deck
    out = args.out or CORNER_CNN_PATHS[deck]
    if args.command == "eval":
        with pixels_for_features():
            editions.evaluate(deck, {str(args.model or out): CornerCnn(args.model, deck=deck)})
        return 0
    if args.command == "dev":
        if args.mlp:
            from vision.hand.outlined import OUTLINE_MODELS
            from vision.hand.scanner import read_model

            reader = read_model(OUTLINE_MODELS[deck])
            if args.threshold is not None:
                reader.tuning = dict(reader.tuning, threshold=args.threshold)
        else:
            reader = CornerCnn(args.model, deck=deck, threshold=args.threshold)
        if args.promising is not None:
            reader.tuning["promising"] = args.promising
        development(reader, args.hands, deck=deck, quick=args.quick)
        return 0
    started = time.process_time()
    if args.cache and args.cache.is_file():
        with np.load(args.cache) as cached:
            data = {k: cached[k] for k in cached.files}
    else:
        data = build_data(deck)
        if args.cache:
            args.cache.parent.mkdir(parents=True, exist_ok=True)
            np.savez(args.cache, **data)
    print(f"{len(data['y'])} windows ({int((data['y'] == len(classes_of(deck)) - 1).sum())} none), "
          f"{time.process_time() - started:.0f} s CPU")
    if args.command == "data":
        return 0
    model = fit(data["x"], data["y"], deck=deck, epochs=args.epochs)
    export(model, out)
    print(f"wrote {out} ({out.stat().st_size / 1e3:.0f} KB), {time.process_time() - started:.0f} s CPU")
    threshold = tuned_threshold(out, deck)
    print(f"tuned threshold {threshold} (vision.hand.corner_cnn.TUNINGS[{deck!r}] has {TUNINGS[deck]['threshold']}), "
          f"{time.process_time() - started:.0f} s CPU")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
