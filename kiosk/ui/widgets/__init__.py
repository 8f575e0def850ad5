"""Widgets the screens share (Kivy)."""
