"""A game's rules as the reference page shows them: sections by topic, each paragraph with
its anchor where a verdict may link to it.

What a ruleset's data already says (players, deal, decks, card values, meld sizes, contracts,
opening minimums, how a game ends, house options and their defaults) is written here from that
data, for every game alike, so each rule lives once; what only prose can say comes from the
ruleset's own ``rules_text``, by section.

>>> from referee.core.games.registry import EVERSOL
>>> sections = rules_reference(EVERSOL)
>>> [s.anchor.value for s in sections][:4]
['players', 'cards', 'melds', 'contracts']
>>> option = rules_reference(EVERSOL, {"buy_limit": 3})[-1].paragraphs[0]
>>> option.anchor, option.default, option.chosen
('option-buy_limit', 'no limit', '3')
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from ..cards import Rank
from ..rule_anchors import RuleAnchor, option_anchor
from ..text import spoken_list
from .ruleset import Options, OptionSpec, Ruleset

TITLES = {
    RuleAnchor.PLAYERS: "Players and the deal",
    RuleAnchor.CARDS: "Cards and values",
    RuleAnchor.MELDS: "Melds",
    RuleAnchor.CONTRACTS: "Each hand's contract",
    RuleAnchor.OPENING: "Opening a hand",
    RuleAnchor.GOING_OUT: "Going out",
    RuleAnchor.SCORING: "Scoring and the end",
    RuleAnchor.CALLS: "Buying and rummy calls",
    RuleAnchor.OPTIONS: "House options",
}


@dataclass(frozen=True)
class Paragraph:
    text: str
    anchor: str | None = None  # an id a verdict may link to
    title: str | None = None  # a house option's name
    default: str | None = None  # a house option's default, in words
    chosen: str | None = None  # a house option as one table chose it, in words
    note: str | None = None  # a house option the table checks, not the referee: it says so
    applies: bool = True  # False: a house option this table, as seated, does not play


@dataclass(frozen=True)
class Section:
    anchor: RuleAnchor
    title: str
    paragraphs: tuple[Paragraph, ...]
    table: tuple[tuple[str, ...], ...] = ()  # rows, the first one the headings


def rules_reference(ruleset: Ruleset, chosen: Options | None = None,
                    players: int | None = None) -> tuple[Section, ...]:
    """The sections of ``ruleset``'s rules that have something to say; with ``chosen`` (a kept
    game's house options), each option also says how this table plays it, and with
    ``players`` (how many it seats), that an option for other tables is not played.

    >>> from referee.core.games.registry import FIVE_HUNDRED
    >>> deal = rules_reference(FIVE_HUNDRED, {"two_player_deal": 7}, players=4)[-1].paragraphs[2]
    >>> deal.title, deal.chosen
    ('How many cards are dealt to each of two players?', 'not played (only when 2 play)')
    """
    options = ruleset.resolve_options()
    if chosen is not None:  # a stored game's choices, over the defaults of options added since
        chosen = {**options, **{k: v for k, v in chosen.items() if k in options}}
    built = {
        RuleAnchor.PLAYERS: (_players(ruleset), _deal_rows(ruleset)),
        RuleAnchor.CARDS: (_cards(ruleset, options), _value_rows(ruleset)),
        RuleAnchor.MELDS: (_melds(ruleset, chosen or options), ()),
        RuleAnchor.CONTRACTS: ((), _contract_rows(ruleset)),
        RuleAnchor.OPENING: (_opening(ruleset, chosen or options), ()),
        RuleAnchor.GOING_OUT: ((), ()),
        RuleAnchor.SCORING: (_scoring(ruleset, chosen or options), ()),
        RuleAnchor.CALLS: ((), ()),
        RuleAnchor.OPTIONS: (tuple(_option(spec, chosen, players)
                                   for spec in ruleset.option_specs) or _NO_OPTIONS, ()),
    }
    sections = []
    for anchor, (paragraphs, table) in built.items():
        prose = tuple(Paragraph(text) for text in ruleset.rules_text.get(anchor.value, ()))
        # A game's own words follow the general ones, except for options, where they lead.
        ordered = prose + paragraphs if anchor is RuleAnchor.OPTIONS else paragraphs + prose
        if ordered or table:
            sections.append(Section(anchor, TITLES[anchor], ordered, table))
    return tuple(sections)


# A game every table plays as written (Piquet) still says so where the options would be.
_NO_OPTIONS = (Paragraph("None: every table plays the rules above as they are."),)


def _players(ruleset: Ruleset) -> tuple[Paragraph, ...]:
    decks = {}
    for players in ruleset.player_counts:
        decks.setdefault(ruleset.recommended_decks(players), []).append(players)
    deck_words = [f"{_count(n, 'deck')} for {_span(p)} players" for n, p in decks.items()]
    if len(decks) == 1:
        deck_words = [f"{_count(next(iter(decks)), 'deck')}, however many play"]
    if ruleset.most_decks == 1:
        deck_words = ["one deck, however many play, and never a second"]
    return (Paragraph(f"{ruleset.players_words} players.", RuleAnchor.PLAYERS.value),
            Paragraph(f"Decks: {spoken_list(deck_words)}."))


def _deal_rows(ruleset: Ruleset) -> tuple[tuple[str, ...], ...]:
    if ruleset.contracts:  # the contracts' table says each hand's deal
        return ()
    return (("Players", "Cards each"),) + tuple(
        (str(row.get("players", "")), str(row["cards"])) for row in ruleset.deal_table)


def _cards(ruleset: Ruleset, options: Options) -> tuple[Paragraph, ...]:
    deck = ruleset.deck(options)
    missing = [rank.word for rank in Rank if rank not in deck.ranks]
    what = "Standard decks of 52 cards" if not missing else (
        f"Decks of {len(deck.ranks) * 4} cards, without {spoken_list(missing)}")
    jokers = (f", with {_count(deck.jokers_per_deck, 'joker')} in each deck"
              if deck.jokers_per_deck else ", and no jokers")
    return ((Paragraph(what + jokers + ".", RuleAnchor.CARDS.value),)
            + tuple(Paragraph(note) for note in ruleset.value_notes))


def _value_rows(ruleset: Ruleset) -> tuple[tuple[str, ...], ...]:
    """Ranks that are worth the same side by side share a row: ``2–9 | 5``, ``2–10 | its
    number``."""
    alone = ("A", "JK")  # the ace and the joker keep rows of their own
    rows: list[list[str]] = []
    values = ruleset.describe()["card_values"]
    # no card worth more than another (a round won, a pot taken): none is counted
    if len(set(values.values())) == 1:
        return ()
    # A game whose number cards are worth their numbers says so once, not rank by rank.
    face_value = all(value == int(label) for label, value in values.items() if label.isdigit())
    for label, value in values.items():
        worth = "its number" if face_value and label.isdigit() else str(value)
        if rows and rows[-1][1] == worth and label not in alone and rows[-1][0] not in alone:
            rows[-1][0] = rows[-1][0].split("–")[0] + "–" + label
        else:
            rows.append([label, worth])
    return (("Card", "Worth"),) + tuple(
        ("Joker" if row[0] == "JK" else row[0][0].upper() + row[0][1:], row[1]) for row in rows)


def _melds(ruleset: Ruleset, options: Options) -> tuple[Paragraph, ...]:
    if not ruleset.has_melds:
        return ()
    rules = ruleset.meld_rules(options)
    book, run = ruleset.book_word, ruleset.run_word
    sizes = (f"{rules.min_book} or more" if rules.max_book is None
             else f"{rules.min_book} or {rules.max_book}" if rules.max_book == rules.min_book + 1
             else f"{rules.min_book} to {rules.max_book}")
    suits = ", every suit different" if rules.book_suits_distinct else ""
    paragraphs = [Paragraph(f"A {book} is {sizes} cards of one rank{suits}.",
                            RuleAnchor.BOOKS.value, title=f"{book.capitalize()}s")]
    if ruleset.runs:
        aces = rules.ace_rule()  # worded as the meld check words its verdict
        if Rank.ACE not in ruleset.deck(options).ranks:
            aces = ""
        paragraphs.append(Paragraph((
            f"A {run} is {rules.min_run} or more cards of one suit in an unbroken row of ranks. "
            + aces).strip(), RuleAnchor.RUNS.value, title=f"{run.capitalize()}s"))
    if ruleset.wild_words is not None:
        paragraphs.append(Paragraph(ruleset.wild_words, RuleAnchor.WILD.value,
                                    title="Wild cards"))
    elif ruleset.deck(options).jokers_per_deck:
        swap = (" A joker on the table may be taken by handing over the card it stands for."
                if rules.joker_swap else " A joker laid on the table stays where it is.")
        paragraphs.append(Paragraph(
            "Each joker stands for one card; a meld needs at least one card that is not wild."
            + swap, RuleAnchor.WILD.value, title="Jokers"))
    return tuple(paragraphs)


def _contract_rows(ruleset: Ruleset) -> tuple[tuple[str, ...], ...]:
    if not ruleset.contracts:
        return ()
    return (("Hand", "Cards each", "To go down", "Discard to go out"),) + tuple(
        (str(c.hand), str(c.cards_dealt), c.describe(ruleset.book_word, ruleset.run_word),
         "yes" if c.discard else "no") for c in ruleset.contracts)


def _opening(ruleset: Ruleset, options: Options) -> tuple[Paragraph, ...]:
    if ruleset.opening is None:
        return ()
    minimums = [f"{ruleset.opening.minimum(hand, options)} in hand {hand}"
                for hand in range(1, ruleset.opening.hands + 1)]
    return (Paragraph("A team's first melds of a hand, by card values alone, must be worth at "
                      f"least {spoken_list(minimums)}.", RuleAnchor.OPENING.value),)


def _scoring(ruleset: Ruleset, options: Options) -> tuple[Paragraph, ...]:
    if ruleset.keeping is None:
        return ()
    kept = ruleset.keeping.describe(options)
    order = "the lowest total leads" if kept["ranking"] == "lowest_first" else (
        "the highest total leads")
    return (Paragraph(f"Length of a game: {kept['end']}; {order}. Equal totals share a place.",
                      RuleAnchor.SCORING.value),)


def _option(spec: OptionSpec, chosen: Options | None, players: int | None) -> Paragraph:
    played = None if chosen is None else option_words(spec, chosen.get(spec.name))
    applies = players is None or spec.applies_to(players)
    if played is not None and not applies:
        played = f"not played ({spec.only_for[0].lower()}{spec.only_for[1:].rstrip('.')})"
    return Paragraph(spec.words, option_anchor(spec.name), spec.asked,
                     default=option_words(spec, spec.default), chosen=played, note=spec.note,
                     applies=applies)


def option_words(spec: OptionSpec, value: Any) -> str:
    """An option's value as a player says it: Yes, No, no limit, 90, By melding every card."""
    if value is None:
        return "no limit"
    if isinstance(value, bool) or value in spec.choices:
        return spec.answer(value)
    return str(value)


def _count(n: int, word: str) -> str:
    return f"{n} {word}{'' if n == 1 else 's'}"


def _span(numbers: list[int]) -> str:
    return str(numbers[0]) if len(numbers) == 1 else f"{numbers[0]} to {numbers[-1]}"


__all__ = ["Paragraph", "Section", "option_words", "rules_reference"]
