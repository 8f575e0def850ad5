"""A card's field as the outline scan's field tests draw it: a photo with a white border across its
top and the field below, and the index place and card width the tests read it at."""

import numpy as np

CARD_W = 80.0
PLACE = (100.0, 105.0)                                           # its field patch takes in the border


def field_photo(bgr) -> np.ndarray:
    """A 240 × 240 photo: a white card border across its top, the field below it `bgr`."""
    image = np.zeros((240, 240, 3), np.uint8)
    image[:] = bgr
    image[:100] = 235
    return image
