"""One card: finding it in a photo, warping it, reading its colour and rank (runs on the Pi)."""
