"""Basic Rummy in the reference's words: what its data alone cannot say (docs/rules.md)."""

RULES_TEXT = {
    "players": (
        "With two players, the winner of a hand deals the next one; otherwise the deal passes "
        "to the left.",),
    "going-out": (
        "Each turn takes one card, from the stock or the top of the discard pile, and ends with "
        "one card thrown, so nobody holds more than the cards dealt. A card just taken from the "
        "pile may not be thrown back in the same turn.",
        "When the stock is used up and nobody is out, the next player either takes the top "
        "discard or turns the discard pile over, as it lies, to be the new stock and draws "
        "from it.",
        "A player goes out by getting rid of every card. Laying the whole hand down in one turn, "
        "having melded nothing before, is going rummy.",),
    "scoring": (
        "Only the player who goes out scores: what every other player still holds, added up, "
        "and twice that for going rummy. Everyone else scores 0 for the hand.",),
}
