"""A small multilayer perceptron in numpy: inference for the recogniser and the trainer behind it."""

from pathlib import Path

import numpy as np

from vision.errors import ModelMissingError

#: How many rows `Mlp.probabilities` works on at once.
BATCH = 2048


class Mlp:
    """Two layers (ReLU hidden, softmax out) over standardised features."""

    def __init__(self, weights: dict[str, np.ndarray], classes: list[str]):
        self.w = {k: v.astype(np.float32) for k, v in weights.items()}
        self.classes = classes

    @classmethod
    def load(cls, path) -> "Mlp":
        """Weights from an `.npz` written by `save`.

        :raises ModelMissingError: if the file does not exist.
        """
        path = Path(path)
        if not path.exists():
            raise ModelMissingError(str(path))
        data = np.load(path, allow_pickle=False)
        classes = [str(c) for c in data["classes"]]
        return cls({k: data[k] for k in ("mean", "scale", "w1", "b1", "w2", "b2")}, classes)

    def save(self, path) -> None:
        """Write the weights (float16) and class names to an `.npz`."""
        np.savez_compressed(path, classes=np.array(self.classes),
                            **{k: v.astype(np.float16) for k, v in self.w.items()})

    def probabilities(self, x: np.ndarray) -> np.ndarray:
        """Class probabilities for each row of `x` (BATCH rows at a time: a hand scan's tens of
        thousands of windows would otherwise take their size in memory several times over)."""
        x = np.atleast_2d(x)
        if len(x) <= BATCH:
            return self._probabilities(x)
        return np.concatenate([self._probabilities(x[i:i + BATCH]) for i in range(0, len(x), BATCH)])

    def _probabilities(self, x: np.ndarray) -> np.ndarray:
        """`probabilities` of at most a few thousand rows."""
        z = (x - self.w["mean"]) * self.w["scale"]
        hidden = np.maximum(z @ self.w["w1"] + self.w["b1"], 0)
        logits = hidden @ self.w["w2"] + self.w["b2"]
        logits -= logits.max(axis=1, keepdims=True)
        e = np.exp(logits)
        return e / e.sum(axis=1, keepdims=True)


def train(x: np.ndarray, y: np.ndarray, classes: list[str], *, hidden: int = 128, epochs: int = 14,
          seed: int = 0, log=print, quick: bool = False) -> Mlp:
    """Fit an Mlp by Adam on softmax cross-entropy, with dropout on the input.

    `quick`: the same fit for about half the CPU (`_train_quick`: the dropout drawn as
    bytes, Adam's steps in place), not the same weights."""
    if quick:
        return _train_quick(x, y, classes, hidden=hidden, epochs=epochs, seed=seed, log=log)
    rng, mean, scale, z, params = _start(x, len(classes), hidden, seed)
    n, d = z.shape
    m = {key: np.zeros_like(v) for key, v in params.items()}
    v = {key: np.zeros_like(p) for key, p in params.items()}
    step, batch = 0, 128
    for epoch in range(epochs):
        lr = _rate(epoch, epochs)
        order = rng.permutation(n)
        loss_sum = 0.0
        for start in range(0, n, batch):
            idx = order[start:start + batch]
            xb = z[idx] * (rng.random((len(idx), d)) > 0.15) / 0.85
            loss, grads = _gradients(params, xb, y[idx])
            loss_sum += loss
            step += 1
            for key in params:
                m[key] = 0.9 * m[key] + 0.1 * grads[key]
                v[key] = 0.999 * v[key] + 0.001 * grads[key] ** 2
                mhat = m[key] / (1 - 0.9 ** step)
                vhat = v[key] / (1 - 0.999 ** step)
                params[key] -= (lr * mhat / (np.sqrt(vhat) + 1e-8)).astype(np.float32)
        log(f"epoch {epoch + 1}/{epochs}: loss {loss_sum / n:.4f}")
    return Mlp({"mean": mean, "scale": scale, **params}, classes)


def _start(x: np.ndarray, k: int, hidden: int, seed: int):
    """Both fits' start: the seeded generator, the input's mean and scale, the standardised input
    (float32) and the first weights of a `hidden`-unit layer and `k` classes."""
    rng = np.random.default_rng(seed)
    mean = x.mean(axis=0)
    scale = 1.0 / (x.std(axis=0) + 1e-3)
    z = ((x - mean) * scale).astype(np.float32)
    d = z.shape[1]
    params = {"w1": rng.normal(0, np.sqrt(2 / d), (d, hidden)).astype(np.float32),
              "b1": np.zeros(hidden, np.float32),
              "w2": rng.normal(0, np.sqrt(2 / hidden), (hidden, k)).astype(np.float32),
              "b2": np.zeros(k, np.float32)}
    return rng, mean, scale, z, params


def _rate(epoch: int, epochs: int) -> float:
    """The learning rate of an epoch: 2e-3 falling to 0 on a half cosine."""
    return 2e-3 * (0.5 * (1 + np.cos(np.pi * epoch / epochs)))


def _gradients(params: dict, xb: np.ndarray, yb: np.ndarray) -> tuple[float, dict]:
    """A batch's summed cross-entropy and the mean gradients of the weights (with a little weight
    decay on the first layer)."""
    rows = np.arange(len(yb))
    h = np.maximum(xb @ params["w1"] + params["b1"], 0)
    logits = h @ params["w2"] + params["b2"]
    logits -= logits.max(axis=1, keepdims=True)
    p = np.exp(logits)
    p /= p.sum(axis=1, keepdims=True)
    loss = -np.log(p[rows, yb] + 1e-9).sum()
    g = p
    g[rows, yb] -= 1
    g /= len(yb)
    grads = {"w2": h.T @ g, "b2": g.sum(axis=0)}
    gh = (g @ params["w2"].T) * (h > 0)
    grads["w1"] = xb.T @ gh + 1e-4 * params["w1"]
    grads["b1"] = gh.sum(axis=0)
    return loss, grads


#: `_train_quick`'s input dropout: a random byte under this (of 256) drops a value, about 15 %.
_DROP_BYTE = 38


def _train_quick(x: np.ndarray, y: np.ndarray, classes: list[str], *, hidden: int, epochs: int, seed: int,
                 log) -> Mlp:
    """`train`'s fit, float32 throughout: the input dropout drawn as random bytes (a third of the
    CPU of uniform floats), Adam's moments updated in place and its bias correction folded into
    the step size."""
    rng, mean, scale, z, params = _start(x, len(classes), hidden, seed)
    n, d = z.shape
    m = {key: np.zeros_like(v) for key, v in params.items()}
    v = {key: np.zeros_like(p) for key, p in params.items()}
    step, batch, keep = 0, 128, np.float32(1 - _DROP_BYTE / 256)
    for epoch in range(epochs):
        lr = _rate(epoch, epochs)
        order = rng.permutation(n)
        loss_sum = 0.0
        for start in range(0, n, batch):
            idx = order[start:start + batch]
            kept = np.frombuffer(rng.bytes(len(idx) * d), np.uint8).reshape(len(idx), d) >= _DROP_BYTE
            xb = z[idx]
            xb *= kept
            xb /= keep
            loss, grads = _gradients(params, xb, y[idx])
            loss_sum += loss
            step += 1
            size = np.float32(lr * np.sqrt(1 - 0.999 ** step) / (1 - 0.9 ** step))
            for key, grad in grads.items():
                m[key] *= 0.9
                m[key] += 0.1 * grad
                v[key] *= 0.999
                grad *= grad
                grad *= 0.001
                v[key] += grad
                denominator = np.sqrt(v[key])
                denominator += 1e-8
                np.divide(m[key], denominator, out=denominator)
                denominator *= size
                params[key] -= denominator
        log(f"epoch {epoch + 1}/{epochs}: loss {loss_sum / n:.4f}")
    return Mlp({"mean": mean, "scale": scale, **params}, classes)
