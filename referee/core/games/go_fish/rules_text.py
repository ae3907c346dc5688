"""Go Fish in the reference's words: what its data alone cannot say (docs/rules.md)."""

RULES_TEXT = {
    "players": (
        "Two players or more, one 52-card deck: seven cards each for two or three players, "
        "five each for more; the rest is the pond, face down. (This is the usual Go Fish "
        "deal, which the app follows: Authors always deals seven.)",),
    "cards": (
        "Cards have no points: only the books count.",),
    "scoring": (
        "On your turn, ask one player for a rank you hold. If they have any they hand them "
        "all over and you ask again; if not, they say \"Go fish\" and you draw from the pond. "
        "Drawing a card of the rank you asked for lets you ask again; any other card ends "
        "your turn, and the player on your left asks next. Once the pond is empty a failed "
        "ask draws nothing and simply ends the turn. Four cards of one rank are a book, laid "
        "down at once; with the pairs house rule, for young children, two of a rank are a book (26 in the deck). The game is over "
        "when every book is made: they must all be accounted for.",
        "The most books wins the game; players level at the top share the win, and each of "
        "them is credited a game won. A night is several games: the totals are games won.",),
}
