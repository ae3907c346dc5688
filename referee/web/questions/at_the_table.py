"""The referee's questions at the table, for the games that ask them (Ruleset.opening and
Ruleset.going_out): can we open with these melds? may we go out now?"""

from __future__ import annotations

from flask import Blueprint, redirect, request, url_for

from ...core import Card, RefereeInputError, parse_cards
from ...core.games.registry import RULESETS
from ..forms import (
    MAX_COUNT,
    YES_NO,
    add_error,
    changed_options,
    going_out_form,
    name_partners,
    opening_form,
    opening_option_specs,
    option_choices,
    partner_field,
    partner_name_field,
)
from .picker import has_errors, picker_context, was_tapped
from .pile_taps import apply_pile_tap
from ..shell.rendering import not_for_this_game, render_screen, wants_fragment
from ..shell.back_to_game import carried_back

bp = Blueprint("questions", __name__)


@bp.get("/opening/<game>")
def opening(game: str):
    ruleset = RULESETS.get(game)
    if ruleset is None or ruleset.opening is None or ruleset.opening_check is None:
        return _no_such_screen(game, "opening", "Can we open?",
                               "a game whose opening has a minimum")
    form = opening_form(ruleset, request.args)
    form.validate()
    taps = apply_pile_tap(form, by_rank=not ruleset.runs)  # melds of one rank: no suit asked
    specs = opening_option_specs(ruleset)
    options = option_choices(form, specs)
    hand = form.hand.data if not form.hand.errors and form.hand.data else 1
    canonical = url_for("questions.opening", game=ruleset.key, hand=hand, decks=form.decks.data,
                        suit=form.suit.data, into=taps.into, table=taps.table_text or None,
                        **changed_options(ruleset, options), **carried_back())
    if was_tapped(request.args) and not wants_fragment():
        return redirect(canonical, 303)  # reloading the page never taps twice

    rules = answer = None
    melds: list[list[Card]] = []
    resolved = ruleset.resolve_options(options)
    if not has_errors(form):
        try:
            rules = ruleset.configure(options=options, decks=form.decks.data)
            melds = [parse_cards(" ".join(meld), f"melds[{i}]")
                     for i, meld in enumerate(taps.table)]
            if melds:
                answer = ruleset.opening_check(melds, hand, rules.options, rules.decks)
        except RefereeInputError as error:
            target = form.decks if error.field == "decks" else form.table
            add_error(target, error.message)
    form.table.data, form.into.data = taps.table_text, taps.into
    deck = ruleset.deck(resolved)
    response = render_screen(
        "opening.html", "_opening.html", 422 if has_errors(form) else 200,
        ruleset=ruleset, form=form, taps=taps, answer=answer, hand=hand,
        minimum=ruleset.opening.minimum(hand, resolved), problems=has_errors(form),
        hands=range(1, ruleset.opening.hands + 1),
        option_fields=[(spec, form[spec.name]) for spec in specs],
        **picker_context(ruleset, deck, [card for meld in melds for card in meld], form, rules,
                         by_rank=not ruleset.runs))
    if wants_fragment():
        response.headers["HX-Replace-Url"] = canonical
    return response


@bp.get("/going-out/<game>")
def going_out(game: str):
    ruleset = RULESETS.get(game)
    if ruleset is None or ruleset.going_out is None:
        return _no_such_screen(game, "going_out", "Can we go out?",
                               "a game with a going-out checklist")
    question = ruleset.going_out
    form = going_out_form(ruleset, request.args)
    form.validate()
    name_partners(form, question)
    stepped = _apply_step(form, [name for name, _ in question.counts])
    partners = form.partners.data if not form.partners.errors else question.partners[0]
    flags = [form[partner_field(n)] for n in range(1, partners + 1)]
    canonical = url_for("questions.going_out", game=ruleset.key, partners=partners,
                        asked=form.asked.data, answer=form.answer.data or None,
                        **{name: form[name].data for name, _ in question.counts},
                        **{flag.name: flag.data for flag in flags},
                        **{name: form[name].data or None for name in map(
                            partner_name_field, range(1, max(question.partners) + 1))},
                        **carried_back())
    if stepped and not has_errors(form) and not wants_fragment():
        return redirect(canonical, 303)

    answer = rows = None
    if not has_errors(form):
        try:
            answer = question.check({name: form[name].data for name, _ in question.counts},
                                    [flag.data == "yes" for flag in flags],
                                    # asked: and answered, so a penalty may apply
                                    form.asked.data == "yes" and form.answer.data in YES_NO,
                                    form.answer.data == "yes",
                                    [form[partner_name_field(n)].data or ""
                                     for n in range(1, partners + 1)])
        except RefereeInputError as error:  # counts no cards could make: said beside the count
            name = error.location[0] if error.location else None
            add_error(form[name] if name in dict(question.counts) else form.partners,
                      error.message)
    if answer is not None:
        counted = len(question.counts)
        rows = {"counts": list(zip(question.counts, answer.checklist[:counted])),
                "partners": list(zip(flags, answer.checklist[counted:counted + partners])),
                "yes": answer.checklist[-1]}
    response = render_screen(
        "going_out.html", "_going_out.html", 422 if has_errors(form) else 200,
        ruleset=ruleset, question=question, form=form, answer=answer, rows=rows, flags=flags,
        yes_no=YES_NO, problems=has_errors(form), most=MAX_COUNT)
    if wants_fragment():
        response.headers["HX-Replace-Url"] = canonical
    return response


def _apply_step(form, counts: list[str]) -> bool:
    """A +/- pressed (``clean_piles:+1``), applied to its count; whether one was."""
    name, _, change = (form.step.data or "").partition(":")
    if name not in counts or change not in ("+1", "-1"):
        return bool(form.step.data)
    field = form[name]
    if not field.errors and field.data is not None:
        field.data = max(0, min(field.data + int(change), MAX_COUNT))
    return True


def _no_such_screen(game: str, question: str, title: str, kind: str):
    """The 404 for a game without ``question`` (the Ruleset field, and this view's name)."""
    return not_for_this_game(
        game, f"No “{title}” for this game", f"{kind}, so “{title}” has nothing to check.",
        f"questions.{question}", lambda ruleset: getattr(ruleset, question) is not None)
