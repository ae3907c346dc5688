"""What no cards could make: more piles than the decks hold, piles worth less than their own
cards, more perfect draws than a team has players.

A pile is seven cards. A clean one takes seven natural cards of one rank (4 to ace: each
deck has four of each), a wild one seven wild cards (each deck has four 2s and two jokers),
and a dirty one at least one wild card and the rest natural cards of its rank.

>>> from .options import resolve_options
>>> options = resolve_options()
>>> most_clean_piles(5)
22
>>> pile_problem(0, 4, 4, 5, options)  # 4 x 7 + 4 x 1 = 32 wild cards
('dirty_piles', '5 decks hold 30 wild cards, and 4 wild and 4 dirty piles take at least 32.')
>>> pile_problem(22, 11, 0, 5, options) is None, pile_problem(22, 12, 0, 5, options)[0]
(True, 'dirty_piles')
>>> least_melded(2, 2, 1)
310
>>> least_melded(9, 0, 0), least_melded(9, 0, 0, decks=5)  # two clean piles a rank of 4s-7s
(315, 350)
>>> CHEAPEST_MELD, most_melded(5)
(15, 2900)
"""

from __future__ import annotations

from collections.abc import Sequence
from functools import lru_cache

from ...cards import JOKER, Rank, Suit, natural
from ...model.ruleset import Options
from .cards import card_value, is_wild
from .melds import PILE

MELD_RANKS = tuple(rank for rank in Rank if rank not in (Rank.TWO, Rank.THREE))  # 4 to ace
NATURALS_PER_DECK = 4  # of each rank
WILDS_PER_DECK = 6  # four 2s and two jokers


def _cheapest(wild: bool) -> int:
    cards = [natural(rank, Suit.SPADES) for rank in Rank] + [JOKER]
    return min(card_value(card) for card in cards
               if is_wild(card) == wild and (wild or card.rank in MELD_RANKS))


MELD_LEAST = 3  # cards in a meld
CHEAPEST_MELD = MELD_LEAST * _cheapest(False)  # three 4s: 15


def _naturals(decks: int) -> list[tuple[int, int]]:
    """Each meldable rank's worth and how many of it the decks hold, cheapest first."""
    return sorted((card_value(natural(rank, Suit.SPADES)), NATURALS_PER_DECK * decks)
                  for rank in MELD_RANKS)


def _wilds(decks: int) -> list[int]:
    """Every wild card's worth, cheapest first (the 2s, then the jokers)."""
    twos = [card_value(natural(Rank.TWO, Suit.SPADES))] * NATURALS_PER_DECK * decks
    return sorted(twos + [card_value(JOKER)] * (WILDS_PER_DECK - NATURALS_PER_DECK) * decks)


def most_melded(decks: int) -> int:
    """What every card that can be melded is worth together: all but the 3s."""
    return sum(worth * count for worth, count in _naturals(decks)) + sum(_wilds(decks))


def melded_bounds(decks: int, options: Options | None = None) -> dict[str, str]:
    """What the decks allow a team's melded cards, said beside that entry on the screen.

    >>> melded_bounds(5)["melded"]
    'Nothing, or 15 (three 4s) up to 2900 with 5 decks, and at least what its piles hold.'
    """
    return {"melded": f"Nothing, or {CHEAPEST_MELD} (three 4s) up to {most_melded(decks)} "
                      f"with {decks} deck{'s' * (decks != 1)}, and at least what its piles "
                      "hold."}


def least_melded(clean: int, dirty: int, wild: int, decks: int | None = None) -> int:
    """The least the cards of these piles are worth: a pile is worth at least its own cards
    (a dirty pile needs one wild card at the least). With ``decks``, the cards those decks
    hold: a clean pile is seven of one rank, so only so many piles can be of the cheapest
    ranks, and the wild cards run from the 2s to the jokers."""
    low, wild_card = _cheapest(False), _cheapest(True)
    if decks is None:
        return (clean * PILE * low + dirty * ((PILE - 1) * low + wild_card)
                + wild * PILE * wild_card)
    clean_worth, left = 0, clean
    naturals = []  # the natural cards the clean piles leave, by worth
    for worth, count in _naturals(decks):
        piles = min(left, count // PILE)
        clean_worth += piles * PILE * worth
        left -= piles
        naturals += [worth] * (count - piles * PILE)
    dirty_naturals = sum(naturals[:(PILE - 1) * dirty])
    wilds = sum(_wilds(decks)[:wild * PILE + dirty])
    return clean_worth + dirty_naturals + wilds


def most_clean_piles(decks: int) -> int:
    return len(MELD_RANKS) * (NATURALS_PER_DECK * decks // PILE)


def pile_problem(clean: int, dirty: int, wild: int, decks: int,
                 options: Options) -> tuple[str, str] | None:
    """``None`` if the decks could make these piles together, else the count to blame
    (``"clean_piles"``...) and why not, in a sentence."""
    deck_words = f"{decks} deck{'s' * (decks != 1)}"
    wilds = WILDS_PER_DECK * decks
    if wild * PILE > wilds:
        return "wild_piles", (f"{deck_words} hold {wilds} wild cards: at most "
                              f"{wilds // PILE} wild piles, not {wild}.")
    if clean > most_clean_piles(decks):
        return "clean_piles", (f"{deck_words} hold {NATURALS_PER_DECK * decks} natural cards "
                               f"of each rank from 4 to ace: at most "
                               f"{most_clean_piles(decks)} clean piles, not {clean}.")
    if not dirty:
        return None
    if wild * PILE + dirty > wilds:
        return "dirty_piles", (f"{deck_words} hold {wilds} wild cards, and {wild} wild and "
                               f"{dirty} dirty piles take at least {wild * PILE + dirty}.")
    most_wilds = min(options["long_meld_wilds"], PILE - 1)  # a dirty pile has a natural card
    spare = wilds - wild * PILE - dirty  # wild cards left to stand in for natural ones
    if not most_wilds or _extra_wilds(clean, dirty, decks, most_wilds) > spare:
        return "dirty_piles", (f"{deck_words} cannot hold {clean} clean, {dirty} dirty and "
                               f"{wild} wild piles together: there are not enough natural or "
                               f"wild cards.")
    return None


@lru_cache(maxsize=64)
def _extra_wilds(clean: int, dirty: int, decks: int, most_wilds: int) -> float:
    """The fewest wild cards beyond one a dirty pile that the piles need to stand in for
    natural cards, spread over the ranks as best they can be (infinite: never enough)."""
    naturals = NATURALS_PER_DECK * decks
    best: dict[tuple[int, int], float] = {(0, 0): 0}
    for _ in MELD_RANKS:  # each rank takes some of the piles
        grown: dict[tuple[int, int], float] = {}
        for (c, d), extra in best.items():
            for more_c in range(clean - c + 1):
                for more_d in range(dirty - d + 1):
                    needed = max(0, PILE * more_c + (PILE - 1) * more_d - naturals)
                    if needed > more_d * (most_wilds - 1):
                        break  # more dirty piles of this rank only need more
                    key = (c + more_c, d + more_d)
                    grown[key] = min(grown.get(key, float("inf")), extra + needed)
        best = grown
    return best.get((clean, dirty), float("inf"))


def most_perfect_draws(team_sizes: Sequence[int]) -> int:
    """A perfect draw is a player's own: a team has at most one each."""
    return max(team_sizes)
