"""Authors in the reference's words: what its data alone cannot say (docs/rules.md)."""

RULES_TEXT = {
    "players": (
        "Two players or more, one 52-card deck dealt out entirely, one card at a time; some "
        "players may hold a card more than others.",),
    "cards": (
        "Cards have no points: only the books count.",),
    "scoring": (
        "On your turn, ask one player for a card you name, of a rank you hold; if they have "
        "it they hand it over and you ask again, else the turn passes to them. Four cards of "
        "one rank are a book, laid down at once. When every book is made the game is over: "
        "the 13 books must all be accounted for.",
        "The most books wins the game; players level at the top share the win, and each of "
        "them is credited a game won. A night is several games: the totals are games won.",),
}
