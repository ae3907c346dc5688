"""A kept Hand and Foot hand: every team's entry read, checked against the decks, scored.

>>> from referee.core.games.registry import get_ruleset
>>> from referee.core.model.keeping import Team
>>> table = get_ruleset("hand-and-foot").configure()
>>> teams = (Team("Us", ("Ann", "Cy")), Team("Them", ("Bo", "Di")))
>>> us = {"melded": 905, "held": 0, "clean_piles": 2, "dirty_piles": 2, "wild_piles": 1,
...       "red_threes": 1, "went_out": True}
>>> them = {"melded": 300, "held": 85, "clean_piles": 0, "dirty_piles": 1, "wild_piles": 0,
...         "red_threes": 0, "went_out": False, "penalties": 50}
>>> hand = score_kept_hand(table, teams, {"us": us, "Them": them})
>>> hand.went_out, hand.scores
('Us', {'Us': 4205, 'Them': 465})
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import asdict
from typing import Any

from ...errors import HandEntryError, Location, RefereeInputError, WrongTypeError
from ...text import name_key
from ...model.card_points import most_points
from ...model.keeping import ScoredHand, Team
from ...model.ruleset import TableRules
from .melds import PileKind
from .options import check_hand
from .possible import CHEAPEST_MELD, least_melded, most_melded, pile_problem
from .scoring import ScorePart, TeamEntry, score_hand
from .teams import largest_team

RED_THREES_PER_DECK = 2


def score_kept_hand(table: TableRules, teams: Sequence[Team], given: Any,
                    strict: bool = True) -> ScoredHand:
    """The hand's score by team; entries no table could have raise at ``event.teams``."""
    if not isinstance(given, Mapping) or not given:
        raise WrongTypeError("teams must give each team's numbers by the team's name.",
                             "event.teams")
    entries: dict[str, TeamEntry] = {}
    for name, entry in given.items():
        team = _team_named(teams, name)
        if team.name in entries:
            raise HandEntryError(f"{team.name} is entered twice.", ("event", "teams", str(name)))
        try:
            entries[team.name] = TeamEntry.from_mapping(entry, ("teams", team.name))
        except RefereeInputError as error:
            raise error.within("event") from None
    for team in teams:
        if team.name not in entries:
            raise HandEntryError(f"Enter {team.name}'s numbers too.", ("event", "teams", team.name))
    ordered = {team.name: entries[team.name] for team in teams}
    try:
        scores = score_hand(ordered, table.options)
    except RefereeInputError as error:
        raise error.within("event") from None
    if strict:
        check_within_decks(table, ordered, ("event", "teams"),
                           {team.name: len(team.players) for team in teams})
    went_out = next((name for name, entry in ordered.items() if entry.went_out), None)
    return ScoredHand(went_out, {name: score.total for name, score in scores.items()},
                      held={name: entry.held for name, entry in ordered.items()},
                      melded={name: entry.melded for name, entry in ordered.items()},
                      teams={name: asdict(entry) for name, entry in ordered.items()})


def score_question(table: TableRules, hand: Any, teams: Any) -> dict[str, tuple[ScorePart, ...]]:
    """A hand's score by team, asked without a kept game (any team names), each in its named
    parts; errors at ``teams.<team>.<field>``.

    >>> from referee.core.games.registry import get_ruleset
    >>> table = get_ruleset("hand-and-foot").configure()
    >>> us = {"melded": 300, "held": 20, "clean_piles": 0, "dirty_piles": 1, "wild_piles": 0,
    ...       "red_threes": 2, "went_out": False}
    >>> parts = score_question(table, 1, {"Us": us, "Them": {**us, "dirty_piles": 0}})
    >>> sum(part.points for part in parts["Us"]), sum(part.points for part in parts["Them"])
    (780, 480)
    """
    check_hand(hand)
    scores = score_hand(teams, table.options)  # every entry read and checked
    largest = largest_team(len(teams))  # the question names no players: the most a team has
    check_within_decks(table, {name: TeamEntry.from_mapping(entry)
                               for name, entry in teams.items()}, ("teams",),
                       {name: largest for name in teams})
    return {name: score.parts for name, score in scores.items()}


def _team_named(teams: Sequence[Team], name: Any) -> Team:
    wanted = name_key(name)
    for team in teams:
        if name_key(team.name) == wanted:
            return team
    known = ", ".join(team.name for team in teams)
    raise HandEntryError(f"No team called {str(name)[:30]} plays in this game ({known} do).",
                         ("event", "teams", str(name)[:30]))


def _check_melded(table: TableRules, melded: int, entry: TeamEntry, location: Location,
                  team: str) -> None:
    """A team's melded cards: none, or a meld at the least; no more than the decks can
    meld; at least what the piles it says it made hold, from the cards the decks have."""
    if 0 < melded < CHEAPEST_MELD:
        raise HandEntryError(f"The cheapest meld, three 4s, is worth {CHEAPEST_MELD}: "
                             f"{team}'s melded cannot be {melded} (0 if it melded nothing).",
                             location)
    most = most_melded(table.decks)
    if melded > most:
        raise HandEntryError(f"{table.decks} deck{'s' * (table.decks != 1)} meld {most} at "
                             f"the most (3s never meld): {team}'s melded cannot be {melded}.",
                             location)
    least = least_melded(entry.clean_piles, entry.dirty_piles, entry.wild_piles, table.decks)
    if melded < least:
        raise HandEntryError(f"{team}'s piles alone are worth at least {least} in cards with "
                             f"the cards of {table.decks} deck{'s' * (table.decks != 1)}, so "
                             f"melded cannot be {melded}.", location)


def check_within_decks(table: TableRules, entries: Mapping[str, TeamEntry],
                       location: Location, sizes: Mapping[str, int]) -> None:
    """Together the teams cannot have more cards or piles than the decks hold, nor a team more
    perfect draws than it has players (``sizes``: each team's players, or the most it may
    have)."""
    decks = f"{table.decks} deck{'s' * (table.decks != 1)}"
    cards = sum(entry.melded + entry.held for entry in entries.values())
    if cards > most_points(table):
        raise HandEntryError(f"The melded and held points come to {cards}, more than every card "
                             f"of {decks} is worth ({most_points(table)}): one of them is wrong.",
                             location)
    reds = sum(entry.red_threes for entry in entries.values())
    if reds > RED_THREES_PER_DECK * table.decks:
        raise HandEntryError(f"{decks} hold at most {RED_THREES_PER_DECK * table.decks} red 3s; "
                             f"the teams' entries say {reds}.", location)
    piles = [sum(getattr(entry, f"{kind.value}_piles") for entry in entries.values())
             for kind in (PileKind.CLEAN, PileKind.DIRTY, PileKind.WILD)]
    problem = pile_problem(*piles, table.decks, table.options)
    if problem is not None:
        raise HandEntryError(f"Together the teams' entries say {piles[0]} clean, {piles[1]} "
                             f"dirty and {piles[2]} wild piles, but {problem[1][0].lower()}"
                             f"{problem[1][1:]}", location)
    for name, entry in entries.items():
        _check_melded(table, entry.melded, entry, (*location, name, "melded"), name)
    melded = sum(entry.melded for entry in entries.values())
    if melded > most_melded(table.decks):
        raise HandEntryError(f"The teams' melded points come to {melded}, more than {decks} "
                             f"can meld ({most_melded(table.decks)}: 3s never meld): one of "
                             "them is wrong.", location)
    for name, entry in entries.items():
        if entry.perfect_draws > sizes[name]:
            raise HandEntryError(f"A perfect draw is one player's: {name} can have at most "
                                 f"{sizes[name]}, not {entry.perfect_draws}.",
                                 (*location, name, "perfect_draws"))
