"""When a card on the pile came to rest: how long each pixel of its region has looked as it does
now, going back through the watcher's history of small grey frames."""

import cv2
import numpy as np

from vision.pile.compare import envelope, outside

#: How far (small pixels) the view may shake and a pixel still look as it did: a quarter pixel, so
#: that a card sliding slowly to rest is not taken as resting (`compare.envelope`).
REST_REACH = 0.25
#: A pixel's look may go away for this long (a hand passing) and still date from before.
ARRIVAL_GAP = 0.5
#: A covered card's pixels that took their look at most this far apart (seconds, half of them)
#: took it together: the card stopping, not a card sliding over it uncovering them one by one.
#: Whichever half, not the middle one: a hand trembling over the card it slid out (issue #18)
#: spreads the last of them out.
COVERED_SPREAD = 0.35
#: Pixels of a covered card that took their look together (within COVERED_SPREAD) are the card
#: stopping when they are half of those that took it before the card on it was let fall, or
#: TOGETHER_SHARE[0] of those and TOGETHER_SHARE[1] of all its settled pixels (`_together`).
#: Issue #18, development probe, birch 4104: a green 7 slid out under the hand stopped at 30.47 s,
#: when 0.44 of its pixels that took their look before the fall took it, in two frames (0.27 of
#: all; the rest as it slid, over 29.87-30.07 s, under the trembling hand, or uncovered by the
#: fall); at a half none counted, and the 7 was dated with the card on it, 1.2 s late (missed, and
#: the card on it reported twice). Sadu 4106, a yellow 2 thrown with a 9: the 47 of its 152
#: pixels that took their look before the fall did so one by one over two seconds, and 0.4 of
#: them within 0.35 s (0.13 of all) dated it 2.1 s early.
TOGETHER_SHARE = (0.4, 0.2)
#: A covered card's pixels that took their look at least half a second before the card on it
#: rested date it, though under 0.15 of them, when they are QUIET_SHARE of them and none (but
#: QUIET_STRAY of them) took its look in the QUIET_GAP (seconds) after the last of them: the rest
#: were uncovered at once when the card held over it fell (`_rest_of_covered`). Issue #18, printed
#: development probe, laser glass 4308: an indigo 1 slid out at 26.13 s, the saffron 3 held over
#: it fell at 27.41 s and rested at 27.53 s; 32 of the 1's 254 settled pixels (0.126) took their
#: look by 26.27 s, none over 26.27-27.33 s, 190 at 27.47 s: the 1 was dated 27.47 s, with the 3
#: (wrong, the 3 twice, the 1 missed). Cards thrown together leave no such quiet: the one beneath
#: stops as the other slides over it. Development probe, two-card plays dated
#: (`benchmarks/probe_watcher.py`'s tables): laser seeds 4300-4309 203, photo lab 4300-4302 61,
#: classic real faces 4300-4305 107; only that 1 is dated otherwise. (QUIET_SHARE was 0.1 then; now
#: QUIET_STRAY, below.)
QUIET_GAP = 0.5
#: The quiet may hold a few pixels: the hand trembling over the card it slid out uncovers them one
#: by one. Up to QUIET_STRAY of the covered card's settled pixels may take their look in the
#: QUIET_GAP after the last of those that took it together before the fall (`_together`; the card
#: stopping). Issue #18, printed development probe, fresh seeds 4500-4505: photo-lab sadu 4504, a
#: saffron 8 slid out at 8.20 s, 63 of its 517 pixels (0.122) took their look by 8.07 s, then 6
#: (0.012) in the half second after and 25 more one by one till the indigo 2 fell at 9.27 s (420
#: then); photo-lab birch 4501, a burgundy Take Two slid out at 5.33 s, 18 of 159 by 5.27 s, none in
#: the half second after, then 6 under the hand before the fall at 6.33 s. Both were dated with the
#: fall (wrong, the card on them twice, they missed). Every other two-card play those pixels before
#: the fall pass QUIET_SHARE for (laser 4300-4309, photo lab 4300-4302, classic real faces
#: 4300-4305: session 39's 370 recorded datings) had 0.675 of them or more in that half second (cards
#: thrown together: the one beneath stops as the other slides over it), the slid-out ones 0.008:
#: laser wood 4307's indigo 4 (resting at 18.87 s) is now dated 18.87 s, not 19.80 s; no other.
QUIET_STRAY = 0.05
#: The pixels that took their look together before the quiet date the card when they are as many as
#: the strays the quiet itself may hold (QUIET_STRAY): fewer may be such strays; as many, the quiet
#: after them is the evidence, however little of the card the hand left in view before the fall.
#: Issue #18, printed development probe (session 47, the slid-under kind): a card slid out under the
#: hand holding the next one over it, the held card hiding most of what shows of it at the end,
#: uncovered at once by the fall: photo-lab wood 4529's indigo 1 (resting at 50.00 s; 20 of its
#: 240 settled pixels, 0.083, by 49.93 s, 3 more till the saffron 1 fell at 51.1 s), inkjet 0.062
#: of 256; photo-lab glass 4543's saffron 0 (36.33 s; 0.072 of 470) and birch 4544's saffron 1
#: (1.93 s; 0.087 of 229) were dated with the fall at 0.1 (wrong, the card on it twice, it missed):
#: now 49.75, 49.95, 36.33 and 2.35 s. Laser and inkjet birch 4544 show 1-3 pixels of the 1 before
#: the fall (0.005-0.014): still dated with it. Development (`probe_watcher.py --printed
#: photo|laser|inkjet --seeds 4529 4530 --tables wood`, likewise birch 4544 and glass 4543, on both
#: trees; and, on the base tree with every covered dating recorded, seeds 4514, 4519, 4523, 4528,
#: 4532, 4541 whole, 4537 in part, wood 4515-4517: 157 tables, no other card dated otherwise at
#: 0.05): photo lab 804 -> 810 / 810, inkjet 745 -> 747 / 750, laser 790 / 795 the same; twice 7 -> 3,
#: no false event.
#: Fresh (`--seeds 4545 4551`, all seven tables, three prints; every covered dating recorded on the
#: base tree, none dated otherwise at 0.05): photo lab 629, laser 625 (1 false), inkjet 627 / 630, the
#: same. Held out, once, both trees (`bench_watcher.py --printed 2 --real-tables 0 --only-real`,
#: `--only-real`): table for table identical (printed 210 / 208 / 208 / 209; classic real faces 204,
#: renders 198 / 210, 0 false).
QUIET_SHARE = QUIET_STRAY

#: The region of a covered card looked as the pile did before it (`rest_time`'s `before`) only in a
#: frame within this gain of it (`_same_as_now` matches under any light): a lamp or a shadow over
#: the pile moves it less than this. Issue #18, printed development probe, fresh seeds (`--seeds
#: 4506 4512`): photo-lab and laser dark_cloth 4509, an indigo 2 slid out (resting at 1.87 s) under
#: an indigo 9 held over it till 2.87 s; the 9's field, five times as bright as the navy cloth,
#: matched the cloth at a gain of 0.19-0.20 in nine tenths of the 2's region, so the 2 was dated by
#: its pixels after 2.87 s, with the 9 (3.0 s): the 2 wrong, the 9 twice, the 2 missed. The frames
#: before the 2 came matched at a gain of 1.0. Now dated 1.73 s (photo lab) and 1.80 s (laser).
#: Classic real faces 4300-4305 (42 tables): no covered card's last look as the pile before changed;
#: photo lab 4500-4505: one (dark_cloth 4502, 2.93 -> 1.47 s), its card dated the same.
BEFORE_GAIN = 3.0


def rest_time(history, small: np.ndarray, region: np.ndarray, t: float, *, covered: bool = False,
              covered_until: float | None = None, since: float | None = None,
              before: np.ndarray | None = None) -> float:
    """The time the card in `region` came to rest: the earliest time since which the region has
    looked as it does now. For a card `covered` by a second one, that may be late (a hand held
    the second card over it): then the time most of its pixels took the look they have now, of
    those that took it after `since` (when the pile was last settled without it: a pixel of the
    card that looks as the pile did then, a white border over a white border, dates nothing), and
    after the region last looked as in `before` (the pile before the card, small colour): a red
    card over a blue one is the same grey, and such pixels took their look when a hand passing
    before the card came left them.

    `history` holds (time, small grey frame) pairs, oldest first; `small` is the colour view now.
    """
    grey = cv2.cvtColor(small, cv2.COLOR_BGR2GRAY)
    inside = region > 0
    count = max(1, int(inside.sum()))
    values = grey[inside].astype(np.float32)
    shaken = (values, *(side[inside] for side in envelope(grey, REST_REACH)))
    start = _looking_so_since(history, inside, shaken, count, t)
    if not covered or len(history) < 3:
        return start
    # Each pixel's arrival: the earliest time it matched now exactly (a covered card's pixels are
    # dated one by one), going back through gaps (a hand passing) shorter than ARRIVAL_GAP, before
    # which it differed for longer (the pile before).
    frames = [(when, _same_as_now(past, inside, (values, values, values))) for when, past in reversed(history)]
    arrival, settled = _arrivals(frames, count, t)
    if since is not None:
        settled &= arrival > since
    if before is not None:
        later = settled & (arrival > _last_seen_before(history, inside, before, count))
        if np.count_nonzero(later) >= 0.3 * count:  # not so: `before` shows part of the card already
            settled = later
    if np.count_nonzero(settled) < 0.3 * count:
        return start
    return min(start, _rest_of_covered(arrival[settled], covered_until))


def _last_seen_before(history, inside: np.ndarray, before: np.ndarray, count: int) -> float:
    """The last time (of `history`) the region (`inside`) looked as in `before` (small colour; nine
    tenths of its pixels, allowing for a shake of REST_REACH), or -inf."""
    grey = cv2.cvtColor(before, cv2.COLOR_BGR2GRAY)
    values = grey[inside].astype(np.float32)
    then = (values, *(side[inside] for side in envelope(grey, REST_REACH)))
    for when, past in reversed(history):
        if not _is_lit_alike(past[inside], values):
            continue  # something else lay there (a plain card's field, scaled, looks like a plain table)
        if np.count_nonzero(_same_as_now(past, inside, then)) >= 0.9 * count:
            return when
    return float("-inf")


def _is_lit_alike(past: np.ndarray, values: np.ndarray) -> bool:
    """Whether a region's grey values in a past frame (`past`) are within BEFORE_GAIN of `values`
    (their median ratio), as the same things under another light are."""
    gain = float(np.median((values.astype(np.float32) + 4) / (past.astype(np.float32) + 4)))
    return 1 / BEFORE_GAIN <= gain <= BEFORE_GAIN


def _same_as_now(past: np.ndarray, inside: np.ndarray, now: tuple) -> np.ndarray:
    """Which of the region's pixels (`inside`) a past grey frame shows as they are now (`now`: the
    region's grey values and their neighbours' least and greatest, `compare.envelope`)."""
    then = past[inside].astype(np.float32)
    values, lo, hi = now
    gain = np.median((values + 4) / (then + 4))
    return ~outside(then * gain, lo, hi)


def _looking_so_since(history, inside: np.ndarray, now: tuple, count: int, t: float) -> float:
    """The earliest time since which the region has looked as it does now (nine tenths of its
    pixels, allowing for a shake of REST_REACH)."""
    start = t
    for when, past in reversed(history):
        if np.count_nonzero(_same_as_now(past, inside, now)) < 0.9 * count:
            break
        start = when
    return start


def _arrivals(frames: list[tuple[float, np.ndarray]], count: int, t: float) -> tuple[np.ndarray, np.ndarray]:
    """Each pixel's arrival (the earliest time it matched now, across gaps shorter than
    ARRIVAL_GAP) and whether it settled (a longer gap before it: it differed then)."""
    arrival = np.full(count, t)
    gap = np.zeros(count)
    settled = np.zeros(count, bool)
    last = t
    for when, same in frames:
        open_ = ~settled
        gap[open_ & ~same] += last - when
        matched = open_ & same
        arrival[matched] = when
        gap[matched] = 0.0
        settled |= open_ & (gap >= ARRIVAL_GAP)
        last = when
    return arrival, settled


def _rest_of_covered(times: np.ndarray, covered_until: float | None) -> float:
    """The rest time of a covered card from its settled pixels' arrival `times`."""
    # Pixels that took their look only when the top card came to rest were hidden till then
    # (a hand held it over them); of the others, the last to take theirs mark the rest.
    # A card held over it and let slide off uncovers pixels in the half second before the top
    # card rests: if enough took their look together (the card stopping) before that, those
    # date the rest (pixels a moving card passed over took theirs one by one).
    # Where the hand that held it trembled over part of it, those pixels took their look late and
    # one by one: the latest many that took it together (within COVERED_SPREAD, `_together`) is
    # the card stopping (issue #18: the 90th percentile of them all dated a card slid out under a
    # trembling hand 0.6 s late, or with the top card when one pixel fewer took it together).
    if covered_until is not None:
        for margin in (0.5, 0.03):
            before = times[times < covered_until - margin]
            if len(before) < 0.15 * len(times):
                quiet = _quiet_before_fall(times, before) if margin == 0.5 else None
                if quiet is not None:
                    times = quiet
                    break
                continue
            together = _together(before, len(times)) if margin == 0.5 else before
            if together is not None:
                times = together
                break
    return float(np.percentile(times, 90))


def _quiet_before_fall(times: np.ndarray, before: np.ndarray) -> np.ndarray | None:
    """The latest of the pixels that took their look before the card on it fell (`before`, of all
    the settled ones' `times`) that took it together (`_together`: the card stopping), where those
    up to them are QUIET_SHARE of all and at most QUIET_STRAY of all took their look in the
    QUIET_GAP after them (then the others were uncovered all at once by that fall); else None."""
    together = _together(before, len(times)) if len(before) else None
    if together is None:
        return None
    last = together.max()
    if np.count_nonzero(before <= last) < QUIET_SHARE * len(times):
        return None
    stray = np.count_nonzero((times > last) & (times < last + QUIET_GAP))
    return together if stray <= QUIET_STRAY * len(times) else None


def _together(times: np.ndarray, settled: int) -> np.ndarray | None:
    """The latest of `times` lying within COVERED_SPREAD of each other that are half of them, or
    TOGETHER_SHARE of them and of the `settled` pixels (a card slowing down takes its look
    together more and more, and the last such is its stop), or None."""
    times = np.sort(times)
    ends = np.searchsorted(times, times + COVERED_SPREAD, side="right")
    count = ends - np.arange(len(times))
    share, of_all = TOGETHER_SHARE
    enough = np.flatnonzero((count >= 0.5 * len(times))
                            | ((count >= share * len(times)) & (count >= of_all * settled)))
    if not len(enough):
        return None
    first = int(enough[-1])
    return times[first:ends[first]]
