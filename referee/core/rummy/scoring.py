"""Scoring one hand, in any ruleset, from what each player melded, laid off and still holds.

Each game counts a hand its own way (docs/rules.md, "Scoring a hand"): Eversol
charges the cards still held (lowest total wins); 500 and Base Rules add what a
player melded or laid off and take away what they hold; in Basic Rummy the
player who went out collects everyone else's held cards, double for going rummy.

>>> from referee.core import get_ruleset, parse_cards
>>> eversol = get_ruleset("eversol").configure()
>>> score_hand(eversol, [PlayerHand("Ben", went_out=True),
...                      PlayerHand("Carl", hand=parse_cards("2H 3H AS JK"))]).scores
{'Ben': 0, 'Carl': 75}
>>> five_hundred = get_ruleset("500").configure()
>>> score_hand(five_hundred, [
...     PlayerHand("Ann", melds=[parse_cards("AH 2H 3H")], went_out=True),
...     PlayerHand("Bo", hand=parse_cards("AS 9C"))]).scores
{'Ann': 6, 'Bo': -24}
>>> basic = get_ruleset("basic").configure()
>>> score_hand(basic, [
...     PlayerHand("Ann", melds=[parse_cards("7C 7D 7S")], went_out=True, went_rummy=True),
...     PlayerHand("Bo", hand=parse_cards("KS 2C"))]).scores
{'Ann': 24, 'Bo': 0}
>>> score_hand(basic, [PlayerHand("Ann", hand=parse_cards("KS"), went_out=True),
...                    PlayerHand("Bo")])
Traceback (most recent call last):
...
referee.core.errors.GoingOutError: Ann went out, so Ann cannot still hold cards.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass, field

from ..cards import Card, Rank
from ..errors import (CardCountError, GoingOutError, LayOffError,
                     NotInRulesetError, PlayerCountError, PlayerNameError, RefereeInputError,
                     TableMeldError, UnknownPlayerError)
from ..melds import MeldKind
from ..model.ruleset import TableRules
from ..model.card_points import (check_player_end, dealt_each, least_laid_going_out,
                                most_held_within_deal)
from ..model.keeping import EntryShape
from ..model.ruleset import MAX_PLAYERS, MIN_PLAYERS
from .solver import arrange
from ..table import TableMeld
from ..text import name_key

# --- What a hand's end looks like ---------------------------------------------------------------


@dataclass(frozen=True)
class LayOff:
    """One card a player added to a meld on the table; ``onto`` is that meld as it lay."""

    card: Card
    onto: Sequence[Card]


@dataclass(frozen=True)
class PlayerHand:
    """One player at the end of a hand."""

    name: str
    hand: Sequence[Card] = ()
    melds: Sequence[Sequence[Card]] = ()
    layoffs: Sequence[LayOff] = ()
    went_out: bool = False
    went_rummy: bool = False


@dataclass(frozen=True)
class Penalty:
    """Eversol's Ari's rule: dead cards whose points are charged to the player who threw them."""

    player: str
    cards: Sequence[Card]


@dataclass(frozen=True)
class PlayerScore:
    """A player's score for the hand and what it is made of.

    A part the game does not count is ``None``: melds in Eversol and Basic,
    penalties outside Eversol.
    """

    name: str
    score: int
    held: int
    melded: int | None
    laid_off: int | None
    penalty: int | None


@dataclass(frozen=True)
class HandScore:
    players: tuple[PlayerScore, ...]
    scores: dict[str, int] = field(init=False)

    def __post_init__(self) -> None:
        object.__setattr__(self, "scores", {p.name: p.score for p in self.players})


def score_hand(table: TableRules, players: Sequence[PlayerHand],
               penalties: Sequence[Penalty] = ()) -> HandScore:
    """Every player's score for one hand under ``table``'s ruleset and house options.

    Raises a ``RefereeInputError`` subclass, its ``field`` shaped like the API's
    request (``players[1].hand[0]``), when the hand could not have ended this way.
    """
    keeping = table.ruleset.keeping  # how the game counts a hand
    if keeping is None:
        raise NotInRulesetError(f"{table.ruleset.title} has no hand scoring yet.", "ruleset")
    check_player_count(len(players))
    seats = _seats_by_name(players)
    _check_penalties(table, seats, penalties)
    _check_going_out(table, players, keeping.stock_may_run_out)
    _check_supply(table, players, penalties)
    laid = [_laid_points(table, player, f"players[{i}]") for i, player in enumerate(players)]
    _check_onto_laid(players)
    _check_layoffs_together(table, players)
    held = [sum(table.card_value(card) for card in player.hand) for player in players]
    counts_melds = keeping.shape is EntryShape.MELDED_MINUS_HELD
    for i, player in enumerate(players):  # the same rule as a kept game's entry
        check_player_end(table, player.name, player.went_out,
                         sum(laid[i]) if counts_melds else None, held[i],
                         (f"players[{i}].melds", f"players[{i}].hand"), error=GoingOutError)
    _check_deal(table, players)
    charged = [0] * len(players)
    for penalty in penalties:
        charged[seats[name_key(penalty.player)]] += sum(table.card_value(c) for c in penalty.cards)

    scored = []
    for i, player in enumerate(players):
        melded, laid_off = laid[i]
        if keeping.shape is EntryShape.HELD:
            scored.append(PlayerScore(player.name, score=held[i] + charged[i], held=held[i],
                                      melded=None, laid_off=None, penalty=charged[i]))
        elif keeping.shape is EntryShape.SETTLEMENT:
            # A game for stakes scores no points: a player's count (what the cards held outside
            # any spread are worth) is what settles the hand, so that is the answer.
            count = _count(table, player.hand)
            scored.append(PlayerScore(player.name, score=count, held=count, melded=None,
                                      laid_off=None, penalty=None))
        elif keeping.shape is EntryShape.MELDED_MINUS_HELD:
            scored.append(PlayerScore(player.name, score=melded + laid_off - held[i],
                                      held=held[i], melded=melded, laid_off=laid_off,
                                      penalty=None))
        else:
            scored.append(PlayerScore(player.name, score=_collected(players, held, i),
                                      held=held[i], melded=None, laid_off=None, penalty=None))
    return HandScore(tuple(scored))


def _count(table: TableRules, hand: Sequence[Card]) -> int:
    return arrange(hand, table).leftover_points


def _collected(players: Sequence[PlayerHand], held: list[int], i: int) -> int:
    """The one who went out takes the others' held points, double for rummy (Basic)."""
    if not players[i].went_out:
        return 0
    points = sum(held) - held[i]
    return points * 2 if players[i].went_rummy else points


def check_player_count(count: int, field: str = "players") -> None:
    """Raise ``PlayerCountError`` unless a table could seat ``count`` players."""
    if not MIN_PLAYERS <= count <= MAX_PLAYERS:
        raise PlayerCountError(
            f"A hand is played by {MIN_PLAYERS} to {MAX_PLAYERS} players, not {count}.", field)


# --- Checks: the hand could have ended this way ------------------------------------------------

def _seats_by_name(players: Sequence[PlayerHand]) -> dict[str, int]:
    seats: dict[str, int] = {}
    for i, player in enumerate(players):
        key = name_key(player.name)
        if not key:
            raise PlayerNameError("Every player needs a name.", f"players[{i}].name")
        if key in seats:
            raise PlayerNameError(
                f"Two players are called {player.name.strip()[:40]!r}; give each a different name.",
                f"players[{i}].name")
        seats[key] = i
    return seats


def _check_penalties(table: TableRules, seats: dict[str, int],
                     penalties: Sequence[Penalty]) -> None:
    if not penalties:
        return
    rule = table.ruleset.keeping.penalty_rule
    if rule is None:
        raise NotInRulesetError(
            f"{table.ruleset.title} has no penalty cards; only a rummy call can bring them.",
            "penalties")
    if not table.options[rule[0]]:
        raise NotInRulesetError(
            f"{rule[1]} is off at this table, so nobody is charged for a rummy card.",
            "penalties")
    lot = table.ruleset.keeping.penalty_cards
    for i, penalty in enumerate(penalties):
        if name_key(penalty.player) not in seats:
            raise UnknownPlayerError(
                f"Nobody called {penalty.player.strip()[:40]!r} played this hand.",
                f"penalties[{i}].player")
        if not penalty.cards or len(penalty.cards) % lot:
            raise CardCountError(
                f"A rummy penalty is {lot} cards a call (the rummy card and the caller's "
                f"discard), so {len(penalty.cards)} cannot be one: give {lot}, or "
                f"{lot} for each call.", f"penalties[{i}].cards")


def _check_going_out(table: TableRules, players: Sequence[PlayerHand],
                     stock_may_run_out: bool) -> None:
    out = [i for i, player in enumerate(players) if player.went_out]
    for i, player in enumerate(players):
        if player.went_rummy and not player.went_out:
            raise GoingOutError(
                f"{player.name} went rummy, which is going out all at once, "
                f"so {player.name} also went out.",
                f"players[{i}].went_rummy")
    if len(out) > 1:
        first, second = players[out[0]].name, players[out[1]].name
        raise GoingOutError(f"Only one player goes out in a hand, not both {first} and {second}.",
                            f"players[{out[1]}].went_out")
    if not out and not stock_may_run_out:
        raise GoingOutError(
            f"A hand of {table.ruleset.title} ends when a player goes out: say who did.",
            "players")
    for i in out:
        if players[i].hand:
            name = players[i].name
            raise GoingOutError(f"{name} went out, so {name} cannot still hold cards.",
                                f"players[{i}].hand")


def _check_deal(table: TableRules, players: Sequence[PlayerHand]) -> None:
    """What the deal bounds: no more cards held than dealt where a hand never grows (Basic),
    no fewer laid down by the player out than dealt where every turn draws first (Base)."""
    dealt = dealt_each(table, len(players))
    for i, player in enumerate(players):
        if (not player.went_out and len(player.hand) > dealt
                and most_held_within_deal(table, len(players)) is not None):
            raise CardCountError(f"{player.name} did not go out, so holds at most the {dealt} "
                                 f"cards dealt, not {len(player.hand)}.", f"players[{i}].hand")
        laid = sum(map(len, player.melds)) + len(player.layoffs)
        if (player.went_out and laid < dealt
                and least_laid_going_out(table, len(players)) is not None):
            raise GoingOutError(f"{player.name} went out, so laid down at least the {dealt} "
                                f"cards dealt, not {laid}.", f"players[{i}].melds")


def _check_supply(table: TableRules, players: Sequence[PlayerHand],
                  penalties: Sequence[Penalty]) -> None:
    """Every card held, melded, laid off or dead exists at once in the decks in play.

    A lay-off's ``onto`` is left out: it names cards already counted in a meld.
    """
    where: list[tuple[str | int, ...]] = []
    cards: list[Card] = []

    def add(group: Sequence[Card], *prefix: str | int) -> None:
        for j, card in enumerate(group):
            where.append((*prefix, j))
            cards.append(card)

    for i, player in enumerate(players):
        add(player.hand, "players", i, "hand")
        for k, meld in enumerate(player.melds):
            add(meld, "players", i, "melds", k)
        for k, layoff in enumerate(player.layoffs):
            where.append(("players", i, "layoffs", k, "card"))
            cards.append(layoff.card)
    for i, penalty in enumerate(penalties):
        add(penalty.cards, "penalties", i, "cards")
    try:
        table.check_supply(cards, "cards")
    except RefereeInputError as error:
        if len(error.location) == 2 and isinstance(error.location[1], int):
            error.location = where[error.location[1]]  # the request field the card came from
        raise


def _check_onto_laid(players: Sequence[PlayerHand]) -> None:
    """Every lay-off went onto a meld some player laid this hand, as it lay then: that meld's
    cards and perhaps cards laid off on it before. ``onto`` counts no card of its own (the
    supply check leaves it out), so a meld nobody laid would be cards from nowhere."""
    melds = [Counter(card.supply_key for card in meld) for player in players
             for meld in player.melds]
    laid_off = Counter(layoff.card.supply_key for player in players for layoff in player.layoffs)
    for i, player in enumerate(players):
        for k, layoff in enumerate(player.layoffs):
            if _base_meld(melds, laid_off, layoff) is None:
                cards = " ".join(card.label for card in layoff.onto)
                raise LayOffError(f"Nobody laid {cards} this hand: a card can only be laid "
                                  "off onto a meld a player laid, listed with that player's "
                                  "melds.",
                                  f"players[{i}].layoffs[{k}].onto")


def _base_meld(melds: Sequence[Counter], laid_off: Counter, layoff: LayOff) -> int | None:
    """Which laid meld (its index among all the players' melds) ``layoff`` went onto: its
    ``onto`` is that meld's cards and perhaps other cards laid off on it before."""
    onto = Counter(card.supply_key for card in layoff.onto)
    others = laid_off - Counter([layoff.card.supply_key])
    return next((j for j, meld in enumerate(melds) if meld <= onto and onto - meld <= others),
                None)


def _check_layoffs_together(table: TableRules, players: Sequence[PlayerHand]) -> None:
    """Every card laid off onto one meld fits it together with the others, whoever laid
    them: two cards that each fit a full group (a fifth card) or the same end of a run
    (4H and a joker for 4H) cannot both be there. Where two laid melds are the same cards
    (several decks), which of them a card went onto is not told, so those are left alone."""
    laid = [meld for player in players for meld in player.melds]
    melds = [Counter(card.supply_key for card in meld) for meld in laid]
    laid_off = Counter(layoff.card.supply_key for player in players for layoff in player.layoffs)
    onto: dict[int, list[tuple[str, Card]]] = {}
    for i, player in enumerate(players):
        for k, layoff in enumerate(player.layoffs):
            base = _base_meld(melds, laid_off, layoff)
            if base is not None and melds.count(melds[base]) == 1:
                onto.setdefault(base, []).append((f"players[{i}].layoffs[{k}].card",
                                                  layoff.card))
    for base, added in onto.items():
        if len(added) < 2:
            continue
        outcomes = [meld.extend([card for _, card in added], table.melds)
                    for meld in TableMeld.candidates(laid[base], table.melds)]
        if not any(outcome.valid for outcome in outcomes):
            cards = " and ".join(card.label for _, card in added)
            meld = " ".join(card.label for card in laid[base])
            both = "both" if len(added) == 2 else "all"
            raise LayOffError(f"{cards} cannot {both} be laid off on {meld}: "
                              f"{outcomes[0].reason}", added[-1][0])


# --- Points melded and laid off ----------------------------------------------------------------

def _laid_points(table: TableRules, player: PlayerHand, prefix: str) -> tuple[int, int]:
    """What the player's melds and lay-offs are worth (every one checked legal)."""
    melded = sum(_meld_points(table, meld, f"{prefix}.melds[{k}]")
                 for k, meld in enumerate(player.melds))
    laid_off = sum(_layoff_points(table, layoff, f"{prefix}.layoffs[{k}]")
                   for k, layoff in enumerate(player.layoffs))
    return melded, laid_off


def _meld_points(table: TableRules, cards: Sequence[Card], where: str) -> int:
    try:
        laid = table.lay(cards, field=where)
    except TableMeldError as error:
        error.field = error.field or where
        raise
    low_ace_at = 0 if laid.kind is MeldKind.RUN and laid.low == 1 else None
    return sum(table.card_value(card, low_ace_in_run=(j == low_ace_at))
               for j, card in enumerate(laid.cards))


def _layoff_points(table: TableRules, layoff: LayOff, where: str) -> int:
    table.check_supply(layoff.onto, f"{where}.onto")
    try:
        readings = TableMeld.candidates(layoff.onto, table.melds)
    except TableMeldError as error:
        error.field = f"{where}.onto"
        raise
    outcomes = [meld.extend([layoff.card], table.melds) for meld in readings]
    fitting = next((o for o in outcomes if o.valid), None)
    if fitting is None:
        onto = " ".join(card.label for card in layoff.onto)
        raise LayOffError(f"{layoff.card.label} cannot be laid off on {onto}: "
                          f"{outcomes[0].reason}", f"{where}.card")
    # 500: an ace laid off below a 2-3 sits at the low end, where it counts as a low ace.
    result = fitting.meld
    low_ace = (result.kind is MeldKind.RUN and result.low == 1
               and layoff.card.rank is Rank.ACE)
    return table.card_value(layoff.card, low_ace_in_run=low_ace)
