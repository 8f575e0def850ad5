"""The kiosk's memory of people: players, coins, past matches and their statistics, the export file."""
