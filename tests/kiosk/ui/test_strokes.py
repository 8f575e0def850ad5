"""Wide lines are drawn as plain triangles (``kiosk.ui.widgets.strokes``), never as Kivy ``Line``s
wider than 1, each of which Kivy draws inside a stencil of its own: Mesa's software rasteriser
kept memory for good for each one drawn in a frame (the round's end: 44 MB of the kiosk's peak,
issue #21). The strokes follow their points ``width`` to each side, as Kivy's do."""

import math

import pytest
from kivy.graphics import Line

from kiosk.ui.app import OonaApp
from kiosk.ui.widgets.strokes import CAP_STEPS, Stroke, arc_points, round_steps, rounded_rectangle_points, stroke_mesh
from round_end_scene import third_round_over, touch_in_hands
from uikit import frames, mount


def corners(vertices):
    return [(vertices[i], vertices[i + 1]) for i in range(0, len(vertices), 4)]


def distance_to_segment(p, a, b) -> float:
    (px, py), (ax, ay), (bx, by) = p, a, b
    dx, dy = bx - ax, by - ay
    t = max(0.0, min(1.0, ((px - ax) * dx + (py - ay) * dy) / (dx * dx + dy * dy)))
    return math.hypot(px - ax - t * dx, py - ay - t * dy)


def test_a_straight_stroke_is_a_band_width_to_each_side():
    vertices, indices = stroke_mesh([10, 10, 110, 10, 210, 10], 3)
    assert corners(vertices) == [(10, 13), (10, 7), (110, 13), (110, 7), (210, 13), (210, 7)]
    assert len(indices) == 2 * 2 * 3                            # two quads, two triangles each


def test_a_joint_is_mitred_and_its_sides_stay_width_off_the_line():
    vertices, _ = stroke_mesh([0, 0, 100, 0, 100, 100], 4)
    outer, inner = corners(vertices)[2:4]
    assert math.dist(outer, (100, 0)) == pytest.approx(4 * math.sqrt(2))
    assert math.dist(inner, (100, 0)) == pytest.approx(4 * math.sqrt(2))
    assert [*sorted([outer, inner])[0], *sorted([outer, inner])[1]] == pytest.approx([96, 4, 104, -4])
    ends = corners(vertices)[:2] + corners(vertices)[4:]
    assert [distance_to_segment(p, (0, 0), (100, 0)) for p in ends[:2]] == pytest.approx([4, 4])
    assert [distance_to_segment(p, (100, 0), (100, 100)) for p in ends[2:]] == pytest.approx([4, 4])


def test_a_closed_stroke_goes_round_and_round_caps_end_an_open_one():
    square = rounded_rectangle_points(0, 0, 50, 30, 0)
    vertices, indices = stroke_mesh(square, 2, close=True)
    assert len(corners(vertices)) == 8 and len(indices) == 4 * 2 * 3
    assert max(indices) < len(corners(vertices))
    vertices, indices = stroke_mesh([0, 0, 40, 0], 8, cap="round")
    assert len(indices) == (2 + 2 * CAP_STEPS) * 3
    xs = [x for x, _ in corners(vertices)]
    assert min(xs) == pytest.approx(-8) and max(xs) == pytest.approx(48)       # as far as Kivy's round caps
    assert all(math.dist(p, (0, 0)) <= 8 + 1e-9 or math.dist(p, (40, 0)) <= 8 + 1e-9 or abs(p[1]) <= 8 + 1e-9
               for p in corners(vertices))
    _, thin = stroke_mesh([0, 0, 40, 0], 1.5, cap="round")
    assert len(thin) == (2 + 2 * 2) * 3 < len(indices)          # a thin stroke's caps: two triangles each


def test_nothing_to_draw_and_points_kept():
    assert stroke_mesh([5, 5], 2) == ([], [])
    assert stroke_mesh([5, 5, 5, 5], 2) == ([], [])              # one point twice: no length
    line = Stroke([0, 0, 10, 10], 2)
    assert line.points == [0, 0, 10, 10]


def test_arcs_run_clockwise_from_the_top_as_kivys_circles():
    points = arc_points(100, 100, 10, 0, 90)
    assert points[:2] == pytest.approx([100, 110]) and points[-2:] == pytest.approx([110, 100])
    full = arc_points(0, 0, 20)
    assert all(math.hypot(x, y) == pytest.approx(20) for x, y in zip(full[::2], full[1::2]))
    ring, _ = stroke_mesh(full, 3, close=True)                  # a full turn: no seam where it closes
    assert all(16.9 <= math.dist(p, (0, 0)) <= 23.1 for p in corners(ring))      # mitred: a hair past 3
    assert (round_steps(2), round_steps(20), round_steps(400)) == (4, 20, 32)   # an ellipse's triangles
    rounded = rounded_rectangle_points(0, 0, 40, 20, 5)
    xs, ys = rounded[::2], rounded[1::2]
    assert (min(xs), max(xs), min(ys), max(ys)) == pytest.approx((0, 40, 0, 20))


def wide_lines(widget) -> list:
    """The Kivy ``Line`` instructions wider than 1 in the widget's and its children's canvases."""
    found = []

    def walk(group):
        for instruction in getattr(group, "children", []):
            if isinstance(instruction, Line) and instruction.width > 1:
                found.append(instruction)
            walk(instruction)

    for child in widget.walk():
        for canvas in (child.canvas.before, child.canvas, child.canvas.after):
            walk(canvas)
    return found


@pytest.mark.ui
def test_the_table_and_the_round_end_draw_no_line_in_a_stencil(session, clock):
    """The hands' chips (the palm's fronds among their shapes), the turn ring, the score sheet's
    chart: no wide Kivy ``Line`` among them."""
    hands = third_round_over(session, clock, 150)
    app = OonaApp(session, lang="en")
    mount(app)
    app.show("table")
    frames(2)
    assert wide_lines(app.screens["table"]) == []
    screen = touch_in_hands(app, hands)
    frames(2)
    assert wide_lines(screen) == []
    assert screen.go().accepted
    frames(2)
    assert screen.board is not None and screen.board.ids.chart.lines
    assert wide_lines(screen) == []
