"""Oona Referee kiosk: rules core, referee, journal and touch-screen app."""
