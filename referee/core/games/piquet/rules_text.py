"""Piquet in the reference's words: what its data alone cannot say (docs/rules.md)."""

RULES_TEXT = {
    "players": (
        "Two players, twelve cards each from one 32-card deck (7 up to the ace, no jokers); "
        "the eight left over are the talon. The deal alternates: the non-dealer is the elder, "
        "who exchanges first and leads; the dealer is the younger.",),
    "cards": (
        "For the point, an ace counts 11 and a king, queen or jack 10; the others their "
        "number. Aces rank high.",),
    "scoring": (
        "After the exchange each player declares the point (most cards in one suit), the "
        "best sequence and the best set of three or four aces, kings, queens, jacks or tens; "
        "only the better of each scores. Tricks score as they are played, and the cards "
        "(winning most tricks) 10, or 40 for all twelve (capot). A repique (30 before play) "
        "adds 60, a pique (30 in the elder's play before the younger scores) adds 30.",
        "A partie is six deals. The higher total wins; the margin is the difference plus "
        "100. A loser who did not reach 100 has not crossed the Rubicon: the margin is then "
        "both totals added, plus 100.",
        "Each deal is entered from its score sheet (each player's declarations as said, "
        "carte blanche, the tricks each took), or as the two scores the players worked out.",),
}
