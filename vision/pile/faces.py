"""The deck's own faces for the pile watcher: renders drawn once per deck (ahead of the first
landing, on a thread of their own), a warped card matched against them under the table's light and
turned upright by them, and a card half under another fitted to what shows of it and read by its
visible part."""

import threading

import cv2
import numpy as np

from vision.card.detect import warp
from vision.errors import VisionError
from vision.readings import card_code

#: Faces are compared for which way up a card lies at this size, and to read a card half under
#: another at COVERED_SIZE (its corner index must show).
MATCH_SIZE = (32, 48)
COVERED_SIZE = (48, 72)
#: How far the light's colour may tint a face compared with the deck's art (a share of each channel's gain).
CAST = 0.15
#: A card half under another is read as sure from this confidence (its margin over the runners-up).
COVERED_SURE = 0.9
#: A card half under another is read only when its visible part is this near a face (0..1).
COVERED_ERROR = 0.16
#: A card fitted under another may leave this share of its area unexplained.
FIT_COST = 0.25
#: A covered card's outline, once moved and turned onto the art, is stretched along each side by
#: steps of this share (then half, a quarter) for the decks in RESCALED: a deck printed from our PDF
#: and cut by hand has its art a few per cent smaller or larger than its outline, each side its
#: own (issue #18, development probe: a photo-lab saffron 5 under a turquoise 2, read unsure at
#: 0.35 beside an 8: its error 0.113 at the aligned outline, 0.048 with the sides 4 % shorter).
#: Not the classic deck: its covered card is read by its corner index, its art being another
#: edition's (the alignment kept as it was, its readings unchanged).
RESCALE = 0.02
RESCALED = ("oona",)
#: A card beneath that the shared pose leaves unsure is judged between its likely faces, each posed
#: on its own (`_judge_posed`), again at the covered view's own size, twice COVERED_SIZE (FINE_AREA
#: times the pixels), and the larger of the two margins kept: at COVERED_SIZE a corner index is about
#: 4 px wide, and a laser print's softened glyph fits a neighbour's almost as well. Issue #18, printed
#: development probe, fresh seeds 4300 (the 45 recorded covered-card calls read again): a laser
#: saffron 4 slid under a turquoise 5 (wood) read unsure at 0.37-0.56 at every fit, against the 8 by
#: 1.25-1.37 at COVERED_SIZE, by 1.63-1.85 here; a laser saffron 2 under a turquoise 2 (dark cloth)
#: unsure at 0.86; both now sure and right. The fine margin alone (helper print33) also made a
#: photo-lab 2 less sure and, held out, lost a laser card on kilim (its reading under
#: `covered_reading`'s floor); the larger of the two cannot make a reading less sure.
FINE_SIZE = (2 * COVERED_SIZE[0], 2 * COVERED_SIZE[1])
FINE_AREA = 4
#: A margin at which `covered_reading` is already wholly sure ((margin - 1) × 1.5 reaches 1): no
#: second look at FINE_SIZE can raise it.
SURE_MARGIN = 1 + 1 / 1.5
#: Our printed art's card beneath whose nearest face `_judge_posed` tells apart wholly from the
#: runners-up (a margin of SURE_MARGIN where they differ) is read surely at any error within
#: COVERED_ERROR (`judge_covered`'s `told_apart`): the error, not the margin, held it back
#: (`covered_reading`'s confidence is the margin's times how far the error lies under COVERED_ERROR,
#: a fourth of it at 0.15). A print's tones and a table's light raise the error of a face plainly
#: the right one; a hand or a sleeve is still refused at COVERED_ERROR and under 0.15 confidence.
#: Its confidence stays as the error leaves it (the kiosk weighs a card under its `ASK_BELOW`
#: against what may land), and such a fit is not taken for a card the hand has left
#: (`watcher.HIDES_HAND_FROM`). Read so only where the watcher's reading of the card beneath is
#: unsure and the pile round it not relit (`watcher._card_beneath`, as `overlap.unrivalled`): a fit
#: on an old card the light changed over is told apart as well (photo-lab glass 4300,
#: `test_pile_printed_beneath`: an old saffron 9 would have been reported for a burgundy 4).
#: Issue #18, printed development probe, the base tree's 4,965 recorded covered-card calls (photo
#: lab, laser, inkjet, seeds 4514-4538, every table): of the 27 fits read at an error of 0.12-0.16
#: with a wholly sure margin, every one named the card it was fitted on (25 within 8 px of it), none
#: another. Development (`benchmarks/probe_watcher.py --printed photo|laser|inkjet --seeds 4514
#: 4539`; the 15 tables where a fit is told apart so run on both trees, the rest identical by
#: construction): laser 2,611 -> 2,613 / 2,625 (tablecloth 4534's saffron Turnback slid under, read
#: unsure at 0.34 at four fits of error 0.146-0.148; wood 4535's burgundy 3, 0.22), photo lab
#: 2,617 and inkjet 2,614 / 2,625 the same, no false event. Fresh (`--seeds 4539 4545`, 3 of 126
#: tables told apart so): laser 624 -> 625 / 630 (sadu 4539, a saffron Turnback, 0.51), photo lab
#: 625, inkjet 626 the same, 0 false both. Held out once, both trees (`benchmarks/bench_watcher.py
#: --printed 2 --real-tables 0 --only-real`, `--only-real`): table for table the same, 210 / 208 /
#: 208 / 209 (photo lab and laser not met), classic real faces 204 and renders 198 / 210, 0 false.
TOLD_APART = True
#: How many face books (a deck at a size) are kept.
BOOKS_KEPT = 4

_books: dict[tuple[str, tuple[int, int]], tuple[list[tuple[str, str]], np.ndarray]] = {}
_drawing: dict[tuple[str, tuple[int, int]], threading.Lock] = {}
_planes: dict[int, tuple[np.ndarray, np.ndarray]] = {}
_fine: dict[tuple[str, tuple[str, str]], np.ndarray] = {}
_warming: set[str] = set()
_warmers: list[threading.Thread] = []
_stop = threading.Event()
_guard = threading.Lock()


class _Stopped(Exception):
    """A book being drawn ahead was given up (the kiosk is shutting down)."""


def face_book(deck: str, size: tuple[int, int] = MATCH_SIZE, *,
              stop: threading.Event | None = None) -> tuple[list[tuple[str, str]], np.ndarray]:
    """The deck's faces `(colour, rank)` and their renders at `size` (uint8, N × 2 turns × H × W
    × 3: upright, then turned 180°), drawn once from the deck's art and kept (the last few books).
    Thread-safe: a caller asking for a book being drawn (by :func:`warm_faces`) waits for it.
    With ``stop`` set the drawing is given up between two faces (nothing is kept).

    :raises VisionError: the deck is not known (or `KeyError`, `ValueError` from its art).
    """
    key = (deck, (int(size[0]), int(size[1])))
    book = _books.get(key)
    if book is not None:
        return book
    with _guard:
        lock = _drawing.setdefault(key, threading.Lock())
    with lock:
        book = _books.get(key)
        if book is None:
            book = _draw_book(*key, stop=stop)
            with _guard:
                _books[key] = book
                while len(_books) > BOOKS_KEPT:
                    del _books[next(iter(_books))]
    return book


def warm_faces(deck: str) -> threading.Thread | None:
    """Draw the deck's books (both sizes) on a thread of their own, so that the first card to land
    does not wait for them; the thread, or None when they are drawn already or being drawn."""
    with _guard:
        if deck in _warming or all((deck, size) in _books for size in (MATCH_SIZE, COVERED_SIZE)):
            return None
        _warming.add(deck)

    def draw():
        try:
            _draw_both(deck)
        except (VisionError, KeyError, ValueError):
            pass  # a deck without art of its own: the watcher does without (see `upright`)
        except _Stopped:
            pass  # shutting down: the books are drawn again when next needed
        finally:
            with _guard:
                _warming.discard(deck)

    thread = threading.Thread(target=draw, name=f"faces-{deck}", daemon=True)
    with _guard:
        _warmers[:] = [w for w in _warmers if w.is_alive()] + [thread]
    thread.start()
    return thread


def stop_warming(timeout: float = 5.0) -> bool:
    """Give up the books being drawn ahead and wait for their threads (a process that is
    exiting must not leave a thread inside OpenCV: Python would unwind it through C++ frames,
    and the process aborts); ``True`` when none is left running."""
    _stop.set()
    try:
        with _guard:
            warmers = list(_warmers)
        for thread in warmers:
            thread.join(timeout)
        return not any(thread.is_alive() for thread in warmers)
    finally:
        _stop.clear()


def _draw_both(deck: str) -> None:
    """Both of the deck's books (MATCH_SIZE, COVERED_SIZE) drawn and kept as :func:`face_book`
    keeps them, each face drawn once for both (half the time of drawing each book alone: the
    watcher's start on a Pi's budget)."""
    keys = [(deck, size) for size in (MATCH_SIZE, COVERED_SIZE)]
    with _guard:
        locks = [_drawing.setdefault(key, threading.Lock()) for key in keys]
    with locks[0], locks[1]:
        missing = [key for key in keys if key not in _books]
        if not missing:
            return
        books = _draw_books(deck, [size for _, size in missing], _stop)
        with _guard:
            for key, book in zip(missing, books):
                _books[key] = book
            while len(_books) > BOOKS_KEPT:
                del _books[next(iter(_books))]


def _draw_book(deck: str, size: tuple[int, int],
               stop: threading.Event | None = None) -> tuple[list[tuple[str, str]], np.ndarray]:
    """The book :func:`face_book` keeps, drawn from the deck's art."""
    return _draw_books(deck, [size], stop)[0]


def _draw_books(deck: str, sizes: list[tuple[int, int]],
                stop: threading.Event | None = None) -> list[tuple[list[tuple[str, str]], np.ndarray]]:
    """The books of the deck at each of `sizes`, each face drawn once from the deck's art."""
    from vision.decks import find_deck

    profile = find_deck(deck)
    faces = profile.faces(extras=profile.name == "oona")
    renders: list[list[np.ndarray]] = [[] for _ in sizes]
    for colour, rank in faces:
        if stop is not None and stop.is_set():
            raise _Stopped(deck)
        image = _face_image(profile, colour, rank)
        for book, size in zip(renders, sizes):
            # Kept as the blur gives them, whole numbers 0..255 (uint8), made float32 where they are
            # matched (`as_planes`): a quarter of the memory for the same values (issue #21: the Oona
            # deck's two books 6.7 -> 1.7 MB; the kiosk's demo from a round's end at 1280 x 720
            # 250.8/251.4 -> 245.4/245.5 MB, its start 210 -> 203 MB; the watcher's readings the same).
            book.append(_drawn_at(image, size))
    return [(faces, np.stack(book)) for book in renders]


def _drawn_at(image: np.ndarray, size: tuple[int, int]) -> np.ndarray:
    """One face's page of a book: the face drawn at `size` (area-averaged, a light blur) at both turns
    (2 × H × W × 3, uint8)."""
    small = cv2.GaussianBlur(cv2.resize(image, size, interpolation=cv2.INTER_AREA), (3, 3), 0)
    return np.stack([small, small[::-1, ::-1]])


def _face_image(profile, colour: str, rank: str) -> np.ndarray:
    """One face of the deck (`decks` profile) drawn from its art at 3 px per mm (BGR)."""
    if profile.name == "classic":
        from vision.art.classic import classic_face

        return classic_face(colour, rank, np.random.default_rng(0), edition="classic", px_per_mm=3.0)
    from vision.art.oona import card_png

    return card_png(colour, rank, px_per_mm=3.0)


def match_errors(warped: np.ndarray, renders: np.ndarray, visible: np.ndarray | None = None,
                 focus: np.ndarray | None = None) -> np.ndarray:
    """How far a warped card (any size, BGR) is from each render (N × 2), over its visible pixels
    (and only those in `focus`, a bool map of the renders' size, if given), after balancing each
    render's channels to the photo's light (least squares gains)."""
    return planes_errors(warped, as_planes(renders), visible, focus).reshape(renders.shape[:2])


def as_planes(renders: np.ndarray) -> np.ndarray:
    """Renders (N × 2 × H × W × 3, uint8 or float) as :func:`planes_errors` takes them, float32:
    each render's three channels apart (N·2 × 3 × H × W), so that the sums run along rows of
    pixels: numpy's loops over a last axis of three are slow (issue #21: four faces matched in
    0.20 ms instead of 0.60)."""
    n, turns, h, w, _ = renders.shape
    return np.ascontiguousarray(renders.reshape(n * turns, h * w, 3).transpose(0, 2, 1),
                                dtype=np.float32).reshape(-1, 3, h, w)


def book_planes(renders: np.ndarray) -> np.ndarray:
    """A face book's renders :func:`as_planes`, made once per book (the last few kept)."""
    key = id(renders)
    kept = _planes.get(key)
    if kept is None or kept[0] is not renders:
        with _guard:
            _planes[key] = kept = (renders, as_planes(renders))
            while len(_planes) > BOOKS_KEPT:
                del _planes[next(iter(_planes))]
    return kept[1]


def planes_errors(warped: np.ndarray, planes: np.ndarray, visible: np.ndarray | None = None,
                  focus: np.ndarray | None = None) -> np.ndarray:
    """:func:`match_errors` against renders made :func:`as_planes` (once, for many outlines tried):
    the error of each render (N·2, flat)."""
    return _errors(planes, observe(warped, (planes.shape[3], planes.shape[2]), visible, focus))


def observe(warped: np.ndarray, size: tuple[int, int], visible: np.ndarray | None = None,
            focus: np.ndarray | None = None) -> tuple[np.ndarray, np.ndarray | None, float]:
    """A warped card as :func:`planes_errors` weighs it against renders of `size`: its pixels in
    view (and in `focus`) blurred at that size, a row per channel (3 × K), their flat indices
    (None: all of them) and what the error is divided by (their number, times 3, times the card's
    mean brightness)."""
    observed = cv2.resize(warped, size, interpolation=cv2.INTER_AREA).astype(np.float32)
    observed = cv2.GaussianBlur(observed, (3, 3), 0)
    seen, pixels = observed.reshape(-1, 3).T, None
    if visible is not None or focus is not None:
        keep = np.ones(size[::-1], bool) if visible is None else (
            cv2.resize(visible, size, interpolation=cv2.INTER_AREA) > 200)
        if focus is not None:
            keep &= focus
        # The weights are 0 or 1, so only the pixels weighed are gathered (half a covered
        # card's, or less), by their flat index.
        pixels = np.flatnonzero(keep)
        seen = seen.take(pixels, axis=1)
    return seen, pixels, max(float(seen.shape[1]) * 3 * max(float(observed.mean()), 1.0), 1.0)


def _errors(planes: np.ndarray, observed: tuple[np.ndarray, np.ndarray | None, float]) -> np.ndarray:
    """How far what shows (:func:`observe`) is from each render (`planes`, :func:`as_planes`)."""
    seen, pixels, scale = observed
    shown = planes.reshape(len(planes), 3, -1)
    if pixels is not None:
        shown = shown.take(pixels, axis=2)
    # Sums of products as einsums, the error worked out in place: a third less time than
    # broadcast products summed (issue #21: most of a covered card's alignment is spent here).
    gains = np.einsum("mck,ck->mc", shown, seen) / np.maximum(np.einsum("mck,mck->mc", shown, shown), 1.0)
    # The light may be brighter or dimmer, and a little warmer or cooler, but not of another colour:
    # each channel's gain stays near their mean (or a hand would pass for a card's coloured field).
    mean = gains.mean(axis=-1, keepdims=True)
    np.clip(gains, mean * (1 - CAST), mean * (1 + CAST), out=gains)
    error = shown * gains[:, :, None]
    np.subtract(error, seen, out=error)
    np.abs(error, out=error)
    return error.reshape(len(shown), -1).sum(axis=1) / scale


def upright(warped: np.ndarray, deck: str, code: str | None, colour: str = "", rank: str = "") -> np.ndarray:
    """The warped card (portrait, either way up) turned the right way up: whichever of it and its
    half-turn is nearer the deck's own face for the card read (the nearest face when unread)."""
    try:
        faces, renders = face_book(deck)
    except (VisionError, KeyError, ValueError):
        return warped
    rows = [i for i, (c, r) in enumerate(faces) if (c, r) == (colour, rank)] if code is not None else []
    errors = match_errors(warped, renders[rows] if rows else renders)
    turn = int(np.unravel_index(int(errors.argmin()), errors.shape)[1])
    return warped[::-1, ::-1].copy() if turn else warped


def fit_covered(visible: np.ndarray, cover: np.ndarray, size: tuple[float, float], *,
                most: int = 3) -> list[np.ndarray]:
    """The corners (small pixels) of a card of `size` (short, long side) of which `visible` shows and
    `cover` may hide the rest: the card-sized rectangles holding the most of `visible` (near them)
    and the least outside `visible` and `cover`, best first (a few, as what shows may fit two ways:
    at most `most`)."""
    ys, xs = np.nonzero(visible)
    if len(xs) < 10:
        return []
    points = np.column_stack([xs, ys]).astype(np.float32)
    allowed = cv2.dilate(cv2.bitwise_or(visible, cover), np.ones((3, 3), np.uint8))
    rect = np.zeros_like(visible)
    near = np.zeros_like(visible)
    short, long_ = size
    # The card's corners about its centre, before turning: (−, −), (+, −), (+, +), (−, +) half sides.
    half = np.array([[-short, -long_], [short, -long_], [short, long_], [-short, long_]]) / 2
    known: dict[tuple[int, int, int], tuple[float, np.ndarray]] = {}

    def cost(centre, theta):
        # A pose tried already (the refining steps come back to where they were): its cost kept,
        # a sixth of the poses (issue #21).
        pose = (round(float(centre[0]) * 1e4), round(float(centre[1]) * 1e4), round(float(theta) * 1e6))
        if pose in known:
            return known[pose]
        cos, sin = np.cos(theta), np.sin(theta)
        corners = centre + half @ np.array([[cos, sin], [-sin, cos]])
        rect[:] = 0
        near[:] = 0
        cv2.fillConvexPoly(rect, np.round(corners).astype(np.int32), 255)
        # What shows just beyond the card counts against it; further off it is something else (a hand).
        cv2.fillConvexPoly(near, np.round(centre + (corners - centre) * 1.35).astype(np.int32), 255)
        area = max(1, cv2.countNonZero(rect))
        outside = area - cv2.countNonZero(cv2.bitwise_and(rect, allowed))
        missed = cv2.countNonZero(cv2.bitwise_and(near, visible)) - cv2.countNonZero(cv2.bitwise_and(rect, visible))
        known[pose] = found = ((outside + missed) / area, corners)
        return found

    coarse = []
    for theta in np.radians(np.arange(0.0, 180.0, 6.0)):
        u = np.array([np.cos(theta), np.sin(theta)])
        v = np.array([-np.sin(theta), np.cos(theta)])
        # The extent of what shows along the card's axes (a few stray pixels aside): the card holds it.
        (u0, u1), (v0, v1) = np.percentile(points @ u, (2, 98)), np.percentile(points @ v, (2, 98))
        lo_u, hi_u = sorted((u1 - short / 2, u0 + short / 2))
        lo_v, hi_v = sorted((v1 - long_ / 2, v0 + long_ / 2))
        for cu in np.linspace(lo_u, hi_u, 4):
            for cv_ in np.linspace(lo_v, hi_v, 4):
                centre = cu * u + cv_ * v
                coarse.append((cost(centre, theta)[0], centre, theta))
    coarse.sort(key=lambda c: c[0])
    fits, ends = [], []

    def is_near(centre, theta, others):
        """Whether a pose lies within a few pixels and degrees of one of `others` ((centre, theta))."""
        return any(np.abs(centre - c).max() <= 0.15 * short
                   and abs(((theta - th + np.pi / 2) % np.pi) - np.pi / 2) <= np.radians(8) for c, th in others)

    for c0, centre, theta in coarse:
        if len(fits) >= most or c0 > coarse[0][0] + 0.15:
            break
        if is_near(centre, theta, ends):
            continue  # a seed beside one refined already would end where it did
        # Then a few pixels and degrees around it.
        best = (c0, cost(centre, theta)[1], centre, theta)
        for step, turn in ((2.0, np.radians(3.0)), (1.0, np.radians(1.5)), (0.5, np.radians(0.75))):
            improved = True
            while improved:
                improved = False
                for d_centre, d_theta in (((step, 0), 0), ((-step, 0), 0), ((0, step), 0), ((0, -step), 0),
                                          ((0, 0), turn), ((0, 0), -turn)):
                    c, corners = cost(centre + d_centre, theta + d_theta)
                    if c < best[0] - 1e-6:
                        best = (c, corners, centre + d_centre, theta + d_theta)
                        centre, theta = best[2], best[3]
                        improved = True
        ends.append((best[2], best[3]))
        if best[0] > FIT_COST:
            continue
        # Distinct fits only (a card half shown may fit two ways).
        if all(np.abs(best[1].mean(axis=0) - f[1].mean(axis=0)).max() > 0.15 * short
               or abs(((best[3] - f[3] + np.pi / 2) % np.pi) - np.pi / 2) > np.radians(8) for f in fits):
            fits.append(best)
    return [f[1].astype(np.float32) for f in sorted(fits, key=lambda f: f[0])]


def align_covered(frame: np.ndarray, quad: np.ndarray, cover: np.ndarray, deck: str):
    """The outline a few pixels and degrees around `quad` whose visible part (not under `cover`)
    is nearest one of the deck's faces, and each face's error there: `(quad, errors)`, or None
    when too little of it shows or the deck has no art. Faces of another print than the art still
    align a card by its border and field. A deck printed from our art (RESCALED) has its outline
    stretched too, each side its own way."""
    try:
        faces, renders = face_book(deck, COVERED_SIZE)
    except (VisionError, KeyError, ValueError):
        return None
    warped, visible = covered_view(frame, quad, cover)
    share = cv2.countNonZero(visible) / visible.size
    if share < 0.25:
        return None
    planes, views = book_planes(renders), {quad.tobytes(): observe(warped, COVERED_SIZE, visible)}
    errors = _errors(planes, views[quad.tobytes()]).reshape(renders.shape[:2]).min(axis=1)
    reach = 0.03 * float(np.linalg.norm(quad[0] - quad[2]))
    best_quad = quad
    # Moved and turned, then (a deck printed from our art) its sides stretched too, from where
    # it lies then: stretched from the first, an outline a few pixels and degrees off shrinks
    # onto a likely face's glyph and stays there (a burgundy take2 under a burgundy 8 read as
    # no card, its outline shrunk to fit a 6: error 0.17, where moved and turned alone it
    # ends at 0.03 for the take2).
    for stretch in (0.0, RESCALE) if deck in RESCALED else (0.0,):
        likely = np.argsort(errors)[:4]
        aligned = climb(frame, best_quad, cover, renders[likely], float(errors[likely[0]]),
                         reach if not stretch else reach / 2, stretch, 3.0 if not stretch else 1.5, views=views)
        if aligned is not best_quad:
            # Aligned, every face scored again: one that was not among the likely ones where the
            # fit lay (its distinguishing corner just off) may be nearest now.
            best_quad = aligned
            errors = _errors(planes, seen_at(frame, best_quad, cover, views)).reshape(renders.shape[:2]).min(axis=1)
    return best_quad, errors


def climb(frame: np.ndarray, quad: np.ndarray, cover: np.ndarray, nearest: np.ndarray, best_error: float,
           reach: float, stretch: float, turn: float = 3.0, *,
           views: dict[bytes, tuple] | None = None) -> np.ndarray:
    """`quad` moved (by steps of `reach` frame px, `turn` degrees, and its sides by `stretch`;
    then half and a quarter of each) while its visible part grows nearer one of the renders
    `nearest`, whose error there is `best_error`: the outline it ends at (`quad` itself when no
    step brought it nearer). `views` keeps what shows at each outline tried (:func:`seen_at`),
    for further climbs on the same frame and cover."""
    views = {} if views is None else views
    best_quad = quad
    planes = as_planes(nearest)
    for shift, angle, grow in ((reach, turn, stretch), (reach / 2, turn / 2, stretch / 2),
                               (reach / 4, turn / 4, stretch / 4)):
        moves = ((shift, 0, 0, 1, 1), (-shift, 0, 0, 1, 1), (0, shift, 0, 1, 1), (0, -shift, 0, 1, 1),
                 (0, 0, angle, 1, 1), (0, 0, -angle, 1, 1))
        if grow:
            moves += ((0, 0, 0, 1 + grow, 1), (0, 0, 0, 1 / (1 + grow), 1),
                      (0, 0, 0, 1, 1 + grow), (0, 0, 0, 1, 1 / (1 + grow)))
        back = None
        improved = True
        while improved:
            improved = False
            for k, move in enumerate(moves):
                if k == back:
                    continue  # the move undoing the last one: back where it was, no nearer
                q = _moved(best_quad, *move)
                err = float(_errors(planes, seen_at(frame, q, cover, views)).min())
                if err < best_error - 1e-4:
                    best_error, best_quad, improved = err, q, True
                    back = k ^ 1  # moves come in pairs, each followed by its opposite
                    break
    return best_quad


def seen_at(frame: np.ndarray, quad: np.ndarray, cover: np.ndarray,
            views: dict[bytes, tuple]) -> tuple[np.ndarray, np.ndarray | None, float]:
    """What shows of the card at `quad` (:func:`observe` of its :func:`covered_view` at
    COVERED_SIZE), looked up in `views` (what showed at the outlines tried on this frame and cover)
    or kept there: the likely faces each aligned on its own start at the same outline and take the
    same first steps (issue #21, the development probe's recorded calls of photo-lab and laser
    prints: the outlines warped for them 26,684 → 15,692)."""
    key = quad.tobytes()
    found = views.get(key)
    if found is None:
        warped, visible = covered_view(frame, quad, cover)
        views[key] = found = observe(warped, COVERED_SIZE, visible)
    return found


def _moved(quad: np.ndarray, dx: float, dy: float, angle: float, across: float, along: float) -> np.ndarray:
    """`quad` turned by `angle` degrees about its centre, moved by (dx, dy) frame px, and its
    sides stretched by `across` (its first side's way) and `along` (the other's)."""
    centre = quad.mean(axis=0)
    c, s_ = np.cos(np.radians(angle)), np.sin(np.radians(angle))
    offsets = (quad - centre) @ np.float32([[c, s_], [-s_, c]])
    if across != 1 or along != 1:
        # In the quad's own axes (its first and last sides), so a side grows along itself.
        axes = np.float32([quad[1] - quad[0], quad[3] - quad[0]])
        offsets = offsets @ np.linalg.inv(axes) * (across, along) @ axes
    return (offsets + centre + (dx, dy)).astype(np.float32)


def covered_view(frame: np.ndarray, quad: np.ndarray, cover: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """The card at `quad` warped at twice COVERED_SIZE (FINE_SIZE), and the mask of what `cover` leaves in view."""
    return warp(frame, quad, FINE_SIZE), in_view(quad, cover, FINE_SIZE)


def in_view(quad: np.ndarray, cover: np.ndarray, size: tuple[int, int]) -> np.ndarray:
    """A `size` (w, h) mask (0/255) of the card at `quad` warped to that size: its pixels not
    under `cover` (a quad, frame px)."""
    dst = np.float32([[0, 0], [size[0], 0], [size[0], size[1]], [0, size[1]]])
    m = cv2.getPerspectiveTransform(quad.astype(np.float32), dst)
    hidden = np.zeros((size[1], size[0]), np.uint8)
    cv2.fillConvexPoly(hidden, cv2.perspectiveTransform(cover[None].astype(np.float32), m)[0]
                       .astype(np.int32), 255)
    return cv2.bitwise_not(hidden)


def judge_covered(frame: np.ndarray, aligned: tuple[np.ndarray, np.ndarray], cover: np.ndarray, deck: str, *,
                  told_apart: bool = False):
    """The reading of a card aligned by `align_covered`: (reading, quad, error), or None when its
    visible part is no face of the deck's (a hand, a sleeve) or too little of it shows to tell.
    A deck printed from our art (RESCALED) left unsure so is judged again with each likely face
    aligned on its own (`told_apart`: a face told apart wholly there read surely, `TOLD_APART`)."""
    faces, renders = face_book(deck, COVERED_SIZE)
    quad, errors = aligned
    order = [int(i) for i in np.argsort(errors)[:4] if np.isfinite(errors[i])]
    first = float(errors[order[0]])
    # Against each runner-up, judged only where the two faces differ (a 0 and an 8 differ only
    # in the middle of the glyph): how much nearer the best is there.
    warped, visible = covered_view(frame, quad, cover)
    shown = shown_part(visible)
    margin = np.inf
    for other in order[1:]:
        if faces[other] == faces[order[0]]:
            continue
        differ = where_differ(renders, order[0], other)
        if np.count_nonzero(differ & shown) < 4:
            margin = 1.0  # where they differ is hidden: no telling them apart
            break
        pair = match_errors(warped, renders[[order[0], other]], visible, focus=differ).min(axis=1)
        margin = min(margin, float(pair[1]) / max(float(pair[0]), 1e-6))
    reading = covered_reading(faces[order[0]], margin, first, quad)
    if deck in RESCALED and (reading is None or reading[0][4]):
        # Each likely face posed on its own only where the shared pose leaves the card unsure
        # or unread: the development probe's 187 recorded covered-card calls (seeds 4100-4101,
        # rendered and printed) read the same as with every card posed so, in 90 s of CPU
        # instead of 112 (40 s before the stretching and posing; 46 s since the renders are
        # matched channel by channel and an outline tried is warped once, `seen_at`).
        return _judge_posed(frame, quad, cover, faces, renders, order, deck, told_apart=told_apart)
    return reading


def _judge_posed(frame: np.ndarray, quad: np.ndarray, cover: np.ndarray, faces: list[tuple[str, str]],
                 renders: np.ndarray, order: list[int], deck: str, *, told_apart: bool = False):
    """`judge_covered` for a deck printed from our art (RESCALED): each of the nearest faces
    (`order`) aligned on its own a little further (from half the outline's steps), so that each is
    judged where it fits best, the runner-up too: judged where the best fits, a face a hand's cut
    shifts the glyph of loses more than it should (issue #18, development probe, a laser-printed
    burgundy 5 under a saffron 2: unsure at 0.80, sure once each is aligned on its own). From a
    quarter of the steps, a photo-lab indigo 9 under an indigo 7 (the 9 not among the nearest)
    was read as an 8, sure at 0.96; from half, unsure."""
    reach = 0.03 * float(np.linalg.norm(quad[0] - quad[2]))
    views: dict[bytes, tuple] = {}
    starts = _errors(as_planes(renders[order]), seen_at(frame, quad, cover, views)).reshape(-1, 2).min(axis=1)
    posed = []
    for i, start in zip(order, starts):
        pose = climb(frame, quad, cover, renders[[i]], float(start), reach / 2, RESCALE / 2, 1.5, views=views)
        error = float(_errors(as_planes(renders[[i]]), seen_at(frame, pose, cover, views)).min())
        posed.append((error, i, pose) + covered_view(frame, pose, cover))
    posed.sort(key=lambda p: p[0])
    first, best, pose = posed[0][:3]
    indices = [i for _, i, *_ in posed]
    margin = _margin(posed, faces, renders[indices], shown_part(posed[0][4]), 1)
    if margin < SURE_MARGIN:
        # Told apart again at the covered view's own size (FINE_SIZE), where a corner index shows
        # whole, and the larger margin kept: so a reading can only grow surer, never be lost.
        fine = fine_faces(deck, [faces[i] for i in indices])
        margin = max(margin, _margin(posed, faces, fine, shown_part(posed[0][4], FINE_SIZE), FINE_AREA))
    return covered_reading(faces[best], margin, first, pose, told_apart=told_apart)


def _margin(posed: list[tuple], faces: list[tuple[str, str]], book: np.ndarray, shown: np.ndarray,
            area: int) -> float:
    """How much worse each runner-up of `posed` (sorted, each at its own pose and covered view) fits
    than the best, where their faces in `book` (one per posed entry, in its order, at the size of the
    views, `area` times COVERED_SIZE's pixels) differ and `shown` shows: the least of those ratios,
    1.0 where they differ only out of view."""
    _, best, _, warped, visible = posed[0]
    margin = np.inf
    for k, (_, other, _, other_warped, other_visible) in enumerate(posed[1:], start=1):
        if faces[other] == faces[best]:
            continue
        differ = where_differ(book, 0, k)
        if np.count_nonzero(differ & shown) < 4 * area:
            return 1.0  # where they differ is hidden: no telling them apart
        near = float(match_errors(warped, book[[0]], visible, focus=differ).min())
        far = float(match_errors(other_warped, book[[k]], other_visible, focus=differ).min())
        margin = min(margin, far / max(near, 1e-6))
    return margin


def fine_faces(deck: str, wanted: list[tuple[str, str]]) -> np.ndarray:
    """The faces `wanted` of the deck at FINE_SIZE, as `face_book` draws its books (N × 2 turns ×
    H × W × 3, uint8), each drawn once when first asked for and kept: a covered card's likely faces
    are a few, and the whole deck so, were every face asked for, 4.6 MB."""
    for face in dict.fromkeys(wanted):
        if (deck, face) not in _fine:
            page = face_at(deck, face, FINE_SIZE)
            with _guard:
                _fine[(deck, face)] = page
    return np.stack([_fine[(deck, face)] for face in wanted])


def face_at(deck: str, face: tuple[str, str], size: tuple[int, int]) -> np.ndarray:
    """One face `(colour, rank)` of the deck drawn at `size` as `face_book` draws its books (2 turns
    × H × W × 3, uint8), kept nowhere."""
    from vision.decks import find_deck

    return _drawn_at(_face_image(find_deck(deck), *face), size)


def covered_reading(face: tuple[str, str], margin: float, first: float, quad: np.ndarray, *,
                    doubted: bool = False, told_apart: bool = False):
    """A covered card's reading as `judge_covered` gives it, from the nearest face, its margin
    over the runners-up where they differ, and its error: `(reading, quad, error)`, or None when it
    is no face (a hand, a sleeve) or too little shows; unsure too when `doubted`. `told_apart` (our
    printed art's, `_judge_posed`): a face told apart wholly (SURE_MARGIN) within COVERED_ERROR is
    read surely whatever its error, its confidence as the error leaves it (`TOLD_APART`)."""
    colour, rank = face
    confidence = float(np.clip((margin - 1.0) * 1.5, 0, 1) * np.clip((COVERED_ERROR - first) / 0.04, 0, 1))
    if first > COVERED_ERROR or confidence < 0.15:
        return None  # not one of the deck's faces (a hand, a sleeve), or too little of it shows
    unsure = (confidence < COVERED_SURE and not (told_apart and margin >= SURE_MARGIN)) or doubted
    code = None if unsure else card_code(colour, rank)
    return (colour, rank, code, confidence, unsure), quad, first


def where_differ(renders: np.ndarray, one: int, other: int) -> np.ndarray:
    """Where (a COVERED_SIZE mask) two faces of `renders` differ, at either turn: a covered card is
    judged between them there alone (a 0 and an 8 differ only in the middle of the glyph)."""
    return (np.abs(renders[one].astype(np.float32) - renders[other]).max(axis=-1) > 40).any(axis=0)


def shown_part(visible: np.ndarray, size: tuple[int, int] = COVERED_SIZE) -> np.ndarray:
    """What shows of a covered card (`covered_view`'s mask) at `size`, as booleans."""
    if visible.shape[1::-1] != size:
        visible = cv2.resize(visible, size, interpolation=cv2.INTER_AREA)
    return visible > 200
