"""Words: the Arabic/English catalogue and how the rules core's verdicts are said (no Kivy)."""
