"""The demo's beat keeps one event scheduled, however long the demo runs."""

from types import SimpleNamespace

from kivy.clock import Clock

from kiosk.ui.app import OonaApp
from uikit import mount


def test_each_beat_replaces_the_last_and_the_stop_cancels_the_next(session):
    beats = []
    demo = SimpleNamespace(beat=lambda: beats.append(1) or 30.0, hands_shown=None)
    app = OonaApp(session, lang="en", deck="classic", demo_table=demo)
    mount(app)
    app.start_clock()
    standing = len(app._events)
    for _ in range(50):
        app._beat(0)
    assert len(beats) == 50
    assert len(app._events) == standing        # the referee's tick only: the beats are not kept
    pending = app._beat_event
    assert pending is not None and pending.is_triggered
    app.dispatch("on_stop")
    assert not pending.is_triggered and app._beat_event is None
    Clock.tick()                               # nothing left to call the demo
    assert len(beats) == 50
