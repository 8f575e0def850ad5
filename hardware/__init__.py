"""Seat buttons, buzzer and lights on GPIO for the Oona Referee (gpiozero)."""
