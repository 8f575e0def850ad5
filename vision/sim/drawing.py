"""Drawing the simulated table's pieces: a card pasted at a pose, an arm in its sleeve, a soft
shadow, and where a thrown card and the hands are at a moment of an action."""

import cv2
import numpy as np

from vision.sim.synth import card_mask


def ease(x: float) -> float:
    """Smoothstep of `x` clamped to 0..1: slow to start and to stop."""
    x = min(1.0, max(0.0, x))
    return x * x * (3 - 2 * x)


def card_quad(card, card_px: float, pose=None) -> np.ndarray:
    """The 4 corners (TL, TR, BR, BL of the face) of a card `card_px` tall at a pose (default: at rest)."""
    x, y, angle = pose if pose is not None else card.pose
    fh, fw = card.face.shape[:2]
    h = card_px
    w = h * fw / fh
    c, s = np.cos(np.radians(angle)), np.sin(np.radians(angle))
    corners = np.array([[-w, -h], [w, -h], [w, h], [-w, h]]) / 2 @ np.array([[c, s], [-s, c]])
    return (corners + (x, y)).astype(np.float32)


def paste_card(img: np.ndarray, card, pose, card_px: float, shadow: float = 0.25) -> None:
    """Paste a card's face into `img` at a pose, over a soft shadow `shadow` deep."""
    fh, fw = card.face.shape[:2]
    quad = card_quad(card, card_px, pose)
    src = np.float32([[0, 0], [fw, 0], [fw, fh], [0, fh]])
    m = cv2.getPerspectiveTransform(src, quad)
    x0, y0 = np.floor(quad.min(axis=0)).astype(int) - 8
    x1, y1 = np.ceil(quad.max(axis=0)).astype(int) + 8
    h, w = img.shape[:2]
    x0, y0, x1, y1 = max(0, x0), max(0, y0), min(w, x1), min(h, y1)
    if x1 <= x0 or y1 <= y0:
        return
    m = np.float32([[1, 0, -x0], [0, 1, -y0], [0, 0, 1]]) @ m
    size = (x1 - x0, y1 - y0)
    alpha = cv2.warpPerspective(card_mask(fh, fw), m, size).astype(np.float32)[..., None] / 255
    roi = img[y0:y1, x0:x1].astype(np.float32)
    if shadow:
        sh = cv2.GaussianBlur(np.roll(alpha[..., 0], (3, 3), (0, 1)), (0, 0), 2.5)[..., None]
        roi *= 1 - shadow * sh
    warped = cv2.warpPerspective(card.face, m, size, flags=cv2.INTER_AREA)
    img[y0:y1, x0:x1] = (roi * (1 - alpha) + warped * alpha).astype(np.uint8)


def draw_arm(img: np.ndarray, edge: np.ndarray, hand: np.ndarray, sleeve, skin) -> None:
    """An arm from the frame's edge to the hand, its shadow first."""
    d = hand - edge
    length = float(np.linalg.norm(d)) + 1e-6
    u = d / length
    n = np.array([-u[1], u[0]])
    mask = np.zeros(img.shape[:2], np.uint8)
    wrist = hand - u * 45
    arm = np.array([edge + n * 42, wrist + n * 26, wrist - n * 26, edge - n * 42], np.int32)
    cv2.fillConvexPoly(mask, arm, 255)
    cv2.ellipse(mask, (tuple(hand - u * 15), (70, 60), float(np.degrees(np.arctan2(u[1], u[0])))), 255, -1)
    _darken_near(img, np.roll(mask, (14, 10), (0, 1)), 6, 0.35)
    cv2.fillConvexPoly(img, arm, sleeve, cv2.LINE_AA)
    cuff = np.array([wrist + n * 26, wrist + u * 0 + n * 26 - u * 10, wrist - n * 26 - u * 10, wrist - n * 26],
                    np.int32)
    cv2.fillConvexPoly(img, cuff, skin, cv2.LINE_AA)
    cv2.ellipse(img, (tuple(hand - u * 15), (70, 60), float(np.degrees(np.arctan2(u[1], u[0])))), skin, -1,
                cv2.LINE_AA)
    for k in (-1.5, -0.5, 0.5, 1.5):
        base = hand + n * k * 12
        cv2.line(img, tuple(base.astype(int)), tuple((base + u * 28 + n * k * 4).astype(int)), skin, 11,
                 cv2.LINE_AA)


def draw_shade(img: np.ndarray, centre, radius: float, depth: float, blur: float) -> None:
    """Darken `img` by `depth` in a disc of `radius` round `centre`, its edge blurred by `blur`.

    Worked only round the disc, as :func:`_darken_near` does: beyond a float kernel's reach of the
    disc (half its size, about 4 `blur`) the blurred disc is 0, and within it the blur sees what it
    would see in the whole frame. The frames are the same pixel for pixel as when the whole frame was
    blurred and darkened (every frame of four simulated tables with shadows and people hashed alike),
    and a moving shadow's frame takes a third of the time it did."""
    rows, cols = img.shape[:2]
    (cx, cy), r = np.asarray(centre).astype(int).tolist(), int(radius)
    reach = r + _kernel_reach(blur) + 1
    x0, y0 = max(0, cx - reach), max(0, cy - reach)
    x1, y1 = min(cols, cx + reach + 1), min(rows, cy + reach + 1)
    if x1 <= x0 or y1 <= y0:
        return                                      # the disc and its blur lie wholly off the frame
    key = (img.shape[:2], cx, cy, r, float(blur))
    shade = _shades.get(key)
    if shade is None:
        shade = np.zeros((y1 - y0, x1 - x0), np.float32)
        cv2.circle(shade, (cx - x0, cy - y0), r, 1.0, -1)
        shade = cv2.GaussianBlur(shade, (0, 0), blur)
        _shades.clear()  # one kept: a person's shadow lies still for seconds (only its depth fades)
        _shades[key] = shade
    roi = img[y0:y1, x0:x1]
    roi[:] = (roi * (1 - depth * shade[..., None])).astype(np.uint8)


def _kernel_reach(sigma: float, sigmas: int = 4) -> int:
    """Half the size of the kernel OpenCV's GaussianBlur takes at `sigma`: `sigmas` of them each way,
    4 for a float image, 3 for an 8-bit one."""
    return (int(round(sigma * sigmas * 2 + 1)) | 1) // 2


_shades: dict[tuple, np.ndarray] = {}
"""The last shade `draw_shade` blurred, round its disc (a large blur is most of a frame's drawing time)."""


def _darken_near(img: np.ndarray, mask: np.ndarray, sigma: float, depth: float) -> None:
    """Darken `img` by `depth` under `mask` (uint8, 0/255) blurred by `sigma`, working only round
    what the mask holds: beyond the blur's reach of it (half the kernel OpenCV takes for an 8-bit
    image, 3 `sigma`) the blurred mask is 0 (the image unchanged), and the blur there sees what it
    would see in the whole frame (the same pixels; every frame of four simulated tables hashed
    alike with twice 4 `sigma` round the mask, as before, and with the kernel's reach, now)."""
    x, y, w, h = cv2.boundingRect(mask)
    if w == 0 or h == 0:
        return
    margin = _kernel_reach(sigma, 3) + 1
    rows, cols = img.shape[:2]
    x0, y0 = max(0, x - margin), max(0, y - margin)
    x1, y1 = min(cols, x + w + margin), min(rows, y + h + margin)
    shade = cv2.GaussianBlur(np.ascontiguousarray(mask[y0:y1, x0:x1]), (0, 0), sigma).astype(np.float32) / 255
    roi = img[y0:y1, x0:x1]
    roi[:] = (roi * (1 - depth * shade[..., None])).astype(np.uint8)


def throw_poses(a, t: float, card_px: float):
    """A throw's card pose at `t` (None once at rest) and the hand's position."""
    extra = getattr(a, "extra", None) or {}
    card = a.card
    rest = np.array(card.pose)
    start = np.array(a.start)
    carry_end = extra.get("carry_end", a.t_release)
    leaves = extra.get("hand_leaves", a.t_release)
    toward_edge = (a.edge - start[:2]) / (np.linalg.norm(a.edge - start[:2]) + 1e-6)
    grip = start[:2] + toward_edge * card_px * 0.45
    pose = None
    if t < carry_end:
        k = ease((t - a.t0) / max(carry_end - a.t0, 1e-6))
        centre = a.edge + (start[:2] - a.edge) * k
        pose = (*centre, start[2] - (1 - k) * 40)
        hand = centre + (a.edge - centre) / (np.linalg.norm(a.edge - centre) + 1e-6) * card_px * 0.45
    else:
        if t < a.t_release:
            pose = tuple(start)
        elif t < a.t_rest:
            k = 1 - (1 - (t - a.t_release) / max(a.t_rest - a.t_release, 1e-6)) ** 2
            pose = tuple(start + (rest - start) * k)
        hand = _hand_after_release(a, t, grip, leaves, extra)
    return pose, hand


def _hand_after_release(a, t: float, grip: np.ndarray, leaves: float, extra: dict) -> np.ndarray:
    """A throw's hand once the card is let go: at the grip (trembling, if held over the pile) until
    it `leaves`, then going back to the edge."""
    if t < leaves:
        hand = grip
        if extra.get("tremble"):  # a hand held over the pile is never quite still
            hand = grip + extra["tremble"] * np.array([np.sin(t * 9.0), np.cos(t * 7.0)])
        return hand
    k = ease((t - leaves) / max(a.t1 - leaves, 1e-6))
    return grip + (a.edge - grip) * k


def draw_card_in_air(img: np.ndarray, a, t: float, card_px: float) -> None:
    """A throw's card at `t`, while it is carried or slides (a deeper shadow while in the air)."""
    pose, _ = throw_poses(a, t, card_px)
    if pose is not None:
        paste_card(img, a.card, pose, card_px, shadow=0.4 if t < a.t_release else 0.25)


def draw_hand(img: np.ndarray, a, t: float, card_px: float) -> None:
    """An action's hand (with the card it lifts, taking it back) or shadow at `t`."""
    if a.kind == "throw":
        if not (getattr(a, "extra", None) or {}).get("no_arm") and t < a.t1:
            _, hand = throw_poses(a, t, card_px)
            draw_arm(img, a.edge, hand, a.sleeve, a.skin)
    elif a.kind in ("hover", "take_back"):
        hand = _reaching_hand(a, t)
        if a.kind == "take_back" and t >= a.extra["t_lift"]:
            pose = (*hand, a.card.pose[2])
            paste_card(img, a.card, pose, card_px, shadow=0.4)
        draw_arm(img, a.edge, hand, a.sleeve, a.skin)
    elif a.kind == "shadow":
        k = (t - a.t0) / (a.t1 - a.t0)
        centre = a.edge + (a.target - a.edge) * k
        draw_shade(img, centre, a.extra["radius"], a.extra["depth"], 25)
    elif a.kind == "person":
        fade = a.extra["fade"]
        k = min(1.0, (t - a.t0) / fade, (a.t1 - t) / fade)
        draw_shade(img, a.target, a.extra["radius"], a.extra["depth"] * max(0.0, k), 60)


def _reaching_hand(a, t: float) -> np.ndarray:
    """A hover's or take-back's hand at `t`: in from the edge to its target, still, and back."""
    move, still = a.extra["move"], a.extra["still"]
    if t < a.t0 + move:
        k = ease((t - a.t0) / move)
    elif t < a.t0 + move + still:
        k = 1.0
    else:
        k = 1 - ease((t - a.t0 - move - still) / move)
    return a.edge + (a.target - a.edge) * k
