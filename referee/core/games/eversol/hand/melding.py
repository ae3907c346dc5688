"""Going down and laying off: the steps that put cards on the table.

Going down lays exactly the hand's contract at once, after the draw, checked
with ``contracts.check_contract``; in the same step the player may buy played
jokers (a natural card for the joker standing for it). A joker so freed goes
into the buyer's hand, in plain sight: into the new melds, or kept there (the
rule text lets a player buy one even when it is not needed to go down). In hand 6 every card held must go down, which ends
the hand. After going down, and on their own turns only, players add cards to
any meld on the table (``table.TableMeld.extend``), never a new meld.

>>> from referee.core.seating import GameSetup
>>> from .turns import drew
>>> from .steps import Drew
>>> record = HandRecord.deal(GameSetup.create("eversol", ["Abe", "Ben", "Carl"], "Abe"), 1)
>>> drew(record, Drew("Ben", "stock"))
>>> laid_off(record, LaidOff("Ben", 0, "8H"))
Traceback (most recent call last):
...
referee.core.games.eversol.hand.errors.IllegalStepError: Only players who have gone down may lay off, \
and only on their own turn.
>>> went_down(record, WentDown("Ben", [["6H", "6S", "JK"], ["8C", "8S", "8D", "8H"]]))
>>> record.went_out  # seven cards held after the draw, seven laid: out, with no discard
'Ben'
"""

from __future__ import annotations

from collections.abc import Sequence

from ....cards import JOKER, Card, parse_card
from ....rummy.contracts import check_contract
from ....errors import TableMeldError
from ....melds import MeldKind, check_meld
from ....rule_anchors import RuleAnchor
from ....table import TableMeld
from .errors import IllegalStepError
from .record import HandRecord, LaidMeld, read_cards
from .steps import JokerSwap, LaidOff, WentDown


def went_down(record: HandRecord, step: WentDown) -> None:
    record.open()
    player = record.player(step.player)
    record.on_turn(player, "go down")
    if player in record.down:
        raise IllegalStepError(f"{player} has already gone down this hand, and after that cards "
                               "go on the table only as lay-offs.", "step",
                               rule=RuleAnchor.CONTRACTS)
    melds = [read_cards(meld, f"step.melds[{i}]") for i, meld in enumerate(step.melds)]
    table = _swap_jokers(record, player, step.swaps)
    held, laid = record.held[player], sum(len(meld) for meld in melds)
    if laid > held:  # a swap gives a natural card and takes a joker: the count stays
        raise IllegalStepError(f"{player} holds {held} cards, fewer than the {laid} in these "
                               "melds.", "step.melds")
    verdict = check_contract(melds, record.table, record.hand, remaining=held - laid)
    if not verdict.valid:
        broken = verdict.broken_meld
        raise IllegalStepError(verdict.reason,
                               "step.melds" if broken is None else f"step.melds[{broken}]",
                               rule=verdict.rule)
    for i, (meld, kind) in enumerate(zip(melds, verdict.kinds)):
        if kind is MeldKind.RUN:
            _ask_where_jokers_go(meld, record, f"step.melds[{i}]")
    lying = [_lay(record, meld, kind, i)
             for i, (meld, kind) in enumerate(zip(melds, verdict.kinds))]
    for i, meld in enumerate(melds):
        for j, card in enumerate(meld):
            record.played(player, card, "to meld", f"step.melds[{i}][{j}]")
    record.melds = table + [LaidMeld(player, meld) for meld in lying]
    record.down.append(player)
    record.held[player] = held - laid
    if record.held[player] == 0:
        record.went_out = player


def laid_off(record: HandRecord, step: LaidOff) -> None:
    record.open()
    player = record.player(step.player)
    if not record.contract.discard:
        raise IllegalStepError(f"Hand {record.hand} ends when someone goes down with every "
                               "card: no lay-offs.", "step", rule=RuleAnchor.CONTRACTS)
    if player not in record.down or player != record.current:
        raise IllegalStepError("Only players who have gone down may lay off, and only on their "
                               "own turn.", "step.player", rule=RuleAnchor.CONTRACTS)
    record.on_turn(player, "lay off")
    meld = record.meld_at(step.meld, "step.meld")
    card = parse_card(step.card, "step.card")
    if card.is_joker and card.stands_for is None and meld.kind is MeldKind.RUN:
        _ask_where_jokers_go([*meld.cards, card], record, "step.card")
    extension = meld.extend([card], record.table.melds)
    if not extension.valid:
        raise IllegalStepError(extension.reason, "step.card", rule=extension.rule)
    record.played(player, card, "to lay off", "step.card")
    record.melds[step.meld] = LaidMeld(record.melds[step.meld].owner, extension.meld)
    record.held[player] -= 1
    if record.held[player] == 0:
        record.went_out = player


def _swap_jokers(record: HandRecord, player: str, swaps: Sequence[JokerSwap]
                 ) -> list[LaidMeld]:
    """The table once each swap's natural card has taken a joker's place; each joker so
    bought goes into ``player``'s hand, in plain sight."""
    table = list(record.melds)
    for i, swap in enumerate(swaps):
        field_name = f"step.swaps[{i}]"
        record.meld_at(swap.meld, f"{field_name}.meld")  # a meld that is there
        meld = table[swap.meld].meld  # as earlier swaps left it
        card = parse_card(swap.card, f"{field_name}.card")
        extension = meld.swap_joker(card, record.table.melds)
        if not extension.valid:
            raise IllegalStepError(extension.reason, field_name, rule=extension.rule)
        record.played(player, card, "to buy a joker with", f"{field_name}.card")
        record.shown_into_hand(player, JOKER, "to buy", field_name, was_face_up=True)
        table[swap.meld] = LaidMeld(table[swap.meld].owner, extension.meld)
    return table


def _ask_where_jokers_go(cards: Sequence[Card], record: HandRecord, field_name: str) -> None:
    """A run whose jokers could lie at either end is a question for the table, not a guess.

    >>> from referee.core.seating import GameSetup
    >>> record = HandRecord.deal(GameSetup.create("eversol", ["Abe", "Ben"], "Abe"), 2)
    >>> _ask_where_jokers_go(read_cards(["5H", "6H", "7H", "JK"], "meld"), record, "meld")
    Traceback (most recent call last):
    ...
    referee.core.games.eversol.hand.errors.IllegalStepError: Where does the joker lie in 5♥ 6♥ 7♥ Joker: \
as 8♥ or as 4♥? Say it, as in JK=8H.
    """
    reading = check_meld(cards, record.table.melds).reading(MeldKind.RUN)
    if reading is None or not reading.other_placements:
        return
    choices = []
    for placement in (reading.cards, *reading.other_placements):
        stands = [c.stands_for for c in placement if c.is_joker and c not in cards]
        choices.append(" and ".join(c.label for c in stands))
    example = next(c for c in reading.cards if c.is_joker and c not in cards).stands_for
    many = sum(c.is_joker and c.stands_for is None for c in cards) > 1
    raise IllegalStepError(
        f"Where {'do the jokers' if many else 'does the joker'} lie in {' '.join(c.label for c in cards)}: "
        f"{' or '.join('as ' + choice for choice in choices)}? Say it, as in "
        f"JK={example.rank.label}{example.suit.value}.", field_name, rule=RuleAnchor.WILD)


def _lay(record: HandRecord, cards: list[Card], kind: MeldKind, index: int) -> TableMeld:
    try:
        return record.table.lay(cards, kind, f"step.melds[{index}]")
    except TableMeldError as error:
        raise IllegalStepError(error.message, f"step.melds[{index}]") from None
