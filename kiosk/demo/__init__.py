"""The demo: simulated players and a simulated camera table, and the scripted headless kiosk."""
