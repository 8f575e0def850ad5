"""The card recogniser: one photo in, one reading (colour, rank, confidence) out."""

from dataclasses import dataclass, field, replace

import cv2
import numpy as np

from vision.card.cnn import CNN_PATH, CnnReader
from vision.card.colour import (DARK_FIELD_FROM, HUES, MIDDLE, box_hsv, colour_of_votes, colour_votes, field_kind,
                                hue_shares, neutral_share)
from vision.decks import DeckProfile, find_deck
from vision.card.detect import ASPECT_RANGE, FoundCard, card_look, find_card, order_quad, warp
from vision.card.detect_fields import CLASSIC_FIELD_HUES
from vision.card.doubt import DOUBTED, doubt, outvoted
from vision.errors import CardNotFoundError, UnknownNameError
from vision.card.features import card_white, dark_field, oval_white, rank_features_turns, white_reference
from vision.card.mlp import Mlp
from vision.readings import WILD, Reading, card_code
from vision.card.corners import fuse, read_corners
from vision.model_files import NONE, model_path

#: Below this confidence a reading is reported as unsure.
UNSURE_BELOW = 0.55
#: How many other cards a reading names (its `alternatives`), and the least probability named.
ALTERNATIVES = 3
ALTERNATIVE_FLOOR = 0.02
#: An Oona wild face's reading is worth at most 0.5 + this × the share of its field band that is
#: dark (`vision.card.features.dark_field`; on development renders' true outlines: 0.82 median, 0.5 at
#: the 5th percentile, 0.07 at the 1st; rings in marble read as the Colour card: 0).
DARK_FIELD_WEIGHT = 3.0
#: The Oona Colour card's oval is quartered in the four colours: its reading is worth at most 0.5 +
#: this × the share of the oval (`OVAL`, fractions of the warp) showing the third most present of
#: them (development renders' true outlines: 0.22 median, 0.12 at the 1st percentile; a check of
#: cloth read as the Colour card at 0.72: one colour only, 0).
FOUR_HUES_WEIGHT = 5.0
OVAL = (20 / 64, 34 / 96, 44 / 64, 62 / 96)
#: A warp whose middle varies less than this (grey standard deviation over its white) is a plain
#: thing, not a face: every face has its oval, numeral or symbols there (lowest on development
#: renders: 0.09, a classic Draw Two; a slip of paper with a margin of table: about 0.01).
PLAIN_BELOW = 0.04
#: Classic deck: the most a wild rank is worth when the field reads as one colour (the rank models
#: saw a wild, the hues say otherwise): under `UNSURE_BELOW`, so it is asked, not guessed. On
#: development photos (uno-real-mit, uno-fanned's `val` top cards) every true wild read `wild`.
WILD_ON_COLOUR = 0.45
#: ... or when the least present of the four colours covers less than this share of the middle
#: (`vision.card.colour.MIDDLE`, `hue_shares`): every classic wild shows all four there. On
#: development photos true wilds measured 0.03-0.09 (uno-real-mit, uno-fanned `val`; one of ten
#: renders 0.0), while patches of a rug or kilim the detector took for a card, read as a sure
#: wild, measured 0.0-0.009.
FOUR_OF_FOUR = 0.015
#: Classic deck: the most a reading is worth when the face network reads the warp and its 180°
#: turn as different faces (a card reads the same either way up: the print is unlike those it
#: learnt). On development photos (uno-real-mit, uno-fanned's `val` top cards) the turns never
#: disagreed on a right reading; on 300 development renders of all editions they made 5 of 12 sure
#: wrong readings unsure and 2 right ones; on washed-out copies of uno-real-mit 1 sure wrong one.
TURNS_DISAGREE = 0.5
#: Classic ranks printed as one glyph half turned (a 6 is a 9 upside down), told apart by an
#: underline the face network, at its 32 × 48 input, does not always see: its likeliest face naming
#: the other of the two is no sign that it does not back a reading (`vision.card.doubt`), so they
#: count as the same face there (`one_glyph`), the feature model's word with the network's deciding
#: which of the two it is. Issue 18, session 46: of the 74 unsure or wrong photos of the development
#: busy tables (seeds 31 000, 32 000, 34 000, 35 000) 16 were 6s and 9s, 13 read on an outline within
#: IoU 0.8 of the card. `bench_vision.py --busy --deck classic --seed S`, exact %: 31 000 94.75 → 95.0,
#: 38 000 95.5 → 95.75, 46 000 95.5 → 95.75 (two 6s and a 9, unsure → right), the seven other
#: development seeds (32 000-45 000) and the fresh ones (47 000, 48 000) reading for reading the same,
#: none more wrong (the search is untouched: only a 6 or 9 doubted to 0.5 can change; 15 were, 3
#: now sure and right). Held out, once, both trees: `--busy --deck classic` 93.5 / 6.0 / 0.5 %
#: exact / unsure / wrong reading for reading the same, `--busy --deck oona` the same, `--real-mit`
#: 100 %. Not applied to the network's two turns (`TURNS_DISAGREE`): that changed the search's own
#: reads, 9 more right on the development seeds but a right 6 turned into a sure 5
#: (`docs/attempts/six-nine-turns.diff`). Once the search has chosen its outline, though, a 6 or 9
#: read there and capped by the turns naming a 6 and a 9 is read again without the cap when the
#: feature model names it too (`Recogniser._one_glyph_turns`): the network's turns split, the
#: feature model's word and the rank read say which; the search's path is the same. Session 50,
#: `bench_vision.py --busy --deck classic --seed S`, exact / unsure / wrong %, both trees:
#: 31 000 95.75 / 3.75 / 0.5 → 96.0 / 3.5 / 0.5, 34 000 95.5 / 4.25 / 0.25 → 95.75 / 4.0 / 0.25, 35 000
#: 95.75 / 4.25 / 0 → 96.0 / 4.0 / 0 (three 6s unsure → right and sure, 0.82-0.94), 32 000 the same
#: byte for byte; fresh seeds, untuned, 55 000 and 56 000 the same; held out, once, `--busy --deck
#: classic` 93.5 / 6.0 / 0.5 % and `--busy --deck oona` byte for byte the same, `--real-mit` 100 %.
#: No other witness of which way up: the corner indices (upright in a warp either way up) read
#: upright only named the 9s of those seeds' true outlines a 6 on 169 of 262 warps (the hand scan's
#: model, trained on other prints), and the oval, turned half round, keeps its slant.
HALF_TURNED = frozenset({"6", "9"})
#: Classic deck: the face network's share in the rank probabilities, log-linear with the feature
#: model's (p ∝ model^(1 − w) · network^w, `vision.card.cnn`); tuned on development data
#: (`benchmarks/bench_cnn.py --part dev --weights 0.5 0.85`: 0.85 read the real prints worse,
#: uno-fanned `val` top cards 97.9 % against 99.3 %, criscard's development photos 95.7 % against
#: 97.9 %, and the development renders of all editions a little better, 94.3 % against 93.7 %).
CNN_WEIGHT = 0.5
#: A coloured face's field is one colour: of the saturated pixels inside its border
#: (`vision.card.colour.colour_votes`), nearly all vote for its colour, where a rug's motif the
#: search took for a card shows bands of several (issue #18: kilim medallions, a saffron ring round
#: red and black, read as sure saffron cards). An Oona coloured reading is worth at most 0.5 +
#: ONE_HUE_WEIGHT × (its colour's share of the votes − ONE_HUE_FROM). Measured on development
#: photos (seeds 31 000, busy tables sadu, kilim, tablecloth, and 33 000, `CARD_DEVELOPMENT` tables;
#: every outline the search read): true outlines read right 0.66 (one, a shadow across it), then
#: 0.79 and up on the busy tables (1st percentile 0.87), 0.86 and up on the others; outlines on the
#: rugs read at 0.55 or more 0.23-0.73 (31 of them, all under 0.55 with these: one true one too).
ONE_HUE_FROM = 0.72
ONE_HUE_WEIGHT = 4.0
#: The Oona +4 (`colour4`) shows a big white oval on its dark field: its reading is worth at most
#: 0.5 + WHITE_OVAL_WEIGHT × (the middle's share showing the card's white, `neutral_share`, −
#: WHITE_OVAL_FROM). Development photos (seeds 31 000 busy tables, 33 000 `CARD_DEVELOPMENT`): true
#: +4 outlines 0.49 and up (18); rug outlines read as a +4 at 0.3 or more 0.01-0.50 (11; those read
#: at 0.55 or more 0.01-0.21, all under 0.55 with these).
WHITE_OVAL_FROM = 0.27
WHITE_OVAL_WEIGHT = 4.0
#: Classic coloured readings: the same share, of the pixels voting for a colour at all (an orange
#: red's pixels between red and yellow vote for none: a held-out red 5 went unsure counting them),
#: weighs less alone (printed greens and yellows split the vote more: true outlines on development
#: busy tables 0.78 and up, uno-real-mit's real photos 0.83 and up; rug outlines read at 0.55 or more
#: 0.60-1.0, median 0.76), so it is weighed with the share of the middle showing the card's white
#: (`vision.card.colour.neutral_share`: a numeral's white oval or sun, grey under a shadow; true
#: outlines 0.02 (one Draw Two in shade), 0.17 at the 1st percentile, uno-real-mit 0.14 and up; rug
#: outlines median 0.08): worth at most 0.5 + CLASSIC_HUE_WEIGHT × (share − CLASSIC_HUE_FROM) +
#: CLASSIC_WHITE_WEIGHT × white share. Chosen on the development busy tables (seed 32 000): 21 of
#: the 35 rug outlines read at 0.55 or more go under 0.55, 3 of 718 true outline reads (one
#: photo's) too; uno-real-mit's least is 1.32.
CLASSIC_HUE_FROM = 0.8
CLASSIC_HUE_WEIGHT = 6.0
CLASSIC_WHITE_WEIGHT = 3.0
#: Classic deck: the colours whose printed field is never dark (`vision.card.features.dark_field`, the
#: share of the band inside the border with every channel under half the card's white): a reading
#: of one of them on a field band at least `vision.card.colour.DARK_FIELD_FROM` dark (the share
#: from which a split vote is a wild's black field) is worth at most DARK_ON_COLOUR, under
#: `UNSURE_BELOW`. Issue #18, development busy tables (seeds 31 000-34 000): a wild's big black-
#: outlined letter D, its bowl blue, was read twice as a sure blue 0 (0.93, 0.95), its band dark
#: 0.84 and 0.89; the sure right readings' bands measured at most 0.32 blue, 0.08 red, 0.19 yellow
#: (uno-real-mit and uno-fanned's `val` top cards: 0.08, 0.04, 0.05), while green prints are dark
#: ones too (uno-fanned, a real green 4: 0.84), so green is left out.
NEVER_DARK = ("red", "yellow", "blue")
DARK_ON_COLOUR = 0.45
#: Classic deck: a coloured rank on a field with hardly a saturated pixel (`colour_votes`' share
#: under PALE_BELOW, from which `colour_of_votes` reads no colour: worth 0) that is no wild's dark
#: field may be a washed-out print: its field (`FIELD`) is counted again with its saturation
#: PALE_STRETCH times (`hue_shares`), and the colour most present there is read when it shows in at
#: least PALE_FROM of the field and at least PALE_OVER times as much as the next (pale fields' hues
#: lie near two colours'), worth (its share − the next's) / PALE_FROM at most. Issue #18, classic
#: development probe: one print's pale green 8 (balanced against its white, the field's median
#: saturation 40-58 of 255, its hue 81-139°) read as a rank 8 of no colour, unsure at 0, on three
#: tables (wood 4108, glass 4105 and 4109) and two more where another reading made up for it
#: (tablecloth 4105, dark_cloth 4103); stretched twice, green showed in 0.36-0.58 of their fields,
#: at least 2.0 times the next colour.
PALE_BELOW = 0.08
PALE_STRETCH = 2.0
PALE_FROM = 0.3
PALE_OVER = 1.5
FIELD = (1 / 12, 1 / 12, 11 / 12, 11 / 12)
#: A photo that is one card cropped to its edges (a scan, a dataset's crop, a phone photo cut to the
#: card) has no table round the card to find its outline by: the search takes the oval or a field
#: inside it (uno-real-mit criscard: a Wild not found, a 0 read as Skip off its oval). So the photo's
#: own frame is read as an outline too when it is card-shaped and its edge band looks like a card's
#: white border at least this much (`detect.card_look`): criscard's crops 0.80-1.00; development
#: photos of a card on a table, uno-fanned's val photos and empty tables of every surface at most 0.66.
WHOLE_PHOTO_LOOK = 0.75


def plain(warped: np.ndarray) -> bool:
    """Whether a WARP_W × WARP_H warp's middle is one even colour (a slip, a box: not a card)."""
    grey = cv2.cvtColor(warped, cv2.COLOR_BGR2GRAY)
    h, w = grey.shape
    white = _percentile(grey.ravel(), 95) + 1
    return float(grey[h // 4: -h // 4, w // 4: -w // 4].std()) / white < PLAIN_BELOW


def one_glyph(face: str, other: str) -> bool:
    """Whether two classic faces are the same, or one glyph half turned (`HALF_TURNED`: a 6 and a 9)."""
    return face == other or {face, other} == HALF_TURNED


def _percentile(values: np.ndarray, q: float) -> float:
    """`np.percentile(values, q)` (linear, between the two nearest ranks), from a partition of
    them rather than a whole sort (a tenth of the time on a warp's 6 144 pixels)."""
    at = q / 100 * (len(values) - 1)
    low = int(at)
    high = min(low + 1, len(values) - 1)
    ordered = np.partition(values, (low, high))
    a, b = float(ordered[low]), float(ordered[high])
    return a + (b - a) * (at - low)


@dataclass
class Recogniser:
    """Reads one card per photo for one deck profile; build once, call `read` per frame."""

    deck: DeckProfile
    """The deck the photos show."""
    model: Mlp
    """The rank (Oona: whole-face) classifier."""
    unsure_below: float = UNSURE_BELOW
    """Confidence under which the reading is marked unsure."""
    extras: bool = False
    """Whether the 112-card Oona extras (Wild Swap, Wild Custom) may be on the table."""
    corners: bool = True
    """Classic deck: whether the corner indices are read too (`vision.card.corners`)."""
    cnn: CnnReader | None = None
    """Classic deck: the face network (`vision.card.cnn`), weighed in by `cnn_weight`; None: not used."""
    cnn_weight: float = CNN_WEIGHT
    """The network's share in the rank probabilities (0 the feature model's alone, 1 its own)."""
    agree: bool = True
    """Classic deck: whether the field rules ranks out (a plainly coloured one is no wild card)."""
    last_found: FoundCard | None = field(default=None, repr=False)
    """Where the card was in the last photo read (for overlays and debugging)."""
    _verified: list = field(default_factory=list, repr=False)
    _allowed: np.ndarray = field(init=False, repr=False)
    _faces: np.ndarray = field(init=False, repr=False)
    _wilds: np.ndarray = field(init=False, repr=False)
    _cnn_order: list = field(init=False, repr=False)

    def __post_init__(self) -> None:
        classes = self.model.classes
        self._faces = np.array([c != NONE for c in classes], np.float32)
        self._wilds = np.array([c in self.deck.wilds for c in classes], np.float32)
        self._cnn_order = [self.cnn.classes.index(c) for c in classes] if self.cnn else []
        self._allowed = np.array([self.extras or not c.endswith(("/swap", "/custom")) for c in classes],
                                 np.float32)

    @classmethod
    def for_deck(cls, name: str = "oona", *, extras: bool = False, corners: bool = True,
                 cnn: bool = True) -> "Recogniser":
        """The recogniser for a deck, with its shipped models (for the classic deck the face
        network too, if `cnn` and it is installed).

        :raises UnknownNameError: for an unknown deck; :raises ModelMissingError: without weights.
        """
        deck = find_deck(name)
        network = CnnReader() if cnn and deck.name == "classic" and CNN_PATH.is_file() else None
        return cls(deck, Mlp.load(model_path(deck.name)), extras=extras, corners=corners, cnn=network)

    @property
    def thorough(self) -> bool:
        """Whether `find_card` also reads the outlines of one-colour regions when nothing is sure
        (`thorough`): for the Oona deck, whose reader checks a face's colours (a dark wild field, a
        coloured one's hue, the Colour card's four); on classic renders they found no more cards
        and checked cloth read as a Draw Two."""
        return self.deck.name == "oona"

    def read(self, photo: np.ndarray) -> Reading:
        """Read the one card in a BGR photo; an unfound card gives an unsure reading."""
        self._verified = []
        whole = whole_photo_card(photo)
        try:
            found = find_card(photo, verify=self._verify, thorough=self.thorough, sign_first=True, coloured=True,
                              edged=True, field_hues=CLASSIC_FIELD_HUES if self.deck.name == "classic" else ())
        except CardNotFoundError:
            found = None
        reading = None if found is None else self._found_reading(found)
        outlines_read = len(self._verified)
        if whole is not None:
            whole_reading = self._read_face(whole.warped, whole.score)[0]
            if reading is None or whole_reading.confidence > reading.confidence:
                found, reading, outlines_read = whole, whole_reading, 1
        self.last_found = found
        if reading is None:
            return Reading(WILD, "unknown", 0.0, unsure=True, deck=self.deck.name)
        return self._doubted(self._one_glyph_turns(reading, found), found.warped, outlines_read)

    def _one_glyph_turns(self, reading: Reading, found: FoundCard) -> Reading:
        """The chosen classic `reading` of `found`, a 6 or a 9 capped by the network's turns naming
        a 6 and a 9 (`TURNS_DISAGREE`), read again without that cap when the feature model names its
        face too and the reading stays the same (`HALF_TURNED`); else as it is. The search's own
        reads keep the cap."""
        if self.deck.name != "classic" or reading.rank not in HALF_TURNED or reading.confidence > TURNS_DISAGREE:
            return reading
        again, faces = self._read_face(found.warped, found.score, half_turned=True)
        named = faces is not None and faces[1] == reading.rank
        return again if named and (again.colour, again.rank) == (reading.colour, reading.rank) else reading

    # -- issue #18: the chosen reading doubted (`vision.card.doubt`) --------------------------

    def _doubted(self, reading: Reading, warped: np.ndarray, outlines_read: int) -> Reading:
        """A classic `reading` of `warped`, chosen after `outlines_read` outlines were read, doubted
        when the face network names another face (and is not outvoted) or it is middling after a
        long search (`vision.card.doubt`); the Oona deck's as it is."""
        if self.deck.name != "classic":
            return reading
        white = card_white(warped)
        network = self._network_face(warped, white)
        backed = network is None or one_glyph(network, reading.rank) or outvoted(
            reading.rank, self._feature_face(warped, white), read_corners(warped) if self.corners else [])
        return doubt(reading, backed, outlines_read, self.unsure_below)

    def _network_face(self, warped: np.ndarray, white: np.ndarray) -> str | None:
        """The face network's likeliest allowed face for a warp (both turns), None without it."""
        if self.cnn is None or self.cnn_weight <= 0:
            return None
        return self._likeliest_face(self.cnn.turns(warped, white)[:, self._cnn_order].mean(axis=0))

    def _feature_face(self, warped: np.ndarray, white: np.ndarray) -> str:
        """The feature model's likeliest allowed face for a warp (both turns)."""
        return self._likeliest_face(self.model.probabilities(rank_features_turns(warped, white)).mean(axis=0))

    # -----------------------------------------------------------------------------------------

    def _found_reading(self, found: FoundCard) -> Reading:
        """The reading of the card `find_card` chose (read already while choosing, if it was)."""
        for warped, reading in self._verified:
            if warped is found.warped and reading.confidence <= 0.5 + found.score:
                return reading  # read already while choosing the outline
        return self._read_face(found.warped, found.score)[0]

    def scored(self, reading: Reading, card_score: float) -> Reading | None:
        """`read_warped(warped, card_score)` from `reading`, the same warp's `read_warped(warped)`
        (the outline's look only caps the confidence at 0.5 + `card_score`): `reading` itself when
        the cap is above it, else None (read it again)."""
        return reading if reading.confidence <= 0.5 + card_score else None

    def _verify(self, warped: np.ndarray) -> float:
        """How surely a candidate warp shows one of the deck's faces (for choosing the outline)."""
        reading = self._read_face(warped)[0]  # doubted once chosen (`_doubted`)
        self._verified.append((warped, reading))
        return reading.confidence

    def read_warped(self, warped: np.ndarray, card_score: float = 1.0) -> Reading:
        """Read a card already warped upright (either way up); a classic card's corner indices
        too, unless `corners` is off (`vision.card.corners`). A classic reading the face network
        does not back (and does not lose to the feature model and both corners) is doubted, as
        `read` doubts the outline its search chose (`vision.card.doubt`): the pile watcher reads
        the outlines it finds through here."""
        reading, faces = self._read_face(warped, card_score)
        if self.deck.name != "classic" or reading.confidence <= DOUBTED:
            return reading
        backed = faces is None or one_glyph(faces[0], reading.rank) or outvoted(
            reading.rank, faces[1], read_corners(warped) if self.corners else [])
        return doubt(reading, backed, 0, self.unsure_below)

    def _read_face(self, warped: np.ndarray, card_score: float = 1.0, *,
                   half_turned: bool = False) -> tuple[Reading, tuple[str, str] | None]:
        """`read_warped`'s reading before its doubt, and the face network's and the feature model's
        likeliest allowed faces (both turns; None for the Oona deck or without the network).
        `half_turned`: the network's turns naming a 6 and a 9 do not cap it (`TURNS_DISAGREE`)."""
        if plain(warped):
            return Reading(WILD, "unknown", 0.0, unsure=True, deck=self.deck.name), None
        # A classic photo may be cropped inside the white border, or a hand may cover it: then the
        # middle's whites stand in for it (`card_white`). Oona cards keep their border's.
        white = card_white(warped) if self.deck.name == "classic" else white_reference(warped)
        probs, turns_agree, faces = self._rank_probabilities(warped, white, half_turned)
        votes = colour_votes(warped, white, self.deck.name)  # the field's hues, read once per white
        colour, colour_conf = colour_of_votes(*votes, self.deck.name)
        middle = shares = dark = None  # classic: the middle's balanced HSV, its hue shares, the dark field, made once
        if self.agree and self.deck.name == "classic":  # the field and the rank agree (a plain colour is no wild)
            middle = box_hsv(warped, white, MIDDLE)
            shares = hue_shares(warped, white, self.deck.name, MIDDLE, middle)
            dark = dark_field(warped, white)
            probs = self._agreeing(probs, field_kind(warped, white, self.deck.name, (colour, colour_conf), dark, shares))
        # The best face; its probability is also lowered by how much the warp looks like no card
        # at all (the `none` class, not a face), so a patch of table is unsure.
        best = int((probs * self._faces).argmax())
        rank_conf = float(probs[best])
        if self.corners and self.deck.name == "classic":  # the real prints' corner indices weigh in
            best, rank_conf = fuse(self.model.classes, probs, self._faces, lambda: self._corners_allowed(warped, probs))
        label = self.model.classes[best]
        if "/" in label:  # Oona: the model saw the shape, the hue must agree with it.
            shape_colour, rank = label.split("/")
            # A clear hue of another colour vetoes; no clear hue leaves the shape's word.
            def clashes(hue_colour: str, hue_conf: float) -> bool:
                return shape_colour != WILD and hue_colour not in (shape_colour, WILD) and hue_conf > 0.5
            clash = clashes(colour, colour_conf)
            if clash:  # the border band may be partly table: once more against the oval's white
                votes = colour_votes(warped, oval_white(warped), self.deck.name)
                colour, colour_conf = colour_of_votes(*votes, self.deck.name)
                clash = clashes(colour, colour_conf)
            no_hue = 1.5 - colour_conf if colour == WILD else 1.0
            colour_conf = 0.0 if clash else rank_conf
            if shape_colour == WILD:  # a wild face's field is dark: a patch of table's is not
                colour_conf = min(colour_conf, 0.5 + DARK_FIELD_WEIGHT * dark_field(warped, white))
                if rank == "colour":  # ... and the Colour card shows all four colours in its oval
                    third = sorted(hue_shares(warped, white, self.deck.name, OVAL).values())[-3]
                    colour_conf = min(colour_conf, 0.5 + FOUR_HUES_WEIGHT * third)
                elif rank == "colour4":  # ... the +4 a white oval (WHITE_OVAL_FROM)
                    colour_conf = min(colour_conf, max(0.0, 0.5 + WHITE_OVAL_WEIGHT * (
                        neutral_share(warped, white) - WHITE_OVAL_FROM)))
            else:  # a coloured field is saturated: hardly a saturated pixel is no coloured card
                colour_conf = min(colour_conf, no_hue,  # ... and of one colour (ONE_HUE_FROM)
                                  max(0.0, 0.5 + ONE_HUE_WEIGHT * (self._hue_share(votes[1], shape_colour) - ONE_HUE_FROM)))
            colour = shape_colour
        else:
            rank = label
            colour, colour_conf = self._classic_colour(warped, white, rank, colour, colour_conf, votes[1],
                                                       middle, shares, dark, saturated=votes[0])
        confidence = min(rank_conf, colour_conf, 0.5 + card_score, 1.0 if turns_agree else TURNS_DISAGREE)
        reading = Reading(colour, rank, confidence, unsure=confidence < self.unsure_below, deck=self.deck.name)
        return replace(reading, alternatives=self._alternatives(probs, best, reading)), faces

    def _classic_colour(self, warped: np.ndarray, white: np.ndarray, rank: str, colour: str,
                        colour_conf: float, shares: np.ndarray | None = None, middle: np.ndarray | None = None,
                        middle_shares: dict[str, float] | None = None, dark: float | None = None, *,
                        saturated: float | None = None) -> tuple[str, float]:
        """A classic reading's colour and what it is worth, given its rank and the colour read (from
        the votes' `shares`, `colour_votes`, counted here if not given): a wild rank is `wild`,
        doubted (`WILD_ON_COLOUR`) when the field reads as one colour or the middle lacks one of the
        four (`FOUR_OF_FOUR`); a coloured rank with no colour read is worth 0, one not of one colour
        round a white middle less (`CLASSIC_HUE_FROM`), a red, yellow or blue one on a dark field
        band at most DARK_ON_COLOUR (`NEVER_DARK`). `middle`, `middle_shares`, `dark`: the middle's
        `box_hsv` and `hue_shares` (`MIDDLE`) and the field band's `dark_field`, if made already;
        `saturated`: the share of the field saturated (`colour_votes`), under PALE_BELOW a washed-out
        print perhaps, its colour then read by its pale hues (`_pale_colour`)."""
        if rank not in self.deck.wilds:
            if colour == WILD:
                if saturated is None or saturated >= PALE_BELOW:
                    return colour, 0.0
                return self._pale_colour(warped, white, dark_field(warped, white) if dark is None else dark)
            if colour in NEVER_DARK and (dark_field(warped, white) if dark is None else dark) >= DARK_FIELD_FROM:
                colour_conf = min(colour_conf, DARK_ON_COLOUR)  # a wild's black field, not this colour's
            # One colour round a white middle, not a rug's bands (CLASSIC_HUE_FROM).
            shares = colour_votes(warped, white, self.deck.name)[1] if shares is None else shares
            one_hue = (0.5 + CLASSIC_HUE_WEIGHT * (self._hue_share(shares, colour, named=True) - CLASSIC_HUE_FROM)
                       + CLASSIC_WHITE_WEIGHT * neutral_share(warped, white, MIDDLE, middle))
            return colour, max(0.0, min(colour_conf, one_hue))
        if middle_shares is None:
            middle_shares = hue_shares(warped, white, self.deck.name, MIDDLE, middle)
        fourth = min(middle_shares.values())
        return WILD, (1.0 if colour == WILD and fourth >= FOUR_OF_FOUR else WILD_ON_COLOUR)

    def _pale_colour(self, warped: np.ndarray, white: np.ndarray, dark: float) -> tuple[str, float]:
        """A classic coloured face's colour read on a washed-out field (PALE_STRETCH, PALE_FROM,
        PALE_OVER), and what it is worth; `wild` at 0 when the field is a wild's dark one (`dark`,
        `dark_field`) or shows no one colour so."""
        if dark >= DARK_FIELD_FROM:
            return WILD, 0.0
        hsv = box_hsv(warped, white, FIELD)
        hsv[:, 1] = np.clip(hsv[:, 1] * np.float32(PALE_STRETCH), 0, 255).astype(np.uint8)
        (colour, top), (_, second) = sorted(hue_shares(warped, white, self.deck.name, FIELD, hsv).items(),
                                            key=lambda named: -named[1])[:2]
        if top < PALE_FROM or top < PALE_OVER * second:
            return WILD, 0.0
        return colour, float(min(1.0, (top - second) / PALE_FROM))

    def _hue_share(self, shares: np.ndarray, colour: str, named: bool = False) -> float:
        """`colour`'s share of the votes of the warp's saturated pixels (`shares`, `colour_votes`);
        `named`: of those voting for a colour (the pixels whose hue lies between two left out)."""
        own = float(shares[list(HUES[self.deck.name]).index(colour)])
        return own / max(1e-9, 1 - float(shares[-1])) if named else own

    def _rank_probabilities(self, warped: np.ndarray, white: np.ndarray,
                            half_turned: bool = False) -> tuple[np.ndarray, bool, tuple | None]:
        """The classes' probabilities from the feature model (both turns of the warp), and for the
        classic deck the face network's weighed in; allowed classes only, summing to 1. And whether
        the network's two turns name the same face (True without the network; `half_turned`: or a
        6 and a 9, `one_glyph`), and the network's and the feature model's likeliest allowed faces
        (None without the network)."""
        probs = self.model.probabilities(rank_features_turns(warped, white)).mean(axis=0)
        agree, faces = True, None
        if self.cnn is not None and self.cnn_weight > 0:
            turns = self.cnn.turns(warped, white)[:, self._cnn_order]
            named = [self.model.classes[int((turn * self._faces).argmax())] for turn in turns]
            agree = one_glyph(*named) if half_turned else named[0] == named[1]
            network = turns.mean(axis=0)
            faces = (self._likeliest_face(network), self._likeliest_face(probs))
            probs = np.exp((1 - self.cnn_weight) * np.log(probs + 1e-9) + self.cnn_weight * np.log(network + 1e-9))
        probs = probs * self._allowed
        return probs / max(float(probs.sum()), 1e-9), agree, faces

    def _likeliest_face(self, probs: np.ndarray) -> str:
        """The likeliest allowed face (not `none`) of class probabilities `probs`."""
        return self.model.classes[int((probs * self._faces * self._allowed).argmax())]

    def _agreeing(self, probs: np.ndarray, kind: str | None) -> np.ndarray:
        """`probs` with the ranks the field rules out set to 0 (`vision.card.colour.field_kind`: a
        plainly coloured field is no wild card, a wild's field no coloured card), the faces left
        scaled up to the share the faces had (so `none`, how little the warp looks like a card,
        keeps its share); unchanged when the field says nothing plain or no face would be left."""
        if kind is None:
            return probs
        keep = (1 - self._wilds) if kind == "coloured" else (self._wilds + (1 - self._faces))
        faces_before, faces_left = float((probs * self._faces).sum()), float((probs * keep * self._faces).sum())
        if faces_left < 1e-6:
            return probs
        scale = np.where(self._faces > 0, faces_before / faces_left, 1.0)
        return probs * keep * scale

    def _corners_allowed(self, warped: np.ndarray, probs: np.ndarray) -> list[tuple[str, float]]:
        """The corner indices' readings, without a rank the field ruled out (`_agreeing`)."""
        classes = self.model.classes
        return [(rank, conf) for rank, conf in read_corners(warped)
                if rank not in classes or probs[classes.index(rank)] > 0]

    def _alternatives(self, probs: np.ndarray, best: int, reading: Reading) -> tuple[tuple[str, float], ...]:
        """The model's next likeliest faces as card codes (Oona: shape and rank; classic: the
        rank with the colour read, or the wild card), likeliest first, the reading's own left out."""
        faces = probs * self._faces
        order = [int(i) for i in np.argsort(-faces)[:ALTERNATIVES + 1] if faces[i] >= ALTERNATIVE_FLOOR]
        try:
            own = reading.code
        except UnknownNameError:
            own = None
        found: list[tuple[str, float]] = []
        for i in order:
            label = self.model.classes[i]
            colour, _, rank = label.rpartition("/")
            if not colour:                      # classic: a rank; its colour is the one read
                colour = WILD if rank in self.deck.wilds else reading.colour
            try:
                code = card_code(colour, rank)
            except UnknownNameError:            # a coloured rank where no colour was read
                continue
            if code != own and code not in (c for c, _ in found):
                found.append((code, round(float(faces[i]), 4)))
        return tuple(found[:ALTERNATIVES])


def whole_photo_card(photo: np.ndarray) -> FoundCard | None:
    """The photo's own frame as a card's outline, when the photo is card-shaped and its edge band
    looks like a card's white border (`WHOLE_PHOTO_LOOK`): a photo cropped to one card; else None."""
    h, w = photo.shape[:2]
    if not ASPECT_RANGE[0] <= min(h, w) / max(h, w) <= ASPECT_RANGE[1]:
        return None
    quad = order_quad(np.float32([[0, 0], [w - 1, 0], [w - 1, h - 1], [0, h - 1]]))
    warped = warp(photo, quad)
    look = card_look(warped)
    return FoundCard(quad, warped, look) if look >= WHOLE_PHOTO_LOOK else None


def read_card(photo: np.ndarray, deck: str = "oona") -> Reading:
    """Read one photo with a freshly loaded recogniser (load one `Recogniser` for many photos)."""
    cv2.setNumThreads(1)
    return Recogniser.for_deck(deck).read(photo)
