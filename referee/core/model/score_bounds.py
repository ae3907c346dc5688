"""What a hand's typed scores may be, where the cards bound them beyond each side's 0 to the
game's most: all together (Piquet's deal makes 24 at least, Escoba's hand 24 at most) and
each side's own (Piquet's elder leads a trick, so scores 1 at least). The game says the
bounds and why (``Keeping.score_bounds``); the kept entry checks them and the screens show
them beside the entry.

>>> bounds = ScoreBounds((24, 185), {"Ann": (1, 185)}, "every deal has 12 leads and 12 tricks")
>>> bounds.words()
'Together 24 to 185; Ann at least 1.'
>>> bounds.check({"Ann": 0, "Ben": 0}, ("event", "scores"), "deal")
Traceback (most recent call last):
...
referee.core.errors.HandEntryError: The scores come to 0; a deal's come to 24 to 185: every \
deal has 12 leads and 12 tricks.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field

from ..errors import HandEntryError, Location, RefereeInputError


@dataclass(frozen=True)
class ScoreBounds:
    """``together``: the least and the most of all the sides' scores added; ``each``: a
    side's own least and most where the cards say more than the game's most; ``why``: the
    reason, in the game's words, for the refusals."""

    together: tuple[int, int]
    each: Mapping[str, tuple[int, int]] = field(default_factory=dict)
    why: str = ""

    def words(self) -> str:
        """The bounds as the entry screen says them beside the scores."""
        least, most = self.together
        said = [f"Together {least} to {most}"]
        for name, (lowest, highest) in self.each.items():
            said.append(f"{name} at least {lowest}" if highest >= most
                        else f"{name} {lowest} to {highest}")
        return "; ".join(said) + "."

    def check(self, scores: Mapping[str, int], where: Location, noun: str,
              error: type[RefereeInputError] = HandEntryError) -> None:
        """Raise ``error`` at the last side's score (``where`` + name) when the sum is wrong,
        else at the side's own it refuses."""
        total, (least, most) = sum(scores.values()), self.together
        if not least <= total <= most:
            last = list(scores)[-1]
            raise error(f"The scores come to {total}; a {noun}'s come to {least} to {most}: "
                        f"{self.why}.", (*where, last))
        for name, (least, most) in self.each.items():
            if name in scores and not least <= scores[name] <= most:
                raise error(f"{scores[name]} for {name} can't be right: {name} scores {least} "
                            f"to {most} in this {noun}: {self.why}.", (*where, name))
