"""The demo's table as its camera sees it: a walnut majlis table of planks with a sadu runner along
its far edge, under a lamp (BGR, drawn with numpy; the same table for the same seed)."""

from __future__ import annotations

import numpy as np

WALNUT_DARK = np.float32([32, 52, 86])
"""BGR of the wood's dark grain lines."""
WALNUT_LIGHT = np.float32([68, 104, 150])
"""BGR of the wood between them."""
SADU_RED, SADU_BLACK, SADU_CREAM, SADU_WHITE = (np.float32(c) for c in
                                                ([38, 34, 150], [26, 24, 28], [150, 190, 210], [215, 225, 230]))
RUNNER_SHARE = 0.17
"""The sadu runner's depth, as a share of the picture's height (the pile lands well below it)."""


def smooth_noise(h: int, w: int, rng: np.random.Generator, cell_y: float, cell_x: float) -> np.ndarray:
    """Noise in -1..1 that changes smoothly over about ``cell_y`` × ``cell_x`` pixels (random
    values on a coarse grid, bilinearly interpolated)."""
    gh, gw = int(np.ceil(h / cell_y)) + 2, int(np.ceil(w / cell_x)) + 2
    grid = rng.uniform(-1, 1, (gh, gw)).astype(np.float32)
    y = np.arange(h, dtype=np.float32) / cell_y
    x = np.arange(w, dtype=np.float32) / cell_x
    y0, x0 = y.astype(int), x.astype(int)
    fy, fx = (y - y0)[:, None], (x - x0)[None, :]
    top = grid[y0][:, x0] * (1 - fx) + grid[y0][:, x0 + 1] * fx
    bottom = grid[y0 + 1][:, x0] * (1 - fx) + grid[y0 + 1][:, x0 + 1] * fx
    return top * (1 - fy) + bottom * fy


def wood(h: int, w: int, rng: np.random.Generator) -> np.ndarray:
    """Walnut planks running across the picture: long wavy grain lines, fine fibres, a tone per
    plank, dark seams between them (float32 BGR)."""
    yy = np.mgrid[:h, :w][0].astype(np.float32)
    plank_px = h / rng.uniform(3.6, 4.4)
    plank = np.floor(yy / plank_px)
    # each plank's grain wanders slowly along its length, offset from its neighbours'
    offsets = rng.uniform(0, 50, int(plank.max()) + 2).astype(np.float32)
    u = yy + offsets[plank.astype(int)] + smooth_noise(h, w, rng, 60, 140) * 9 + smooth_noise(h, w, rng, 14, 50) * 2
    rings = np.abs(np.mod(u / rng.uniform(5.5, 8.0), 1.0) - 0.5) * 2          # 0 on a grain line
    lines = np.clip(1.0 - rings * 2.2, 0, 1) ** 1.5
    fibres = smooth_noise(h, w, rng, 1.5, 40) * 0.5 + 0.5
    shade = 0.24 * lines + 0.12 * fibres + 0.25 * (smooth_noise(h, w, rng, 80, 220) * 0.5 + 0.5)
    tone = rng.uniform(-0.08, 0.08, int(plank.max()) + 2).astype(np.float32)[plank.astype(int)]
    mix = np.clip(0.72 - shade + tone, 0, 1)[..., None]
    img = WALNUT_DARK + (WALNUT_LIGHT - WALNUT_DARK) * mix
    seam = (np.mod(yy, plank_px) < 1.6)[..., None]
    return np.where(seam, img * 0.55, img)


def sadu_runner(h: int, w: int, rng: np.random.Generator) -> np.ndarray:
    """A sadu weave ``h`` deep: a red ground between black and cream bands, a row of white
    diamonds along the black band and stepped triangles on the red, a fringe under it (float32 BGR)."""
    yy, xx = np.mgrid[:h, :w].astype(np.float32)
    v = yy / max(1, h - 1)                                    # 0 at the top, 1 at the fringe
    img = np.broadcast_to(SADU_RED, (h, w, 3)).copy()
    black = (v > 0.12) & (v < 0.42)
    img[black] = SADU_BLACK
    img[((v > 0.08) & (v <= 0.12)) | ((v >= 0.42) & (v < 0.47)) | (v > 0.88)] = SADU_CREAM
    step = h * 0.34
    along = np.abs(np.mod(xx, step) / step - 0.5) * 2
    across = np.abs(v - 0.27) / 0.15
    img[black & (along + across < 0.75)] = SADU_WHITE
    red = (v >= 0.52) & (v < 0.84)
    stepped = np.floor((np.mod(xx + step / 2, step) / step) * 6) / 6          # stepped, not smooth
    img[red & (np.abs(stepped - 0.5) * 2 < (v - 0.52) / 0.32)] = SADU_CREAM * 0.92
    fringe = (v > 0.93) & (np.mod(xx, 5) < 2)
    img[fringe] = img[fringe] * 0.6
    threads = np.sin(xx * np.pi / 2.6) * np.sin(yy * np.pi / 2.6) * 8
    return img + threads[..., None] + smooth_noise(h, w, rng, 2, 2)[..., None] * 5


def majlis_table(height: int, width: int, *, seed: int = 0) -> np.ndarray:
    """The demo's table, ``height`` × ``width`` BGR uint8: walnut planks, a sadu runner along the
    far edge with its shadow, a lamp's warm light falling off to the corners.

    :raises ValueError: a size too small to draw (under 16 pixels either way).
    """
    if height < 16 or width < 16:
        raise ValueError(f"a table of {width} x {height} pixels is too small to draw")
    rng = np.random.default_rng(seed)
    img = wood(height, width, rng)
    depth = int(round(height * RUNNER_SHARE))
    img[:depth] = sadu_runner(depth, width, rng)
    below = np.arange(height, dtype=np.float32) - depth           # the runner's shadow on the wood
    shadow = np.where(below < 0, 1.0, np.clip(below / (height * 0.04), 0, 1))
    img *= (0.7 + 0.3 * shadow)[:, None, None]
    yy, xx = np.mgrid[:height, :width].astype(np.float32)
    cx, cy = width * rng.uniform(0.4, 0.6), height * rng.uniform(0.45, 0.6)
    lamp = np.exp(-(((xx - cx) / (0.75 * width)) ** 2 + ((yy - cy) / (0.8 * height)) ** 2))
    img *= (0.72 + 0.38 * lamp)[..., None]
    return np.clip(img, 0, 255).astype(np.uint8)
