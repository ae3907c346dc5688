"""Games kept in the database: an append-only log of events per game.

``models`` holds the tables; ``games`` the few operations the screens and the
API share: make a game, read its state, append an event at an expected version,
undo the last event.
"""
