"""The training loop the project's small networks share (`vision.train.cnn`, the face network;
`vision.train.corners_cnn`, the hand scan's corner networks): AdamW, a one-cycle learning rate,
label smoothing, shuffled batches, fixed seeds. torch is imported only here and only when called:
it lives in the training venv, never in the kiosk's."""

import time

import numpy as np


def fit_classifier(network, y: np.ndarray, batch_of, *, epochs: int, seed: int, batch: int, smoothing: float,
                   log=print):
    """Train `network()` (built after torch's seed is set) on `len(y)` examples whose labels are `y`:
    `batch_of(idx, rng)` gives the input tensor of the examples `idx` (augmented with `rng`, the
    loop's own generator, as the caller likes). Returns the network in evaluation mode."""
    import torch  # torch: only in the training venv

    torch.manual_seed(seed)
    torch.set_num_threads(1)
    rng = np.random.default_rng(seed)
    model = network()
    optimiser = torch.optim.AdamW(model.parameters(), lr=3e-3, weight_decay=1e-4)
    steps = epochs * ((len(y) + batch - 1) // batch)
    schedule = torch.optim.lr_scheduler.OneCycleLR(optimiser, max_lr=3e-3, total_steps=steps)
    loss_of = torch.nn.CrossEntropyLoss(label_smoothing=smoothing)
    targets = torch.from_numpy(y.astype(np.int64))
    for epoch in range(epochs):
        model.train()
        order, total, started = rng.permutation(len(y)), 0.0, time.process_time()
        for start in range(0, len(y), batch):
            idx = order[start:start + batch]
            inputs = batch_of(idx, rng)
            optimiser.zero_grad()
            loss = loss_of(model(inputs), targets[idx])
            loss.backward()
            optimiser.step()
            schedule.step()
            total += float(loss.detach()) * len(idx)
        log(f"epoch {epoch + 1}/{epochs}: loss {total / len(y):.4f} ({time.process_time() - started:.0f} s CPU)")
    model.eval()
    return model
