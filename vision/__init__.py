"""Card vision for the Oona Referee: decks, recogniser, frame sources, pile watcher (numpy + OpenCV)."""
