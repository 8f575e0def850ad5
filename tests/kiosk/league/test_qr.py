"""The QR encoder, read back by OpenCV's two QR readers (a code either reads is a code phones read)."""

import cv2
import numpy as np
import pytest

from kiosk.league.fake import fake_device_id
from kiosk.league.qr import encode


def read(modules) -> set[str]:
    image = np.where(np.pad(np.array(modules, dtype=np.uint8), 4), 0, 255).astype(np.uint8)
    image = cv2.resize(image, None, fx=8, fy=8, interpolation=cv2.INTER_NEAREST)
    readers = [cv2.QRCodeDetector()] + ([cv2.QRCodeDetectorAruco()] if hasattr(cv2, "QRCodeDetectorAruco") else [])
    return {reader.detectAndDecode(image)[0] for reader in readers}


@pytest.mark.parametrize("text", [fake_device_id(str(n)) for n in range(12)] + ["OONA", "سارة", "x" * 150, "A" * 213])
def test_device_ids_and_other_texts_read_back(text):
    modules = encode(text)
    assert len(modules) == len(modules[0]) and (len(modules) - 17) % 4 == 0
    assert text in read(modules)


def test_a_device_id_is_version_5_and_too_much_is_refused():
    assert len(encode(fake_device_id("k"))) == 37
    with pytest.raises(ValueError, match="version 10"):
        encode("A" * 214)
