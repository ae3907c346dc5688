"""What a hand's typed scores may be, where the cards bound them beyond each side's 0 to the
game's most: all together (Piquet's deal makes 24 at least, Escoba's hand 24 at most) and
each side's own (Piquet's elder leads a trick, so scores 1 at least). The game says the
bounds and why (``Keeping.score_bounds``); the kept entry checks them and the screens show
them beside the entry.

>>> bounds = ScoreBounds((24, 185), "12 cards led and 12 tricks", "the best hand's all",
...                      {"Ann": SideBound(1, 185, "Ann leads the first trick")})
>>> bounds.words()
'Together 24 to 185; Ann at least 1.'
>>> bounds.check({"Ann": 0, "Ben": 0}, ("event", "scores"), "deal")
Traceback (most recent call last):
...
referee.core.errors.HandEntryError: The scores come to 0; a deal's come to 24 at the least: \
12 cards led and 12 tricks.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field

from ..errors import HandEntryError, Location, RefereeInputError


@dataclass(frozen=True)
class SideBound:
    """One side's own least and most, and why, in the game's words."""

    least: int
    most: int
    why: str


@dataclass(frozen=True)
class ScoreBounds:
    """``together``: the least and the most of all the sides' scores added, with why each
    (``why_least``, ``why_most``); ``each``: a side's own bounds, where the cards say more
    than the game's most."""

    together: tuple[int, int]
    why_least: str = ""
    why_most: str = ""
    each: Mapping[str, SideBound] = field(default_factory=dict)

    def words(self) -> str:
        """The bounds as the entry screen says them beside the scores."""
        least, most = self.together
        said = [f"Together {least} to {most}"]
        for name, bound in self.each.items():
            said.append(f"{name} at least {bound.least}" if bound.most >= most
                        else f"{name} {bound.least} to {bound.most}")
        return "; ".join(said) + "."

    def check(self, scores: Mapping[str, int], where: Location, noun: str,
              error: type[RefereeInputError] = HandEntryError) -> None:
        """Raise ``error`` at the last side's score (``where`` + name) when the sum is wrong,
        else at the side's own it refuses."""
        total, (least, most) = sum(scores.values()), self.together
        if not least <= total <= most:
            bound, why = ((f"{least} at the least", self.why_least) if total < least
                          else (f"{most} at the most", self.why_most))
            raise error(f"The scores come to {total}; a {noun}'s come to {bound}: {why}.",
                        (*where, list(scores)[-1]))
        for name, side in self.each.items():
            if name in scores and not side.least <= scores[name] <= side.most:
                raise error(f"{scores[name]} for {name} can't be right: {name} scores "
                            f"{side.least} to {side.most} in this {noun}: {side.why}.",
                            (*where, name))
