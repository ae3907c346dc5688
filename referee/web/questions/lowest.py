"""Who's lowest?: a hand of a game played for stakes, settled at the table.

Each player's count comes from the cards tapped in for them (the shared arranger sets their
spreads aside) or from a number typed; the ending and whom it names come from the ruleset's
``stakes``, which settles the hand. Nothing here knows which game it is.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from flask import Blueprint, redirect, request, url_for

from ...core import Card, RefereeInputError, parse_cards
from ...core.games.registry import RULESETS
from ...core.model.stakes import Settlement, Who
from ...core.rummy.solver import Arrangement, arrange
from ...core.text import whole_number
from ...store.games import GameNotFoundError, load_game
from ..forms import add_error, changed_options, option_choices
from ..shell.back_to_game import carried_back
from ..shell.edit_rights import may_edit
from .picker import has_errors, picker_context, was_tapped
from ..shell.rendering import not_for_this_game, render_screen, wants_fragment
from .lowest_forms import cards_field, count_field, lowest_form, name_field

bp = Blueprint("lowest", __name__, url_prefix="/lowest")


def played_for_stakes(ruleset) -> bool:
    return ruleset.stakes is not None and ruleset.stakes.hand_alone


@dataclass
class Seat:
    """One player at the table: the name, the cards tapped in, and the count they make."""

    number: int
    name: str
    words: list[str]
    cards: list[Card] = field(default_factory=list)
    arrangement: Arrangement | None = None
    count: int | None = None


@bp.get("/<game>")
def lowest(game: str):
    ruleset = RULESETS.get(game)
    if ruleset is None or not played_for_stakes(ruleset):
        return _no_such_screen(game)
    stakes = ruleset.stakes
    form = lowest_form(ruleset, request.args)
    form.validate()
    players = form.players.data if not form.players.errors else form.players.default
    if form.suit.errors:
        form.suit.data = "S"
    hands = _apply_tap(form, players)
    for tap in (form.add, form.remove, form.clear, form.suit, form.for_game, form.hand):
        tap.errors = []  # a value no button sends is passed over
    options = option_choices(form, ruleset.option_specs)
    ending = stakes.ending(form.ending.data) if not form.ending.errors else None
    picked = _picked_seats(form, players)
    canonical = url_for(
        "lowest.lowest", game=ruleset.key, players=players, into=form.into.data,
        suit=form.suit.data, ending=ending.key if ending else None,
        who=[str(seat) for seat in picked] or None,
        **{name_field(s): form[name_field(s)].data or None for s in range(players)},
        **{cards_field(s): hands[s] or None for s in range(players)},
        **{count_field(s): form[count_field(s)].data for s in range(players)},
        **changed_options(ruleset, options), **_game_fields(form), **carried_back())
    if was_tapped(request.args) and not wants_fragment():
        return redirect(canonical, 303)  # reloading the page never taps twice

    seats = [Seat(s, form[name_field(s)].data or f"Player {s + 1}", hands[s].split())
             for s in range(players)]
    table = settlement = None
    try:
        table = ruleset.configure(options=options, players=players)
    except RefereeInputError as error:  # the form has checked each house rule's value
        _refuse(form.players, error)
    if table is not None:
        _count(seats, table, form)
    if table is not None and ending is not None and not has_errors(form):
        settlement = _settle(stakes, table, ending, seats, picked, form)
    for s in range(players):
        form[cards_field(s)].data = hands[s]
    lowest_count = min((seat.count for seat in seats if seat.count is not None), default=None)
    house_options = ruleset.resolve_options(options)
    deck = ruleset.deck(house_options)
    response = render_screen(
        "lowest.html", "_lowest.html", 422 if has_errors(form) else 200,
        ruleset=ruleset, stakes=stakes, form=form, seats=seats, ending=ending,
        picked=picked, settlement=settlement, lowest_count=lowest_count,
        problems=has_errors(form), who=Who, house_options=house_options,
        player_choices=range(*_span(ruleset)),
        night_hand=_night_hand(form, seats, ending, picked, settlement),
        tab_keys=[key for key, other in RULESETS.items() if played_for_stakes(other)],
        option_fields=[(spec, form[spec.name]) for spec in ruleset.option_specs],
        **picker_context(ruleset, deck, [card for seat in seats for card in seat.cards],
                         form, table))
    if wants_fragment():
        response.headers["HX-Replace-Url"] = canonical
    return response


def _game_fields(form) -> dict:
    """The kept game the screen was opened from, kept in its address as it is tapped."""
    if form.for_game.errors or not form.for_game.data:
        return {}
    return {"for_game": form.for_game.data,
            "hand": None if form.hand.errors else form.hand.data}


def _night_hand(form, seats: list[Seat], ending, picked: list[int],
                settlement: Settlement | None) -> NightHand | None:
    """The ruling as the hand being played in the game the screen was opened from, to save
    with one tap: only where this device scores that game, the hand is still the one being
    played and the seats are the game's, in its order."""
    fields = _game_fields(form)
    if settlement is None or not fields.get("hand"):
        return None
    try:
        loaded = load_game(fields["for_game"])
    except GameNotFoundError:
        return None
    state = loaded.state
    if (not may_edit(loaded) or state.hand != fields["hand"]
            or [seat.name for seat in seats] != list(state.players)):
        return None
    entry = {"ending": ending.key, "expected_version": loaded.version, "save": "1"}
    if ending.who is Who.ONE and picked:
        entry["who"] = picked[0]
    entry.update({f"count{seat.number}": seat.count for seat in seats if seat.count is not None})
    return NightHand(url_for("games.hand_entry", game_id=loaded.game.id, hand=state.hand),
                     state.hand, entry, picked if ending.who is Who.SOME else [])


@dataclass(frozen=True)
class NightHand:
    """What the save form posts: the game's end-of-hand form's own fields."""

    url: str
    hand: int
    fields: dict
    claims: list[int]


def _span(ruleset) -> tuple[int, int]:
    fewest, most = ruleset.players
    return fewest, most + 1


def _apply_tap(form, players: int) -> list[str]:
    """Each seat's cards as typed, after the tap this request carries (sent without
    JavaScript): a card added to the seat taps go into, one taken back, a seat cleared."""
    hands = [(form[cards_field(s)].data or "").strip() for s in range(players)]
    into = whole_number(form.into.data or "")
    if into is None or into >= players:
        into = 0  # a seat no button sends: the first
    form.into.data = str(into)
    if form.add.data and not form.add.errors:
        tapped = form.add.data.strip().upper()
        card = tapped if tapped == "JK" else tapped + (form.suit.data or "S")
        hands[into] = f"{hands[into]} {card}".strip()
    seat_text, _, index_text = (form.remove.data or "").partition(":")
    seat, index = whole_number(seat_text), whole_number(index_text)
    if seat is not None and index is not None and seat < players:
        words = hands[seat].split()
        if index < len(words):
            del words[index]
        hands[seat] = " ".join(words)
    cleared = whole_number(form.clear.data or "")
    if cleared is not None and cleared < players:
        hands[cleared] = ""
    return hands


def _picked_seats(form, players: int) -> list[int]:
    """The seats tapped as whom the ending names, each once, in seat order."""
    seats = {whole_number(value) for value in form.who.data or []}
    return sorted(seat for seat in seats if seat is not None and seat < players)


def _count(seats: list[Seat], table, form) -> None:
    """Each seat's count: its cards' leftover points after the spreads, or the typed count.
    A card no deck holds so often (in one hand or across them) is refused beside its hand."""
    for seat in seats:
        try:
            seat.cards = parse_cards(" ".join(seat.words), cards_field(seat.number))
        except RefereeInputError as error:
            _refuse(form[cards_field(seat.number)], error)
    named = [(cards_field(seat.number), card) for seat in seats for card in seat.cards]
    try:
        table.deck.check_named_supply(named, table.decks)
    except RefereeInputError as error:
        at = str(error.location[0]) if error.location else ""
        _refuse(form[at] if at in form else form[cards_field(0)], error)
        return
    for seat in seats:
        typed = form[count_field(seat.number)]
        if seat.cards:
            try:
                seat.arrangement = arrange(seat.cards, table)
                seat.count = seat.arrangement.leftover_points
            except RefereeInputError as error:
                _refuse(form[cards_field(seat.number)], error)
        elif typed.data is not None and not typed.errors:
            seat.count = typed.data


def _settle(stakes, table, ending, seats: list[Seat], picked: list[int],
            form) -> Settlement | None:
    """The ruling, asked of the game; a refusal goes beside the field it is about."""
    names = [seat.name for seat in seats]
    fields = {stakes.ending_field: ending.key}
    if ending.who is Who.ONE and picked:
        fields[stakes.who_field] = names[picked[0]]
    elif ending.who is Who.SOME:
        fields[stakes.claims_field] = [names[s] for s in picked]
    counts = {seat.name: seat.count for seat in seats if seat.count is not None}
    if counts or ending.counts:
        fields[stakes.counts_field] = counts
    try:
        return stakes.settle(table, names, stakes.read(names, fields))
    except RefereeInputError as error:
        _refuse(_field_at(error.location, stakes, names, form), error)
        return None


def _refuse(field, error: RefereeInputError) -> None:
    """A refusal of the core beside ``field``, with the link to the paragraph it applies
    (the first refusal's, when one field has two)."""
    add_error(field, error.message)
    field.rule = getattr(field, "rule", None) or error.rule


def _field_at(location, stakes, names: list[str], form):
    """The form's field a refusal located in the settling fields is about."""
    head = location[0] if location else None
    if head == stakes.counts_field and len(location) > 1 and location[1] in names:
        return form[count_field(names.index(location[1]))]
    if head == "players" and len(location) > 1 and isinstance(location[1], int) \
            and location[1] < len(names):
        return form[name_field(location[1])]
    if head in (stakes.who_field, stakes.claims_field):
        return form.who
    return form.ending



def _no_such_screen(game: str):
    return not_for_this_game(
        game, "No “Who’s lowest?” for this game",
        "a game played for stakes, so “Who’s lowest?” has no hand to settle.",
        "lowest.lowest", played_for_stakes)
