"""'Can I go down?': the best melds out of the cards a player holds."""

from __future__ import annotations

import re

from flask import Blueprint, abort, redirect, render_template, request, url_for

from ...core import Card, RefereeInputError, format_cards, parse_cards
from ...core.rummy.contracts import check_contract, contract_for
from ...core.games.registry import RULESETS
from ...core.rummy.solver import arrange, check_card_count, contract_progress
from ..forms import add_error, arrange_form, arrange_option_specs, changed_options, option_choices
from .picker import apply_tap, has_errors, picker_context, was_tapped
from ..shell.rendering import render_screen, wants_fragment
from ..shell.back_to_game import carried_back

bp = Blueprint("arranger", __name__, url_prefix="/arrange")

MELD_SEPARATORS = re.compile(r"[/|\n]+")


@bp.get("/<game>")
def arrange_hand(game: str):
    ruleset = RULESETS.get(game)
    if ruleset is None:
        abort(404)
    if not ruleset.arranges_hands:
        return _not_arranged(ruleset)
    form = arrange_form(ruleset, request.args)
    form.validate()
    text = apply_tap(form)
    # The hand sets the contract, or the opening minimum the melds are measured against.
    hand = form.hand.data if ruleset.contracts or ruleset.opening else None
    specs = arrange_option_specs(ruleset)
    options = option_choices(form, specs)
    canonical = url_for("arranger.arrange_hand", game=ruleset.key, hand=hand,
                        decks=form.decks.data, suit=form.suit.data, cards=text or None,
                        melds=form.melds.data or None, **changed_options(ruleset, options),
                        **carried_back())
    if was_tapped(request.args) and not wants_fragment():
        return redirect(canonical, 303)

    table = contract = answer = split = progress = None
    cards: list[Card] = []
    if not has_errors(form):
        try:
            table = ruleset.configure(options=options, decks=form.decks.data)
            contract = contract_for(table, hand) if ruleset.contracts else None
        except RefereeInputError as error:
            add_error(form.hand if error.field == "hand" else form.decks, error.message)
    if table is not None:
        try:
            cards = parse_cards(text)
            check_card_count(len(cards), table)
            text = format_cards(cards)
            answer = arrange(cards, table, hand) if cards else None
            if contract is not None and answer is not None and not answer.melds:
                progress = contract_progress(cards, table, hand)  # how near: the melds made
        except RefereeInputError as error:
            cards = []
            add_error(form.hand if error.field == "hand" else form.cards, error.message)
        if contract is not None and form.melds.data:
            try:
                melds = [parse_cards(part) for part in MELD_SEPARATORS.split(form.melds.data)
                         if part.strip()]
                split = (melds, check_contract(melds, table, hand))
            except RefereeInputError as error:
                add_error(form.melds, error.message)
    form.cards.data = text
    deck = ruleset.deck(ruleset.resolve_options(options))
    response = render_screen(
        "arranger.html", "_arranger.html", 422 if has_errors(form) else 200,
        ruleset=ruleset, form=form, cards=cards, answer=answer, contract=contract, split=split,
        progress=progress, canonical=canonical, minimum=_opening_minimum(ruleset, hand, form),
        option_fields=[(spec, form[spec.name]) for spec in specs],
        **picker_context(ruleset, deck, cards, form, table))
    if wants_fragment():
        response.headers["HX-Replace-Url"] = canonical
    return response


def _opening_minimum(ruleset, hand: int | None, form) -> int | None:
    """What the chosen hand's first melds must reach, in a game with an opening minimum."""
    if ruleset.opening is None or hand is None or form.hand.errors:
        return None
    try:
        return ruleset.opening.minimum(hand, ruleset.resolve_options())
    except RefereeInputError as error:  # a hand the game does not have
        add_error(form.hand, error.message)
        return None


def _not_arranged(ruleset):
    return render_template(
        "not_found.html", title="Nothing to arrange",
        message=f"The arranger does not arrange {ruleset.title} hands: its melds follow rules "
                "of their own. The meld checker answers for one meld at a time. Games it "
                "arranges:",
        choices=[(other.title, url_for("arranger.arrange_hand", game=other.key))
                 for other in RULESETS.values() if other.arranges_hands]), 404

