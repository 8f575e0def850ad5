"""The enrolled faces' keypoints: a card no outline shows, found by its own face's marks in the photo.

The search for a card (`vision.card.detect.find_card`) outlines it by its edges. A card whose edges
do not show all round is not outlined: one crossing the photo's edge, its pale border on a pale
table, a card beneath it carrying its edge on. Its face still shows: each enrolled face
(`vision.enrol.templates`, kept at `TEMPLATE_SIZE`) is enlarged by `FACE_SCALE`, its ORB keypoints
are matched with the photo's (Lowe's ratio `RATIO`), and a homography through the matches
(RANSAC, `REPROJECTION_PX`) carries the face's corners onto the photo: the card's outline, even
where its corners lie off the photo. The face matched by the most (at least `MATCHES_LEAST`)
gives the outline; its colour and rank are not taken from it (a face's grey marks are its rank's
in every colour): the reader reads the card through it as through any outline.
"""

import cv2
import numpy as np

from vision.enrol.templates import TEMPLATE_SIZE

#: The faces' keypoints are found on them enlarged this much (a kept face is 128 x 192: ORB's 31 px
#: patches cover a quarter of its width; a card 200-400 px tall in a photo is seen at 1-2 times that).
FACE_SCALE = 2
#: ORB's keypoints in the photo (640 x 480: a keyboard's or a stone's texture takes many of them)
#: and on each enlarged face, and its FAST threshold (lower than OpenCV's 20: a print's glyph edges
#: under a soft light). Matching is brute force (Hamming): its CPU goes as the product of the two,
#: 1,500 and 500 cost about 170 ms a photo of this machine's core, 1,000 and 300 about 90 (FLANN's
#: LSH was a quarter of it, but draws its hashes from a random state shared across calls: the same
#: photo read twice in one process gave two outlines). Criscard's yellow 5 with two corners off the photo
#: matched by 56 and 48 at those.
PHOTO_POINTS = 1000
FACE_POINTS = 300
FAST_THRESHOLD = 10
#: A match counts when its nearest neighbour is nearer than this share of its second's (Lowe's ratio).
RATIO = 0.8
#: RANSAC's reprojection error (pixels of the photo) for a match to agree with a homography.
REPROJECTION_PX = 5.0
#: The matches that must agree with the homography for a face to be found. On criscard's 160
#: pasted photos (`benchmarks/bench_enrol.py --only criscard`, each read through its best face's
#: outline whether or not the search had found the card): from 30, 40 photos, 36 read right and
#: surely through it, 4 not through a card's shape or not as a card (`EnrolledRecogniser.matched`),
#: none unsure or wrong; from 10 to 29, 29 right, 2 unsure, 57 no card.
MATCHES_LEAST = 30


class FaceKeypoints:
    """Each enrolled face's ORB keypoints and descriptors, found once."""

    def __init__(self, images: np.ndarray):
        """`images`: the enrolled faces, BGR, `TEMPLATE_SIZE` each (`vision.enrol.templates.Templates.images`)."""
        self._orb = cv2.ORB_create(nfeatures=FACE_POINTS, fastThreshold=FAST_THRESHOLD)
        self.faces = []
        for image in images:
            grey = cv2.cvtColor(cv2.resize(image, None, fx=FACE_SCALE, fy=FACE_SCALE,
                                           interpolation=cv2.INTER_LINEAR), cv2.COLOR_BGR2GRAY)
            points, descriptors = self._orb.detectAndCompute(grey, None)
            if descriptors is not None and len(points) >= MATCHES_LEAST:
                self.faces.append((np.float32([p.pt for p in points]), descriptors))
        width, height = (FACE_SCALE * s for s in TEMPLATE_SIZE)
        self._corners = np.float32([[0, 0], [width, 0], [width, height], [0, height]]).reshape(-1, 1, 2)
        self._photo_orb = cv2.ORB_create(nfeatures=PHOTO_POINTS, fastThreshold=FAST_THRESHOLD)
        self._matcher = cv2.BFMatcher(cv2.NORM_HAMMING)

    def outline(self, photo: np.ndarray) -> tuple[np.ndarray, int] | None:
        """The outline (4 x 2 float32, TL, TR, BR, BL of the face upright: a corner may lie off the
        photo) of the enrolled face matched best in a BGR photo, and how many matches agree with
        it; None when no face has `MATCHES_LEAST`."""
        points, descriptors = self._photo_orb.detectAndCompute(cv2.cvtColor(photo, cv2.COLOR_BGR2GRAY), None)
        if descriptors is None or len(points) < MATCHES_LEAST:
            return None
        at = np.float32([p.pt for p in points])
        best = None
        for face_at, face_descriptors in self.faces:
            pairs = [pair for pair in self._matcher.knnMatch(face_descriptors, descriptors, k=2) if len(pair) == 2]
            good = [(a.queryIdx, a.trainIdx) for a, b in pairs if a.distance < RATIO * b.distance]
            if len(good) < MATCHES_LEAST or (best is not None and len(good) <= best[1]):
                continue    # too few, or fewer than the best face's agreeing ones: it cannot beat them
            ours, theirs = (np.array(side) for side in zip(*good))
            homography, agree = cv2.findHomography(face_at[ours], at[theirs], cv2.RANSAC, REPROJECTION_PX)
            if homography is None:
                continue
            count = int(agree.sum())
            if count >= MATCHES_LEAST and (best is None or count > best[1]):
                best = (cv2.perspectiveTransform(self._corners, homography).reshape(4, 2), count)
        return best
