"""Text answers travel compressed (brotli, else gzip) to clients that accept it, and nothing
else changes: the same page, the same headers (CSP included), 304s still answered."""

from __future__ import annotations

import gzip
import re

import brotli

from flask import url_for

from referee.security import CONTENT_SECURITY_POLICY
from tests.test_api_games import GAMES
from tests.test_web_transfer import played_game

GZIP = {"Accept-Encoding": "gzip, deflate"}  # a client without brotli
BROWSER = {"Accept-Encoding": "gzip, deflate, br, zstd"}  # what Chromium sends
DECOMPRESS = {"gzip": gzip.decompress, "br": brotli.decompress}


def first_page_files(client, headers) -> dict[str, bytes]:
    """The home page and every file it loads, as sent (compressed or not)."""
    page = client.get("/", headers=headers)
    text = DECOMPRESS.get(page.headers.get("Content-Encoding", ""), bytes)(page.data)
    sent = {"/": page}
    for path in re.findall(rb'(?:href|src)="(/static/[^"]+)"', text):
        sent[path.decode()] = client.get(path.decode(), headers=headers)
    return sent


def test_the_first_page_is_gzipped_and_decompresses_to_the_same_page(client):
    plain = client.get("/", headers={"Accept-Encoding": "identity"})
    packed = client.get("/", headers=GZIP)
    assert "Content-Encoding" not in plain.headers
    assert packed.headers["Content-Encoding"] == "gzip"
    assert gzip.decompress(packed.data) == plain.data
    assert int(packed.headers["Content-Length"]) == len(packed.data) < len(plain.data) / 2
    for response in (plain, packed):
        assert "Accept-Encoding" in response.headers["Vary"]
        assert response.headers["Content-Security-Policy"] == CONTENT_SECURITY_POLICY
        assert response.headers["X-Content-Type-Options"] == "nosniff"


def test_the_first_page_with_its_styles_and_scripts_is_at_most_40_kb_gzipped(client):
    plain = first_page_files(client, {"Accept-Encoding": "identity"})
    packed = first_page_files(client, GZIP)
    assert set(plain) == set(packed) and any(p.startswith("/static/app.css?v=") for p in plain)
    assert sum(len(r.data) for r in packed.values()) <= 40 * 1024 < sum(
        len(r.data) for r in plain.values())


def test_a_browser_gets_the_first_page_as_brotli_in_at_most_32_kb(client):
    """Every browser accepts brotli: the home page and all it loads, each text file as
    brotli that decompresses to the very bytes sent uncompressed, 32 KB at most in all."""
    plain = first_page_files(client, {"Accept-Encoding": "identity"})
    packed = first_page_files(client, BROWSER)
    assert set(plain) == set(packed)
    for path, response in packed.items():
        if len(plain[path].data) >= 1024 and response.mimetype.startswith("text/"):
            assert response.headers["Content-Encoding"] == "br", path
            assert brotli.decompress(response.data) == plain[path].data, path
            assert "Accept-Encoding" in response.headers["Vary"]
    assert sum(len(r.data) for r in packed.values()) <= 32 * 1024


def test_a_page_made_per_request_goes_as_brotli_too_with_its_headers(client):
    game = played_game(client)
    plain = client.get(f"/games/{game['id']}", headers={"Accept-Encoding": "identity"})
    packed = client.get(f"/games/{game['id']}", headers=BROWSER)
    assert packed.headers["Content-Encoding"] == "br"
    assert brotli.decompress(packed.data) == plain.data
    assert len(packed.data) < len(plain.data) / 3
    assert packed.headers["Content-Security-Policy"] == CONTENT_SECURITY_POLICY
    document = client.get(f"{GAMES}/{game['id']}", headers=BROWSER)
    assert document.headers["Content-Encoding"] == "br"
    assert brotli.decompress(document.data) == client.get(f"{GAMES}/{game['id']}").data
    assert client.get(f"{GAMES}/{game['id']}", headers={
        **BROWSER, "If-None-Match": document.headers["ETag"]}).status_code == 304


def test_static_files_are_gzipped_with_a_weak_etag_that_still_brings_a_304(client):
    plain = client.get("/static/app.css", headers={"Accept-Encoding": "identity"})
    packed = client.get("/static/app.css", headers=GZIP)
    assert packed.headers["Content-Encoding"] == "gzip" and "Accept-Ranges" not in packed.headers
    assert gzip.decompress(packed.data) == plain.data
    strong, weak = plain.headers["ETag"], packed.headers["ETag"]
    assert weak == "W/" + strong
    again = client.get("/static/app.css", headers={**GZIP, "If-None-Match": weak})
    assert again.status_code == 304 and again.data == b""


def test_the_game_document_is_gzipped_and_its_polls_still_get_304(client):
    game = played_game(client)
    packed = client.get(f"{GAMES}/{game['id']}", headers=GZIP)
    plain = client.get(f"{GAMES}/{game['id']}")
    assert packed.headers["Content-Encoding"] == "gzip"
    assert gzip.decompress(packed.data) == plain.data
    assert packed.headers["ETag"] == "W/" + plain.headers["ETag"]
    for etag in (packed.headers["ETag"], plain.headers["ETag"]):
        assert client.get(f"{GAMES}/{game['id']}",
                          headers={**GZIP, "If-None-Match": etag}).status_code == 304


def test_small_answers_and_other_types_go_as_they_are(client):
    tiny = client.get("/static/favicon.svg", headers=GZIP)  # 223 bytes: not worth it
    assert tiny.status_code == 200 and "Content-Encoding" not in tiny.headers
    missing = client.get(f"{GAMES}/no-such-game", headers=GZIP)
    assert "Content-Encoding" not in missing.headers


def test_static_files_are_named_by_their_content_and_kept_a_year(client, app, tmp_path):
    """A browser keeps app.css for a year, yet a changed file is a new address at once."""
    page = client.get("/").get_data(as_text=True)
    address = re.search(r'href="(/static/app\.css\?v=[0-9a-f]{12})"', page).group(1)
    kept = client.get(address)
    assert kept.status_code == 200 and "immutable" in kept.headers["Cache-Control"]
    assert "max-age=31536000" in kept.headers["Cache-Control"]
    for old in ("/static/app.css", "/static/app.css?v=000000000000"):
        assert "immutable" not in client.get(old).headers.get("Cache-Control", "")

    app.static_folder = str(tmp_path)
    (tmp_path / "app.css").write_text("body { color: black }")
    with app.test_request_context():
        first = url_for("static", filename="app.css")
        (tmp_path / "app.css").write_text("body { color: darkslategray }")  # its size changes too
        assert url_for("static", filename="app.css") != first


def test_a_gzipped_poll_answer_is_not_sent_again_for_its_weak_tag(client):
    game = played_game(client)
    first = client.get(f"/games/{game['id']}/poll/board?view=watch", headers=GZIP)
    assert first.status_code == 200 and first.headers["ETag"].startswith("W/")
    again = client.get(f"/games/{game['id']}/poll/board?view=watch",
                       headers={**GZIP, "If-None-Match": first.headers["ETag"]})
    assert again.status_code == 304
