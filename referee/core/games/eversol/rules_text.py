"""Eversol Rummy in the reference's words: what its data alone cannot say (docs/rules.md)."""

RULES_TEXT = {
    "players": (
        "The deal passes one seat to the left every hand; the player left of the dealer starts. "
        "One card is turned up to start the discard pile.",),
    "melds": (
        "With more than one deck a book may hold the same card twice, and a meld may hold any "
        "number of jokers.",
        "To take a joker off the table, give the exact card it stands for in a run, or any card "
        "of the book's rank for a book. It is done only in the turn you go down, and the joker "
        "may go into your new melds or stay in your hand.",),
    "contracts": (
        "Nobody lays anything down until they can lay down the whole contract of the hand at "
        "once; after that they may add cards to any meld on the table.",
        "In the sixth hand every card must be melded: there is no last discard.",),
    "going-out": (
        "A player goes out by getting rid of the last card: by a discard, or by going down "
        "or laying off with it (in hand six, where there is no last discard, only so).",),
    "scoring": (
        "Whoever goes out scores nothing for the hand. Everyone else is charged what their "
        "remaining cards are worth; melds earn nothing, so a hand's score is always a multiple "
        "of 5.",
        "After six hands, the lowest total wins.",),
    "calls": (
        "On their turn a player may take the top discard instead of drawing, free. Anyone else "
        "who wants it buys it, with one penalty card from the stock; the first asker after the "
        "player whose turn it is, in order of play, gets it, so whoever threw it comes last.",
        "A player who has drawn from the stock may no longer buy that discard; the others still "
        "may until that player discards.",
        "Once someone is down, a discard that would fit a meld on the table is a rummy card: "
        "anyone but its thrower may call it. A discarded joker always is one. A card that could "
        "only take a joker's place does not count.",
        "A discard is judged by the table as it lay when it was thrown: a meld laid or added to "
        "afterwards does not make it a rummy card, and one that fitted stays one while it is on "
        "top of the pile.",
        "Under Ari's rule the called card and the caller's discard lie beside the thrower, who "
        "is charged both; when the stock runs out they stay there while the discard pile is "
        "turned over as the new stock.",),
}
