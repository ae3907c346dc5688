"""Escoba in the reference's words: what its data alone cannot say (docs/rules.md)."""

RULES_TEXT = {
    "players": (
        "Two to four players, three cards each from a 40-card deck (no 8s, 9s or 10s), four "
        "face up on the table; more threes are dealt as hands run out. Four may play as two "
        "partnerships, partners sitting opposite. The deal and the play pass to the right.",),
    "cards": (
        "For captures, a jack counts 8, a queen 9 and a king 10; the others their number.",),
    "scoring": (
        "A card played captures table cards that add up to 15 with it; clearing the table is "
        "an escoba. At the hand's end a point each goes to the most cards, the most diamonds, "
        "the 7 of diamonds and la setenta (the best card of each suit, 7 highest), and one "
        "for each escoba; a tie for the most scores nobody.",
        "Each side's hand is entered as what it took (cards, diamonds, the 7 of diamonds, its "
        "best card of each suit, escobas) or as its points. After a hand in which a side "
        "reaches the target (21 unless the table chose another), the highest total wins; a "
        "tie for the highest plays on.",),
}
