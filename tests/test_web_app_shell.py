"""The tablet app over HTTP: the web manifest and its icons (what "Add to Home Screen" reads),
the service worker and its offline page, and which screens carry the "Keep screen on" switch.
What the browser does with them is in tests/browser/test_tablet_app.py."""

from __future__ import annotations

import re
import struct

import pytest

from referee.web.shell import app_shell

from .test_web_games import new_game

MANIFEST = "/manifest.webmanifest"


def png_size(body: bytes) -> tuple[int, int]:
    """Width and height from a PNG's header (its IHDR chunk comes first)."""
    assert body[:8] == b"\x89PNG\r\n\x1a\n" and body[12:16] == b"IHDR"
    return struct.unpack(">II", body[16:24])


def test_every_page_links_the_manifest_and_the_phone_icon(client):
    page = client.get("/").get_data(as_text=True)
    assert f'<link rel="manifest" href="{MANIFEST}">' in page
    assert re.search(r'<link rel="apple-touch-icon" href="/static/icons/apple-touch-icon\.png\?v=\w+">', page)
    assert '<meta name="theme-color" content="#1d4a37">' in page


def test_the_manifest_names_the_app_and_opens_it_standalone(client):
    response = client.get(MANIFEST)
    assert response.status_code == 200
    assert response.mimetype == "application/manifest+json"
    manifest = response.get_json(force=True)
    assert manifest["name"] == "Rummy Referee" and manifest["short_name"] == "Referee"
    assert manifest["display"] == "standalone" and manifest["start_url"] == "/"
    assert manifest["theme_color"] == "#1d4a37"
    assert [(icon["sizes"], icon["purpose"]) for icon in manifest["icons"]] == [
        ("192x192", "any"), ("512x512", "any"), ("512x512", "maskable")]


def test_the_manifests_icons_are_pngs_of_the_sizes_it_says(client):
    for icon in client.get(MANIFEST).get_json(force=True)["icons"]:
        response = client.get(icon["src"])
        assert response.status_code == 200 and response.mimetype == icon["type"] == "image/png"
        width, height = png_size(response.get_data())
        assert f"{width}x{height}" == icon["sizes"]
        # Fingerprinted: a home screen keeps the icon for good, and a new one has a new address.
        assert "immutable" in response.headers["Cache-Control"]


def test_the_phone_icon_is_a_square_png_for_the_home_screen(client):
    page = client.get("/").get_data(as_text=True)
    response = client.get(re.search(r'rel="apple-touch-icon" href="([^"]+)"', page).group(1))
    assert response.mimetype == "image/png" and png_size(response.get_data()) == (180, 180)


def test_the_service_worker_is_a_script_for_the_whole_site_asked_anew_each_time(client):
    response = client.get("/sw.js")
    assert response.status_code == 200
    assert response.mimetype == "text/javascript"
    assert response.headers["Cache-Control"] == "no-cache"
    script = response.get_data(as_text=True)
    shell = re.search(r"const SHELL = (\[.*?\]);", script).group(1)
    assert '"/offline"' in shell and "/static/app.css?v=" in shell
    # Only the offline page and static files are kept: never a page with a game in it.
    assert all(url == "/offline" or url.startswith("/static/") for url in re.findall(r'"([^"]+)"', shell))


def test_the_service_workers_cache_changes_name_with_the_shell(client, monkeypatch):
    """A new shell is a new cache (the old one is dropped when the new worker takes over)."""
    def cache_name():
        return re.search(r"shell-\w+", client.get("/sw.js").get_data(as_text=True)).group(0)

    before = cache_name()
    monkeypatch.setattr(app_shell, "SHELL_FILES", (*app_shell.SHELL_FILES, "print.css"))
    assert cache_name() != before


def test_the_offline_page_says_the_server_is_unreachable_and_that_it_retries(client):
    response = client.get("/offline")
    assert response.status_code == 200
    page = response.get_data(as_text=True)
    assert "The scorekeeper cannot be reached" in page and "Trying again" in page
    assert re.search(r'<script src="/static/offline\.js\?v=\w+" defer>', page)


def test_the_strict_policy_lets_the_worker_manifest_and_video_come_from_the_app_itself(client):
    """No media-src, worker-src or manifest-src of their own: default-src 'self' allows the
    app's own /sw.js, manifest and static/awake.webm, and nothing from elsewhere."""
    policy = client.get("/").headers["Content-Security-Policy"]
    assert "default-src 'self'" in policy and "script-src 'self'" in policy
    assert not re.search(r"(media|worker|manifest)-src", policy)
    assert "unsafe-inline" not in policy
    for path in ("/sw.js", MANIFEST):
        assert client.get(path).headers["Content-Security-Policy"] == policy


SWITCH = 'id="keep-awake"'


@pytest.mark.parametrize("path", ["/check/eversol", "/arrange/eversol", "/rummy/500",
                                  "/opening/hand-and-foot", "/going-out/hand-and-foot",
                                  "/lowest/tonk"])
def test_the_question_screens_carry_the_keep_screen_on_switch(client, path):
    response = client.get(path)
    assert response.status_code == 200
    page = response.get_data(as_text=True)
    assert SWITCH in page and "Keep screen on" in page
    assert re.search(r'<script src="/static/awake\.js\?v=\w+" data-video="/static/awake\.webm\?v=\w+" defer>',
                     page)


def test_a_games_pages_carry_the_switch_and_the_lists_do_not(client):
    game_id = new_game(client)
    for path in ("", "/standings", "/history", "/hands/1"):
        assert SWITCH in client.get(f"/games/{game_id}{path}").get_data(as_text=True), path
    for path in ("/", "/games", "/games/new/eversol", "/players", "/offline"):
        page = client.get(path).get_data(as_text=True)
        assert SWITCH not in page and "awake.js" not in page, path


def test_a_watching_screen_keeps_the_screen_on_with_nothing_to_tap(client):
    page = client.get(f"/games/{new_game(client)}/watch").get_data(as_text=True)
    assert "awake.js" in page and SWITCH not in page and "<button" not in page


def test_the_looping_video_is_a_small_webm(client):
    page = client.get("/check/eversol").get_data(as_text=True)
    response = client.get(re.search(r'data-video="([^"]+)"', page).group(1))
    assert response.status_code == 200 and response.mimetype == "video/webm"
    body = response.get_data()
    assert body[:4] == b"\x1a\x45\xdf\xa3" and len(body) < 4096  # an EBML (Matroska/WebM) file
