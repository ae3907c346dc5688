"""Drawing, discarding, buying and rummy calls: each checks a step against the
record and changes it, or raises ``IllegalStepError`` naming the rule.

The buys follow ``buys.resolve_buy``: the player whose turn it is may take the
top discard free as the draw; anyone else asks (``BuyClaimed``), and the buy is
settled (``Bought``) for the first in order of play who asked. A current player
who drew from the stock leaves the card to the others until their discard; a
claim nobody settles that would win must be settled or withdrawn before that
discard covers the card.

Anyone but the thrower may call rummy on the top discard while it lies there,
when ``rummy.check_thrown_rummy`` finds it was a rummy card as the table lay
when it was thrown; the caller throws a card of their own. Both are dead (or
the rummy card goes on a meld, by the house option); under Ari's rule the
thrower is charged both and they lie by the thrower, never turned into a new
stock. A call costs a card, so the caller must keep one: nobody goes out by
calling rummy.

>>> from referee.core.seating import GameSetup
>>> record = HandRecord.deal(GameSetup.create("eversol", ["Abe", "Ben", "Carl"], "Abe"), 1)
>>> bought(record, Bought("Carl"))  # Ben, to play first, lets the upcard go
>>> record.held, record.buys["Carl"], record.top
({'Abe': 6, 'Ben': 6, 'Carl': 8}, 1, None)
>>> drew(record, Drew("Ben", "discard"))
Traceback (most recent call last):
...
referee.core.games.eversol.hand.errors.IllegalCallError: There is no discard to take: once covered, \
taken or called rummy, a card is out of play.
"""

from __future__ import annotations

from dataclasses import replace

from ....cards import Card
from ....errors import BuyError, RefereeInputError
from ....text import spoken_list
from .buys import BuyOutcome, BuyRuling, resolve_buy
from .errors import IllegalCallError, IllegalStepError
from .record import HandRecord, LaidMeld, TopDiscard, read_card
from .rummy import (RummyRuling, check_thrown_rummy, joker_warning, penalty_points,
                    rummy_ruling)
from .steps import Bought, BuyClaimed, BuyWithdrawn, Discarded, Drew, RummyCalled, Source


def drew(record: HandRecord, step: Drew) -> None:
    record.open()
    player = record.player(step.player)
    if player != record.current:
        raise IllegalStepError(f"It is {record.current}'s turn, so only {record.current} "
                               "may draw now.", "step.player")
    if record.drawn is not None:
        raise IllegalStepError(f"{player} has already drawn this turn, and a turn has one "
                               "draw.", "step.source")
    card = read_card(step.card, "step.card")
    if step.source is Source.STOCK:
        record.take_from_stock(1)
        record.shown_into_hand(player, card, "to draw", "step.card")
    else:
        _take_top(record, player, card, "step.card", "to take")
        record.claims.clear()  # the player whose turn it is comes first
    record.held[player] += 1
    record.drawn = step.source


def discarded(record: HandRecord, step: Discarded) -> None:
    record.open()
    player = record.player(step.player)
    record.on_turn(player, "discard")
    card = read_card(step.card, "step.card")
    ruling = pending_buy(record)
    if ruling is not None and ruling.outcome is BuyOutcome.BUY:
        raise IllegalCallError(f"{ruling.player} asked to buy the discard, so settle the buy "
                               f"or withdraw the request before {player} covers it.", "step")
    record.played(player, card, "to discard", "step.card")
    if record.top is not None:
        record.dead.append(record.top.card)  # covered: out of play
    record.top = TopDiscard(card, player, tuple(record.table_cards()))
    record.throws += 1
    record.claims.clear()
    record.held[player] -= 1
    record.warnings = _warnings(record, card, player)
    if record.held[player] == 0:
        record.went_out = player
    else:
        record.turn = (record.turn + 1) % len(record.players)
        record.turns += 1
        record.drawn = None


def buy_claimed(record: HandRecord, step: BuyClaimed) -> None:
    record.open()
    player = record.player(step.player)
    _buyable(record, "buy")
    if player in record.claims:
        raise IllegalCallError(f"{player} has already asked to buy the discard.", "step.player")
    if player == record.current:
        why = (f"{player} drew from the stock this turn, so may no longer buy the discard"
               if record.drawn is Source.STOCK
               else f"It is {player}'s turn, so {player} takes the discard free, as the draw")
        raise IllegalCallError(f"{why}.", "step.player")
    limit = record.table.options["buy_limit"]
    if limit is not None and record.buys[player] >= limit:
        raise IllegalCallError(f"{player} has bought {record.buys[player]} this hand, the most "
                               "this table allows one player.", "step.player")
    record.claims.append(player)


def buy_withdrawn(record: HandRecord, step: BuyWithdrawn) -> None:
    record.open()
    player = record.player(step.player)
    if player not in record.claims:
        raise IllegalCallError(f"{player} has not asked to buy the discard.", "step.player")
    record.claims.remove(player)


def bought(record: HandRecord, step: Bought) -> None:
    record.open()
    player = record.player(step.player)
    card = read_card(step.card, "step.card")
    penalty = read_card(step.penalty, "step.penalty")  # shown or not, it counts
    _buyable(record, "buy")
    if step.passed is not None:
        passed = record.player(step.passed, "step.passed")
        if passed != record.current or record.drawn is not None:
            raise IllegalCallError(f"Only the player whose turn it is, before drawing, passes on "
                                   f"the card: that is {record.current}"
                                   f"{'' if record.drawn is None else ', who has drawn already'}"
                                   ".", "step.passed")
    claims = record.claims if player in record.claims else [*record.claims, player]
    ruling = _resolve(record, claims)
    if ruling.outcome is not BuyOutcome.BUY or ruling.player != player:
        raise IllegalCallError(ruling.reason, "step.player")
    _take_top(record, player, card, "step.card", "to buy")
    record.take_from_stock(ruling.penalty_cards)
    if ruling.penalty_cards:
        record.shown_into_hand(player, penalty, "to take as the penalty card", "step.penalty")
    record.held[player] += 1 + ruling.penalty_cards
    record.buys[player] += 1
    record.claims.clear()


def rummy_callers(record: HandRecord) -> tuple[str, ...]:
    """Who may be offered a call of rummy on the top discard now, in seating order: those
    whose call would be heard. The card's fit is judged only at a table that offers Rummy!
    on a fitting card alone; elsewhere the table must notice it, and a call on a card that
    fits no meld is offered, then refused. A card thrown before anyone was down, the upcard
    and its own thrower are never offered a call.

    >>> from referee.core.seating import GameSetup
    >>> record = HandRecord.deal(GameSetup.create("eversol", ["Abe", "Ben", "Carl"], "Abe"), 1)
    >>> rummy_callers(record)  # the upcard
    ()
    """
    if record.went_out is not None:
        return ()
    judged = bool(record.table.options["offer_rummy_only_when_it_fits"])
    callers = []
    for name in record.players:
        try:
            _heard_call(record, name, judged)
        except IllegalCallError:
            continue
        callers.append(name)
    return tuple(callers)


def _heard_call(record: HandRecord, caller: str, judged: bool = True) -> RummyRuling:
    """Whether ``caller``'s call of rummy on the top discard is heard: the verdict on the card,
    or ``IllegalCallError`` naming the rule that refuses it (the hand unchanged).
    ``judged`` off leaves the card's fit to the table (``rummy_callers``)."""
    _buyable(record, "call rummy on")
    thrown, thrower = record.top.card, record.top.by
    if thrower is None:
        raise IllegalCallError("The upcard was turned at the deal, not thrown, so it is never "
                               "a rummy card.", "step")
    if caller == thrower:
        raise IllegalCallError("Nobody may call rummy on their own discard.", "step.caller")
    if thrown is None:
        raise IllegalCallError("Say which card was thrown before rummy is called on it.",
                               "step")
    now = record.table_cards()
    verdict = check_thrown_rummy(thrown, thrower, record.top.table_then, now, record.table)
    if not verdict.rummy and not record.strict:
        # A call saved when calls were judged by the table at the call: that rule stands.
        verdict = rummy_ruling(thrown, now, record.table)
    if not verdict.rummy and (judged or not record.top.table_then):
        raise IllegalCallError(verdict.reason, "step")
    if record.claims:  # with the house option off, a request to buy stands against the call
        ruling = _resolve(record, record.claims, rummy_called_by=caller)
        if ruling.outcome is not BuyOutcome.DEAD:
            raise IllegalCallError(ruling.reason, "step")
    if record.held[caller] < 2:
        raise IllegalCallError(f"{caller} would have no card left, and nobody goes out by "
                               "calling rummy.", "step.caller")
    return verdict


def rummy_called(record: HandRecord, step: RummyCalled) -> None:
    record.open()
    caller = record.player(step.caller, "step.caller")
    verdict = _heard_call(record, caller)
    thrown, thrower = record.top.card, record.top.by
    own = read_card(step.callers_discard, "step.callers_discard")
    options = record.table.options
    if options["aris_rule"] and own is None:
        raise IllegalCallError(f"Say which card {caller} threw on the call: Ari's rule charges "
                               f"its points to {thrower}.", "step.callers_discard")
    charged = penalty_points(thrown, own, record.table) if own is not None else 0
    _check_recorded(record, step, thrown, thrower, charged)
    meld = _rummy_meld(record, thrown, step.meld, verdict.plays_on)
    record.played(caller, own, "to throw on the call", "step.callers_discard")
    # Under Ari's rule both cards lie by the thrower, who is charged them.
    out_of_play = record.set_aside[thrower] if options["aris_rule"] else record.dead
    if meld is None:
        out_of_play.append(thrown)
    else:
        laid = record.melds[meld]
        placed = laid.meld.extend([thrown], record.table.melds).meld
        record.melds[meld] = LaidMeld(laid.owner, placed)
    out_of_play.append(own)
    record.calls.append(meld)
    record.penalties[thrower] += charged
    record.held[caller] -= 1
    record.top = None
    record.claims.clear()
    record.warnings = []


def _check_recorded(record: HandRecord, step: RummyCalled, thrown: Card, thrower: str,
                    charged: int) -> None:
    """The facts a call was recorded with, when given, are the hand's."""
    said = read_card(step.card, "step.card")
    if said is not None and said.bare() != thrown.bare():
        raise IllegalCallError(f"The top discard is {thrown.label}, not {said.label}.",
                               "step.card")
    if step.thrower is not None and record.player(step.thrower, "step.thrower") != thrower:
        raise IllegalCallError(f"{thrower} threw {thrown.label}, not {step.thrower}.",
                               "step.thrower")
    if step.charged is not None and step.charged != charged:
        raise IllegalCallError(f"This call charges {thrower} {charged}, not {step.charged}.",
                               "step.charged")


def recorded_call(record: HandRecord, step: RummyCalled) -> RummyCalled:
    """``step`` with the facts the referee records with a call: the card, its thrower and
    Ari's rule's charge (nothing added where the referee does not know them)."""
    top = record.top
    if top is None or top.card is None or top.by is None:
        return step
    try:
        own = read_card(step.callers_discard, "step.callers_discard")
    except RefereeInputError:
        own = None  # refused when the call is applied
    charged = (penalty_points(top.card, own, record.table)
               if own is not None else None)
    return replace(step, card=str(top.card), thrower=top.by, charged=charged or None)


def pending_buy(record: HandRecord) -> BuyRuling | None:
    """How the requests to buy the top discard would be settled now, if anyone asked."""
    if record.top is None or not record.claims:
        return None
    return _resolve(record, record.claims)


def _resolve(record: HandRecord, claims: list[str],
             rummy_called_by: str | None = None) -> BuyRuling:
    try:
        return resolve_buy(record.players, record.current, record.top.by,
                           record.drawn is Source.STOCK, claims, rummy_called_by,
                           record.buys, record.table.options)
    except BuyError as error:  # a top card thrown out of turn: cannot come from a legal log
        raise IllegalCallError(error.message, "step") from None


def _buyable(record: HandRecord, doing: str) -> None:
    if record.top is None:
        raise IllegalCallError(f"There is no discard to {doing}: once covered, taken or called "
                               "rummy, a card is out of play.", "step")


def _take_top(record: HandRecord, player: str, card: Card | None, field_name: str,
              doing: str) -> None:
    """The live top discard leaves the pile for ``player``'s hand, in plain sight."""
    _buyable(record, "take")
    known = record.top.card
    if known is not None and card is not None and card.bare() != known.bare():
        raise IllegalStepError(f"The top discard is {known.label}, not {card.label}.",
                               field_name)
    record.top = None
    record.warnings = []
    if known is not None:
        record.shown_into_hand(player, known, doing, field_name, was_face_up=True)
    else:  # a card thrown unsaid, named as it is taken
        record.shown_into_hand(player, card, doing, field_name)


def _rummy_meld(record: HandRecord, thrown: Card, chosen: int | None,
                fitted: tuple[int, ...]) -> int | None:
    """Where a called rummy card goes: nowhere (dead), or the meld the caller chose.

    ``fitted`` are the melds it fitted when thrown; a card laid off since may have
    taken its place on one, and with no place left the card is dead.
    """
    if record.table.options["rummy_card"] == "dead":
        if chosen is not None:
            raise IllegalCallError("At this table a called rummy card is dead and goes on no "
                                   "meld.", "step.meld")
        return None
    fits = tuple(i for i in fitted
                 if record.melds[i].meld.extend([thrown], record.table.melds).valid)
    if not fits:
        if chosen is not None:
            raise IllegalCallError(f"{thrown.label} fits no meld now: cards laid off since "
                                   "took its places, so it is dead.", "step.meld")
        return None
    if chosen is None:
        if len(fits) > 1:
            raise IllegalCallError(f"{thrown.label} fits melds {_numbers(fits)}, so the caller "
                                   "says which one it goes on.", "step.meld")
        return fits[0]
    record.meld_at(chosen, "step.meld")
    if chosen not in fits:
        raise IllegalCallError(f"{thrown.label} does not fit meld {chosen + 1}; it fits meld "
                               f"{_numbers(fits)}.", "step.meld")
    return chosen


def _numbers(indices: tuple[int, ...]) -> str:
    return spoken_list([str(i + 1) for i in indices])


def _warnings(record: HandRecord, card: Card | None, player: str) -> list[str]:
    if card is None:
        return []
    not_down = sum(1 for name in record.players if name not in record.down)
    warning = joker_warning(card, record.table_cards(), player in record.down, not_down,
                            record.table)
    return [warning] if warning else []
