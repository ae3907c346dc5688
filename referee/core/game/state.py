"""A kept game's state, folded from its setup and its events.

>>> setup = GameSetup.create("eversol", ["Abe", "Ben", "Carl"], first_dealer="Abe")
>>> state = replay(setup, [HandScored(1, "Ben", {"Abe": 15, "Carl": 35}),
...                        HandScored(2, "Abe", {"Ben": 20, "Carl": 5})])
>>> [(p.place, p.name, p.total) for p in state.ranking]
[(1, 'Abe', 15), (2, 'Ben', 20), (3, 'Carl', 40)]
>>> state.apply(HandScored(3, "Carl", {"Abe": 12, "Ben": 5}))
Traceback (most recent call last):
...
referee.core.errors.HandEntryError: Eversol points come in fives: 12 can't be right for Abe.

What a hand's entry holds, when the game ends and which way the ranking runs
come from the ruleset (``Ruleset.keeping``); this fold names no game.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field, replace
from functools import cached_property
from typing import Any

from ..errors import DeckCountError
from ..ledger import Transfer, fewest_transfers, in_money
from ..games.registry import get_ruleset
from ..games.followed_hands import STEP_TYPES, LiveHand, follower, follows
from ..model.evening import Evening
from ..model.keeping import EntryShape, Finish, GameEnd, Keeping, ScoreSheet
from ..model.ruleset import Contract, ShortDeal, TableRules, short_deal
from ..model.stakes import Settlement
from ..seating import GameSetup, seat_of
from ..text import MAX_REASON, clean_text, name_key
from .errors import GameSetupError, IllegalEventError
from .events import (
    DealerChosen,
    DecksChanged,
    Event,
    GameEnded,
    HandCorrected,
    HandScored,
    PlayerLeft,
    PlayerRenamed,
    PlayerSeated,
    UpcardTurned,
)
from .followed import Mismatch, RefereeMismatchError, mismatches, still_playing
from .roster import roster_change


@dataclass(frozen=True)
class HandResult:
    hand: int
    went_out: str | None  # None: the stock ran out
    scores: Mapping[str, int]  # every player's score for the hand
    held: Mapping[str, int] = field(default_factory=dict)  # as entered, where the game counts it
    melded: Mapping[str, int] = field(default_factory=dict)
    went_rummy: bool = False
    teams: Mapping[str, Mapping[str, Any]] = field(default_factory=dict)  # each team's entry
    settling: Mapping[str, Any] = field(default_factory=dict)  # a hand for stakes, as entered
    settlement: Settlement | None = None  # a hand for stakes: who paid whom, and why
    corrections: tuple[str, ...] = ()  # the reasons, oldest first
    entries: Mapping[str, Any] | None = None
    # Saved although it contradicted the hand the referee followed: what did not agree.
    saved_anyway: tuple[Mismatch, ...] = ()
    players: tuple[str, ...] = ()  # who was dealt the hand (the table may change midway)
    # A hand entered as each side's captures (Escoba's counts): the entry as given, by side,
    # so a correction starts from what was entered rather than the points it came to.
    sides: Mapping[str, Mapping[str, Any]] = field(default_factory=dict)
    books: Mapping[str, int] = field(default_factory=dict)  # a game of books: each player's

    def penalty(self, name: str) -> int:
        """The rummy penalty (Ari's rule) inside ``name``'s score: 0 where none was charged."""
        for who, entry in (self.entries or {}).items():
            if name_key(who) == name_key(name) and isinstance(entry, Mapping):
                return int(entry.get("penalty") or 0)
        return 0


@dataclass(frozen=True)
class Place:
    place: int  # equal totals share a place: 1, 1, 3
    name: str
    total: int


@dataclass(frozen=True)
class GameState:
    setup: GameSetup
    first_dealer: int
    results: tuple[HandResult, ...] = ()
    live: LiveHand | None = None  # the hand being played, when the referee follows it
    decks: int = 0  # in play now (the table may add decks between hands)
    dealer_drawn: bool = True  # the first dealer was drawn at random, not chosen
    ended_by_table: bool = False  # a game_ended event stopped it early
    # After a player joins or leaves, the deal goes round the new table from the hand then
    # next (``dealt_from``); the hands dealt before keep their dealers (``past_dealers``).
    dealt_from: int = 1
    past_dealers: tuple[str, ...] = ()
    left: tuple[str, ...] = ()  # who left the game: their totals stay in the standings

    @classmethod
    def start(cls, setup: GameSetup) -> GameState:
        return cls(setup, setup.first_dealer, decks=setup.decks, dealer_drawn=setup.dealer_drawn)

    # ------------------------------------------------------------------ the table now

    @property
    def players(self) -> tuple[str, ...]:
        return self.setup.players

    @property
    def sides(self) -> tuple[str, ...]:
        """Whoever scores (the teams, in a game of teams): the names of totals and ranking,
        those who left the game included."""
        return (*self.setup.sides, *self.left)

    @property
    def keeping(self) -> Keeping:
        keeping = get_ruleset(self.setup.ruleset).keeping
        assert keeping is not None  # GameSetup.create refuses a game with none
        return keeping

    @property
    def end(self) -> GameEnd:
        return self.keeping.end(self.setup.options)

    @property
    def contracts(self) -> tuple[Contract, ...]:
        return get_ruleset(self.setup.ruleset).contracts

    @property
    def hands_in_game(self) -> int | None:
        """How many hands the game has, when it has a set number (else it plays to a target)."""
        return self.end.hands

    @property
    def finished(self) -> bool:
        return self.ended_by_table or self._winners_by_rules() is not None

    @property
    def winners(self) -> list[str]:
        """Who won, once the game is over (equal best totals share it); else nobody."""
        if not self.finished:
            return []
        return self._winners_by_rules() or [p.name for p in self.ranking if p.place == 1]

    @property
    def finish(self) -> Finish | None:
        """What the game's own end says beyond the winners (Piquet's margin and Rubicon), once
        its rules ended it; None before, or where the ranking says it all."""
        if self.keeping.finish is None or self._winners_by_rules() is None:
            return None
        return self.keeping.finish(self.totals)

    def roles_of(self, hand: int) -> str | None:
        """The players' parts in ``hand`` beside the dealer's, where the game names them
        (Piquet's elder and younger)."""
        dealer = self.known_dealer_of(hand)
        if self.keeping.roles is None or dealer is None:
            return None
        return self.keeping.roles(dealer, self.players_of(hand))

    def _winners_by_rules(self) -> list[str] | None:
        """The winners when the game's own end has come, else ``None`` (it plays on)."""
        end = self.end
        if end.hands is not None:
            return [] if len(self.results) >= end.hands else None  # [] : the ranking says
        if end.by_table or not self.results:
            return None
        totals = self.totals
        if end.must_go_out:
            out = self.results[-1].went_out
            return [out] if out is not None and totals[out] >= end.target else None
        if not any(total >= end.target for total in totals.values()):
            return None
        best = [p.name for p in self.ranking if p.place == 1]
        return best if len(best) == 1 else None  # a tie for the best total plays on

    @property
    def hand(self) -> int | None:
        """The hand being played now, or ``None`` once the game is over."""
        return None if self.finished else len(self.results) + 1

    def _dealer_seat(self, hand: int) -> int:
        """The deal passes on the way the game says (to the left in most), or (two players,
        where the game says) to the winner; from the first dealer, or the dealer after the
        table last changed."""
        seat, count, step = self.first_dealer, len(self.players), self.keeping.deal_passes.value
        heads_up = self.keeping.winner_deals_two_handed and count == 2
        for previous in self.results[self.dealt_from - 1:hand - 1]:
            if heads_up and previous.went_out is not None:
                seat = self.players.index(previous.went_out)
            else:
                seat = (seat + step) % count
        ahead = max(0, hand - 1 - max(len(self.results), self.dealt_from - 1))
        return (seat + step * ahead) % count

    def dealer_of(self, hand: int) -> str:
        if hand < self.dealt_from:
            return self.past_dealers[hand - 1]
        return self.players[self._dealer_seat(hand)]

    def winner_dealing(self, hand: int) -> str | None:
        """Who deals ``hand`` for having won the hand before, where two players' winner deals
        the next (``Keeping.winner_deals_two_handed``); None where the deal passed on as usual.

        >>> two = GameSetup.create("basic", ["Ann", "Bob"], first_dealer="Ann")
        >>> won = replay(two, [HandScored(1, "Ann", {"Bob": 12})])
        >>> won.dealer, won.winner_dealing(2), won.winner_dealing(1)
        ('Ann', 'Ann', None)
        """
        heads_up = self.keeping.winner_deals_two_handed and len(self.players) == 2
        if not heads_up or not self.dealt_from < hand <= len(self.results) + 1:
            return None
        return self.results[hand - 2].went_out

    def known_dealer_of(self, hand: int) -> str | None:
        """The dealer of ``hand``, or ``None`` where no one can say yet: a hand after the one
        being played, when the winner of each hand deals the next."""
        heads_up = self.keeping.winner_deals_two_handed and len(self.players) == 2
        if heads_up and hand > len(self.results) + 1:
            return None
        return self.dealer_of(hand)

    def players_of(self, hand: int) -> tuple[str, ...]:
        """Who was dealt ``hand``: a hand scored before the table changed keeps its players."""
        if 1 <= hand <= len(self.results) and self.results[hand - 1].players:
            return self.results[hand - 1].players
        return self.players

    def next_game(self) -> GameSetup:
        """The setup of the game the table plays again: the same seats (as they are now),
        teams, decks, house rules and stake, the deal passing on as it would to one more
        hand (to the left; with two players, where the game says, to the last winner). A game
        of one hand carries the evening's totals on (``evening``)."""
        return replace(self.setup, first_dealer=self._dealer_seat(len(self.results) + 1),
                       decks=self.decks, dealer_drawn=False, evening=self.evening)

    @property
    def evening(self) -> Evening | None:
        """A game of one hand: the evening with this game in it once it is scored (the
        table's earlier games of the evening first); else None, each game for itself."""
        if not self.end.one_hand or not (self.results or self.setup.evening):
            return None
        before = self.setup.evening or Evening()
        return before.after(self.totals) if self.results else before

    def first_player_of(self, hand: int) -> str:
        """The player after the dealer (to the left in most games), who plays first and has
        the upcard first."""
        step = self.keeping.deal_passes.value
        return self.players[(self._dealer_seat(hand) + step) % len(self.players)]

    @property
    def dealer(self) -> str | None:
        return None if self.hand is None else self.dealer_of(self.hand)

    @property
    def first_player(self) -> str | None:
        return None if self.hand is None else self.first_player_of(self.hand)

    @property
    def contract(self) -> Contract | None:
        if self.hand is None or not self.contracts:
            return None
        return self.contracts[self.hand - 1]

    @cached_property
    def table(self) -> TableRules:
        """The game's rules with the decks in play now (worked out once per state)."""
        # Lenient: the decks were checked when the game was set up or changed them.
        return get_ruleset(self.setup.ruleset).configure(options=self.setup.options,
                                                         decks=self.decks, strict=False)

    @property
    def short_deal(self) -> ShortDeal | None:
        """Why the decks in play cannot deal the hand being played, if they cannot."""
        if self.hand is None:
            return None
        return short_deal(self.table, len(self.players), self.hand)

    # ------------------------------------------------------------------ the score

    @property
    def totals(self) -> dict[str, int]:
        """Each side's total; in a game with a pot, what a player has in the pot standing is
        still theirs (a hand's scores say so), so the totals are what settling up pays."""
        return {name: sum(r.scores[name] for r in self.results) for name in self.sides}

    @property
    def settle_up(self) -> list[Transfer]:
        """The fewest payments that square a game played for stakes, in money (in stakes when
        the table plays for points); nothing in other games."""
        if self.keeping.stakes is None:
            return []
        return fewest_transfers(in_money(self.totals, self.setup.stake_value))

    @property
    def standing_pot(self) -> Settlement | None:
        """The last hand's settlement, in a game with a pot carried from hand to hand: what
        stands in the pot now and who put it in; None elsewhere, or before the first hand."""
        stakes = self.keeping.stakes
        if stakes is None or not stakes.pot or not self.results:
            return None
        return self.results[-1].settlement

    @property
    def pot_now(self) -> int | None:
        """The pot standing now, in units, in a game with a pot: before the first hand, the
        antes of the players seated (the ruleset's ``opening_pot``); None elsewhere."""
        stakes = self.keeping.stakes
        if stakes is None or not stakes.pot:
            return None
        standing = self.standing_pot
        if standing is not None:
            return standing.pot
        return None if stakes.opening_pot is None else stakes.opening_pot(self.players)

    def running_totals(self) -> list[dict[str, int]]:
        """After each scored hand, every side's total so far."""
        running, out = dict.fromkeys(self.sides, 0), []
        for result in self.results:
            running = {name: running[name] + result.scores[name] for name in self.sides}
            out.append(running)
        return out

    @property
    def ranking(self) -> list[Place]:
        """Best total first, as the game ranks (Eversol: lowest); equal totals share a place."""
        return self._ranked(self.totals)

    @property
    def evening_ranking(self) -> list[Place]:
        """The evening's totals ranked as the game ranks, once it has some (``evening``)."""
        evening = self.evening
        return self._ranked(evening.totals) if evening is not None else []

    def _ranked(self, totals: Mapping[str, int]) -> list[Place]:
        """``totals`` best first, in seat order where equal (earlier names after the seats)."""
        seat = {name: i for i, name in enumerate(dict.fromkeys((*self.sides, *totals)))}
        key = self.keeping.ranking.sort_key
        ordered = sorted(totals.items(), key=lambda item: (key(item[1]), seat[item[0]]))
        places: list[Place] = []
        previous = None
        for position, (name, total) in enumerate(ordered, 1):
            place = places[-1].place if previous == total else position
            places.append(Place(place, name, total))
            previous = total
        return places

    @property
    def leaders(self) -> list[str]:
        """Whoever has the best total (all of them when tied); nobody before the first hand."""
        if not self.results:
            return []
        return [p.name for p in self.ranking if p.place == 1]

    @property
    def past_target(self) -> list[str]:
        """Who has reached the target while the game plays on: the players level at the top (a
        tie plays on), or, where only the one who goes out past it wins, all who are past it.
        Nobody in a game of a set number of hands, or once the game is over."""
        end = self.end
        if self.finished or end.target is None:
            return []
        reached = [p.name for p in self.ranking if p.total >= end.target]
        return reached if end.must_go_out or not reached else self.leaders

    def as_entered(self, result: HandResult) -> dict[str, Any]:
        """A scored hand's numbers in the shape its ``hand_scored`` event takes."""
        shape = self.keeping.shape
        if shape is EntryShape.TEAMS:
            return {"teams": {name: dict(entry) for name, entry in result.teams.items()}}
        if shape in (EntryShape.SETTLEMENT, EntryShape.POT):
            return dict(result.settling)
        if shape is EntryShape.SCORES and result.books:
            return {"books": dict(result.books)}
        if shape is EntryShape.SCORES:  # by team, in a game of teams
            sides = self.setup.sides if self.setup.teams else result.players
            return {"scores": {name: result.scores[name] for name in sides}}
        if shape is EntryShape.WENT_OUT:  # who went out says it all
            return {}
        if shape is EntryShape.MELDED_MINUS_HELD:
            return {"players": {name: {"melded": result.melded[name], "held": result.held[name]}
                                for name in result.players or self.players}}
        entered: dict[str, Any] = {"points": dict(result.held)}
        if shape is EntryShape.WINNER_COLLECTS:
            entered["went_rummy"] = result.went_rummy
        return entered

    # ------------------------------------------------------------------ steps

    def apply(self, event: Event, strict: bool = True) -> GameState:
        """The state after ``event``; an event the game cannot take raises and changes nothing.

        ``strict`` off folds an event saved earlier: the rules it was checked by then
        still hold, but not checks added since (the cards the referee saw, whether
        the decks can deal a hand, the score against the followed hand), so that a
        game saved before them never stops loading.
        """
        if type(event) in STEP_TYPES.values():
            return self._step(event, strict)
        if isinstance(event, UpcardTurned):
            return self._deal(event, strict)
        if isinstance(event, DealerChosen):
            return self._dealer(event)
        if isinstance(event, DecksChanged):
            return self._decks(event, strict)
        if isinstance(event, HandScored):
            return self._scored(event, strict)
        if isinstance(event, HandCorrected):
            return self._corrected(event, strict)
        if isinstance(event, (PlayerRenamed, PlayerSeated, PlayerLeft)):
            return roster_change(self, event, strict)
        if isinstance(event, GameEnded):
            if self.finished:
                raise IllegalEventError("The game is already over.", "event.type")
            if not self.results:
                raise IllegalEventError(f"No {self.noun} has been scored yet: there is nothing "
                                        "to end; "
                                        "delete the game instead.", "event.type")
            return replace(self, ended_by_table=True, live=None)
        raise IllegalEventError("That is not a step this game knows.", "event.type")

    def recorded(self, event: Event) -> Event:
        """``event`` as the game's log keeps it: a step of the hand being followed with what
        the referee saw filled in (``LiveHand.recorded``), so the history can say it."""
        if self.live is not None and type(event) in STEP_TYPES.values():
            return self.live.recorded(event)
        return event

    def _corrected(self, event: HandCorrected, strict: bool) -> GameState:
        if not 1 <= event.hand <= len(self.results):
            raise IllegalEventError(f"{self.noun.capitalize()} {event.hand} has not been "
                                    "scored, so there is "
                                    "nothing to correct.", "event.hand")
        if strict:  # the same limit as the form's, for a correction made now
            clean_text(event.reason, "event.reason", MAX_REASON)
        old = self.results[event.hand - 1]
        fixed = self._result(event.hand, event.sheet, event.entries, strict,
                             self.players_of(event.hand))
        fixed = replace(fixed, corrections=(*old.corrections, event.reason),
                        saved_anyway=old.saved_anyway)
        results = list(self.results)
        results[event.hand - 1] = fixed
        corrected = replace(self, results=tuple(results))
        stakes = self.keeping.stakes
        if stakes is not None and stakes.pot:
            corrected = corrected._settled_again(event.hand)
        if corrected._ends_early(event.hand):
            raise IllegalEventError(f"With {self.noun} {event.hand} corrected so, the game "
                                    f"would have ended after it, before the {self.noun}s "
                                    f"played since: undo those {self.noun}s first, or end the "
                                    "game.", "event.points")
        return corrected

    def _settled_again(self, hand: int) -> GameState:
        """The hands after a corrected ``hand`` settled again as entered: the pot each one was
        played for came from the hand before."""
        state = self
        for later in self.results[hand:]:
            again = state._result(later.hand, ScoreSheet(None, settling=later.settling),
                                  later.entries or {}, False, later.players or None)
            again = replace(again, corrections=later.corrections,
                            saved_anyway=later.saved_anyway)
            results = list(state.results)
            results[later.hand - 1] = again
            state = replace(state, results=tuple(results))
        return state

    # ------------------------------------------------------------------ between hands

    def _dealer(self, event: DealerChosen) -> GameState:
        if self.results or self.live is not None:
            raise IllegalEventError("The first dealer can only change before hand 1 "
                                    "begins.", "event.dealer")
        try:
            seat = seat_of(self.players, event.dealer, "event.dealer")
        except GameSetupError as error:
            raise IllegalEventError(error.message, error.field) from None
        return replace(self, first_dealer=seat, dealer_drawn=event.drawn)

    def _decks(self, event: DecksChanged, strict: bool) -> GameState:
        if self.finished:
            raise IllegalEventError("The game is over.", "event.decks")
        if self.live is not None:
            raise IllegalEventError(f"Hand {self.hand} is being followed: change the decks "
                                    "before a hand is dealt.", "event.decks")
        try:
            table = get_ruleset(self.setup.ruleset).configure(
                options=self.setup.options, decks=event.decks, strict=strict)
        except DeckCountError as error:
            raise IllegalEventError(error.message, "event.decks") from None
        short = short_deal(table, len(self.players), self.hand)
        if short is not None:
            raise IllegalEventError(short.message, "event.decks")
        return replace(self, decks=event.decks)

    def _scored(self, event: HandScored, strict: bool) -> GameState:
        if self.finished:
            raise IllegalEventError(f"The game is over; correct a {self.noun} instead.",
                                    "event.hand")
        if event.hand != self.hand:
            raise IllegalEventError(f"{self.noun.capitalize()} {self.hand} is being played, "
                                    f"so {self.noun} {event.hand} cannot be scored now.",
                                    "event.hand")
        if strict:
            self._can_deal("event.hand")
        result = self._result(event.hand, event.sheet, event.entries, strict)
        live = self.live
        if live is not None and not live.finished:
            # Scoring now drops the hand being followed: a deliberate choice, kept as one.
            found = [Mismatch(result.went_out or self.players[0], still_playing(live, self.noun))]
            if strict and not event.overrides_referee:
                raise RefereeMismatchError(found)
            result = replace(result, saved_anyway=tuple(found))
        elif live is not None:
            if result.went_out != live.went_out:
                raise IllegalEventError(f"The referee saw {live.went_out} go out in {self.noun} "
                                        f"{event.hand}, not {result.went_out}.",
                                        "event.went_out")
            found = mismatches(live.result, self.table, result.scores, event.entries)
            if found and strict and not event.overrides_referee:
                raise RefereeMismatchError(found)
            result = replace(result, saved_anyway=tuple(found))
        return replace(self, results=(*self.results, result), live=None)

    # ------------------------------------------------------------------ a hand followed live

    def _seating(self) -> GameSetup:
        """The setup with the first dealer and the decks as the game has them now. A live hand
        counts its dealer from the first dealer, a seat a hand: after the table changed
        midway, the seat from which that count comes to this hand's dealer."""
        first = self.first_dealer
        if self.dealt_from > 1 and self.hand is not None:
            step = self.keeping.deal_passes.value
            first = (self._dealer_seat(self.hand) - step * (self.hand - 1)) % len(self.players)
        return replace(self.setup, first_dealer=first, decks=self.decks)

    def _can_deal(self, field_name: str) -> None:
        short = self.short_deal
        if short is not None:
            raise IllegalEventError(short.message, field_name)

    def _deal(self, event: UpcardTurned, strict: bool) -> GameState:
        self._can_follow()
        if self.finished or event.hand != self.hand:
            raise IllegalEventError(f"{self.noun.capitalize()} "
                                    f"{self.hand or len(self.results)} is the one being "
                                    f"played, so {self.noun} {event.hand} cannot be dealt now.",
                                    "event.hand")
        if self.live is not None and self.live.steps:
            raise IllegalEventError("The upcard is turned at the deal, before anyone plays: "
                                    "undo the hand's steps to change it.", "event.card")
        if strict:
            self._can_deal("event.hand")
        live = follower(self.setup.ruleset).for_game(self._seating(), event.hand, event.card,
                                                      strict=strict)
        return replace(self, live=live)

    @property
    def book_word(self) -> str:
        """What a book is called at this table ("pair" where Go Fish plays pairs)."""
        books = self.keeping.books
        return "book" if books is None else books.word(self.setup.options)

    @property
    def noun(self) -> str:
        """What this game calls a hand ("deal" in Piquet), for the messages that name one."""
        return get_ruleset(self.setup.ruleset).hand_noun

    def _can_follow(self) -> None:
        if not self.keeping.followed:
            title = get_ruleset(self.setup.ruleset).title
            raise IllegalEventError(f"The referee does not follow {title} {self.noun}s turn by "
                                    f"turn: score each {self.noun} at its end.", "event.type")

    def _step(self, step, strict: bool) -> GameState:
        self._can_follow()
        if self.finished:
            raise IllegalEventError("The game is over.", "event.type")
        if self.live is None and strict:
            self._can_deal("event")
        live = self.live or follower(self.setup.ruleset).for_game(self._seating(), self.hand,
                                                                  strict=strict)
        if not follows(live, step):
            raise IllegalEventError("That is not a step this game knows.", "event.type")
        live = live.after(step, strict)
        if live.finished and live.settles:
            # Who went out is the round's whole entry: the referee saw it, so the round is
            # scored with that step (and an undo of the step takes the score back with it).
            result = self._result(live.hand, ScoreSheet(live.went_out), {}, strict)
            return replace(self, results=(*self.results, result), live=None)
        return replace(self, live=live)

    def _result(self, hand: int, sheet: ScoreSheet, entries: Mapping[str, Any],
                 strict: bool, players: tuple[str, ...] | None = None) -> HandResult:
        players = players or self.players
        dealer = self.dealer_of(hand)
        before = self.results[hand - 2].settlement if 2 <= hand <= len(self.results) + 1 else None
        scored = self.keeping.score(self.table, players, sheet, strict, self.setup.teams,
                                    before=before, dealer=dealer)
        # Who was not dealt the hand (gone, or not yet come) scores 0 in it.
        scores = {**dict.fromkeys(self.sides, 0), **scored.scores}
        return HandResult(hand, scored.went_out, scores, scored.held, scored.melded,
                          scored.went_rummy, scored.teams, scored.settling,
                          scored.settlement, entries=dict(entries), players=players,
                          books=scored.books,
                          sides={name: dict(entry) for name, entry in sheet.sides.items()})

    def _ends_early(self, hand: int) -> bool:
        """Whether the game, by its own end, was over after ``hand`` or a later hand but the
        last: a corrected hand may have brought the end forward."""
        return any(replace(self, results=self.results[:played])._winners_by_rules() is not None
                   for played in range(hand, len(self.results)))


def replay(setup: GameSetup, events: Sequence[Event], strict: bool = True) -> GameState:
    """Fold the events (those not undone) over the setup; ``strict`` off for events saved
    earlier (``GameState.apply``)."""
    state = GameState.start(setup)
    for event in events:
        state = state.apply(event, strict)
    return state
