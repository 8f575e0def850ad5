"""The table's speaker: soft tones made by the program, played on the Pi's own audio out beside the buzzer."""
