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
        "Jokers and 2s are wild. Every meld is of one rank, 4s up to aces; 3s never meld. Wild "
        "cards alone also make a meld. How many wild cards a meld may hold beside its natural "
        "cards is a house option.",
        "Seven cards close a meld as a pile: clean with no wild card, dirty with some, wild "
        "with nothing but wild cards. A team keeps only one unfinished meld of a rank.",),
    "going-out": (
        "A team may go out once it has at least two clean piles, two dirty piles and one wild "
        "pile, every partner has played from the foot, and the partner asked says yes.",),
    "scoring": (
        "A team scores the value of its melded cards plus a bonus for each pile, red 3, going "
        "out and perfect draw, less what its players still hold and any penalties.",),
}
