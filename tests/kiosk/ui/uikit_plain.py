"""Compare screen text without the bidi isolate marks the catalogue puts around names (no Kivy)."""

from kiosk.ui.words.text import strip_isolates


def plain(value):
    """``value`` (a string, or tuples and lists of them) without bidi isolates."""
    if isinstance(value, str):
        return strip_isolates(value)
    if isinstance(value, (list, tuple)):
        return type(value)(plain(v) for v in value)
    return value
