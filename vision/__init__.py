"""Card vision for the Oona Referee: what the kiosk imports (frame sources, deck profiles, readings, errors, the CLI); the rooms below hold the rest."""
