"""What makes the app installable: the web manifest, the service worker and its offline page.

The service worker keeps only the shell (fingerprinted static files and the offline page),
never a page or an answer with a game in it, so no device ever shows a stale score. It is
served from the site's root so that its scope covers every page.
"""

import hashlib

from flask import Blueprint, Response, current_app, render_template, url_for

bp = Blueprint("app_shell", __name__)

APP_NAME = "Rummy Referee"
THEME_COLOUR = "#1d4a37"  # the felt of the top bar (static/app.css --felt)
BACKGROUND_COLOUR = "#f6f3ec"  # the paper (--paper)
# (file in static/icons, size, purpose): "maskable" is drawn square to the edges, for launchers
# that cut their own shape out of it (tools/draw_app_files.py draws them all).
ICONS = (("icon-192.png", 192, "any"), ("icon-512.png", 512, "any"),
         ("maskable-512.png", 512, "maskable"))
# What the offline page needs to show itself with no server (it links no game's script).
SHELL_FILES = ("app.css", "theme.js", "htmx-2.0.11.min.js", "announce.js", "early_taps.js",
               "app_shell.js", "offline.js", "favicon.svg",
               *(f"icons/{name}" for name, _size, _purpose in ICONS))
NOT_KEPT = "no-cache"  # asked again each time: a new app version brings a new worker


@bp.get("/manifest.webmanifest")
def manifest():
    document = {
        "name": APP_NAME,
        "short_name": "Referee",
        "description": "Scores and rulings for rummy played with real cards.",
        "start_url": url_for("home.index"),
        "scope": "/",
        "display": "standalone",
        "theme_color": THEME_COLOUR,
        "background_color": BACKGROUND_COLOUR,
        "icons": [{"src": url_for("static", filename=f"icons/{name}"),
                   "sizes": f"{size}x{size}", "type": "image/png", "purpose": purpose}
                  for name, size, purpose in ICONS],
    }
    response = current_app.json.response(document)
    response.mimetype = "application/manifest+json"
    response.headers["Cache-Control"] = NOT_KEPT
    return response


@bp.get("/sw.js")
def service_worker():
    shell = [url_for("app_shell.offline"), *(url_for("static", filename=f) for f in SHELL_FILES)]
    # The cache's name changes with any shell file, so a new version replaces the old one.
    version = hashlib.sha256("\n".join(shell).encode()).hexdigest()[:12]
    script = render_template("service_worker.js", shell=shell, version=version,
                             static_prefix=current_app.static_url_path + "/")
    return Response(script, mimetype="text/javascript",
                    headers={"Cache-Control": NOT_KEPT})


@bp.get("/offline")
def offline():
    return render_template("offline.html")
