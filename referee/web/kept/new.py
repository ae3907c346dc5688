"""Setting up a game: which game, who plays, in which seats, who deals first, decks and
house rules.

``/games/new`` asks which game; ``/games/new/<ruleset>`` sets one up. Every button
posts the whole form back: adding, moving or removing a player re-shows it (htmx
swaps just the form; without JavaScript the page reloads), and only "Start the
game" makes the game. How many players a game seats, its decks and its house
rules all come from the ruleset.
"""

from __future__ import annotations

import re
import secrets

from flask import (Response, abort, current_app, flash, make_response, redirect, render_template,
                   request, session, url_for)

from ...core import RefereeInputError
from ...core.game import GameSetup
from ...core.ledger import stake_value
from ...core.money import CURRENCIES, CURRENCY_BY_REGION, REGION_BY_LANGUAGE, currency_for_locale
from ...core.games.registry import RULESETS, get_ruleset
from ...core.model.ruleset import Ruleset
from ...core.model.keeping import Team
from ...core.model.ruleset import first_short_deal
from ...core.text import name_key, whole_number
from ...store.queries import known_players
from ...store.starts import start_game_once
from ..forms import add_error, new_game_form, option_field_name, option_values
from .games import bp
from ..shell.edit_rights import grant_edit
from ..shell.rendering import render_screen, wants_fragment
from ..shell.sign_in import guarded

KNOWN_PLAYERS_SHOWN = 40
START_TOKEN = re.compile(r"[A-Za-z0-9_-]{16,64}")


def kept_rulesets() -> list[Ruleset]:
    """The games the scorekeeper keeps, in the order the referee lists them."""
    return [ruleset for ruleset in RULESETS.values() if ruleset.keeping is not None]


def _kept_or_404(key: str) -> Ruleset:
    try:
        ruleset = get_ruleset(key)
    except RefereeInputError:
        abort(404)
    if ruleset.keeping is None:
        abort(404)
    return ruleset


@bp.get("/new")
@guarded
def new_game():
    """Which game? (``?ruleset=500`` goes straight to that game's setup.)"""
    chosen = request.args.get("ruleset")
    if chosen:
        return redirect(url_for("games.setup_game", ruleset=_kept_or_404(chosen).key), 303)
    return render_template("games/choose.html", rulesets=kept_rulesets())


@bp.route("/new/<ruleset>", methods=["GET", "POST"])
@guarded
def setup_game(ruleset: str):
    ruleset = _kept_or_404(ruleset)
    form = new_game_form(ruleset, request.form if request.method == "POST" else None)
    if not START_TOKEN.fullmatch(form.start_token.data or ""):  # a new form (or one without)
        form.start_token.data = secrets.token_urlsafe(16)
    seated = typing = None
    if request.method == "POST":
        form.validate()
        # Enter in the name box presses Add: either way the next name is typed there too.
        typing = bool(form.add.data)
        if form.start.data:
            setup = _setup_from(form, ruleset)
            if setup is not None:
                session.pop(SEATED, None)
                return _started(setup, drawn=form.dealer.data in (None, "", "random"),
                                token=form.start_token.data)
        else:
            seated = _apply_button(form, ruleset)
        # A reload (or a tablet that slept) brings the seats back, not an empty table.
        session[SEATED] = [name for name in _names(form) if name.strip()]
    elif session.get(SEATED):
        _set_names(form, [str(name) for name in session[SEATED]][:ruleset.players[1]])
    if request.method == "GET" and "currency" in form:  # static/currency.js may know better
        form.currency.data = currency_for_locale(request.accept_languages.best).code
    status = 422 if _has_errors(form) else 200
    response = render_screen("games/new.html", "games/_new_form.html", status,
                             typing=typing, seated=seated, **_context(form, ruleset))
    # Never from the cache: Back must bring a form with a new token, not the one used.
    response.headers["Cache-Control"] = "no-store"
    response.vary.add("Accept-Language")  # the currency guessed by it
    return response


SEATED = "seated"  # the players seated on the setup form not yet started, by this device


def _apply_button(form, ruleset: Ruleset) -> str | None:
    """Add, pick, move or unseat as the button posted says; the name just seated, if any."""
    names = _names(form)
    seated = None
    if form.add.data or form.pick.data:
        name = (form.pick.data or form.new_name.data or "").strip()
        if not name:
            add_error(form.new_name, "Type a name first.")
        elif name_key(name) in {name_key(seated) for seated in names}:
            add_error(form.new_name, f"{' '.join(name.split())} is already seated.")
        elif len(names) >= ruleset.players[1]:
            add_error(form.new_name,
                      f"{ruleset.title} seats {ruleset.players[1]} players at most.")
        elif not form.new_name.errors:
            seated = " ".join(name.split())
            names.append(seated)
            if not form.pick.data:
                form.new_name.data = ""
    elif form.move.data:
        direction, _, index = form.move.data.partition("-")
        seat = whole_number(index)
        other = -1 if seat is None else seat - 1 if direction == "up" else seat + 1
        if seat is not None and seat < len(names) and 0 <= other < len(names):
            names[seat], names[other] = names[other], names[seat]
    elif (unseat := whole_number(form.unseat.data)) is not None and unseat < len(names):
        del names[unseat]
    _set_names(form, names)
    form.add.data = form.pick.data = form.move.data = form.unseat.data = None
    return seated


def _setup_from(form, ruleset) -> GameSetup | None:
    """The checked setup, or ``None`` with the problem flagged next to its field."""
    names = _names(form)
    if form.new_name.data and form.new_name.data.strip():  # typed but "Add" not pressed
        names.append(form.new_name.data.strip())
        form.new_name.data = ""
    _set_names(form, names)
    for seat, name in zip(form.players, names):
        if not name.strip():
            add_error(seat, "Type a name for this seat, or remove it.")
    if len(names) < ruleset.players[0]:
        add_error(form.players,
                  f"A game needs at least {ruleset.players[0]} players: add someone.")
    stake = _stake(form, ruleset)
    if _has_errors(form):
        return None
    dealer = None if form.dealer.data in (None, "", "random") else form.dealer.data
    decks = None if form.decks.data == "auto" else int(form.decks.data)
    try:
        return GameSetup.create(ruleset.key, names, first_dealer=dealer, decks=decks,
                                options=option_values(form, ruleset),
                                teams=_teams_named(form, ruleset, names), stake=stake,
                                currency=form.currency.data if "currency" in form else None)
    except RefereeInputError as error:
        target = _field_for(form, error.field)
        add_error(target, error.message)
        return None


def _stake(form, ruleset: Ruleset) -> str | None:
    """The money a stake is worth as typed (empty: the table plays for points), checked now so
    its problem shows with the others."""
    if "stake" not in form:
        return None
    typed = (form.stake.data or "").strip()
    try:
        stake_value(typed, unit=ruleset.stakes.unit)
    except RefereeInputError as error:
        add_error(form.stake, error.message)
    return typed or None


def _teams(form, ruleset: Ruleset, names: list[str]) -> tuple[Team, ...]:
    """The teams the seats make now (partners alternate round the table), in a game of
    teams with a count its players allow; else none yet."""
    partnerships = ruleset.keeping.partnerships
    counts = partnerships.team_counts(len(names)) if partnerships else ()
    if not counts or not all(name.strip() for name in names):
        return ()
    count = whole_number(form.team_count.data)
    if partnerships.optional and count not in counts:  # each alone, unless teams are chosen
        return ()
    return partnerships.default(names, count if count in counts else counts[0])


def _teams_named(form, ruleset: Ruleset, names: list[str]) -> list[dict] | None:
    """The teams as the setup takes them, with the names the table typed (else the players')."""
    teams = _teams(form, ruleset, names)
    if not teams:
        return None
    typed = [(entry.data or "").strip() for entry in form.team_names]
    return [{"name": typed[i] or team.name, "players": list(team.players)}
            for i, team in enumerate(teams)]


def _field_for(form, field: str | None):
    """The form field a core error names: ``players[2]``, ``first_dealer``, ``options.x``."""
    seat = whole_number(field[8:-1]) if field and field.startswith("players[") else None
    if seat is not None:
        if seat < len(form.players):
            return form.players[seat]
    if field == "first_dealer":
        return form.dealer
    if field == "decks":
        return form.decks
    if field in ("stake", "currency") and field in form:
        return form[field]
    if field and field.startswith("teams") and "team_count" in form:
        return form.team_count
    if field and field.startswith("options."):
        name = option_field_name(field.removeprefix("options."))
        if name in form:
            return form[name]
    return form.players


def _started(setup: GameSetup, drawn: bool, token: str) -> Response:
    """The game made (or, for a form posted again, found) and this device's right to score it."""
    loaded, edit_key = start_game_once(setup, token, current_app.secret_key)
    grant_edit(loaded.game.id, edit_key)  # this device scores; the key never goes in a URL
    if drawn:
        flash(f"Drawn at random: {loaded.state.dealer} deals first.")
    target = url_for("games.game_page", game_id=loaded.game.id)
    if wants_fragment():
        response = make_response("", 204)
        response.headers["HX-Redirect"] = target
        return response
    return redirect(target, 303)


def _names(form) -> list[str]:
    return [entry.data or "" for entry in form.players]


def _set_names(form, names: list[str]) -> None:
    """Show ``names`` in the seats (WTForms fields keep their names; only the data moves)."""
    while len(form.players) > len(names):
        form.players.pop_entry()
    for entry, name in zip(form.players, names):
        entry.data = name
    for name in names[len(form.players):]:
        form.players.append_entry(name)


def _has_errors(form) -> bool:
    return any(field.errors for field in form) or any(seat.errors for seat in form.players)


def _context(form, ruleset: Ruleset) -> dict:
    names = _names(form)
    seated = {name_key(name) for name in names}
    count = len(names)
    return {
        "form": form, "ruleset": ruleset, "names": names,
        "known": [name for name in known_players(KNOWN_PLAYERS_SHOWN)
                  if name_key(name) not in seated],
        "recommended_decks": ruleset.recommended_decks(
            min(max(count, ruleset.players[0]), ruleset.players[1])),
        "player_count": count,
        "too_few_decks": _too_few_decks(form, ruleset, count),
        "option_fields": [(spec, form[option_field_name(spec.name)])
                          for spec in ruleset.option_specs],
        "idle_options": _idle_options(ruleset, count),
        "game_end": _game_end(form, ruleset),
        "teams": _teams(form, ruleset, names),
        "team_counts": _team_counts(ruleset, count),
        "currencies": CURRENCIES,
        "currency_guessed": request.method == "GET",
        # For static/currency.js: the core's reading of a browser's locale, as data.
        "currency_regions": {"regions": CURRENCY_BY_REGION, "languages": REGION_BY_LANGUAGE},
    }


def _team_counts(ruleset: Ruleset, players: int) -> tuple[int, ...]:
    """The numbers of teams the table may choose; 0 first (each alone) where the game may be
    played without teams, when the players seated can make some."""
    partnerships = ruleset.keeping.partnerships
    counts = partnerships.team_counts(players) if partnerships else ()
    return (0, *counts) if counts and partnerships.optional else counts


def _idle_options(ruleset: Ruleset, count: int) -> dict[str, str]:
    """The house rules the table as seated cannot use (a two-player deal with four seated),
    by name, with the note shown beside them; none before a game's fewest players sit."""
    if count < ruleset.players[0]:
        return {}
    return {spec.name: f"{spec.only_for} {count} are seated."
            for spec in ruleset.option_specs if not spec.applies_to(count)}


def _game_end(form, ruleset: Ruleset) -> str:
    """How the game ends with the house rules as chosen so far: "first to 500", "5 hands"."""
    try:
        options = ruleset.resolve_options(option_values(form, ruleset))
    except RefereeInputError:  # a rule still being typed: as most tables play
        options = ruleset.resolve_options()
    return ruleset.keeping.end(options).describe(ruleset.hand_noun)


def _too_few_decks(form, ruleset: Ruleset, players: int):
    """The first hand the decks chosen cannot deal to the players seated, if any."""
    fewest, most = ruleset.players
    if (not fewest <= players <= most
            or whole_number(form.decks.data) is None or form.decks.errors):
        return None
    try:  # the house rules as chosen (one may change the deal), else as most tables play
        table = ruleset.configure(options=option_values(form, ruleset),
                                  decks=int(form.decks.data))
    except RefereeInputError:
        try:
            table = ruleset.configure(decks=int(form.decks.data))
        except RefereeInputError:  # decks the game refuses: starting says so beside them
            return None
    return first_short_deal(table, players)
