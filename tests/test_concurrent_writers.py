"""Two devices writing to one game at the same moment: exactly one of them wins.

Both have read version v and both send a step with ``expected_version`` v at
once (a ``threading.Barrier`` lets them go together). One must get 201, the
other 409 and nothing written; the game then holds exactly one new event, the
winner's, at version v + 1. Nothing lost, nothing doubled, never a 500 (an
SQLite "database is locked" would be one). Thirty rounds, so a race would show.

The writers are real: threads with their own app context and session on the
app fixture's database (an SQLite file, or PostgreSQL when TEST_DATABASE_URL is
set), and then two ``referee run`` server processes on that same database, where
after each round both servers must show the winner's step (no stale read). One
more test pins down the interleaving that once made the loser's answer a 422
(its hand checked against events newer than the version it had read).

A write's answer is the game as that write left it: another server's step landing between
its commit and its answer (once 9 of 953 writes) must not show in it, in the store, the API
(document and ETag) or the board a referee's tap gets back; and with writers on two
``referee run`` processes, every 201 names the version its own write made.
"""

from __future__ import annotations

import re
import threading
from collections.abc import Callable
from typing import Any

import pytest
from sqlalchemy import event

import referee.store.games as store
from referee.core.game import event_from_dict
from referee.extensions import db
from referee.store.edit_rights import keys_of
from referee.store.folds import FoldCache
from referee.web.shell.edit_rights import DEVICE
from tests.test_durability import GAMES, PLAYERS, call, new_game, servers  # noqa: F401

ROUNDS = 30


def step_for(writer: int, version: int) -> dict:
    """Writer 0's or writer 1's step at ``version``: both legal then, told apart by who went out."""
    went_out = PLAYERS[writer]
    points = {name: 5 * (version + 2 + writer) for name in PLAYERS if name != went_out}
    if version < 6:  # Eversol: six hands, then corrections
        return {"type": "hand_scored", "hand": version + 1, "went_out": went_out,
                "points": points}
    return {"type": "hand_corrected", "hand": version % 6 + 1, "went_out": went_out,
            "points": points, "reason": f"writer {writer} at version {version}"}


def at_once(writers: list[Callable[[], tuple[int, Any]]]) -> list[tuple[int, Any]]:
    """Run the writers in threads that start their request together; their (status, body)."""
    barrier = threading.Barrier(len(writers))
    results: list[Any] = [None] * len(writers)

    def run(i: int) -> None:
        try:
            barrier.wait(30)
            results[i] = writers[i]()
        except Exception as error:  # noqa: BLE001  (reported by the check, not lost in a thread)
            results[i] = (None, repr(error))

    threads = [threading.Thread(target=run, args=(i,)) for i in range(len(writers))]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(60)
    return results


def brief(body: Any) -> Any:
    """An answer cut short for a failure message: its error, or the version it reached."""
    if isinstance(body, dict):
        return body.get("error") or {"version": body.get("version")}
    return body


def check_round(results: list[tuple[int, Any]], version: int, document: dict,
                history: list[dict]) -> None:
    """One 201 and one 409; ``document``, the game read afterwards, moved on by the winner."""
    statuses = [status for status, _ in results]
    assert sorted(statuses, key=str) == [201, 409], (
        f"at version {version} the two writers got: " + "; ".join(
            f"{status} {brief(body)}" for status, body in results))
    winner = statuses.index(201)
    won, lost = results[winner][1], results[1 - winner][1]
    assert won["version"] == version + 1
    assert lost["error"]["code"] == "stale_version"
    assert f"version {version + 1}" in lost["error"]["message"]
    assert document == won, "the game as read is not the game as the winner wrote it"
    assert [row["version"] for row in history] == list(range(1, version + 2)), "lost or doubled"
    assert history[-1]["event"] == event_from_dict(step_for(winner, version)).to_dict()


@pytest.mark.parametrize("meet_at_the_update", [False, True],
                         ids=["as-they-come", "both-past-the-read"])
def test_two_threads_write_at_once_one_wins_one_is_told(app, monkeypatch, meet_at_the_update):
    """Threads, each request with its own app context and session.

    "as-they-come": the two requests race as the scheduler lets them.
    "both-past-the-read": each writer also waits for the other just before the
    conditional update of the game's version, so both have read version v and
    passed the rules check; only that update can then stop the second writer.
    """
    claim = store._claim_version
    meeting: list[threading.Barrier] = []
    claims = [0]

    def claim_together(*args, **kwargs):
        claims[0] += 1
        if meet_at_the_update:
            meeting[-1].wait(30)
        return claim(*args, **kwargs)

    monkeypatch.setattr(store, "_claim_version", claim_together)
    game = app.test_client().post(GAMES, json={"ruleset": "eversol", "players": PLAYERS,
                                               "first_dealer": "Abe"}).get_json()
    both_claimed = 0

    def writer(i: int, version: int) -> Callable[[], tuple[int, Any]]:
        client = app.test_client()  # a request of its own: its own app context and session

        def post() -> tuple[int, Any]:
            response = client.post(f"{GAMES}/{game['id']}/events",
                                   json={"expected_version": version,
                                         "event": step_for(i, version)},
                                   headers={"X-Edit-Key": game["edit_key"]})
            return response.status_code, response.get_json()
        return post

    for version in range(ROUNDS):
        meeting.append(threading.Barrier(2))
        before = claims[0]
        results = at_once([writer(0, version), writer(1, version)])
        both_claimed += claims[0] - before == 2
        document = app.test_client().get(f"{GAMES}/{game['id']}").get_json()
        history = app.test_client().get(f"{GAMES}/{game['id']}/history?limit=500").get_json()
        check_round(results, version, document, history["events"])
    if meet_at_the_update:
        assert both_claimed == ROUNDS  # every round reached the conditional update twice
    print(f"{both_claimed} of {ROUNDS} rounds had both writers at the conditional update")


@pytest.mark.parametrize("kept", [True, False], ids=["state kept", "folded afresh"])
def test_a_step_landing_while_another_is_read_makes_that_one_a_409(app, kept):
    """Device 1's hand lands while device 0's request is reading the game: just after the
    game's row, before whatever device 0 reads or writes next (the events, when this process
    keeps no state of that version). Device 0 must be told the game moved on (409), not that
    its hand breaks the rules because it was checked against events newer than the version
    it read."""
    if not kept:
        app.extensions["referee_folds"] = FoldCache(size=0)
    game = app.test_client().post(GAMES, json={"ruleset": "eversol", "players": PLAYERS,
                                               "first_dealer": "Abe"}).get_json()
    row_read, reading, go_on = threading.Event(), threading.Event(), threading.Event()
    first: list[threading.Thread] = []

    def device_0() -> bool:
        return bool(first) and threading.current_thread() is first[-1]

    def note_the_row(conn, cursor, statement, *args) -> None:
        if device_0() and re.search(r"FROM game\s+WHERE", statement):
            row_read.set()

    def pause_after_the_row(conn, cursor, statement, *args) -> None:
        if device_0() and row_read.is_set() and not reading.is_set():
            reading.set()
            go_on.wait(30)

    def post(i: int, version: int, results: list) -> None:
        response = app.test_client().post(
            f"{GAMES}/{game['id']}/events", headers={"X-Edit-Key": game["edit_key"]},
            json={"expected_version": version, "event": step_for(i, version)})
        results[i] = (response.status_code, response.get_json())

    with app.app_context():
        engine = db.engine
    event.listen(engine, "after_cursor_execute", note_the_row)
    event.listen(engine, "before_cursor_execute", pause_after_the_row)
    try:
        for version in range(6):  # the six hands: on the newer game, device 0's is out of turn
            results: list[Any] = [None, None]
            row_read.clear()
            reading.clear()
            go_on.clear()
            first.append(threading.Thread(target=post, args=(0, version, results)))
            first[-1].start()
            assert reading.wait(30), "device 0 never read the game"
            post(1, version, results)
            go_on.set()
            first[-1].join(30)
            document = app.test_client().get(f"{GAMES}/{game['id']}").get_json()
            history = app.test_client().get(f"{GAMES}/{game['id']}/history?limit=500").get_json()
            check_round(results, version, document, history["events"])
            assert results[1][0] == 201
    finally:
        go_on.set()
        event.remove(engine, "after_cursor_execute", note_the_row)
        event.remove(engine, "before_cursor_execute", pause_after_the_row)


def test_two_server_processes_write_at_once_one_wins_one_is_told(servers):  # noqa: F811
    """Two ``referee run`` processes on one database, a device on each."""
    first, second = servers("first"), servers("second")
    game = new_game(first.port)
    headers = {"X-Edit-Key": game["edit_key"]}

    def device(i: int, port: int) -> Callable[[], tuple[int, Any]]:
        def post() -> tuple[int, Any]:
            status, _, seen = call(port, "GET", f"{GAMES}/{game['id']}")
            assert status == 200
            barrier.wait(30)  # both have read the game; now both write
            status, _, body = call(port, "POST", f"{GAMES}/{game['id']}/events",
                                   {"expected_version": seen["version"],
                                    "event": step_for(i, seen["version"])}, headers)
            return status, body
        return post

    for version in range(ROUNDS):
        barrier = threading.Barrier(2)
        results = at_once([device(0, first.port), device(1, second.port)])
        # No stale read after either write: each server, whichever wrote, shows the winner's
        # step at the new version, in the game and on its history's newest page.
        for port in (first.port, second.port):
            status, _, document = call(port, "GET", f"{GAMES}/{game['id']}")
            assert status == 200
            status, _, history = call(port, "GET", f"{GAMES}/{game['id']}/history?limit=500")
            assert status == 200
            check_round(results, version, document, history["events"])
            status, _, newest = call(port, "GET", f"{GAMES}/{game['id']}/history?limit=1")
            assert status == 200 and newest["events"] == history["events"][-1:]


# --- A write's answer is the game as that write left it ----------------------------------------

@pytest.fixture
def another_server_writes_next(app, monkeypatch):
    """``writes(step)``: the next commit in this process is followed at once, before the writer
    can read anything back, by ``step`` written from another server (an app context, and so a
    session, of its own), as a second ``referee run`` on the database may."""
    commit = db.session.commit
    waiting: list[Callable[[], None]] = []

    def commit_then_the_other_server() -> None:
        commit()
        if waiting:
            with app.app_context():
                waiting.pop()()

    monkeypatch.setattr(db.session, "commit", commit_then_the_other_server)

    def writes(game: dict, version: int, step: dict) -> None:
        waiting.append(lambda: store.append_event(
            game["id"], event_from_dict(step), version, game["edit_key"]))
    return writes


def write_hands(client, game: dict, hands: int) -> None:
    for version in range(hands):
        response = client.post(f"{GAMES}/{game['id']}/events", headers={
            "X-Edit-Key": game["edit_key"]},
            json={"expected_version": version, "event": step_for(0, version)})
        assert response.status_code == 201


@pytest.mark.parametrize("write", ["step", "undo"])
def test_a_write_answers_with_the_game_as_it_left_it_though_another_server_wrote_next(
        app, client, another_server_writes_next, write):
    """Another server's step lands between this write's commit and its answer: the answer is
    still the game at the version this write made (its row, its state, its log), not later."""
    game = client.post(GAMES, json={"ruleset": "eversol", "players": PLAYERS,
                                    "first_dealer": "Abe"}).get_json()
    write_hands(client, game, 2)
    with app.app_context():
        # Writer 1's next hand, at version 3: the fourth hand, or after the undo the second.
        another_server_writes_next(game, 3, step_for(1, 3 if write == "step" else 1))
        if write == "step":
            loaded = store.append_event(game["id"], event_from_dict(step_for(0, 2)), 2,
                                        game["edit_key"])
            hands = 3
        else:
            loaded = store.undo_last(game["id"], 2, game["edit_key"])
            hands = 1
        assert store.current_version(game["id"]) == 4  # the other server did write
        assert (loaded.version, loaded.game.version, loaded.game.summary_version) == (3, 3, 3)
        assert len(loaded.state.results) == hands
        assert loaded.game.summary["hand"] == loaded.state.hand
        logged = [1, 2] if write == "undo" else [1, 2, 3]  # an undo marks, it adds no event
        assert [e.version for e in loaded.events] == logged
        assert [e.version for e in loaded.history_page(None)[0]] == logged
        if write == "undo":
            assert loaded.undone_by_this_version().version == 2


def test_the_api_and_the_referee_board_answer_a_write_with_its_own_version(
        app, client, another_server_writes_next):
    """What HTTP adds: the API's ETag and document, and the board a referee's tap gets back
    (htmx), name the version the write made, though another server wrote the next one."""
    from tests.test_web_referee import HTMX, Table

    game = client.post(GAMES, json={"ruleset": "eversol", "players": PLAYERS,
                                    "first_dealer": "Abe"}).get_json()
    another_server_writes_next(game, 1, step_for(1, 1))
    response = client.post(f"{GAMES}/{game['id']}/events", headers={
        "X-Edit-Key": game["edit_key"]}, json={"expected_version": 0, "event": step_for(0, 0)})
    assert response.status_code == 201
    assert response.headers["ETag"] == f'"{game["id"]}.1"'
    assert response.get_json()["version"] == 1 and len(response.get_json()["hands"]) == 1

    table = Table(client, app)
    with client.session_transaction() as session, app.app_context():
        game = {"id": table.id, "edit_key": keys_of(session[DEVICE], [table.id])[table.id]}
    dealt = table.version + 1
    another_server_writes_next(game, dealt, {"type": "drew", "player": "Ben", "source": "stock"})
    board = table.post("start", {"upcard-rank": "9", "upcard-suit": "D"}, headers=HTMX)
    assert board.status_code == 200
    page = board.get_data(as_text=True)
    assert f'data-version="{dealt}"' in page
    assert set(re.findall(r'name="expected_version" value="(\d+)"', page)) == {str(dealt)}
    assert table.version == dealt + 1  # Ben's draw, from the other server, came next


WRITES = 150  # steps written in all by the writers below, together
WRITERS_PER_SERVER = 2


def writers_step(writer: int, version: int) -> dict:
    """Writer ``writer``'s step on the game at ``version``: one of the six hands while there
    are hands to score, then a correction whose reason says who made it at which version.
    Its points say who wrote it too."""
    points = {"Ben": 5 * (writer + 1), "Carl": 5 * (writer + 2)}
    if version < 6:
        return {"type": "hand_scored", "hand": version + 1, "went_out": "Abe", "points": points}
    return {"type": "hand_corrected", "hand": version % 6 + 1, "went_out": "Abe",
            "points": points, "reason": f"writer {writer} at version {version}"}


def made_by(document: dict, writer: int, version: int) -> bool:
    """Whether ``document`` is the game just after writer ``writer``'s step at ``version``:
    that step's hand or correction is in it, and nothing written later."""
    reasons = [reason for hand in document["hands"] for reason in hand["corrections"]]
    if len(document["hands"]) != min(version + 1, 6) or len(reasons) != max(0, version - 5):
        return False
    if version < 6:
        scores = document["hands"][version]["scores"]
        return all(scores[name] == points
                   for name, points in writers_step(writer, version)["points"].items())
    return f"writer {writer} at version {version}" in reasons


def test_two_servers_each_answer_a_write_with_the_version_it_made(servers):  # noqa: F811
    """Two ``referee run`` processes on one database, writers on each keeping one game busy:
    each writes at the version it last saw and, told 409, at the version the answer's ETag
    names. Every 201 names the version that write made (seen + 1), in its ETag and its
    document, and the document is the game just after that write: never another server's
    later step."""
    first, second = servers("first"), servers("second")
    game = new_game(first.port)
    headers = {"X-Edit-Key": game["edit_key"]}
    made: dict[int, int] = {}  # version -> the writer whose 201 made it
    wrong: list[str] = []
    lock = threading.Lock()

    def writer(number: int, port: int) -> None:
        seen = 0
        while True:
            with lock:
                if len(made) >= WRITES:
                    return
            status, answer_headers, body = call(
                port, "POST", f"{GAMES}/{game['id']}/events",
                {"expected_version": seen, "event": writers_step(number, seen)}, headers)
            etag = answer_headers.get("etag", "")
            if status == 409:
                seen = int(etag.strip('"').rsplit(".", 1)[1])
                continue
            with lock:
                if status != 201:
                    wrong.append(f"writer {number} at {seen}: {status} {brief(body)}")
                    return
                made[seen + 1] = number
                if (body["version"], etag) != (seen + 1, f'"{game["id"]}.{seen + 1}"') \
                        or not made_by(body, number, seen):
                    wrong.append(f"writer {number} wrote version {seen + 1}; the answer said "
                                 f"version {body['version']}, ETag {etag}")
            seen += 1

    threads = [threading.Thread(target=writer, args=(number, server.port))
               for number, server in enumerate([first, second] * WRITERS_PER_SERVER)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(120)
    assert not wrong
    assert sorted(made) == list(range(1, len(made) + 1)) and len(made) >= WRITES
    status, _, history = call(second.port, "GET", f"{GAMES}/{game['id']}/history?limit=500")
    assert [(row["version"], row["event"]) for row in history["events"]] == [
        (version, event_from_dict(writers_step(made[version], version - 1)).to_dict())
        for version in sorted(made)]
