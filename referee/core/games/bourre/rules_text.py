"""Bourré in the reference's words: what its data alone cannot say (docs/rules.md, "Bourré")."""

RULES_TEXT = {
    "players": (
        "Two to eight players, five cards each from one 52-card deck. The dealer's last card is "
        "turned up: its suit is trumps. When it is an ace, the dealer has to play the hand.",),
    "cards": (
        "Aces rank high. No card is worth points: only tricks count.",),
    "scoring": (
        "Each player antes into the pot before a hand. In turn, each passes (out of the hand) "
        "or plays. The player with the most tricks takes the pot: three always, two when "
        "nobody else took two. One player alone playing takes it without playing.",
        "A tie for the most tricks (2-2-1) carries the pot to the next hand; only the players "
        "outside the tie ante for it.",
        "A player who played and took no trick has gone bourré and puts as much as the pot "
        "into the next one; so does a player caught breaking a rule of play.",
        "A night is a ledger in money: the table ends it, a pot still standing goes back to "
        "those who put it in, and everyone settles up in as few payments as can be.",),
}
