"""The card picker both card screens share: taps, and which buttons to grey out."""

from __future__ import annotations

from collections import Counter

from ..core import Card, Rank, Suit
from ..core.cards import JOKER, natural

TAPS = ("add", "remove", "clear")


def has_errors(form) -> bool:
    # Not form.errors: WTForms caches that dict, and the core's errors are added later.
    return any(field.errors for field in form)


def was_tapped(args) -> bool:
    return any(args.get(tap) is not None for tap in TAPS)


def apply_tap(form) -> str:
    """The typed cards after the tap this request carries (used without JavaScript)."""
    text = (form.cards.data or "").strip()
    if form.clear.data:
        return ""
    if form.add.data and not form.add.errors:
        tapped = form.add.data.strip().upper()
        text = f"{text} {tapped if tapped == 'JK' else tapped + (form.suit.data or 'S')}"
    if form.remove.data is not None and not form.remove.errors:
        words = text.split()
        if form.remove.data < len(words):
            del words[form.remove.data]
        text = " ".join(words)
    return text.strip()


def used_up(cards: list[Card], suit_value: str, table) -> set[str]:
    """Rank buttons to grey out: every copy of that card is already picked."""
    if table is None:
        return set()
    counts = Counter(card.supply_key for card in cards)
    suit = Suit(suit_value) if suit_value in {s.value for s in Suit} else Suit.SPADES
    used = {rank.label for rank in Rank
            if counts[natural(rank, suit).supply_key]
            >= table.deck.copies_of(natural(rank, suit), table.decks)}
    if counts["JK"] >= table.deck.copies_of(JOKER, table.decks):
        used.add("JK")
    return used


def picker_context(ruleset, deck, cards, form, table) -> dict:
    """What the picker template needs."""
    from .forms import DECK_CHOICES, SUIT_CHOICES

    return {
        "ranks": [r for r in Rank if r in deck.ranks],
        "jokers_in_game": deck.jokers_per_deck > 0,
        "used_up": used_up(cards, form.suit.data, table),
        "deck_choices": DECK_CHOICES[:ruleset.most_decks],  # never a number the game refuses
        "suit_choices": SUIT_CHOICES,
    }
