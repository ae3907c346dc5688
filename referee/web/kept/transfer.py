"""Every game in one file, and that file (or one game's JSON) made games here: the games
page's way to move a family's games from one machine to another without the command line."""

from __future__ import annotations

import json
from contextlib import ExitStack
from datetime import datetime, timezone

from flask import Response, flash, redirect, request, stream_with_context, url_for
from flask_wtf.csrf import CSRFError
from sqlalchemy import select

from ...extensions import csrf, db
from ...heavy_work import heavy_slot
from ...store.documents import export_document
from ...store.games import DamagedGameError, load_game
from ...store.imports import (EVERY_GAME_FORMAT, LARGEST_GAMES_FILE, GameFileError,
                             import_games)
from ...store.models import Game
from ..forms import ImportGameForm
from .games import bp, games_list_page
from ..shell.edit_rights import grant_edits
from ..shell.sign_in import guarded



@bp.get("/all.json")
@guarded
def download_every_game():
    """Every game in one file, sent a game at a time as each is read (a family's thousands of
    games are never held whole), within the server's ration of long answers."""
    ids = db.session.scalars(select(Game.id).order_by(Game.created_at, Game.id)).all()
    moment = datetime.now(timezone.utc)
    ration = ExitStack()
    ration.enter_context(heavy_slot())  # refused here, before any byte is sent

    def parts():
        try:
            head = {"format": EVERY_GAME_FORMAT, "exported_at": moment.isoformat()}
            yield json.dumps(head, ensure_ascii=False)[:-1] + ', "games": [\n'
            skipped = []
            first = True
            for game_id in ids:
                try:
                    document = export_document(load_game(game_id))
                except DamagedGameError:  # one damaged game must not cost the family the rest
                    skipped.append({"id": game_id, "reason": "damaged: it cannot be read"})
                    continue
                yield ("" if first else ",\n") + json.dumps(document, indent=1,
                                                            ensure_ascii=False)
                first = False
                db.session.expunge_all()  # each game read is let go once it is written
            yield "\n]" + (f', "skipped": {json.dumps(skipped)}' if skipped else "") + "}\n"
        finally:
            ration.close()

    response = Response(stream_with_context(parts()), mimetype="application/json")
    response.headers["Content-Disposition"] = (
        f'attachment; filename="rummy-referee-games-{moment:%Y-%m-%d}.json"')
    return response


@csrf.exempt  # checked below, by the form, once the larger limit lets the upload be read
@bp.post("/import")
@guarded
def import_game_file():
    request.max_content_length = LARGEST_GAMES_FILE
    form = ImportGameForm()
    if not form.validate_on_submit():
        if "csrf_token" in form.errors:
            raise CSRFError(form.errors["csrf_token"][0])
        return games_list_page(form, 422)
    try:
        with heavy_slot():
            made = import_games(json.loads(form.game_file.data.read().decode("utf-8")))
    except (UnicodeDecodeError, json.JSONDecodeError):
        form.game_file.errors.append("This file is not JSON: choose a game's JSON download.")
        return games_list_page(form, 422)
    except GameFileError as error:
        form.game_file.errors.append(error.message)
        return games_list_page(form, 422)
    grant_edits({loaded.game.id: edit_key for loaded, edit_key in made})
    if len(made) > 1:
        flash(f"Imported {len(made)} games.")
        return redirect(url_for("games.list_games"), 303)
    loaded = made[0][0]
    flash(f"Imported the game of {', '.join(loaded.setup.players)}.")
    return redirect(url_for("games.game_page", game_id=loaded.game.id), 303)
