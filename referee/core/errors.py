"""The narrow exception types the rules core raises for bad input.

Every one is a ``ValueError``, so callers that only care "was the input bad?"
can catch that; the web layers map each type to its own error code. An illegal
*play* is not an exception: the core answers it with a verdict and a reason.
"""

from __future__ import annotations

import re

from .rule_anchors import RuleAnchor

# Where in a request an error is: keys and list indexes, outermost first, such as
# ("event", "points", "Abe") or ("players", 1, "hand", 0). Kept as a path, not text,
# so a player called "J.R." or a nested request never has to be parsed back.
Location = tuple[str | int, ...]
_PART = re.compile(r"\[(\d+)\]|([^.\[\]]+)")


def parse_location(text: str) -> Location:
    """A location written as the API writes it.

    >>> parse_location("players[1].hand[0]")
    ('players', 1, 'hand', 0)
    """
    return tuple(int(index) if index else key for index, key in _PART.findall(text))


def render_location(location: Location) -> str:
    """The API's way of writing a location.

    >>> render_location(("event", "points", "J.R."))
    'event.points.J.R.'
    >>> render_location(("players", 1, "hand", 0))
    'players[1].hand[0]'
    """
    text = ""
    for part in location:
        text += f"[{part}]" if isinstance(part, int) else (f".{part}" if text else part)
    return text


class RefereeInputError(ValueError):
    """Base class: the question itself is malformed or impossible.

    ``location`` is the path to the input it is about (empty when none); ``field`` is
    that path as text, as the API's errors give it.
    """

    code = "bad_input"
    # The paragraph of the rules reference a refusal of this kind applies (None: bad input
    # that breaks no rule of the game, such as a misspelt card); a raise may name another.
    rule: RuleAnchor | None = None

    def __init__(self, message: str, field: str | Location | None = None,
                 rule: RuleAnchor | None = None):
        super().__init__(message)
        self.message = message
        self.location: Location = ()
        self.field = field
        if rule is not None:
            self.rule = rule

    @property
    def field(self) -> str | None:
        return render_location(self.location) if self.location else None

    @field.setter
    def field(self, value: str | Location | None) -> None:
        if value is None:
            self.location = ()
        elif isinstance(value, tuple):
            self.location = value
        else:
            self.location = parse_location(value)

    def within(self, *outer: str | int) -> RefereeInputError:
        """The same error, located inside ``outer`` (a nested request's own path)."""
        self.location = (*outer, *self.location)
        return self


class CardSyntaxError(RefereeInputError):
    """A card could not be read, e.g. ``"1H"`` or ``"7X"``."""

    code = "bad_card"


class CardNotInGameError(RefereeInputError):
    """A real card that this game does not use (a joker in Basic Rummy)."""

    code = "card_not_in_game"


class TooManyCopiesError(RefereeInputError):
    """More copies of a card than the decks in play hold."""

    code = "too_many_copies"


class UnknownRulesetError(RefereeInputError):
    code = "unknown_ruleset"


class UnknownOptionError(RefereeInputError):
    code = "unknown_option"


class OptionValueError(RefereeInputError):
    """A house option was given a value it cannot take."""

    code = "bad_option_value"


class DeckCountError(RefereeInputError):
    code = "bad_decks"


class TableMeldError(RefereeInputError):
    """A meld said to be on the table cannot lie there as given."""

    code = "bad_table_meld"


class WrongTypeError(RefereeInputError):
    """A value of the wrong type, such as a number where a list of cards belongs."""

    code = "wrong_type"


class MissingFieldError(WrongTypeError):
    """A required field is absent, null, or text holding nothing but spaces."""

    code = "missing_field"


class NotInRulesetError(RefereeInputError):
    """A question this game does not have, such as a contract outside Eversol."""

    code = "not_in_ruleset"


class TooManyCardsError(RefereeInputError):
    """More cards than the hand arranger takes: it is exact, so its input is kept bounded."""

    code = "too_many_cards"


class PlayerCountError(RefereeInputError):
    """Fewer or more players than a table can seat."""

    code = "bad_player_count"


class PlayerNameError(RefereeInputError):
    """A player without a name, or two players with the same name."""

    code = "bad_player_name"


class UnknownPlayerError(RefereeInputError):
    """A name that is not one of the players at the table."""

    code = "unknown_player"


class GoingOutError(RefereeInputError):
    """Who went out cannot be right: two players, nobody where the game needs one, or cards kept."""

    code = "bad_going_out"
    rule = RuleAnchor.GOING_OUT


class LayOffError(RefereeInputError):
    """A card said to be laid off onto a meld that it does not fit."""

    code = "bad_layoff"
    rule = RuleAnchor.MELDS


class CardCountError(RefereeInputError):
    """A count of cards that cannot be, such as a negative one."""

    code = "bad_count"


class ImpossibleScoreError(RefereeInputError):
    """A hand's score that no cards could add up to."""

    code = "impossible_score"
    rule = RuleAnchor.SCORING


class BuyError(RefereeInputError):
    """A question about buying a discard that cannot be: a duplicate claim, turns out of order."""

    code = "bad_buy"
    rule = RuleAnchor.CALLS


class GameSetupError(RefereeInputError):
    """Players, seating or dealer that no table could have."""

    code = "bad_setup"


class HandEntryError(RefereeInputError):
    """End-of-hand points that cannot be right (two players out, a total not a multiple of 5)."""

    code = "bad_hand_entry"
    rule = RuleAnchor.SCORING


class HandNumberError(RefereeInputError):
    """A hand the game does not have, such as hand 5 of Hand and Foot's four."""

    code = "bad_hand"


class WentOutShortError(GoingOutError):
    """A team said to have gone out without the piles going out needs (Hand and Foot)."""

    code = "went_out_short"


class TeamSetupError(GameSetupError):
    """Teams no table could seat: one player in two teams, teams of different sizes."""

    code = "bad_teams"


class MissingCountError(RefereeInputError):
    """A player's count that the question needs was not given (a Tonk drop, the stock run out)."""

    code = "missing_count"
    rule = RuleAnchor.SCORING  # the counts decide who pays


class DealtClaimError(RefereeInputError):
    """A win declared on the deal (a Tonk player's "tonk") with dealt cards that do not make it."""

    code = "not_a_dealt_win"
    rule = RuleAnchor.GOING_OUT  # what a win on the deal is


class StakeError(RefereeInputError):
    """Money per stake that cannot be: a float, a negative amount, not a number at all."""

    code = "bad_stake"


class CurrencyError(RefereeInputError):
    """A currency for a table's money that the referee cannot write amounts in."""

    code = "bad_currency"


class UnbalancedLedgerError(RefereeInputError):
    """Balances to settle that do not add up to zero: someone would be paid by nobody."""

    code = "unbalanced_ledger"
