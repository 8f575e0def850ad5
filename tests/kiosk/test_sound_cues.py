"""Which cue the speaker says for what the rules decided: a new turn, the timer's last seconds, a
penalty, a catch, the round's end (the session drives the lights and buzzer, the speaker beside)."""

from kiosk.referee.clock import ManualClock
from kiosk.referee.inputs import CardLanded, SeatPressed, Tick
from kiosk.referee.journal import MatchStore
from kiosk.referee.ports import RecordingFeedback
from kiosk.referee.session import MatchSetup, Session
from hardware.speaker.beside import SpeakerBeside
from hardware.speaker.speaker import RecordingBackend, Speaker


def test_each_moment_of_play_has_its_cue(tmp_path):
    clock, backend = ManualClock(), RecordingBackend()
    buzzer = RecordingFeedback()
    session = Session(MatchStore(tmp_path), clock=clock, feedback=SpeakerBeside(buzzer, Speaker(backend)))
    session.new_match(MatchSetup(4, {"preset": "sahrat-oona"}, ("سارة", "Omar", "نورة", "Khalid")), dealer=3)

    def cues(inp) -> list[str]:
        before = len(backend.cues)
        session.submit(inp)
        return backend.cues[before:]

    try:
        assert cues(CardLanded("indigo-6", clock.advance(1))) == ["turn"]          # seat 0's first turn
        session.table.state.hands[0] = 2
        assert cues(CardLanded("indigo-3", clock.advance(1))) == ["turn"]          # seat 1's turn
        assert cues(SeatPressed(2, "catch", clock.advance(0.5))) == ["catch"]      # seat 0 missed «one left!»
        assert cues(Tick(clock.advance(8))) == []                                   # 3.5 s left: not yet
        assert cues(Tick(clock.advance(1))) == ["warning"]                          # the last 3 seconds
        assert cues(Tick(clock.advance(0.5))) == []                                 # said once a turn
        assert cues(Tick(clock.advance(3))) == ["turn", "penalty"]                  # ran out: seat 1 draws
        seat = session.table.state.turn
        session.table.state.hands[seat] = 1
        assert cues(CardLanded("indigo-4", clock.advance(1)))[-1:] == ["round_over"]
        assert "round_over" in buzzer.buzzes and "catch" in buzzer.buzzes           # the buzzer said them too
    finally:
        session.close()
