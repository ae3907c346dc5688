"""Jack Change It in the reference's words: what its data alone cannot say (docs/rules.md)."""

RULES_TEXT = {
    "players": (
        "Two to six players, seven cards each from one 52-card deck. The next card is turned "
        "up to start the pile; play starts to the dealer's left.",),
    "cards": (
        "A card goes on the top card when it has its suit or its rank; after a jack, the suit "
        "the jack named stands for its suit.",
        "A 2 makes the next player draw two, unless they play a 2, which passes the draw on "
        "with two more. The A♥ makes the next player draw five; a 2 and the A♥ together, the "
        "only two cards ever played at once, make seven. The 5♥ played on the A♥ blocks it: "
        "nobody draws. A player who cannot answer a waiting draw draws it all, and the turn "
        "passes.",
        "An 8 skips the next player. A queen reverses the direction (with three players or "
        "more). A jack names one of the other three suits.",
        "2s, 8s, jacks, the A♥ and queens where they reverse are trick cards: none may be a "
        "player's last card. A player with nothing to play draws one. When the stock runs "
        "out, the pile under the top card is turned over to become the stock.",),
    "scoring": (
        "The first player out wins the round. A player's total is the rounds they won; the "
        "night lasts a set number of rounds or until the table ends it.",),
}
