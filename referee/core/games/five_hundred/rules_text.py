"""500 Rummy in the reference's words: what its data alone cannot say (docs/rules.md)."""

RULES_TEXT = {
    "melds": (
        "Even with two decks a group never repeats a suit, so a joker in a group stands for a "
        "suit the group is missing.",),
    "cards": (
        "An ace is worth 1 only at the bottom of a sequence (A-2-3); anywhere else, held or "
        "melded, it is worth 15.",),
    "going-out": (
        "A hand ends when someone has no cards left, or when the stock runs out; how a player "
        "may go out is a house option.",),
    "scoring": (
        "Every player scores what they melded and laid off, less what they still hold, so a "
        "hand can score below zero.",),
    "calls": (
        "After a discard, anyone but its thrower may call \u201cRummy!\u201d when a card in the "
        "discard pile could be melded straight away, laid off on the table or made into a meld "
        "with cards above it in the pile. The caller takes that card and everything on top of "
        "it. Whether calls are allowed, and how deep, is a house option.",),
}
