"""What every ruleset declares: options, deck, meld rules, card values, deals.

A ``Ruleset`` is data plus a few small functions; ``configure`` binds it to one
table's house options and deck count, giving the ``TableRules`` the referee
asks questions of.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from functools import cached_property
from typing import TYPE_CHECKING, Any, ClassVar

from ..cards import JOKER, Card, DeckSpec, Rank, Suit, natural
from ..errors import DeckCountError, NotInRulesetError, WrongTypeError
from ..melds import MeldKind, MeldRules, Verdict, check_meld
from ..rule_anchors import RuleAnchor
from ..table import TableMeld
from .finishing import TurnRules
from .options import Options, OptionSpec, resolve_house_options
from .keeping import Keeping
from .stakes import Stakes

if TYPE_CHECKING:  # a part of the rummy family a rummy game fills in; the model only names it
    from ..rummy.rummy_call import RummyCall

MAX_DECKS = 8
MIN_PLAYERS, MAX_PLAYERS = 2, 20


@dataclass(frozen=True)
class Contract:
    """What an Eversol hand asks a player to lay down to go down."""

    hand: int
    cards_dealt: int
    books: int
    runs: int
    discard: bool = True

    def describe(self, book_word: str = "book", run_word: str = "run") -> str:
        """The contract in words.

        >>> Contract(6, 11, 1, 2, discard=False).describe()
        'one book and two runs'
        """
        parts = [f"{_NUMBER_WORDS[n]} {word}{'s' if n > 1 else ''}"
                 for n, word in ((self.books, book_word), (self.runs, run_word)) if n]
        return " and ".join(parts)


_NUMBER_WORDS = {1: "one", 2: "two", 3: "three", 4: "four"}


@dataclass(frozen=True)
class OpeningQuestion:
    """"Can we open?": a team's first melds of a hand against that hand's minimum."""

    hands: int
    minimum: Callable[[int, Options], int]  # the hand's minimum at these house rules
    options: tuple[str, ...]  # the house rules that set the minimums
    # The answer is the ruleset's opening_check.


@dataclass(frozen=True)
class GoingOutQuestion:
    """"May we go out?": a checklist of what a team has, each partner, the partner's yes."""

    counts: tuple[tuple[str, str], ...]  # what the team counts (name, label): piles...
    partner_did: str  # what each partner must have done, after the partner's name
    # (counts, each partner's flag, asked, the partner said yes[, the partners' names]) -> an
    # answer whose checklist
    # is in that order: one line per count, one per partner, then the partner's yes; with
    # may_go_out, reason and penalties
    check: Callable[[Mapping[str, int], Sequence[bool], bool, bool], Any]
    partners: tuple[int, ...] = (2, 3)


@dataclass(frozen=True)
class Ruleset:
    key: str
    title: str
    summary: str
    option_specs: tuple[OptionSpec, ...]
    meld_rules: Callable[[Options], MeldRules]
    deck: Callable[[Options], DeckSpec]
    card_value: Callable[[Card, Options, bool], int]
    deal_size: Callable[[int, int | None, Options], int]
    deal_table: tuple[dict[str, Any], ...]
    recommended_decks: Callable[[int], int]
    short_title: str = ""  # in sentences such as "Eversol points come in fives"
    # What the game calls one hand on its screens ("End of deal 3"): Piquet plays deals.
    hand_noun: str = "hand"
    players: tuple[int, int] = (MIN_PLAYERS, MAX_PLAYERS)  # the fewest and the most
    keeping: Keeping | None = None  # how the scorekeeper keeps a game of it
    book_word: str = "book"
    run_word: str = "run"
    runs: bool = True  # False: every meld is of one rank, and screens speak of no run
    contracts: tuple[Contract, ...] = ()
    value_notes: tuple[str, ...] = field(default=())
    # The rulings at a live table this game has (None: it has none); the API and the screens
    # ask the ruleset for them, so none of them names a game.
    rummy_call: RummyCall | None = None
    resolve_buy: Callable[..., Any] | None = None  # who gets a discard several players want
    # A game whose melds the shared MeldRules cannot say (wild 2s, a wild-card limit by the
    # meld's length) judges them itself: the verdict, and what else its answer tells (a pile).
    judge_meld: Callable[[Sequence[Card], Options], tuple[Verdict, dict[str, Any]]] | None = None
    # A legal meld in one sentence (the pile it makes), where the game has more to say of it.
    describe_meld: Callable[[Sequence[Card], Options], str | None] | None = None
    arranges: bool = True  # the arranger and lay-offs work under its MeldRules
    # A game whose wild cards are not the shared grammar's jokers (2s wild too, melds of wild
    # cards alone) says them in its own words on the rules page (None: the shared paragraph).
    wild_words: str | None = None
    # False: a game without melds (Piquet, Escoba): no meld question is offered for it and its
    # rules say nothing of melds; its meld_rules are only there to fill the field.
    has_melds: bool = True
    # How a turn may end the hand at these house options (a last discard, floating...), which
    # the arranger's going-out answer follows (None: the game has no such answer).
    turn_rules: Callable[[Options], TurnRules] | None = None
    # A game whose melds the shared arranger cannot make (wild 2s, wild-card limits) arranges
    # a hand itself: (cards, table, hand or None) -> solver.result.Arrangement.
    arrange_hand: Callable[[Sequence[Card], TableRules, int | None], Any] | None = None
    default_decks: int = 1  # when a question names neither the decks nor the players
    upcard: bool = True  # a card is turned up after the deal (False: Authors deals every card)
    most_decks: int = MAX_DECKS  # 1: a one-deck game (Tonk, Basic, Base), where 2 is refused
    # What the table must know at the start of a hand besides the deal and the contract (a
    # rising opening minimum): sentences, from the hand's number and the house options.
    hand_notes: Callable[[int, Options], tuple[str, ...]] = lambda hand, options: ()
    # Whether a team's first melds of a hand may open it (None: the game has no such rule):
    # called as (melds, hand, options, decks), it answers valid, points (None when a meld is
    # not legal), minimum and reason, and each meld's own check (legal, pile_name, points,
    # reason) in melds.
    opening_check: Callable[[Sequence[Sequence[Card]], int, Options, int], Any] | None = None
    # The questions at the table this game has screens for (None: it has no such question).
    opening: OpeningQuestion | None = None
    going_out: GoingOutQuestion | None = None
    # The rules reference's prose, by section anchor (a RuleAnchor value): what the data above
    # cannot say. The reference page writes the rest from the data (model/reference.py).
    rules_text: Mapping[str, tuple[str, ...]] = field(default_factory=dict)
    # Raised when the game's figures for the same events change (a rule read anew): a summary
    # kept by an earlier edition is folded again as it is read, never shown stale.
    scoring_edition: int = 1

    @property
    def players_words(self) -> str:
        """How many may play, in words: ``'2 to 8'``, or ``'4 or 6'`` where set teams seat
        only some numbers.

        >>> from referee.core.games.registry import get_ruleset
        >>> get_ruleset("500").players_words, get_ruleset("hand-and-foot").players_words
        ('2 to 8', '4 or 6')
        """
        partnerships = self.keeping.partnerships if self.keeping else None
        if partnerships is None or partnerships.optional:  # or each alone
            fewest, most = self.players
            return str(fewest) if fewest == most else f"{fewest} to {most}"  # Piquet: '2'
        return " or ".join(map(str, self.player_counts))

    @property
    def arranges_hands(self) -> bool:
        """Whether the hand arranger answers for this game (the shared one, or its own)."""
        return self.arranges or self.arrange_hand is not None

    @property
    def player_counts(self) -> tuple[int, ...]:
        """Every number of players a table of it may seat: the span, or where set teams seat
        only some numbers, those.

        >>> from referee.core.games.registry import get_ruleset
        >>> get_ruleset("tonk").player_counts, get_ruleset("hand-and-foot").player_counts
        ((2, 3, 4, 5), (4, 6))
        """
        partnerships = self.keeping.partnerships if self.keeping else None
        if partnerships is None or partnerships.optional:  # or each alone
            return tuple(range(self.players[0], self.players[1] + 1))
        return tuple(sorted({teams * size for teams, size in partnerships.shapes}))

    @property
    def decks_words(self) -> str:
        """The most decks it is played with, in words: ``'one deck'``, ``'up to 8 decks'``."""
        return "one deck" if self.most_decks == 1 else f"up to {self.most_decks} decks"

    @property
    def stakes(self) -> Stakes | None:
        """How the game settles a hand for stakes; ``None`` where it keeps points (or is not
        kept at all)."""
        return self.keeping.stakes if self.keeping is not None else None

    def resolve_options(self, given: Options | None = None) -> Options:
        """Defaults overlaid with the table's choices; unknown names raise."""
        return resolve_house_options(self.title, self.option_specs, given)

    def configure(self, options: Options | None = None, decks: int | None = None,
                  players: int | None = None, strict: bool = True) -> TableRules:
        """This ruleset at one table; ``decks`` defaults to the recommendation. ``strict``
        off takes a game saved before a one-deck game refused more decks, so it still loads.

        >>> from referee.core.games.registry import get_ruleset
        >>> get_ruleset("basic").configure(decks=2)
        Traceback (most recent call last):
        ...
        referee.core.errors.DeckCountError: Basic Rummy is played with one deck, not 2.
        """
        resolved = self.resolve_options(options)
        if decks is None:
            decks = self.recommended_decks(players) if players else self.default_decks
        if not isinstance(decks, int) or isinstance(decks, bool):
            raise WrongTypeError("decks must be a whole number.", "decks")
        if not 1 <= decks <= MAX_DECKS:
            raise DeckCountError(f"Play with 1 to {MAX_DECKS} decks.", "decks")
        if decks > self.most_decks and strict:
            raise DeckCountError(f"{self.title} is played with {self.decks_words}, not "
                                 f"{decks}.", "decks")
        return TableRules(self, resolved, decks)

    def describe(self) -> dict[str, Any]:
        """Everything GET /api/v1/rulesets says about this game."""
        options = self.resolve_options()
        deck = self.deck(options)
        values: dict[str, int] = {}
        for label, black, red in _VALUE_EXAMPLES:
            if not deck.copies_of(black, 1):
                continue
            worth = self.card_value(black, options, False)
            red_worth = self.card_value(red, options, False)
            if red_worth == worth:
                values[label] = worth
            else:  # a rank whose colour changes its worth (a red 3) says both
                values[f"black {label}"], values[f"red {label}"] = worth, red_worth
        if not deck.jokers_per_deck:
            values.pop("JK", None)
        described: dict[str, Any] = {
            "key": self.key, "name": self.title, "summary": self.summary,
            "words": {"book": self.book_word, "run": self.run_word},
            "options": [spec.describe() for spec in self.option_specs],
            "deal": list(self.deal_table),
            "card_values": values,
            "value_notes": list(self.value_notes),
            "players": {"min": self.players[0], "max": self.players[1]},
            "recommended_decks": {str(n): self.recommended_decks(n)
                                  for n in self.player_counts},
            "most_decks": self.most_decks,
        }
        described["keeping"] = None if self.keeping is None else self.keeping.describe(
            self.resolve_options())
        if self.contracts:
            described["contracts"] = [
                {"hand": c.hand, "cards_dealt": c.cards_dealt, "books": c.books, "runs": c.runs,
                 "discard": c.discard, "description": c.describe(self.book_word, self.run_word)}
                for c in self.contracts]
        return described


def game_without_melds(*, key: str, title: str, summary: str, deck: DeckSpec,
                       hand_size: int, players: tuple[int, int], keeping: Keeping,
                       rules_text: Mapping[str, tuple[str, ...]],
                       card_value: Callable[[Card], int] = lambda card: 0,
                       **declared: Any) -> Ruleset:
    """A one-deck game whose cards are never melded (tricks, captures, books, shedding).

    ``Ruleset`` still carries what a rummy declares (meld rules, decks by table size, the
    arranger); such a game has none of it, so those fields are filled in here, once, and the
    game declares only itself. ``declared`` sets any other field of ``Ruleset`` (its options,
    its own deal sizes, ``hand_noun``...). ``card_value`` is a card's worth in the game (a
    capture's value, say), where it has one.

    >>> from referee.core.cards import DeckSpec
    >>> game = game_without_melds(key="demo", title="Demo", summary="", deck=DeckSpec("Demo"),
    ...                           hand_size=5, players=(2, 6), keeping=None, rules_text={})
    >>> game.has_melds, game.deal_table, game.configure().decks
    (False, ({'players': '2-6', 'cards': 5},), 1)
    """
    fewest, most = players
    fields: dict[str, Any] = {
        "option_specs": (), "meld_rules": lambda options: MeldRules(game=title),
        "deck": lambda options: deck,
        "card_value": lambda card, options, low_ace_in_run=False: card_value(card),
        "deal_size": lambda seated, hand, options: hand_size,
        "deal_table": ({"players": str(fewest) if fewest == most else f"{fewest}-{most}",
                        "cards": hand_size},),
        "recommended_decks": lambda seated: 1, "short_title": title, "most_decks": 1,
        "arranges": False, "has_melds": False}
    fields.update(declared)
    return Ruleset(key=key, title=title, summary=summary, players=players, keeping=keeping,
                   rules_text=rules_text, **fields)


def _value_examples() -> tuple[tuple[str, Card, Card], ...]:
    """Each rank's label with a black and a red card of it (and the joker's, twice)."""
    return tuple((r.label, natural(r, Suit.SPADES), natural(r, Suit.HEARTS)) for r in Rank) + (
        ("JK", JOKER, JOKER),)


_VALUE_EXAMPLES = _value_examples()


@dataclass(frozen=True)
class TableRules:
    """A ruleset with one table's house options and number of decks."""

    ruleset: Ruleset
    options: Options
    decks: int

    # Cached on the instance (cached_property writes past the frozen dataclass's
    # __setattr__): the arranger asks for these on every call.
    @cached_property
    def melds(self) -> MeldRules:
        return self.ruleset.meld_rules(self.options)

    @cached_property
    def deck(self) -> DeckSpec:
        return self.ruleset.deck(self.options)

    @property
    def has_jokers(self) -> bool:
        """Whether the game is played with jokers: what hints, examples and pickers offer.

        >>> from referee.core.games.registry import get_ruleset
        >>> get_ruleset("500").configure().has_jokers, get_ruleset("base").configure().has_jokers
        (True, False)
        """
        return self.deck.has_jokers

    @cached_property
    def turn_rules(self) -> TurnRules | None:
        make = self.ruleset.turn_rules
        return None if make is None else make(self.options)

    @cached_property
    def key(self) -> tuple:
        """Hashable: the game, its house options in order, the decks."""
        return (self.ruleset.key, tuple(self.options.items()), self.decks)

    def check_supply(self, cards: Sequence[Card], field: str = "cards") -> None:
        """Raise when these cards could not all exist in this game's decks."""
        self.deck.check_supply(cards, self.decks, field)

    def check_meld(self, cards: Sequence[Card]) -> Verdict:
        return self.judge_meld(cards)[0]

    def judge_meld(self, cards: Sequence[Card]) -> tuple[Verdict, dict[str, Any]]:
        """The verdict on ``cards``, and what else the game says of them (``{}`` in most)."""
        self.check_supply(cards)
        if self.ruleset.judge_meld is not None:
            return self.ruleset.judge_meld(cards, self.options)
        return check_meld(cards, self.melds), {}

    def check_arranges(self, question: str = "The hand arranger", hands: bool = False) -> None:
        """Raise when the shared arranger and lay-off rules cannot speak for this game's melds
        (``question``: what was asked of them, as the sentence's subject); ``hands``: only a
        hand's arranging is asked, which a game may do itself."""
        if not (self.ruleset.arranges_hands if hands else self.ruleset.arranges):
            raise NotInRulesetError(f"{question} does not handle {self.ruleset.title} melds; "
                                    "check each meld, with all its cards, on its own.",
                                    "ruleset")

    def describe_meld(self, cards: Sequence[Card]) -> str | None:
        """A legal meld in the game's words, or None where the verdict says it all."""
        if self.ruleset.describe_meld is None:
            return None
        self.check_supply(cards)
        return self.ruleset.describe_meld(cards, self.options)

    def lay(self, cards: Sequence[Card], kind: MeldKind | None = None,
            field: str = "meld") -> TableMeld:
        self.check_supply(cards, field)
        return TableMeld.lay(cards, self.melds, kind)

    def card_value(self, card: Card, low_ace_in_run: bool = False) -> int:
        self.deck.check_card(card)  # a joker in Basic, an ace in Base: bad input
        return self.ruleset.card_value(card, self.options, low_ace_in_run)

    def held_points_range(self, count: int, known: Sequence[Card] = (),
                          elsewhere: Sequence[Card] = ()) -> tuple[int, int]:
        """The fewest and the most points ``count`` cards held could be worth, when ``known``
        are among them (seen going into the hand) and the rest may be any other cards but
        those seen ``elsewhere`` (on the table, dead, in another hand).

        >>> from referee.core.games.registry import EVERSOL
        >>> table = EVERSOL.configure(decks=1)
        >>> table.held_points_range(3), table.held_points_range(3, [JOKER])
        ((15, 115), (60, 115))
        >>> table.held_points_range(3, elsewhere=[JOKER])  # one joker left to hold
        (15, 80)
        """
        rest = Counter(self.every_card())
        rest.subtract(card.bare() for card in (*known, *elsewhere))
        values = sorted(self.card_value(card) for card in (+rest).elements())
        count = max(0, min(count - len(known), len(values)))
        seen = sum(self.card_value(card) for card in known)
        return seen + sum(values[:count]), seen + sum(values[len(values) - count:])

    def every_card(self) -> list[Card]:
        """Every card of the decks in play, copies included."""
        cards = [natural(rank, suit) for rank in self.deck.ranks for suit in Suit]
        cards += [JOKER] * self.deck.jokers_per_deck
        return cards * self.decks


@dataclass(frozen=True)
class ShortDeal:
    """A hand the decks in play cannot deal: the hands and the upcard need more cards."""

    hand: int
    players: int
    cards_dealt: int  # to each player
    decks: int
    cards: int  # in the decks in play
    decks_needed: int
    rule: ClassVar[RuleAnchor] = RuleAnchor.PLAYERS  # the deal and the decks it needs

    @property
    def cards_needed(self) -> int:
        return self.cards_dealt * self.players + 1

    @property
    def message(self) -> str:
        have = "1 deck has" if self.decks == 1 else f"{self.decks} decks have"
        return (f"Hand {self.hand} cannot be dealt: {self.players} hands of {self.cards_dealt} "
                f"cards and the upcard take {self.cards_needed} cards, and {have} only "
                f"{self.cards}. It needs {self.decks_needed} decks.")


def short_deal(table: TableRules, players: int, hand: int | None) -> ShortDeal | None:
    """Why ``hand`` cannot be dealt to ``players`` from the table's decks; ``None`` if it can.

    >>> from referee.core.games.registry import EVERSOL
    >>> short_deal(EVERSOL.configure(decks=1), 6, 4).message
    'Hand 4 cannot be dealt: 6 hands of 9 cards and the upcard take 55 cards, and 1 deck has \
only 54. It needs 2 decks.'
    >>> short_deal(EVERSOL.configure(decks=1), 6, 3) is None
    True
    """
    dealt = table.ruleset.deal_size(players, hand, table.options)
    needed = dealt * players + int(table.ruleset.upcard)
    if table.deck.size(table.decks) >= needed:
        return None
    decks = table.decks
    while table.deck.size(decks) < needed:
        decks += 1
    return ShortDeal(hand or 1, players, dealt, table.decks, table.deck.size(table.decks), decks)


def first_short_deal(table: TableRules, players: int) -> ShortDeal | None:
    """The first hand of a game the table's decks cannot deal to ``players``, if any.

    >>> from referee.core.games.registry import EVERSOL
    >>> first_short_deal(EVERSOL.configure(decks=1), 6).hand
    4
    >>> first_short_deal(EVERSOL.configure(decks=3), 6) is None
    True
    """
    hands = range(1, len(table.ruleset.contracts) + 1) if table.ruleset.contracts else [None]
    return next((short for hand in hands
                 if (short := short_deal(table, players, hand)) is not None), None)


def decks_needed(players: int, usual: int, cards_per_deck: int, biggest_deal: int) -> int:
    """The usual deck count, raised until the biggest deal leaves a stock.

    The stock after the deal and the upcard must hold at least two cards a
    player, or the hand runs dry before anyone can go out.

    >>> decks_needed(20, 3, 54, 11)
    5
    """
    decks = usual
    while cards_per_deck * decks - (biggest_deal * players + 1) < 2 * players:
        decks += 1
    return decks
