"""Training the classic face network: `python -m vision.train.cnn` (`make vision-cnn`, in the
training venv `.venv-train`, which has torch; the kiosk never needs it).

What it learns from, all from fixed seeds:
- renders: half from `vision.art.classic` (three editions), half from `vision.art.classic_editions`
  (many Reverse and Draw Two drawings, pastel to saturated prints, thin and thick borders), as
  photos on development tables (`vision.sim.textures`, relit by `vision.sim.synth.relight`), warped from jittered outlines,
  and a share of wrong outlines (class `none`);
- real prints: the development part of uno-real-mit (`real_part`: 7 in 10 of each folder's photos,
  by a hash of the name) and the `fit` part of uno-fanned's top cards, each warped many times from
  a jittered outline under random light, white balance, blur, JPEG, noise, glare and a finger.

The temperature of the softmax is fitted on development data the fit did not see (uno-fanned's
`val` top cards and rendered photos of other seeds) and built into the exported graph
(`vision/models/classic_cnn.onnx`, run by `vision.card.cnn` through OpenCV's dnn).
"""

import argparse
import csv
import hashlib
import os
import time
from pathlib import Path

import cv2
import numpy as np

from vision.art.classic import classic_face
from vision.art.classic_editions import edition_face
from vision.card.cnn import CLASSES, CNN_PATH, INPUT_H, INPUT_W, face_input
from vision.card.detect import find_card, grown_quad, order_quad, warp
from vision.errors import CardNotFoundError
from vision.model_files import NONE
from vision.sim.synth import card_mask, relight
from vision.sim.textures import CARD_DEVELOPMENT, texture
from vision.train.fanned import UNO_FANNED, load_fanned
from vision.train.torch_fit import fit_classifier

SEED = 7_000
UNO_REAL_MIT = next((p for p in (Path(os.environ.get("OONA_UNO_REAL_MIT", "/nonexistent")),
                                 Path(__file__).resolve().parents[3] / "shared" / "data" / "uno-real-mit",
                                 Path("/work/shared/data/uno-real-mit")) if p.is_dir()),
                    Path("/work/shared/data/uno-real-mit"))
MIT_FOLDERS = ("criscard", "alinivan")
#: Copies of each real development photo, each warped and lit anew.
REAL_COPIES = 40
FANNED_COPIES = 4
RENDERS = 12_000
NEGATIVES = 0.12
SKIN = ((90, 120, 180), (60, 90, 150), (140, 170, 220), (40, 60, 100))


def real_part(name: str) -> str:
    """`held_out` (3 in 10 photos of each uno-real-mit folder, by a hash of the file name) or `dev`."""
    return "held_out" if int(hashlib.sha1(Path(name).name.encode()).hexdigest(), 16) % 10 < 3 else "dev"


def mit_rows(folder: str, part: str, root: Path = UNO_REAL_MIT) -> list[dict]:
    """The labelled photos of one uno-real-mit folder in `part` (`dev`, `held_out` or `all`)."""
    with open(root / folder / "labels.csv", newline="") as f:
        rows = list(csv.DictReader(f))
    return [{**row, "path": root / folder / row["file"], "folder": folder} for row in rows
            if part == "all" or real_part(row["file"]) == part]


def card_quad(image: np.ndarray, folder: str) -> np.ndarray | None:
    """The card's outline in a real photo: criscard's photos are the card, cropped; elsewhere the
    detector finds it (None if it does not)."""
    h, w = image.shape[:2]
    if folder == "criscard":
        return np.float32([[0, 0], [w, 0], [w, h], [0, h]])
    try:
        return find_card(image).quad
    except CardNotFoundError:
        return None


def _finger(image: np.ndarray, rng: np.random.Generator) -> None:
    """A fingertip over one corner of a warp (the card held, or pushed into place)."""
    h, w = image.shape[:2]
    corner = np.array([[0, 0], [w, 0], [w, h], [0, h]][rng.integers(4)], np.float32)
    centre = corner + (np.array([w, h]) / 2 - corner) * rng.uniform(0.05, 0.3)
    axes = (int(w * rng.uniform(0.12, 0.22)), int(h * rng.uniform(0.15, 0.3)))
    skin = SKIN[rng.integers(len(SKIN))]
    cv2.ellipse(image, (int(centre[0]), int(centre[1])), axes, rng.uniform(0, 180), 0, 360, skin, -1, cv2.LINE_AA)


def augmented(image: np.ndarray, quad: np.ndarray, rng: np.random.Generator) -> np.ndarray:
    """One network input from a real photo: the outline jittered as the detector's might be, the
    warp lit anew (light, white balance, glare, blur, noise, JPEG), sometimes a finger over it."""
    quad = order_quad(quad.astype(np.float32))
    diag = float(np.linalg.norm(quad[0] - quad[2]))
    quad = quad + rng.normal(0, diag * rng.choice([0.004, 0.01, 0.02]), quad.shape).astype(np.float32)
    if rng.random() < 0.25:
        quad = grown_quad(order_quad(quad), *rng.uniform(0.95, 1.05, 2))
    if rng.random() < 0.5:
        quad = np.roll(quad, 2, axis=0)
    big = warp(image, quad, size=(128, 192))
    if rng.random() < 0.2:
        _finger(big, rng)
    big = relight(big, rng)
    return face_input(cv2.resize(big, (64, 96), interpolation=cv2.INTER_AREA))


def _wrong_quad(quad: np.ndarray, size, rng: np.random.Generator) -> np.ndarray:
    """An outline that is not the card's: part of it, the card with table round it, or table."""
    centre, kind = quad.mean(axis=0), rng.integers(4)
    if kind == 0:
        return centre + (quad - centre) * rng.uniform(0.15, 0.7)
    if kind == 1:
        return centre + (quad - centre) * rng.uniform(1.35, 1.9)
    if kind == 2:
        side = np.linalg.norm(quad[1] - quad[0])
        a = rng.uniform(0, 2 * np.pi)
        return quad + np.array([np.cos(a), np.sin(a)]) * side * rng.uniform(0.35, 0.8)
    w, h = size
    height = rng.uniform(40, 0.9 * h)
    half = np.array([height * rng.uniform(0.5, 0.85), height]) / 2
    corners = np.array([[-1, -1], [1, -1], [1, 1], [-1, 1]]) * half
    return corners + rng.uniform([0, 0], [w, h])


def _tables(rng: np.random.Generator, size, n: int = 48) -> list[np.ndarray]:
    """A pool of development table textures (`vision.sim.textures`: making one costs more than the
    rest of a photo, so the photos share them, each at a random shift and turn)."""
    w, h = size
    return [texture(CARD_DEVELOPMENT[i % len(CARD_DEVELOPMENT)], h, w, rng) for i in range(n)]


def _photo(face: np.ndarray, tables: list[np.ndarray], rng: np.random.Generator) -> tuple[np.ndarray, np.ndarray]:
    """A photo of `face` on one of `tables`, turned, in perspective, relit; and the card's corners."""
    table = tables[rng.integers(len(tables))]
    img = np.ascontiguousarray(np.roll(table, rng.integers(table.shape[1]), axis=1)[:: rng.choice([-1, 1])])
    h, w = img.shape[:2]
    fh, fw = face.shape[:2]
    card_h = rng.uniform(55, h * 0.9)
    half = np.array([card_h * fw / fh, card_h]) / 2
    a = rng.uniform(0, 2 * np.pi)
    rot = np.array([[np.cos(a), np.sin(a)], [-np.sin(a), np.cos(a)]])
    corners = np.array([[-1, -1], [1, -1], [1, 1], [-1, 1]]) * half @ rot
    corners += rng.normal(0, card_h * 0.04, corners.shape)
    lo, hi = -corners.min(axis=0) + 2, np.array([w, h]) - corners.max(axis=0) - 2
    centre = rng.uniform(lo, np.maximum(lo + 1, hi)) if (hi > lo).all() else np.array([w, h]) / 2
    quad = (corners + centre).astype(np.float32)
    m = cv2.getPerspectiveTransform(np.float32([[0, 0], [fw, 0], [fw, fh], [0, fh]]), quad)
    alpha = cv2.warpPerspective(card_mask(fh, fw), m, (w, h)).astype(np.float32)[..., None] / 255
    card = cv2.warpPerspective(face, m, (w, h), flags=cv2.INTER_AREA)
    img = (img * (1 - alpha) + card * alpha).astype(np.uint8)
    return relight(img, rng), quad


def rendered(n: int, seed: int, negatives: float = NEGATIVES) -> tuple[np.ndarray, np.ndarray]:
    """`n` network inputs and class indices from rendered photos (a share of them wrong outlines)."""
    rng = np.random.default_rng(seed)
    faces = [("wild", r) if r.startswith("wild") else (c, r) for r in CLASSES[:-1]
             for c in (("wild",) if r.startswith("wild") else ("red", "yellow", "green", "blue"))]
    size = (320, 240)
    tables = _tables(rng, size)
    xs, ys = [], []
    for i in range(n):
        colour, rank = faces[i % len(faces)]
        # Small faces: the photo shows the card at most 216 px tall, the warp is 96.
        draw = edition_face if rng.random() < 0.5 else classic_face
        face = draw(colour, rank, rng, px_per_mm=rng.uniform(2.6, 3.6))
        photo, quad = _photo(face, tables, rng)
        label = rank
        quad = order_quad(quad)
        if rng.random() < negatives:
            quad, label = order_quad(_wrong_quad(quad, size, rng).astype(np.float32)), NONE
        else:
            diag = float(np.linalg.norm(quad[0] - quad[2]))
            quad = order_quad(quad + rng.normal(0, diag * rng.choice([0.006, 0.015, 0.025]), quad.shape))
            if rng.random() < 0.25:
                quad = grown_quad(quad, *rng.uniform(0.95, 1.05, 2))
        if rng.random() < 0.5:
            quad = np.roll(quad, 2, axis=0)
        xs.append(face_input(warp(photo, quad.astype(np.float32))))
        ys.append(CLASSES.index(label))
    return np.array(xs, np.float32), np.array(ys)


def real_mit(seed: int, copies: int = REAL_COPIES) -> tuple[np.ndarray, np.ndarray]:
    """Augmented inputs from uno-real-mit's development photos."""
    rng = np.random.default_rng(seed)
    xs, ys = [], []
    for folder in MIT_FOLDERS:
        for row in mit_rows(folder, "dev"):
            image = cv2.imread(str(row["path"]), cv2.IMREAD_COLOR)
            quad = card_quad(image, folder) if image is not None else None
            if quad is None:
                continue
            for _ in range(copies):
                xs.append(augmented(image, quad, rng))
                ys.append(CLASSES.index(row["rank"]))
    return np.array(xs, np.float32), np.array(ys)


def fanned(part: str, seed: int, copies: int) -> tuple[np.ndarray, np.ndarray]:
    """Inputs from uno-fanned's top cards in `part` (the detector's outline of the photo's top card,
    labelled with its last box's rank); `copies` 0: the detector's own warp once, unaugmented."""
    rng = np.random.default_rng(seed)
    xs, ys = [], []
    for image, boxes in load_fanned(UNO_FANNED, part=part):
        try:
            found = find_card(image)
        except CardNotFoundError:
            continue
        label = CLASSES.index(boxes[-1][0])
        if copies == 0:
            xs.append(face_input(found.warped))
            ys.append(label)
        for _ in range(copies):
            xs.append(augmented(image, found.quad, rng))
            ys.append(label)
    return np.array(xs, np.float32), np.array(ys)


def build_data(cache: Path | None, log=print) -> dict[str, np.ndarray]:
    """The training and calibration sets (read from `cache` if it exists, else made and written)."""
    if cache and cache.is_file():
        return dict(np.load(cache))
    started = time.perf_counter()
    parts = {"render": rendered(RENDERS, SEED), "mit": real_mit(SEED + 1),
             "fanned": fanned("fit", SEED + 2, FANNED_COPIES),
             "val_render": rendered(1_500, SEED + 3), "val_fanned": fanned("val", SEED + 4, 0)}
    data = {}
    for name, (x, y) in parts.items():
        data[f"{name}_x"], data[f"{name}_y"] = x, y
        log(f"{name}: {len(y)} samples")
    log(f"data made in {time.perf_counter() - started:.0f} s")
    if cache:
        cache.parent.mkdir(parents=True, exist_ok=True)
        np.savez(cache, **data)
    return data


def network(classes: int):
    """The network: four 3 × 3 convolutions (batch-normalised, ReLU, three halvings), then two
    dense layers; about 0.2 M weights."""
    from torch import nn  # torch: only in the training venv

    def block(a, b, pool=True):
        return [nn.Conv2d(a, b, 3, padding=1, bias=False), nn.BatchNorm2d(b), nn.ReLU()] + ([nn.MaxPool2d(2)] if pool else [])
    return nn.Sequential(*block(3, 16), *block(16, 32), *block(32, 48), *block(48, 64, pool=False),
                         nn.Flatten(), nn.Dropout(0.3), nn.Linear(64 * (INPUT_H // 8) * (INPUT_W // 8), 96),
                         nn.ReLU(), nn.Linear(96, classes))


def _tensor(x: np.ndarray):
    import torch
    return torch.from_numpy(np.ascontiguousarray(x.transpose(0, 3, 1, 2)))


def fit(x: np.ndarray, y: np.ndarray, classes: int, *, epochs: int, seed: int, batch: int = 128, log=print):
    """Train the network (`vision.train.torch_fit.fit_classifier`: AdamW, one-cycle learning rate,
    label smoothing) on inputs `x` (N × H × W × 3) with either turn of each warp (a warp comes either
    way up) and small shifts of brightness."""
    def batch_of(idx, rng):
        xb = x[idx].copy()
        turn = rng.random(len(idx)) < 0.5
        xb[turn] = xb[turn][:, ::-1, ::-1]
        xb *= rng.uniform(0.85, 1.15, (len(idx), 1, 1, 1)).astype(np.float32)
        return _tensor(xb)

    return fit_classifier(lambda: network(classes), y, batch_of, epochs=epochs, seed=seed, batch=batch,
                          smoothing=0.05, log=log)


def _probabilities(model, x: np.ndarray, temperature: float = 1.0) -> np.ndarray:
    """Both turns' softmax averaged, as `vision.card.cnn` reads a warp."""
    import torch
    with torch.no_grad():
        out = [torch.softmax(model(_tensor(np.ascontiguousarray(v))) / temperature, 1).numpy()
               for v in (x, x[:, ::-1, ::-1])]
    return (out[0] + out[1]) / 2


def accuracy(model, x: np.ndarray, y: np.ndarray) -> float:
    """The share of `x` whose likeliest class is `y`."""
    return float((_probabilities(model, x).argmax(axis=1) == y).mean()) if len(y) else 0.0


def fit_temperature(model, x: np.ndarray, y: np.ndarray) -> float:
    """The softmax temperature (0.5..5, a grid) with the least negative log-likelihood on `x`."""
    grid = np.round(np.arange(0.5, 5.01, 0.05), 2)
    nll = [-np.log(_probabilities(model, x, t)[np.arange(len(y)), y] + 1e-9).mean() for t in grid]
    return float(grid[int(np.argmin(nll))])


def export(model, temperature: float, path: Path, size: tuple[int, int]) -> None:
    """Write the network, its temperature and softmax built in, as ONNX (batch of any size)."""
    import torch

    class Calibrated(torch.nn.Module):
        def __init__(self):
            super().__init__()
            self.net = model

        def forward(self, x):
            return torch.softmax(self.net(x) / temperature, dim=1)

    path.parent.mkdir(parents=True, exist_ok=True)
    torch.onnx.export(Calibrated().eval(), (torch.zeros(1, 3, *size),), str(path), dynamo=False,
                      input_names=["face"], output_names=["probabilities"], opset_version=13,
                      dynamic_axes={"face": {0: "n"}, "probabilities": {0: "n"}})


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m vision.train.cnn", description=__doc__,
                                     formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--out", type=Path, default=CNN_PATH, help="where the ONNX model goes")
    parser.add_argument("--cache", type=Path, help="keep the made data here (an .npz) and reuse it")
    parser.add_argument("--epochs", type=int, default=10)
    args = parser.parse_args(argv)
    cv2.setNumThreads(1)
    data = build_data(args.cache)
    train_x = np.concatenate([data["render_x"], data["mit_x"], data["fanned_x"]])
    train_y = np.concatenate([data["render_y"], data["mit_y"], data["fanned_y"]])
    val_x = np.concatenate([data["val_render_x"], data["val_fanned_x"]])
    val_y = np.concatenate([data["val_render_y"], data["val_fanned_y"]])
    model = fit(train_x, train_y, len(CLASSES), epochs=args.epochs, seed=SEED)
    temperature = fit_temperature(model, val_x, val_y)
    print(f"temperature {temperature:.3f}; development accuracy: renders "
          f"{accuracy(model, data['val_render_x'], data['val_render_y']):.3f}, "
          f"uno-fanned val top cards {accuracy(model, data['val_fanned_x'], data['val_fanned_y']):.3f}")
    export(model, temperature, args.out, (INPUT_H, INPUT_W))
    print(f"wrote {args.out} ({args.out.stat().st_size / 1e6:.2f} MB)")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
