"""How a ruleset keeps a game: what a hand's entry holds, how it scores, and when the game ends.

Every kept game asks its ruleset's ``Keeping`` these questions, so a new game
arrives as a ruleset module without touching the scorekeeper.

>>> from referee.core.games.registry import get_ruleset
>>> five_hundred = get_ruleset("500")
>>> table = five_hundred.configure(decks=1)
>>> sheet = ScoreSheet(went_out=None, players={"Ann": {"melded": 40, "held": 5},
...                                             "Bo": {"melded": 0, "held": 32}})
>>> five_hundred.keeping.score(table, ("Ann", "Bo"), sheet).scores
{'Ann': 35, 'Bo': -32}
>>> five_hundred.keeping.end(table.options).describe()
'first to 500'
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from enum import Enum
from typing import TYPE_CHECKING, Any

from ..errors import GameSetupError, HandEntryError, Location, RefereeInputError
from .card_points import (_check_all_cards, check_held_within_deal, check_laid_going_out,
                          check_player_end, check_points,
                          could_make_in_lots, least_in_lot, most_points, point_step,
                          step_words)
from .seats import seat_of

if TYPE_CHECKING:
    from .deal_sheet import DealSheet
    from .ruleset import Options, TableRules
    from .score_bounds import ScoreBounds
    from .side_sheet import SideSheet
    from .stakes import Settlement, Stakes
    from .team_sheet import TeamSheet


class Direction(Enum):
    """Which way the deal passes round the seats (listed in turn to the left)."""

    LEFT = 1
    RIGHT = -1

    @property
    def seat_words(self) -> str:
        """Where the deal goes on the seat list, as the new-game screen says it."""
        return "down the list" if self is Direction.LEFT else "up the list, to the right"


class Ranking(Enum):
    """Which way the standings run."""

    LOWEST_FIRST = "lowest_first"
    HIGHEST_FIRST = "highest_first"

    def sort_key(self, total: int) -> int:
        return total if self is Ranking.LOWEST_FIRST else -total

    @property
    def best_word(self) -> str:
        return "lowest" if self is Ranking.LOWEST_FIRST else "highest"

    @property
    def better_word(self) -> str:
        return "lower" if self is Ranking.LOWEST_FIRST else "higher"


class EntryShape(Enum):
    """What the end-of-hand entry asks for."""

    HELD = "held"  # who went out, and the points every other player was caught with
    MELDED_MINUS_HELD = "melded_minus_held"  # everyone's melded and held value
    WINNER_COLLECTS = "winner_collects"  # who went out, rummy or not, the others' held points
    TEAMS = "teams"  # each team's numbers, as its game's ``Partnerships`` reads and scores them
    SETTLEMENT = "settlement"  # how the hand ended, who, the counts: its game's ``Stakes`` settle it
    # Each player's points for the hand, as the table worked them out: a game scored by
    # declarations and tricks (Piquet), or by captures (Escoba), not by cards left in hand.
    SCORES = "scores"
    # Who went out, and nothing else: the round is a win for them (Jack Change It's night
    # counts rounds won, not points).
    WENT_OUT = "went_out"
    # Who played the hand, the tricks each took and any penalty: its game's ``Stakes`` settle
    # it against the pot carried from the hand before (Bourré).
    POT = "pot"

    @property
    def names_who_went_out(self) -> bool:
        """Whether a hand entered this way says who went out, so that "nobody" means something
        (a hand of points, books or tricks has nobody to go out).

        >>> EntryShape.HELD.names_who_went_out, EntryShape.SCORES.names_who_went_out
        (True, False)
        """
        return self not in (EntryShape.SCORES, EntryShape.POT)


@dataclass(frozen=True)
class Finish:
    """What a game's end says beyond who won, where its rules say more (Piquet's margin and
    the Rubicon): the sentence for the screens and the fields for the game's document."""

    words: str
    fields: Mapping[str, Any] = field(default_factory=dict)


@dataclass(frozen=True)
class GameEnd:
    """A set number of hands, or a total that ends the game; neither: the table ends it
    (``game_ended``) when it likes."""

    hands: int | None = None
    target: int | None = None
    must_go_out: bool = False  # only the player who goes out at or past the target wins

    def describe(self, noun: str = "hand") -> str:
        """``noun``: what the game calls a hand (``Ruleset.hand_noun``).

        >>> GameEnd(hands=5).describe(), GameEnd(target=100).describe()
        ('5 hands', 'first to 100')
        >>> GameEnd().describe(), GameEnd(hands=6).describe("deal")
        ('until the table ends it', '6 deals')
        """
        if self.hands is not None:
            return f"{self.hands} {noun}{'s' if self.hands != 1 else ''}"
        if self.target is None:
            return "until the table ends it"
        return f"first to {self.target}"

    @property
    def one_hand(self) -> bool:
        """A game of a single hand: the table plays it again and again in an evening, whose
        running total goes on from game to game (``model.evening``).

        >>> GameEnd(hands=1).one_hand, GameEnd(hands=5).one_hand, GameEnd(target=100).one_hand
        (True, False, False)
        """
        return self.hands == 1

    @property
    def by_table(self) -> bool:
        """Only the table ends the game (a night of Tonk): no number of hands, no target."""
        return self.hands is None and self.target is None


@dataclass(frozen=True)
class Team:
    """Partners who score together, named by the table or after themselves.

    >>> Team.of(("Ann", "Cy")).label, Team("Us", ("Ann", "Cy")).label
    ('Ann & Cy', 'Us (Ann & Cy)')
    """

    name: str
    players: tuple[str, ...]

    @classmethod
    def of(cls, players: Sequence[str]) -> Team:
        """A team named after its players."""
        return cls(" & ".join(players), tuple(players))

    @property
    def partners(self) -> str:
        return " & ".join(self.players)

    @property
    def named(self) -> bool:
        """Whether the table gave it a name of its own (then its players are shown beside it)."""
        return self.name != self.partners

    @property
    def label(self) -> str:
        return f"{self.name} ({self.partners})" if self.named else self.name


@dataclass(frozen=True)
class Partnerships:
    """How a game played in teams seats them and scores a hand of theirs.

    ``shapes`` are the (teams, players in each) a table may choose; ``default`` splits the
    players (in seat order) into so many teams (``None``: the usual number); ``check`` reads
    the teams a table named (``[{"name", "players"}]``); ``score`` scores a hand from each
    team's entry, with errors at ``event.teams.<team>``. ``score_question`` answers the
    stateless question (no game kept, so no rosters): ``(table, hand, teams)`` to each team's
    hand score in named parts (each with key, label, points, count and each), errors at
    ``teams.<team>.<field>``. ``sheet`` says what the entry screen asks of a team."""

    shapes: tuple[tuple[int, int], ...]
    default: Callable[[Sequence[str], int | None], tuple[Team, ...]]
    check: Callable[[Any], tuple[Team, ...]]
    # None where a team's hand is entered as the game's points (Escoba's, shape SCORES).
    score: Callable[[TableRules, Sequence[Team], Any, bool], ScoredHand] | None = None
    score_question: Callable[[TableRules, Any, Any], Mapping[str, Sequence[Any]]] | None = None
    sheet: TeamSheet | None = None
    # Whether a table may also play each alone (Escoba's four): then it plays in teams only
    # when it names them (or, on the new-game screen, chooses them).
    optional: bool = False

    def team_counts(self, players: int) -> tuple[int, ...]:
        """How many teams ``players`` may make: ``(2, 3)`` for six."""
        return tuple(teams for teams, size in self.shapes if teams * size == players)


@dataclass(frozen=True)
class ScoreSheet:
    """A hand's end as the table entered it: the fields of a ``hand_scored`` event."""

    went_out: str | None
    points: Mapping[str, int] = field(default_factory=dict)  # held points, by player
    players: Mapping[str, Mapping[str, int]] = field(default_factory=dict)  # melded and held
    went_rummy: bool = False
    teams: Mapping[str, Any] = field(default_factory=dict)  # each team's entry, by team
    settling: Mapping[str, Any] = field(default_factory=dict)  # a hand for stakes: ``Stakes``
    scores: Mapping[str, int] = field(default_factory=dict)  # each player's points, typed
    elder: str | None = None  # Piquet: who was elder in the deal given as ``deal``
    deal: Mapping[str, Any] = field(default_factory=dict)  # a deal's score sheet (read_deal)
    sides: Mapping[str, Any] = field(default_factory=dict)  # each side's captures (read_sides)
    books: Mapping[str, int] = field(default_factory=dict)  # each player's books (Books)


@dataclass(frozen=True)
class ScoredHand:
    """A checked hand: every player's score for it, and what it was made of."""

    went_out: str | None
    scores: dict[str, int]  # every player
    held: dict[str, int]  # what each player was caught with, where the game counts it
    melded: dict[str, int] = field(default_factory=dict)  # where the game counts it
    went_rummy: bool = False
    teams: dict[str, dict[str, Any]] = field(default_factory=dict)  # each team's entry, checked
    settling: dict[str, Any] = field(default_factory=dict)  # a hand for stakes, names as seated
    settlement: Settlement | None = None  # a hand for stakes: who paid whom (scores: the net)
    books: dict[str, int] = field(default_factory=dict)  # a game of books: each player's


@dataclass(frozen=True)
class Books:
    """A night of games kept as each player's books when each game is over (Authors, Go
    Fish): one "hand" is one whole game. ``read`` (players, the books given, the options)
    checks them against the deck and gives each player's score for that game, 1 to each
    who won it (a shared win counts whole for each), so the night's totals are games won.
    The screens ask ``in_deck``, ``word`` and ``children`` rather than name a game."""

    read: Callable[[Sequence[str], Any, Options], dict[str, int]]
    in_deck: Callable[[Options], int]  # books the deck holds: 13 of four, 26 pairs
    word: Callable[[Options], str]  # "book" or "pair"
    children: Callable[[Options], bool] = lambda options: False  # big buttons, card pictures


@dataclass(frozen=True)
class Keeping:
    shape: EntryShape
    ranking: Ranking
    end: Callable[[Options], GameEnd]
    stock_may_run_out: bool = False  # a hand may end with nobody out
    winner_deals_two_handed: bool = False  # with two players the winner deals next
    # The deal and the play pass to the left in most games; to the right in Escoba's.
    deal_passes: Direction = Direction.LEFT
    # The house rule (option name, and its name in words) under which whoever threw a called
    # rummy card is charged for the dead cards, even a player who then went out.
    penalty_rule: tuple[str, str] | None = None
    # The cards one called rummy card leaves dead, so charged: the card and the caller's discard.
    penalty_cards: int = 2
    # A player not out never holds more than the deal: each turn draws one card and throws one
    # (Basic). Off where a hand may grow (buys, deeper draws, a pile picked up).
    held_within_deal: bool = False
    # The player out has laid down at least the cards dealt: every turn draws before it
    # discards (Base Rules).
    out_lays_the_deal: bool = False
    followed: bool = False  # the referee can follow a hand turn by turn
    partnerships: Partnerships | None = None  # played in teams, which score (shape TEAMS)
    stakes: Stakes | None = None  # played for stakes, each hand settled (shape SETTLEMENT)
    # Whether a player may have melded every card and not be out yet (500's floating), so may
    # end a hand holding nothing without having gone out; elsewhere an empty hand is out.
    floats: Callable[[Options], bool] = lambda options: False
    # A latecomer may be seated, or a player who leaves let go, between hands. A game of
    # teams never does: its partnerships are the game.
    seats_change: bool = False
    # A SCORES game: the most points a player can score in one hand (a typo guard).
    most_per_hand: int = 999
    # ... and what the cards allow the sides' scores together and each, from the sides and
    # the hand's dealer where known (Piquet's elder leads a trick); None: only 0 to the most.
    score_bounds: Callable[[Sequence[str], str | None], ScoreBounds] | None = None
    # The players' parts in a hand beside the dealer's, in words (Piquet's elder and
    # younger), from the dealer and the players; None: the game names only the dealer.
    roles: Callable[[str, Sequence[str]], str] | None = None
    # The end's own words and numbers from the final totals (None: the ranking says it all).
    finish: Callable[[Mapping[str, int]], Finish] | None = None
    # A SCORES game whose hand may also come as its score sheet (Piquet's deal): (players,
    # the elder, the sheet, the hand's dealer if known, strict) to each player's score; the
    # game says who may be named elder. None: scores are typed only.
    read_deal: Callable[[Sequence[str], str, Any, str | None, bool], dict[str, int]] | None = None
    # ... or as each side's captures (Escoba's): (players, the sides) to each player's score.
    read_sides: Callable[[Sequence[str], Any], dict[str, int]] | None = None
    # What the entry screen asks of each side to score it so, and its points in parts.
    side_sheet: SideSheet | None = None
    # The boxes of that sheet on the screens, and their reading, where the game offers it.
    deal_sheet: DealSheet | None = None
    # ... or, a night of games, as each player's books in one game (Authors, Go Fish).
    books: Books | None = None

    @property
    def total_word(self) -> str:
        """What a total counts on the screens: points; in a night of book games, games won
        (a shared win is a game won for each who shared it); in a night of rounds won by
        going out, rounds won."""
        if self.books is not None:
            return "games won"
        return "rounds won" if self.shape is EntryShape.WENT_OUT else "points"

    @property
    def goes_out(self) -> bool:
        """Whether a hand ends with someone going out (or the stock running dry): not in a
        game entered as each player's points, where nobody "goes out"."""
        return self.shape is not EntryShape.SCORES

    def describe(self, options: Options) -> dict[str, Any]:
        """What GET /api/v1/rulesets says of it, with the game's default ``options``."""
        return {"entry": self.shape.value, "ranking": self.ranking.value,
                "end": self.end(options).describe(), "stock_may_run_out": self.stock_may_run_out,
                "winner_deals_two_handed": self.winner_deals_two_handed,
                "followed": self.followed, "teams": self.partnerships is not None,
                "stakes": self.stakes is not None, "seats_change": self.seats_change}

    def score(self, table: TableRules, players: Sequence[str], sheet: ScoreSheet,
              strict: bool = True, teams: Sequence[Team] = (),
              before: Settlement | None = None, dealer: str | None = None) -> ScoredHand:
        """The hand's scores, or a ``HandEntryError`` naming the entry no table could have.

        ``strict`` off scores an entry saved earlier, leaving out the checks added since (all
        the numbers together within the decks, totals no cards make, a player not out holding
        nothing), so a saved game always loads. In a game of
        ``teams`` the scores are by team. A game with a pot (``Stakes.pot``) settles the hand
        against the hand ``before``'s, with its ``dealer``; ``dealer``, where known, is also
        handed to the game's own reading of a deal's sheet (``read_deal``)."""
        if self.shape is EntryShape.SCORES:
            if self.books is not None or sheet.books:
                return self._books(table, players, sheet)
            # in teams, each team's points
            return self._typed(table, tuple(team.name for team in teams) or players, sheet,
                               dealer, strict)
        for name, given in (("scores", sheet.scores), ("elder", sheet.elder),
                            ("deal", sheet.deal), ("sides", sheet.sides),
                            ("books", sheet.books)):
            if given:
                raise HandEntryError(f"A {table.ruleset.title} hand is not entered as each "
                                     f"player's points ({name}).", ("event", name))
        if self.partnerships is not None and self.partnerships.score is not None:
            if sheet.went_out is not None or sheet.points or sheet.players:
                raise HandEntryError(f"A {table.ruleset.title} hand is entered team by team "
                                     "(teams), each saying whether it went out.", "event.teams")
            return self.partnerships.score(table, teams, sheet.teams, strict)
        if self.stakes is not None:
            return self._settle(table, players, sheet, strict, before, dealer)
        if sheet.settling:
            field_name = next(iter(sheet.settling))
            raise HandEntryError(f"{table.ruleset.title} is not played for stakes: "
                                 f"{field_name} has no place in its hands.", ("event", field_name))
        went_out = None if sheet.went_out is None else _known(players, sheet.went_out,
                                                              "event.went_out")
        if went_out is None and not self.stock_may_run_out:
            raise HandEntryError(f"A hand of {table.ruleset.title} ends when someone goes "
                                 "out: say who.", "event.went_out")
        self._check_fields(table, sheet)
        if self.shape is EntryShape.WENT_OUT:
            if sheet.points:
                raise HandEntryError(f"A {table.ruleset.title} round is entered as who went "
                                     "out, nothing more: no points.", "event.points")
            return ScoredHand(went_out, {name: int(name == went_out) for name in players}, {})
        if self.shape is EntryShape.MELDED_MINUS_HELD:
            return _melded_minus_held(table, players, went_out, sheet.players, strict)
        held = _held_points(table, players, went_out, sheet.points,
                            charge_out=self.out_penalty(table.options), strict=strict)
        if strict and went_out is not None and held[went_out]:
            self.check_penalty(table, went_out, held[went_out], ("event", "points", went_out))
        if self.shape is EntryShape.WINNER_COLLECTS:
            collected = sum(held.values()) * (2 if sheet.went_rummy else 1)
            scores = {name: collected if name == went_out else 0 for name in players}
            return ScoredHand(went_out, scores, held, went_rummy=sheet.went_rummy)
        return ScoredHand(went_out, {name: held.get(name, 0) for name in players}, held)

    def _settle(self, table: TableRules, players: Sequence[str], sheet: ScoreSheet,
                strict: bool, before: Settlement | None = None,
                dealer: str | None = None) -> ScoredHand:
        title = table.ruleset.title
        for name, given in (("went_out", sheet.went_out), ("points", sheet.points),
                            ("players", sheet.players), ("teams", sheet.teams),
                            ("went_rummy", sheet.went_rummy)):
            if given:
                raise HandEntryError(f"A {title} hand is entered as how it ended, who ended "
                                     f"it and the counts where they matter, not as {name}.",
                                     ("event", name))
        assert self.stakes is not None
        try:
            settling = self.stakes.read(players, sheet.settling)
            carried = {"before": before, "dealer": dealer} if self.stakes.pot else {}
            settlement = self.stakes.settle(table, players, settling, strict, **carried)
        except RefereeInputError as error:
            raise error.within("event") from None
        went_out = settlement.ended_by[0] if len(settlement.ended_by) == 1 else None
        return ScoredHand(went_out, dict(settlement.net), {}, settling=dict(settling),
                          settlement=settlement)

    def _typed(self, table: TableRules, players: Sequence[str],
               sheet: ScoreSheet, dealer: str | None = None, strict: bool = True) -> ScoredHand:
        """Each player's typed score: a whole number from 0 to the game's most in a hand,
        within what the cards allow (``score_bounds``; ``strict`` off: a hand saved before
        those were checked)."""
        title, noun = table.ruleset.title, table.ruleset.hand_noun
        for name, given in (("went_out", sheet.went_out), ("points", sheet.points),
                            ("players", sheet.players), ("teams", sheet.teams),
                            ("went_rummy", sheet.went_rummy)):
            if given:
                raise HandEntryError(f"A {title} {noun} is entered as each player's points "
                                     f"for it, not as {name}.", ("event", name))
        given = _by_player(players, sheet.scores, "scores")
        if sheet.deal or sheet.elder is not None:
            given = self._from_deal(table, players, sheet, dealer, strict)
        if sheet.sides:
            if self.read_sides is None:
                raise HandEntryError(f"A {title} {noun} is entered as each player's points "
                                     "(scores).", "event.sides")
            if sheet.scores or sheet.deal:
                raise HandEntryError("Give the sides or the scores, not both.", "event.scores")
            given = self.read_sides(players, sheet.sides)
        for name in players:
            where = ("event", "scores", name)
            if name not in given:
                raise HandEntryError(f"Enter {name}'s points for the {noun}.", where)
            if not 0 <= given[name] <= self.most_per_hand:
                raise HandEntryError(f"{given[name]} for {name} can't be right: a {title} "
                                     f"{noun} scores 0 to {self.most_per_hand}.", where)
        scores = {name: given[name] for name in players}
        if strict and self.score_bounds is not None:
            self.score_bounds(players, dealer).check(scores, ("event", "scores"), noun)
        return ScoredHand(None, scores, {})

    def _books(self, table: TableRules, players: Sequence[str],
               sheet: ScoreSheet) -> ScoredHand:
        """One game of a night of books: each player's books, checked by the game's family;
        the game's winners score 1 each."""
        title = table.ruleset.title
        if self.books is None:
            raise HandEntryError(f"A {title} hand is entered as each player's points "
                                 "(scores).", "event.books")
        for name, given in (("went_out", sheet.went_out), ("points", sheet.points),
                            ("players", sheet.players), ("teams", sheet.teams),
                            ("went_rummy", sheet.went_rummy), ("scores", sheet.scores),
                            ("elder", sheet.elder), ("deal", sheet.deal),
                            ("sides", sheet.sides)):
            if given:
                raise HandEntryError(f"A {title} game is entered as each player's books "
                                     f"(books), not as {name}.", ("event", name))
        if not sheet.books:
            raise HandEntryError(f"Enter each player's books for the {title} game.",
                                 "event.books")
        books = _by_player(players, sheet.books, "books")
        for name in players:
            if name not in books:
                raise HandEntryError(f"Enter {name}'s books (0 for none).",
                                     ("event", "books", name))
        scores = self.books.read(players, books, table.options)
        return ScoredHand(None, scores, {}, books=books)

    def _from_deal(self, table: TableRules, players: Sequence[str],
                   sheet: ScoreSheet, dealer: str | None, strict: bool) -> dict[str, int]:
        title = table.ruleset.title
        if self.read_deal is None:
            raise HandEntryError(f"A {title} hand is entered as each player's points "
                                 "(scores).", "event.deal")
        if sheet.scores:
            raise HandEntryError("Give the deal or the scores, not both.", "event.scores")
        if sheet.elder is None or not sheet.deal:
            raise HandEntryError("A deal given from its score sheet names the elder and the "
                                 "deal.", "event.elder" if sheet.elder is None else "event.deal")
        return self.read_deal(players, _known(players, sheet.elder, "event.elder"), sheet.deal,
                              dealer, strict)

    def check_penalty(self, table: TableRules, name: str, points: int,
                      field_name: str | Location) -> None:
        """Refuse rummy penalties worth ``points`` that no whole calls could leave dead: each
        call charges ``penalty_cards`` cards (Eversol's two: 5 is no penalty, 10 may be)."""
        lot = self.penalty_cards
        if not could_make_in_lots(table, points, lot):
            raise HandEntryError(
                f"A rummy penalty is {lot} cards a call, the rummy card and the caller's "
                f"discard: no such cards are worth {points}, so it can't be right for {name} "
                f"({lot} cards are worth {least_in_lot(table, lot)} at the least).", field_name)

    def out_penalty(self, options: Options) -> bool:
        """Whether rummy penalties are charged at a table with these options."""
        return self.penalty_rule is not None and bool(options[self.penalty_rule[0]])

    def _check_fields(self, table: TableRules, sheet: ScoreSheet) -> None:
        """Nothing the game does not count: melded values in Eversol, a rummy flag in 500."""
        title = table.ruleset.title
        if sheet.teams:
            raise HandEntryError(f"{title} is not played in teams: enter each player's "
                                 "numbers.", "event.teams")
        if self.shape is EntryShape.MELDED_MINUS_HELD:
            if sheet.points:
                raise HandEntryError(f"A {title} hand is entered as each player's melded and "
                                     "held points (players), not as points.", "event.points")
        elif sheet.players:
            raise HandEntryError(f"A {title} hand is entered as the points each player was "
                                 "caught with (points), not as melded and held.", "event.players")
        if sheet.went_rummy and self.shape is not EntryShape.WINNER_COLLECTS:
            raise HandEntryError(f"Going rummy does not change a {title} score.",
                                 "event.went_rummy")


def _known(players: Sequence[str], name: str, field_name: str | Location) -> str:
    try:
        return players[seat_of(players, name, field_name)]
    except GameSetupError as error:
        raise HandEntryError(error.message, error.field) from None


def _by_player(players: Sequence[str], given: Mapping[str, Any], what: str) -> dict[str, Any]:
    """``given`` keyed by the players' own names; a name not in the game raises."""
    return {_known(players, name, ("event", what, name)): value for name, value in given.items()}


def _held_points(table: TableRules, players: Sequence[str], went_out: str | None,
                 points: Mapping[str, int], charge_out: bool, strict: bool) -> dict[str, int]:
    given = _by_player(players, points, "points")
    least = table.held_points_range(1)[0]
    for name in players:
        field_name = ("event", "points", name)
        if name == went_out:
            value = given.get(name, 0)
            if value and not charge_out:
                raise HandEntryError(f"{name} went out, so {name} scores 0 this hand.",
                                     field_name)
            if value < 0 or value % point_step(table) or value > most_points(table):
                raise HandEntryError(f"{name} went out: only a rummy penalty, in "
                                     f"{step_words(table)}, can count "
                                     f"against them, not {value}.", field_name)
            continue
        if name not in given:
            raise HandEntryError(f"Enter what {name} was caught with.", field_name)
        check_points(table, name, given[name], field_name, least=least, strict=strict)
    held = {name: given.get(name, 0) for name in players}
    if strict:
        _check_all_cards(table, sum(held.values()), "event.points")
        check_held_within_deal(table, held, went_out, "event.points")
    return held


def _melded_minus_held(table: TableRules, players: Sequence[str], went_out: str | None,
                       given: Mapping[str, Mapping[str, int]], strict: bool = True) -> ScoredHand:
    by_player = _by_player(players, given, "players")
    melded, held = {}, {}
    for name in players:
        where = ("event", "players", name)
        if name not in by_player:
            raise HandEntryError(f"Enter what {name} melded and still held.", where)
        parts = by_player[name]
        for part in ("melded", "held"):
            check_points(table, name, parts[part], (*where, part), melded=part == "melded",
                         strict=strict)
        check_player_end(table, name, name == went_out, parts["melded"], parts["held"],
                         ((*where, "melded"), (*where, "held")), strict)
        if strict and name == went_out:
            check_laid_going_out(table, name, parts["melded"], len(players), (*where, "melded"))
        melded[name], held[name] = parts["melded"], parts["held"]
    if strict:
        _check_all_cards(table, sum(melded.values()) + sum(held.values()), "event.players")
    scores = {name: melded[name] - held[name] for name in players}
    return ScoredHand(went_out, scores, held, melded)


def end_from_options(*, target: str, hands: str | None = None, choice: str | None = None,
                     must_go_out: str | None = None) -> Callable[[Options], GameEnd]:
    """A ruleset's ``end`` read from its house options: the option ``choice`` picks
    ``"hands"`` (the number in option ``hands``) or else the total in option ``target``.

    >>> end = end_from_options(target="target_score", hands="hands", choice="game_end")
    >>> end({"game_end": "hands", "hands": 5, "target_score": 100}).describe()
    '5 hands'
    """
    def end(options: Options) -> GameEnd:
        if choice is not None and hands is not None and options[choice] == "hands":
            return GameEnd(hands=options[hands])
        return GameEnd(target=options[target],
                       must_go_out=bool(must_go_out and options[must_go_out]))
    return end
