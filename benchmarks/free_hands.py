"""Hands for the benchmark of the games without contracts (500, Basic, Base): random
groups up to 40 cards, 5 decks and 10 jokers, the fixed hands a hunt found hardest
(``adversarial.json``), and the hunt itself.

The hunt is a hill climb: from a random hand (or a kept one) it tries small changes
(a card moved one rank or to another suit, a joker in or out, a card swapped for any
other) and keeps any that takes the arranger as long or longer, in CPU time (the
least of two runs).
Moves towards neighbouring cards are favoured: crowded hands are the hard ones.
"""

from __future__ import annotations

import json
import random
import time
from collections import Counter
from collections.abc import Iterator
from dataclasses import dataclass, field
from pathlib import Path

from referee.core import get_ruleset
from referee.core.cards import JOKER, Card, Rank, Suit, natural, parse_cards
from referee.core.model.ruleset import TableRules
from referee.core.rummy.solver import arrange

ADVERSARIAL = Path(__file__).resolve().parent / "adversarial.json"


@dataclass(frozen=True)
class Group:
    """Random hands of one shape: sizes, decks and jokers drawn uniformly from ranges."""

    name: str
    ruleset: str
    sizes: tuple[int, int]
    decks: tuple[int, int]
    jokers: tuple[int, int]  # per hand, capped by what the decks hold
    options: tuple[dict, ...] = field(default=({},))  # one drawn for each hand

    def hands(self, rng: random.Random, count: int) -> list[tuple[TableRules, list[Card]]]:
        out = []
        for _ in range(count):
            table = get_ruleset(self.ruleset).configure(options=rng.choice(self.options),
                                                        decks=rng.randint(*self.decks))
            size = rng.randint(*self.sizes)
            most = min(self.jokers[1], table.deck.copies_of(JOKER, table.decks), size)
            jokers = rng.randint(min(self.jokers[0], most), most)
            out.append((table, deal(table, size, jokers, rng)))
        return out


GROUPS = (
    Group("500: 40 cards, 5 decks, 0-10 jokers", "500", (40, 40), (5, 5), (0, 10)),
    Group("500: 30 cards, 3 decks, 0-6 jokers", "500", (30, 30), (3, 3), (0, 6)),
    Group("500: 26 cards, 2 decks, 0-4 jokers", "500", (26, 26), (2, 2), (0, 4)),
    Group("500: 3-40 cards, 1-5 decks, any jokers, either card values", "500", (3, 40),
          (1, 5), (0, 10), ({"card_values": "standard"}, {"card_values": "5/10/15"})),
    Group("Basic: 40 cards, 1 deck, ace high or not", "basic", (40, 40), (1, 1), (0, 0),
          ({"ace_high": False}, {"ace_high": True})),
    Group("Base: 40 cards, 1 deck", "base", (40, 40), (1, 1), (0, 0)),
)


# Issue 28: every game the arranger answers for, 40 random cards (Eversol: hand 6, the
# hand the whole deal is laid down in; Hand and Foot: the first hand's minimum), as
# (name, ruleset, decks, jokers per hand (least, most), the hand number asked).
CALL_GROUPS = (
    ("500: 40 cards, 1 deck, 0-2 jokers", "500", 1, (0, 2), None),
    ("500: 40 cards, 5 decks, 0-10 jokers", "500", 5, (0, 10), None),
    ("Basic: 40 cards, 1 deck", "basic", 1, (0, 0), None),
    ("Base: 40 cards, 1 deck", "base", 1, (0, 0), None),
    ("Tonk: 40 cards, 1 deck", "tonk", 1, (0, 0), None),
    ("Eversol hand 6: 40 cards, 5 decks, 0-10 jokers", "eversol", 5, (0, 10), 6),
    ("Hand and Foot: 40 cards, 5 decks, 0-10 jokers", "hand-and-foot", 5, (0, 10), 1),
)

# The slow hands of issue 28 (the first as reported; the others the slowest of the groups
# above, before its fix or after, found by benchmarks/arranger_calls.py): (name, ruleset,
# decks, hand number, cards).
ISSUE_HANDS = (
    ("500, 1 deck, reported", "500", 1, None,
     "6H JD 10D KD QC QD 2D KS 8H 10C 7S 9H 5S 4S 6D 9S 8D AC AD 6C 4D JC 7D 3D 8S 10H 7H 3H "
     "4C AS 3C 6S JH 3S JS 9D 8C 10S QS JK"),
    ("500, 1 deck, found", "500", 1, None,
     "JS 6H JK KC 5D 5S 9H 4S 2C 8D 6C AC 7C 7H 7D QC 10S QS 9S 9D KS 2S AD 3C 6S 10H AS 3D "
     "10D 3S 9C 4H 8H 8S KD 2H AH 6D JD 5H"),
    ("500, 1 deck, no joker, found", "500", 1, None,
     "2H QH 3C QD 8S 3S AH 7H 9C 5S 6D KS 10S JS 5D QS 6H 3H 7S 4D 10D 8C AC KH 3D 10H AS 2D "
     "9D KD JD 5C 5H 9S 8D 8H JH KC 6C JC"),
    ("500, 1 deck, its prices settle it, found", "500", 1, None,
     "10C 3H 4D 8H QD 5D 10D 9C 10S KC 10H 9D 6D 3C KD AS 2C 6C 2H 7C KS 9H JD 5S JH JS QH QS "
     "KH JK 8S AD 9S 6H AC 7S 2D JC 8D QC"),
    ("Eversol hand 6, 5 decks, found", "eversol", 5, 6,
     "4H 7C AC 9C 5H KD 5S 8H JH 9C 9C QH 10D 6H 2H 9H 4C 3H 3H 10H 7D 3D 9D 9H 4H 7D 7C 6C "
     "9D 8S QC QC 8S JK AC 3H KH 7H 6S JH"),
    ("Base, 1 deck, melds whole, found", "base", 1, None,
     "KH 3D 8S 6D QH 7H QC JC 10C 5D 5S 7S KC 6H JD 10D 4H QD 10S 3S 5C 4D 5H JH 4S 2H 7C 9D "
     "6C 7D QS 9C 9S 3H 8C 6S KD 3C JS 8H"),
    ("Tonk, found", "tonk", 1, None,
     "2C 9D AC QD 4C 3S AS 8S 2D 9S 3D 10S KD AH 6C QH 3C KH 5H QC 5S JC 6D 4D 7S 4S 5D 10H "
     "6S 7D 8D 8H 7C 8C 7H 2S JH 2H 4H 3H"),
)


# One card of each kind, which every hand dealt shares (as the other parts' hands do). A
# fresh set for each hand (52 cards and their __dict__s, 1,050 hands a group) made these
# hands the most of what a full garbage collection walks: 60-130 ms, charged to whichever
# arrange() call it falls in.
NATURALS = tuple(natural(r, s) for r in Rank for s in Suit)


def deal(table: TableRules, size: int, jokers: int, rng: random.Random) -> list[Card]:
    """``size`` cards from the table's decks, ``jokers`` of them jokers, in random order."""
    naturals = [card for card in NATURALS if table.deck.copies_of(card, 1)]
    cards = rng.sample(naturals * table.decks, size - jokers) + [JOKER] * jokers
    rng.shuffle(cards)
    return cards


# ----------------------------------------------------------------------------- the fixed hands

@dataclass(frozen=True)
class Kept:
    """A hand the hunt kept: where it was found, and what it took then."""

    ruleset: str
    decks: int
    cards: str
    options: dict = field(default_factory=dict)
    found: str = ""  # the hunt that found it (shape, seed, steps taken), or the issue
    hand_number: int | None = None  # the hand asked about, in a game of contracts

    @property
    def table(self) -> TableRules:
        return get_ruleset(self.ruleset).configure(options=self.options or None, decks=self.decks)

    def hand(self) -> list[Card]:
        return parse_cards(self.cards)


def load_kept(path: Path = ADVERSARIAL) -> list[Kept]:
    if not path.exists():
        return []
    return [Kept(**entry) for entry in json.loads(path.read_text())]


def save_kept(kept: list[Kept], path: Path = ADVERSARIAL) -> None:
    entries = [{"ruleset": k.ruleset, "decks": k.decks, "options": k.options, "cards": k.cards,
                "found": k.found} | ({"hand_number": k.hand_number} if k.hand_number else {})
               for k in kept]
    path.write_text(json.dumps(entries, indent=1) + "\n")


# ----------------------------------------------------------------------------- the hunt

@dataclass(frozen=True)
class Hunt:
    """Where a hunt looks: a game, its decks, the hand's size and the most jokers."""

    ruleset: str
    decks: int
    size: int
    most_jokers: int
    options: dict = field(default_factory=dict)

    def __str__(self) -> str:
        jokers = f", up to {self.most_jokers} jokers" if self.most_jokers else ""
        return f"{self.ruleset} {self.size} cards, {self.decks} decks{jokers}"


HUNTS = (
    Hunt("500", 5, 40, 10),
    Hunt("500", 4, 40, 8),
    Hunt("500", 3, 30, 6),
    Hunt("500", 2, 26, 4),
    Hunt("500", 5, 30, 10),
    Hunt("basic", 1, 40, 0),
    Hunt("base", 1, 40, 0),
)


def cpu_ms(cards: list[Card], table: TableRules, runs: int = 2) -> float:
    """The least CPU time of ``runs`` arrange() calls, in ms."""
    best = float("inf")
    for _ in range(runs):
        started = time.thread_time_ns()
        arrange(cards, table)
        best = min(best, (time.thread_time_ns() - started) / 1e6)
    return best


def hunt(where: Hunt, seed: int, steps: int,
         start: list[Card] | None = None) -> tuple[float, list[Card]]:
    """The slowest hand a climb of ``steps`` tries found, and its time: from ``start``, or
    else a random hand."""
    rng = random.Random(f"{where}-{seed}")
    table = get_ruleset(where.ruleset).configure(options=where.options or None, decks=where.decks)
    naturals = [natural(r, s) for r in Rank for s in Suit if table.deck.copies_of(natural(r, s), 1)]
    most_jokers = min(where.most_jokers, table.deck.copies_of(JOKER, table.decks))

    def legal(cards: list[Card]) -> bool:
        held = Counter(cards)
        return held[JOKER] <= most_jokers and all(
            n <= where.decks for card, n in held.items() if not card.is_joker)

    def moved(cards: list[Card]) -> Iterator[list[Card]]:
        while True:
            changed = list(cards)
            for _ in range(rng.randint(1, 3)):
                i = rng.randrange(len(changed))
                card, roll = changed[i], rng.random()
                if roll < 0.15 and most_jokers:
                    changed[i] = JOKER
                elif roll < 0.55 and not card.is_joker:
                    if rng.random() < 0.5:  # the next rank up or down, same suit
                        rank = min(13, max(1, int(card.rank) + rng.choice((-1, 1))))
                        changed[i] = natural(Rank(rank), card.suit)
                    else:  # the same rank, another suit
                        changed[i] = natural(card.rank, rng.choice(list(Suit)))
                else:
                    changed[i] = rng.choice(naturals)
                if not changed[i].is_joker and not table.deck.copies_of(changed[i], 1):
                    changed[i] = rng.choice(naturals)
            if legal(changed):
                yield changed

    best = start or deal(table, where.size, rng.randint(0, most_jokers), rng)
    worst = cpu_ms(best, table)
    tries = moved(best)
    for _ in range(steps):
        candidate = next(tries)
        took = cpu_ms(candidate, table)
        if took >= worst:
            best, worst = candidate, took
            tries = moved(best)
    return worst, best
