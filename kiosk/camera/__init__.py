"""The camera as the referee sees it: the card source, the decks it reads, a scanned hand put right."""
