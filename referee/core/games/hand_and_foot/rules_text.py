"""Hand and Foot in the reference's words: what its data alone cannot say (docs/rules.md)."""

RULES_TEXT = {
    "players": (
        "Partners play as teams and sit alternately: two teams of two, two of three or three "
        "of two. Each player has a hand and a foot of 11 cards, and plays the foot once the "
        "hand is used up.",),
    "cards": (
        "A red 3 is set aside at once for a 100 bonus; one still held at the end of a hand "
        "counts against the team.",),
    "melds": (
        "Every meld is of one rank, 4s up to aces; 3s never meld.",
        "Seven cards close a meld as a pile: clean with no wild card, dirty with some, wild "
        "with nothing but wild cards. A team keeps only one unfinished meld of a rank.",),
    "going-out": (
        "A turn starts with a draw: the top two cards of either stock, or the top seven of the "
        "discard pile (all of it when it holds fewer). The pile may only be taken by a player "
        "who at once melds its top card with two cards from their own hand (a team's first "
        "meld of the hand may add more to reach the opening minimum); a wild top card needs "
        "two more of its own kind, and a black 3 on top closes the pile. The turn ends with a "
        "discard.",
        "When the stocks are used up the hand goes on from the discard pile alone; it ends "
        "when someone goes out or when the player to draw cannot or will not take the pile. "
        "A red 3 drawn as the last stock card is laid aside, that player melds what they can, "
        "and the hand ends without a discard.",
        "A team may go out once it has at least two clean piles, two dirty piles and one wild "
        "pile, every partner has played from the foot, and the partner asked says yes.",),
    "scoring": (
        "A team scores the value of its melded cards plus a bonus for each pile, red 3, going "
        "out and perfect draw, less what its players still hold and any penalties.",),
}
