"""One folder per game: the rules that are that game's own, on top of its family.

The kept games (Eversol, 500, Basic, Base, Tonk, Hand and Foot) are registered in one place,
``registry``, by the key the API and the URLs use; ``followed_hands`` says which game's hands
the referee follows turn by turn. Piquet and Escoba are not kept games yet: each is imported
by its path (``referee.core.games.piquet``). A game never imports another game.
"""
