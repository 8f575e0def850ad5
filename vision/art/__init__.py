"""Deck faces as vector art: the Oona deck, classic UNO editions, glyphs, PNG and PDF output."""
