"""Base Rules Rummy in the reference's words: what its data alone cannot say (docs/rules.md)."""

RULES_TEXT = {
    "going-out": (
        "A turn starts by taking cards: the top of the stock, the top of the discard pile, or "
        "several cards of the pile at once. Whoever takes several must put the deepest of them, "
        "the first one picked up, into a meld on the table before the turn is over.",
        "Play stops when someone has melded or discarded every card; a discard is always made "
        "at the end of a turn. So the player out has laid down at least the seven cards dealt. "
        "If the stock runs dry the hand is scored as it stands.",),
    "scoring": (
        "Each player scores what they melded or laid off during the hand, less what they still "
        "hold; a hand can score below zero.",
        "The game stops when the first player goes out, so it is one hand, unless the table "
        "sets a number of hands or a score to reach before it starts.",),
}
