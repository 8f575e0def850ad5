"""Every error the vision package raises, each deriving from `VisionError` and a built-in."""

import os


class VisionError(Exception):
    """Base of every error raised by `vision`."""


class UnknownNameError(VisionError, ValueError):
    """A colour, rank, deck or card name that no deck profile knows."""

    def __init__(self, kind: str, name: str):
        super().__init__(f"unknown {kind}: {name!r}")
        self.kind = kind
        self.name = name


class CardNotFoundError(VisionError, LookupError):
    """No card could be found in the photo."""


class NoCardSignError(CardNotFoundError):
    """The photo shows no sign of any card at all (`vision.card.detect.find_card`'s `sign_first`
    tests: no white beside darker, nothing coloured, no straight edge), whatever the deck: another
    reader need not search it either."""


class ImageReadError(VisionError, OSError):
    """A photo file could not be read or decoded."""

    def __init__(self, path: str):
        why = "not an image OpenCV can decode" if os.path.isfile(path) else "no such file"
        super().__init__(f"cannot read image: {path} ({why})")
        self.path = path


class LabelsError(VisionError, ValueError):
    """A labels CSV is malformed (missing columns, unknown names)."""


class ModelMissingError(VisionError, FileNotFoundError):
    """The weights of a recogniser model are not installed (run `make vision-model`)."""

    def __init__(self, path: str):
        super().__init__(f"model weights missing: {path} (run 'make vision-model')")
        self.path = path


class CameraUnavailableError(VisionError, OSError):
    """A frame source cannot be opened or stopped delivering (no camera, no file, device gone)."""

    def __init__(self, source: str, reason: str):
        super().__init__(f"frame source {source}: {reason}")
        self.source = source
        self.reason = reason


class DeckProfileError(VisionError, ValueError):
    """An enrolled deck profile file is missing, malformed or of another version."""


class ModelMismatchError(VisionError, ValueError):
    """A model file loads but does not fit its reader (another number of classes or input size)."""

    def __init__(self, path: str, reason: str):
        super().__init__(f"model {path}: {reason}")
        self.path = path
        self.reason = reason
