"""Basic Rummy in the reference's words: what its data alone cannot say (docs/rules.md)."""

RULES_TEXT = {
    "players": (
        "With two players, the winner of a hand deals the next one; otherwise the deal passes "
        "to the left.",),
    "going-out": (
        "A player goes out by getting rid of every card. Laying the whole hand down in one turn, "
        "having melded nothing before, is going rummy.",),
    "scoring": (
        "Only the player who goes out scores: what every other player still holds, added up, "
        "and twice that for going rummy. Everyone else scores 0 for the hand.",),
}
