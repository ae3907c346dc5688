"""Games played for stakes: a hand ends one of a few ways, and settles as payments between
players, counted in stakes; a night's totals are each player's net stakes.

A ruleset played so (``Keeping.stakes``) says its endings and settles a hand from the fields
its ``hand_scored`` event carries (``Stakes.fields``). The scorekeeper, the screens and the API
read this module's types and never the game's own.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from enum import Enum
from typing import Any, ClassVar

from ..rule_anchors import RuleAnchor


class Outcome(Enum):
    WIN = "win"
    CAUGHT = "caught"  # a player who claimed the hand was beaten and pays for it
    DRAW = "draw"


@dataclass(frozen=True)
class Payment:
    """One player paying another, every stake between the two in the hand added up."""

    payer: str
    payee: str
    stakes: int


@dataclass(frozen=True)
class Settlement:
    """A hand's outcome, who pays whom, each player's net in stakes (summing to 0), and why."""

    outcome: Outcome
    payments: tuple[Payment, ...]
    net: Mapping[str, int]
    reason: str
    ended_by: tuple[str, ...] = ()  # who ended the hand (dropped, went out, claimed it dealt)
    # A game with a pot carried from hand to hand (``Stakes.pot``): the pot standing after the
    # hand, in stakes, and what each player has put into it since it was last taken. What a
    # player has in the pot standing is still theirs (it goes back if the night ends), so
    # ``net`` is the change in what each player would take home, and adds up to 0 too.
    pot: int = 0
    in_pot: Mapping[str, int] = field(default_factory=dict)
    rule: ClassVar[RuleAnchor] = RuleAnchor.SCORING  # a settlement applies what each ending pays


class Who(Enum):
    """Whom an ending names."""

    NOBODY = "nobody"
    ONE = "one"  # the player who ended the hand
    SOME = "some"  # one or more players who claimed it on the deal


@dataclass(frozen=True)
class HandEnding:
    """One way a hand can end, as the entry screen offers it."""

    key: str  # the event's "ending"
    label: str  # on its button
    hint: str  # under the label: what happened at the table
    who: Who
    question: str  # asked when someone must be named: "Who dropped?"
    counts: bool  # every player's count settles it
    # The hint as a table's house rules have it, where they change it (a tonk on 49 too):
    # a screen shows no house rule the table has not chosen.
    house_hint: Callable[[Mapping[str, Any]], str] | None = None

    def hint_at(self, options: Mapping[str, Any]) -> str:
        return self.house_hint(options) if self.house_hint is not None else self.hint


@dataclass(frozen=True)
class Stakes:
    """How a game played for stakes ends a hand and settles it.

    ``read(players, settling)`` gives a ``hand_scored`` event's ``settling`` (its ``fields``
    as given, raw) with every name as seated; ``settle(table, players, read)`` answers its
    ``Settlement`` (``strict=False``: leaving out checks added since a saved hand was
    entered, so a saved night always loads). Both raise the narrow error of the field at fault, located in the event. ``who_field`` and ``claims_field`` name the
    fields that carry the one player (``Who.ONE``) and the claimants (``Who.SOME``);
    ``counts_field`` the counts.

    ``pot``: the hands are settled against a pot carried from hand to hand (Bourré), so
    ``settle`` is also given ``before`` (the hand before's ``Settlement``, None for the first)
    and ``dealer`` (the hand's dealer); a game without ``endings`` has no question of how a
    hand ended to answer on its own."""

    endings: tuple[HandEnding, ...]
    read: Callable[[Sequence[str], Mapping[str, Any]], Mapping[str, Any]]
    settle: Callable[..., Settlement]  # (table, players, read, strict=True)
    fields: tuple[str, ...] = ("ending", "player", "claims", "counts")
    ending_field: str = "ending"
    who_field: str = "player"
    claims_field: str = "claims"
    counts_field: str = "counts"
    pot: bool = False
    # A game with a pot: the pot standing before the first hand, in units, from who is seated
    # (everyone has anted by the time anyone looks), so it is never blank.
    opening_pot: Callable[[Sequence[str]], int] | None = None
    # A yes or no the entry asks of the hand, where the game has one (Bourré's trump ace):
    # the event's field and the question in words.
    flag_field: str | None = None
    flag_question: str = ""
    # What the game counts in (Bourré's antes), what the table's stake is called when a game
    # is set up and the hint under it, and how a player's count reads beside a hand's net.
    unit: str = "stake"
    stake_label: str = "Money per stake"
    stake_hint: str = ("Every hand is paid in stakes. Say what one stake is worth and the "
                       "night's ledger shows money; leave it empty to play for points.")
    count_words: str = "count {}"

    @property
    def hand_alone(self) -> bool:
        """Whether one hand is settled on its own, by how it ended (Tonk's): then "who pays
        whom for this hand" and "who is lowest" are questions of their own. A hand settled
        against the pot the hands before left (Bourré's) is not."""
        return bool(self.endings) and not self.pot

    def ending(self, key: Any) -> HandEnding | None:
        return next((ending for ending in self.endings if ending.key == key), None)
