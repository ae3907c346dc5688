"""The meld checker: tap or type cards, see at once whether they make a legal meld."""

from __future__ import annotations

from flask import Blueprint, abort, redirect, request, url_for

from ...core import Card, RefereeInputError, Verdict, format_cards, parse_cards
from ...core.games.registry import RULESETS
from ..forms import (add_error, changed_options, checker_form, meld_option_specs,
                    option_choices)
from .picker import apply_tap, has_errors, picker_context, was_tapped
from ..shell.rendering import not_for_this_game, render_screen, wants_fragment
from ..shell.back_to_game import carried_back

bp = Blueprint("checker", __name__, url_prefix="/check")


@bp.get("/<game>")
def check(game: str):
    ruleset = RULESETS.get(game)
    if ruleset is None:
        abort(404)
    if not ruleset.has_melds:
        return not_for_this_game(game, "No melds", "a game of melds (its rules page says how "
                                 "it is played).", "checker.check",
                                 lambda other: other.has_melds)
    form = checker_form(ruleset, request.args)
    form.validate()
    by_rank = not ruleset.runs  # every meld of one rank: no suit to choose
    text = apply_tap(form, by_rank)
    specs = meld_option_specs(ruleset)
    options = option_choices(form, specs)
    canonical = url_for("checker.check", game=ruleset.key, decks=form.decks.data,
                        suit=form.suit.data, cards=text or None,
                        **changed_options(ruleset, options), **carried_back())
    if was_tapped(request.args) and not wants_fragment():
        # A tap without htmx lands on the plain URL, so reloading never taps twice.
        return redirect(canonical, 303)

    deck = ruleset.deck(ruleset.resolve_options(options))
    cards: list[Card] = []
    verdict: Verdict | None = None
    description = table = None
    if not has_errors(form):
        try:
            table = ruleset.configure(options=options, decks=form.decks.data)
            cards = parse_cards(text)
            text = format_cards(cards)
            verdict = table.check_meld(cards) if cards else None  # none yet: no verdict
            if verdict is not None and verdict.valid:
                description = table.describe_meld(cards)  # the game's own words, if it has any
        except RefereeInputError as error:
            target = form.decks if error.field == "decks" else form.cards
            add_error(target, error.message)
    form.cards.data = text
    response = render_screen(
        "checker.html", "_checker.html", 422 if has_errors(form) else 200,
        ruleset=ruleset, form=form, cards=cards, verdict=verdict, description=description,
        problems=has_errors(form), option_fields=[(spec, form[spec.name]) for spec in specs],
        canonical=canonical,
        **picker_context(ruleset, deck, cards, form, table, by_rank),
    )
    if wants_fragment():
        response.headers["HX-Replace-Url"] = canonical
    return response

