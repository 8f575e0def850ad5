"""Development tools: training the models, evaluating on labelled photos, the watch and bench CLIs (never imported by the kiosk)."""
