"""The league: several tables of one venue sharing players, coins and standings through a folder that each kiosk only appends to (the format, the sync engine, the USB stick)."""
