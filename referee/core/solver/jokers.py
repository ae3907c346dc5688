"""The any-melds search when jokers are held (500).

Jokers go only where a meld needs them: a run's gaps, or up to a meld's least
size. Each meld notes how many more jokers it could take (its room), and the
search carries the room found so far, so jokers still held at the end go there.
The memo is keyed by the cards left, the jokers left and that room (never more
than the jokers left, so equal futures share one entry).
"""

from __future__ import annotations

from ..melds import ACE_HIGH
from .bits import LONGEST_RUN, PLANE, Game, Meld, kind_bit, remove


class JokerSearch:
    def __init__(self, game: Game, planes: int):
        self.game = game
        self.planes = planes
        self.memo: dict[tuple[int, int, int], tuple[int, Meld | None]] = {}

    def solve(self, state: int, jokers: int) -> tuple[list[tuple[Meld, int]], int]:
        """The best melds, each with the extra jokers it takes, and the jokers left held."""
        self.best(state, jokers, 0)
        chosen: list[Meld] = []
        room = 0
        while state:
            choice = self.memo[(state, jokers, room)][1]
            if choice is None:
                state = remove(state, state & -state, self.planes)
                continue
            chosen.append(choice)
            state = remove(state, choice.mask, self.planes)
            jokers -= choice.needed
            room = min(room + choice.room, jokers)
        placed: list[tuple[Meld, int]] = []
        for meld in chosen:
            extra = min(room, meld.room)
            placed.append((meld, extra))
            room -= extra
            jokers -= extra
        return placed, jokers

    def best(self, state: int, jokers: int, room: int) -> int:
        """Most points melded from here; ``room`` (at most ``jokers``) is room for spare jokers."""
        if not state:
            return room * self.game.joker_value
        key = (state, jokers, room)
        known = self.memo.get(key)
        if known is not None:
            return known[0]
        game = self.game
        ceiling = game.value_of_state(state) + jokers * game.joker_value
        top, choice = -1, None
        low = state & -state
        for meld in self._melds_through(low.bit_length() - 1, state & PLANE, jokers):
            left = jokers - meld.needed
            total = meld.value + self.best(remove(state, meld.mask, self.planes), left,
                                           min(room + meld.room, left))
            if total > top:
                top, choice = total, meld
                if top == ceiling:  # everything melds: nothing can beat it
                    break
        if top < ceiling - game.values[low.bit_length() - 1]:  # keeping the card might do better
            kept = self.best(remove(state, low, self.planes), jokers, room)
            if kept > top:
                top, choice = kept, None
        self.memo[key] = (top, choice)
        return top

    def _melds_through(self, bit: int, present: int, jokers: int):
        """Every meld whose lowest card is ``bit``, needing at most ``jokers``."""
        game = self.game
        rank, suit = bit // 4, bit % 4
        suits_here = present >> (rank * 4) & 15
        for chosen in range(1 << suit, 16):
            size = chosen.bit_count()
            if chosen & suits_here != chosen or not chosen >> suit & 1 or size > game.max_book:
                continue
            needed = max(0, game.min_book - size)
            if needed <= jokers and size + needed <= game.max_book:
                yield game.book(rank, chosen, needed)
        if rank:
            yield from self._runs(suit, (rank + 1,), 0, present, jokers, 1)
            return
        if game.ace_low:
            yield from self._runs(suit, (1,), 0, present, jokers, 1)
        if game.ace_high:
            yield from self._runs(suit, (ACE_HIGH,), 0, present, jokers, -1)

    def _runs(self, suit: int, positions: tuple[int, ...], gaps: int, present: int,
              jokers: int, step: int):
        """Runs holding these naturals and maybe more beyond them, in the direction of ``step``."""
        game = self.game
        ordered = positions if step == 1 else positions[::-1]
        lone_high_ace = ordered == (ACE_HIGH,) and game.ace_low  # the low ace covers it
        meld = game.run(suit, ordered, gaps)
        if meld.needed <= jokers and meld.room >= 0 and not lone_high_ace:
            yield meld
        low, high = game.frame(meld.ace_at)
        longest = min(LONGEST_RUN, high - low + 1)
        last = positions[-1]
        for skipped in range(jokers - gaps + 1):
            position = last + step * (skipped + 1)
            if not 2 <= position <= 13 or abs(position - positions[0]) + 1 > longest:
                break
            if present >> kind_bit(position, suit) & 1:
                yield from self._runs(suit, positions + (position,), gaps + skipped, present,
                                      jokers, step)
