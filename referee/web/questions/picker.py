"""The card picker both card screens share: taps, and which buttons to grey out."""

from __future__ import annotations

from collections import Counter

from ...core import Card, Rank, Suit
from ...core.cards import JOKER, natural
from ..forms import DECK_CHOICES, SUIT_CHOICES

TAPS = ("add", "remove", "clear")


def has_errors(form) -> bool:
    # Not form.errors: WTForms caches that dict, and the core's errors are added later.
    return any(field.errors for field in form)


def was_tapped(args) -> bool:
    return any(args.get(tap) is not None for tap in TAPS)


def tapped_card(form, words: list[str], by_rank: bool = False) -> str:
    """The card a rank button adds: of the suit chosen; or, where melds go by rank alone
    (``not Ruleset.runs``: no suit to choose), of the suit that rank has least of so far, so
    the copies the decks hold are never used up by one suit."""
    tapped = form.add.data.strip().upper()
    if tapped == "JK":
        return tapped
    if not by_rank:
        return tapped + (form.suit.data or "S")
    suits = [suit.value for suit in Suit]
    held = Counter(word[-1] for word in words if word[:-1] == tapped)
    return tapped + min(suits, key=lambda suit: held[suit])


def apply_tap(form, by_rank: bool = False) -> str:
    """The typed cards after the tap this request carries (used without JavaScript)."""
    text = (form.cards.data or "").strip()
    if form.clear.data:
        return ""
    if form.add.data and not form.add.errors:
        text = f"{text} {tapped_card(form, text.upper().split(), by_rank)}"
    if form.remove.data is not None and not form.remove.errors:
        words = text.split()
        if form.remove.data < len(words):
            del words[form.remove.data]
        text = " ".join(words)
    return text.strip()


def used_up(cards: list[Card], suit_value: str, table, by_rank: bool = False) -> set[str]:
    """Rank buttons to grey out: every copy of that card (of any suit, where melds go by
    rank alone) is already picked."""
    if table is None:
        return set()
    counts = Counter(card.supply_key for card in cards)
    chosen = Suit(suit_value) if suit_value in {s.value for s in Suit} else Suit.SPADES
    suits = list(Suit) if by_rank else [chosen]
    used = {rank.label for rank in Rank
            if all(counts[natural(rank, suit).supply_key]
                   >= table.deck.copies_of(natural(rank, suit), table.decks) for suit in suits)}
    if counts["JK"] >= table.deck.copies_of(JOKER, table.decks):
        used.add("JK")
    return used


def picker_context(ruleset, deck, cards, form, table, by_rank: bool = False) -> dict:
    """What the picker template needs; ``by_rank``: the screen's answer goes by ranks alone,
    so it asks no suit."""
    return {
        "ranks": [r for r in Rank if r in deck.ranks],
        "jokers_in_game": deck.has_jokers,
        # A card typed that the game does not use, marked among the picked ones as refused.
        "not_in_game": {i for i, card in enumerate(cards) if not deck.holds(card)},
        "choose_suit": not by_rank,
        "used_up": used_up(cards, form.suit.data, table, by_rank),
        "deck_choices": DECK_CHOICES[:ruleset.most_decks],  # never a number the game refuses
        "suit_choices": SUIT_CHOICES,
    }
