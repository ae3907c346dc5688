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
from referee.core.rulesets.model import TableRules
from referee.core.solver import arrange

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
    Group("Basic: 40 cards, 5 decks, ace high or not", "basic", (40, 40), (5, 5), (0, 0),
          ({"ace_high": False}, {"ace_high": True})),
    Group("Base: 40 cards, 5 decks", "base", (40, 40), (5, 5), (0, 0)),
)


def deal(table: TableRules, size: int, jokers: int, rng: random.Random) -> list[Card]:
    """``size`` cards from the table's decks, ``jokers`` of them jokers, in random order."""
    naturals = [natural(r, s) for r in Rank for s in Suit if table.deck.copies_of(natural(r, s), 1)]
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
    found: str = ""  # the hunt that found it: shape, seed, steps taken

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
                "found": k.found} for k in kept]
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
    Hunt("basic", 5, 40, 0),
    Hunt("base", 5, 40, 0),
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
