"""One folder per game: the rules that are that game's own, on top of its family.

No registry yet: each game is imported by its path (``referee.core.games.piquet``).
"""
