"""Authors in the reference's words: what its data alone cannot say (docs/rules.md)."""

RULES_TEXT = {
    "players": (
        "Two to seven players, one 52-card deck: seven cards each, one at a time, and what is "
        "left goes face down in the middle as the stock.",),
    "cards": (
        "Cards have no points: only the books count.",),
    "scoring": (
        "On your turn, ask one player by name for one card you name, of a rank you already "
        "hold. If they have it they give it to you and you ask again, of anyone. If not, you "
        "take the top card of the stock: when it is the very card you asked for, show it and "
        "ask again; otherwise your turn is over and the player on your left asks next. Once "
        "the stock is gone a failed ask simply ends the turn. Four cards of one rank are a "
        "book, laid down at once, and the turn goes on. When every book is made the game is "
        "over: the 13 books must all be accounted for.",
        "The most books wins the game; players level at the top share the win, and each of "
        "them is credited a game won. A night is several games: the totals are games won.",),
}
