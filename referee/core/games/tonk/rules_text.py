"""Tonk in the reference's words: what its data alone cannot say (docs/rules.md, "Tonk")."""

RULES_TEXT = {
    "cards": (
        "Every way of taking the spreads out is tried, and the one leaving the least counts: "
        "a run may beat three of a kind.",),
    "melds": (
        "Sets and runs are called spreads. A player may also hit: add a card to any spread on "
        "the table.",),
    "going-out": (
        "A tonk on the deal: five dealt cards worth exactly 50, or 11 or less, spreads or not "
        "(five cards are worth 6 at the least: four aces and a 2).",
        "A drop: instead of drawing, a player shows the hand, betting it has the lowest count. "
        "If someone matches or beats it, the dropper is caught.",
        "A hand also ends when a player runs out (the last card discarded), tonks out (the last "
        "card spread or hit, with no discard), or when the stock runs out.",),
    "scoring": (
        "Each ending pays in stakes. One tonk on the deal: 2 from every other player; two or "
        "more: nobody pays. A drop that is strictly lowest: 1 from everyone. Running out: 1 from "
        "everyone; tonking out: 2.",
        "A caught dropper pays 1 to each player at or under their count; then everyone not on "
        "the lowest count pays 1 to each player who is.",
        "When the stock runs out, a single lowest count takes 1 from everyone else; a shared "
        "lowest means nobody pays.",
        "A night is a ledger: the table ends it, and settles up in as few payments as can be.",),
}
