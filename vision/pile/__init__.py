"""The pile: the watcher that reports cards landing and taken back, its deck faces, the calibration (runs on the Pi)."""
