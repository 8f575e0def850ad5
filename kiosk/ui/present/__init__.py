"""Presenters: what each screen shows, as plain data built from the session (no Kivy)."""
