"""Deck enrolment: a table's own deck learnt from one photo per face (runs on the Pi)."""
