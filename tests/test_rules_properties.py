"""Properties of the meld rules that hold for every handful of cards (hypothesis).

- The order cards are given in never changes the verdict (api.md: order does not matter).
- Every run reading is one suit, consecutive, never repeats a rank, keeps the ace at one end
  only, and each joker stands for the card at its place, the card missing there (rulings.md:
  "A run is same-suit, consecutive..." and "A joker stands for one specific card").
- Every book reading is one rank, with the game's size and suit limits.
- A meld laid on the table in its reading's order lies exactly as read, either way round.
- Whatever a lay-off or joker swap accepts, check_meld also finds legal, and of the same kind.
"""

from __future__ import annotations

from collections import Counter

from hypothesis import assume, given, settings
from hypothesis import strategies as st

from referee.core import JOKER, MeldKind, TableMeld, check_meld, get_ruleset
from referee.core.cards import Card, Rank, Suit, natural
from referee.core.melds import ACE_HIGH, rank_at

# (ruleset, options) pairs: every game, and Basic with its ace-high house rule.
TABLES = [("eversol", {}), ("500", {}), ("basic", {}), ("basic", {"ace_high": True}),
          ("base", {})]
DECKS = 4  # or one, in a one-deck game
# The same 150 examples every run (no example database): the suite is deterministic.
SETTINGS = settings(max_examples=150, deadline=None, derandomize=True, database=None)


def configure(key, options):
    ruleset = get_ruleset(key)
    return ruleset.configure(options=options, decks=min(DECKS, ruleset.most_decks))


def position(card: Card, ace_at: int) -> int:
    return ace_at if card.rank is Rank.ACE else int(card.rank)


def identity(card: Card) -> Card | None:
    return card.stands_for if card.is_joker else card


def physical(cards) -> Counter:
    """The cards as they are in the hand: naturals by name, jokers just as jokers."""
    return Counter("JK" if c.is_joker else str(c) for c in cards)


def supply_pool(table) -> list[Card]:
    pool = [natural(r, s) for r in Rank for s in Suit for _ in range(table.decks)
            if table.deck.copies_of(natural(r, s), table.decks)]
    return pool + [JOKER] * table.deck.copies_of(JOKER, table.decks)


@st.composite
def handfuls(draw):
    """Any cards the decks could hold, and the table they are asked about."""
    key, options = draw(st.sampled_from(TABLES))
    table = configure(key, options)
    pool = supply_pool(table)
    focus = draw(st.sampled_from(["any", "suit", "rank"]))   # near-melds are the interesting ones
    if focus == "suit":
        suit = draw(st.sampled_from(list(Suit)))
        pool = [c for c in pool if c.is_joker or c.suit is suit]
    elif focus == "rank":
        rank = draw(st.sampled_from(sorted({c.rank for c in pool if not c.is_joker})))
        pool = [c for c in pool if c.is_joker or c.rank is rank]
    picks = draw(st.lists(st.integers(0, len(pool) - 1), min_size=1, max_size=9, unique=True))
    return table, [pool[i] for i in picks]


def frame(table) -> tuple[int, int]:
    rules = table.melds
    return (1 if rules.ace_low else 2), (ACE_HIGH if rules.ace_high else 13)


@st.composite
def runs(draw, tables=tuple(TABLES), min_jokers=0):
    """A legal run: a stretch of one suit, some cards replaced by jokers, then shuffled."""
    key, options = draw(st.sampled_from(tables))
    table = configure(key, options)
    low_end, high_end = frame(table)
    longest = min(13, high_end - low_end + 1)
    length = draw(st.integers(table.melds.min_run, longest))
    start = draw(st.integers(low_end, high_end - length + 1))
    suit = draw(st.sampled_from(list(Suit)))
    cards = [natural(rank_at(p), suit) for p in range(start, start + length)]
    if table.deck.jokers_per_deck:
        wild = draw(st.sets(st.integers(0, length - 1), min_size=min_jokers,
                            max_size=min(length - 1, 2 * table.decks)))
        named = draw(st.booleans())
        cards = [(Card(stands_for=c) if named else JOKER) if i in wild else c
                 for i, c in enumerate(cards)]
    shuffled = draw(st.permutations(cards))
    return table, shuffled


@st.composite
def books(draw):
    """A legal book: one rank, the game's size and suits, some cards jokers."""
    key, options = draw(st.sampled_from(TABLES))
    table = configure(key, options)
    in_game = [r for r in Rank if table.deck.copies_of(natural(r, Suit.SPADES), 1)]
    rank = draw(st.sampled_from(in_game))
    rules = table.melds
    if rules.book_suits_distinct:
        suits = draw(st.lists(st.sampled_from(list(Suit)), min_size=rules.min_book,
                              max_size=rules.max_book or 4, unique=True))
    else:
        suits = draw(st.lists(st.sampled_from(list(Suit)), min_size=rules.min_book, max_size=8))
        assume(max(Counter(suits).values()) <= table.decks)
    cards = [natural(rank, s) for s in suits]
    if table.deck.jokers_per_deck:
        wild = draw(st.sets(st.integers(0, len(cards) - 1), max_size=len(cards) - 1))
        cards = [JOKER if i in wild else c for i, c in enumerate(cards)]
    return table, draw(st.permutations(cards))


def assert_run_reading_is_sound(reading, given, table) -> None:
    rules = table.melds
    cards = reading.cards
    assert len(cards) == len(given) >= rules.min_run
    assert physical(cards) == physical(given)
    assert all(c.stands_for is not None for c in cards if c.is_joker)
    idents = [identity(c) for c in cards]
    assert {c.suit for c in idents} == {reading.suit}
    ranks = [c.rank for c in idents]
    assert len(set(ranks)) == len(ranks)                   # no rank twice
    ace_at = ACE_HIGH if idents[-1].rank is Rank.ACE and len(cards) > 1 else 1
    positions = [position(c, ace_at) for c in idents]
    assert positions == list(range(positions[0], positions[0] + len(cards)))   # consecutive
    assert rules.ace_low or 1 not in positions
    assert rules.ace_high or ACE_HIGH not in positions
    # each joker is the card missing at its place
    for card, ident in zip(cards, idents):
        if card.is_joker:
            assert not any(str(g) == str(ident) for g in given if not g.is_joker)


def assert_book_reading_is_sound(reading, given, table) -> None:
    rules = table.melds
    assert physical(reading.cards) == physical(given)
    idents = [identity(c) for c in reading.cards if identity(c) is not None]
    assert {c.rank for c in idents} == {reading.rank}
    assert len(reading.cards) >= rules.min_book
    if rules.max_book is not None:
        assert len(reading.cards) <= rules.max_book
    if rules.book_suits_distinct:
        suits = [c.suit for c in idents]
        assert len(set(suits)) == len(suits)


# --- Order does not matter ------------------------------------------------------------------

def reading_summary(verdict):
    return {r.kind: sorted(Counter(str(c) for c in r.cards).items()) for r in verdict.readings}


@SETTINGS
@given(handfuls(), st.randoms(use_true_random=False))
def test_shuffling_the_cards_never_changes_the_verdict(handful, rng):
    table, cards = handful
    verdict = table.check_meld(cards)
    shuffled = list(cards)
    rng.shuffle(shuffled)
    again = table.check_meld(shuffled)
    assert (again.valid, again.kinds) == (verdict.valid, verdict.kinds)
    assert reading_summary(again) == reading_summary(verdict)
    assert (verdict.reason is None) == verdict.valid


@SETTINGS
@given(runs(), st.randoms(use_true_random=False))
def test_shuffling_a_legal_run_never_changes_its_readings(run, rng):
    table, cards = run
    verdict = table.check_meld(cards)
    shuffled = list(cards)
    rng.shuffle(shuffled)
    assert reading_summary(table.check_meld(shuffled)) == reading_summary(verdict)


# --- Every reading obeys the rules ----------------------------------------------------------

@SETTINGS
@given(handfuls())
def test_every_reading_of_any_handful_is_sound(handful):
    table, cards = handful
    verdict = table.check_meld(cards)
    for reading in verdict.readings:
        if reading.kind is MeldKind.RUN:
            for placement in (reading.cards, *reading.other_placements):
                assert_run_reading_is_sound(
                    type(reading)(MeldKind.RUN, placement, suit=reading.suit), cards, table)
        else:
            assert_book_reading_is_sound(reading, cards, table)


@SETTINGS
@given(runs())
def test_a_legal_run_is_found_and_every_placement_is_sound(run):
    table, cards = run
    verdict = table.check_meld(cards)
    assert "run" in verdict.kinds, verdict.reason
    reading = verdict.reading(MeldKind.RUN)
    for placement in (reading.cards, *reading.other_placements):
        assert_run_reading_is_sound(type(reading)(MeldKind.RUN, placement, suit=reading.suit),
                                    cards, table)


@SETTINGS
@given(books())
def test_a_legal_book_is_found_and_sound(book):
    table, cards = book
    verdict = table.check_meld(cards)
    assert "book" in verdict.kinds, verdict.reason
    assert_book_reading_is_sound(verdict.reading(MeldKind.BOOK), cards, table)


# --- Laying in order ------------------------------------------------------------------------

@SETTINGS
@given(runs(), st.booleans())
def test_a_run_laid_in_its_readings_order_lies_as_read(run, backwards):
    table, cards = run
    reading = table.check_meld(cards).reading(MeldKind.RUN)
    ordered = list(reading.cards)
    laid = table.lay(ordered[::-1] if backwards else ordered, MeldKind.RUN)
    assert laid.cards == reading.cards


# --- Lay-offs and swaps give legal melds ----------------------------------------------------

@st.composite
def lay_offs(draw):
    table, cards = draw(st.one_of(runs(), books()))
    kind = MeldKind.RUN if table.check_meld(cards).reading(MeldKind.RUN) and (
        not table.check_meld(cards).reading(MeldKind.BOOK)) else MeldKind.BOOK
    reading = table.check_meld(cards).reading(kind)
    meld = table.lay(list(reading.cards), kind)
    pool = supply_pool(table)
    if kind is MeldKind.RUN:   # cards of the suit near either end, which mostly fit
        near = [natural(rank_at(p), meld.suit) for p in range(meld.low - 2, meld.high + 3)
                if 1 <= p <= ACE_HIGH]
    else:
        near = [natural(meld.rank, s) for s in Suit]
    near = [c for c in near if table.deck.copies_of(c, 1)] + [c for c in pool if c.is_joker][:1]
    add = draw(st.lists(st.one_of(st.sampled_from(near), st.sampled_from(pool)),
                        min_size=1, max_size=3))
    return table, meld, add


@SETTINGS
@given(lay_offs())
def test_whatever_a_lay_off_accepts_is_a_legal_meld_of_the_same_kind(case):
    table, meld, add = case
    result = meld.extend(add, table.melds)
    if not result.valid:
        assert result.reason and result.meld == meld
        return
    grown = result.meld
    assert physical(grown.cards) == physical(meld.cards) + physical(add)
    verdict = check_meld(list(grown.cards), table.melds)
    assert meld.kind.value in verdict.kinds, verdict.reason
    if meld.kind is MeldKind.RUN:   # it lies in order, keeping every joker where it was
        assert TableMeld.lay(grown.cards, table.melds, MeldKind.RUN).cards == grown.cards
        kept = {i: c for i, c in enumerate(meld.cards)}
        offset = meld.low - grown.low
        assert all(grown.cards[i + offset] == c for i, c in kept.items())


@SETTINGS
@given(runs())
def test_a_card_next_to_either_end_of_a_run_is_always_a_lay_off(run):
    table, cards = run
    meld = table.lay(list(table.check_meld(cards).reading(MeldKind.RUN).cards), MeldKind.RUN)
    low_end, high_end = frame(table)
    if meld.low == 1:
        high_end = 13          # an ace at the bottom keeps the top below the ace
    if meld.high == ACE_HIGH:
        low_end = 2
    for end in (meld.low - 1, meld.high + 1):
        if low_end <= end <= high_end:
            card = natural(rank_at(end), meld.suit)
            result = meld.extend([card], table.melds)
            assert result.valid, result.reason
            assert len(result.meld.cards) == len(meld.cards) + 1


@SETTINGS
@given(runs(tables=[("eversol", {})], min_jokers=1), st.data())
def test_swapping_the_right_card_for_a_run_joker_frees_it_and_no_other_card_does(run, data):
    table, cards = run
    assert table.melds.joker_swap and any(c.is_joker for c in cards)
    meld = table.lay(list(table.check_meld(cards).reading(MeldKind.RUN).cards), MeldKind.RUN)
    joker_at = data.draw(st.sampled_from([i for i, c in enumerate(meld.cards) if c.is_joker]))
    wanted = meld.cards[joker_at].stands_for
    result = meld.swap_joker(wanted, table.melds)
    assert result.valid and result.freed_joker
    assert result.meld.cards[joker_at] == wanted
    assert "run" in check_meld(list(result.meld.cards), table.melds).kinds
    other = data.draw(st.sampled_from([natural(r, s) for r in Rank for s in Suit]))
    standing_for = {c.stands_for for c in meld.cards if c.is_joker}
    if other not in standing_for:
        assert not meld.swap_joker(other, table.melds).valid


def test_the_pool_matches_the_supply():
    # a guard on the strategies themselves: each pool holds exactly what the decks hold
    for key, options in TABLES:
        table = configure(key, options)
        table.check_supply(supply_pool(table))
        assert len(supply_pool(table)) == table.decks * (48 if key == "base" else 52) + \
            table.deck.copies_of(JOKER, table.decks)
