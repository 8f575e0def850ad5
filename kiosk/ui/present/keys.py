"""The on-screen keyboard's layouts and typing rules, plain Python (the kiosk has no keyboard,
and Kivy's TextInput does not join Arabic letters: names are typed here and shown shaped).

>>> typed = ""
>>> for key in ("o", "m", "a", "r", SPACE, "k"):
...     typed = press(typed, key)
>>> typed
'Omar K'
>>> press(press("سارة", BACKSPACE), "ه")
'ساره'
"""

from __future__ import annotations

SPACE, BACKSPACE = " ", "\b"
LAYOUTS = {
    "ar": ("ضصثقفغعهخحج", "شسيبلاتنمكط", "ئءؤرىةوزظدذ", "أإآ"),
    "en": ("qwertyuiop", "asdfghjkl", "zxcvbnm", "-'."),
}
"""Rows of keys, each in reading order (an Arabic row starts at its right)."""
MAX_NAME = 24


def press(text: str, key: str) -> str:
    """``text`` after ``key``: a letter (a Latin one capitalised at a word's start), space, backspace."""
    if key == BACKSPACE:
        return text[:-1]
    if len(text) >= MAX_NAME:
        return text
    if key == SPACE:
        return text if not text or text.endswith(" ") else text + " "
    if key.isascii() and key.isalpha() and (not text or text.endswith(" ")):
        key = key.upper()
    return text + key
