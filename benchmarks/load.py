#!/usr/bin/env python3
"""Load benchmark of a kept game on the real server, run by hand.

    .venv/bin/python benchmarks/load.py                # 90 s per polled address; writes its
                                                       # section of benchmarks/RESULTS.md
    .venv/bin/python benchmarks/load.py --duration 20 --no-write    # a smoke run, print only

The app runs as ``referee run`` starts it (waitress, 8 threads, its own
process) on a new SQLite database in a temporary instance folder. A game
night: 50 devices poll the game every 2 s, each sending the ETag of what it
shows (If-None-Match), while one device enters a hand every 5 s (after the
sixth hand, a correction). Each polled address gets a run of its own on a
game of its own:

- the JSON API, ``GET /api/v1/games/{id}``;
- the screens' standings fragment, ``GET /games/{id}/poll/standings`` (what an
  open game page polls); a polled address that does not answer 200 stops the run
  with an error, never a silent skip.

Latency is measured by the client, from writing the request to reading the
last byte of the answer. Each device keeps its connection open between polls,
as a browser does, where the server lets it (waitress closes it after every
304; the next poll then opens a new one, and its time includes that). The
client is one asyncio thread: 25 requests a second cost it little, so it
leaves the machine's 2 cores to the server; its CPU time, the server's and
the rest of the machine's are recorded. Changed answers (200) and unchanged
ones (304) are counted apart; any other status, a broken connection or a
timeout is an error.

Targets (the issue): no errors; p95 at most 20 ms for a changed answer and
5 ms for an unchanged one. Two more measurements tell where the time goes:
the floor (the same polling, 30 s, against waitress serving a WSGI app that
does nothing but answer 200/304), and the app's own time (the same GETs on
each run's game, calling the WSGI app directly, no server, no network); with
--profile, or when a target is missed, cProfile says where the app's time goes.

Results go to benchmarks/RESULTS.md between ``<!-- load:begin -->`` and
``<!-- load:end -->``; the rest of that file is left as it is.
"""

from __future__ import annotations

import argparse
import asyncio
import cProfile
import datetime
import io
import json
import os
import pstats
import random
import shlex
import shutil
import signal
import socket
import statistics
import subprocess
import sys
import tempfile
import time
from dataclasses import dataclass, field
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(Path(__file__).resolve().parent))
from arranger import machine, percentile, replace_section, trim_paths  # noqa: E402

PLAYERS = ["Abe", "Ben", "Carl", "Dee"]
TARGETS = {"changed": 20.0, "unchanged": 5.0}  # p95, ms
TICK = os.sysconf("SC_CLK_TCK")


# ----------------------------------------------------------------------------- the server

# The floor: waitress serving a WSGI app that does nothing, answering as the game does
# (a 200 of about the API's size with an ETag, then 304 to If-None-Match), under the same load.
BASELINE_APP = '''
import sys
from waitress import serve

BODY = b'{"filler": "' + b"x" * 3000 + b'"}'


def app(environ, start_response):
    if environ.get("HTTP_IF_NONE_MATCH") == '"same"':
        start_response("304 Not Modified", [("ETag", '"same"')])
        return [b""]
    start_response("200 OK", [("Content-Type", "application/json"), ("ETag", '"same"'),
                              ("Content-Length", str(len(BODY)))])
    return [BODY]


serve(app, host="127.0.0.1", port=int(sys.argv[1]), threads=int(sys.argv[2]))
'''


class Server:
    """``referee run`` in its own process, on a new SQLite database (or the baseline app)."""

    def __init__(self, folder: Path, threads: int, baseline: bool = False):
        self.folder = folder
        self.port = free_port()
        referee = Path(sys.executable).parent / "referee"
        program = [str(referee)] if referee.exists() else [sys.executable, "-m", "referee.cli"]
        self.command = [*program, "run", "--host", "127.0.0.1", "--port", str(self.port),
                        "--threads", str(threads)]
        if baseline:
            self.command = [sys.executable, "-c", BASELINE_APP, str(self.port), str(threads)]
        env = {k: v for k, v in os.environ.items() if k != "DATABASE_URL"}
        env["REFEREE_INSTANCE_PATH"] = str(folder)
        self.log = (folder / "server.log").open("w")
        self.process = subprocess.Popen(self.command, cwd=ROOT, env=env, stdout=self.log,
                                        stderr=subprocess.STDOUT)
        deadline = time.monotonic() + 60
        while True:
            try:
                with socket.create_connection(("127.0.0.1", self.port), timeout=1):
                    break
            except OSError:
                if self.process.poll() is not None or time.monotonic() > deadline:
                    raise RuntimeError("the server did not start: "
                                       + (folder / "server.log").read_text()) from None
                time.sleep(0.05)

    @property
    def database(self) -> Path:
        return self.folder / "referee.sqlite3"

    def cpu_seconds(self) -> float:
        fields = Path(f"/proc/{self.process.pid}/stat").read_text().rsplit(")", 1)[1].split()
        return (int(fields[11]) + int(fields[12])) / TICK  # utime, stime

    def threads(self) -> int:
        for line in Path(f"/proc/{self.process.pid}/status").read_text().splitlines():
            if line.startswith("Threads:"):
                return int(line.split()[1])
        return 0

    def rss_kib(self) -> int:
        for line in Path(f"/proc/{self.process.pid}/status").read_text().splitlines():
            if line.startswith("VmRSS:"):
                return int(line.split()[1])
        return 0

    def stop(self) -> None:
        self.process.send_signal(signal.SIGTERM)
        try:
            self.process.wait(10)
        except subprocess.TimeoutExpired:
            self.process.kill()
        self.log.close()


def machine_busy_seconds() -> float:
    """CPU time all processes on the machine have used so far (every core, from /proc/stat)."""
    fields = Path("/proc/stat").read_text().splitlines()[0].split()[1:]
    user, nice, system, idle, iowait, irq, softirq, steal = (int(x) for x in fields[:8])
    return (user + nice + system + irq + softirq) / TICK


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return probe.getsockname()[1]


# ----------------------------------------------------------------------------- a small client

class Connection:
    """One keep-alive HTTP/1.1 connection, as a browser tab holds one."""

    def __init__(self, port: int):
        self.port = port
        self.reader: asyncio.StreamReader | None = None
        self.writer: asyncio.StreamWriter | None = None
        self.opened = 0
        self.connect_ms = 0.0  # of the last request: opening its connection, or 0 if reused

    async def request(self, method: str, path: str, headers: dict[str, str] | None = None,
                      body: bytes = b"") -> tuple[int, dict[str, str], bytes]:
        self.connect_ms = 0.0
        if self.writer is None or self.writer.is_closing():
            began = time.perf_counter()
            self.reader, self.writer = await asyncio.open_connection("127.0.0.1", self.port)
            self.connect_ms = (time.perf_counter() - began) * 1e3
            self.opened += 1
        lines = [f"{method} {path} HTTP/1.1", f"Host: 127.0.0.1:{self.port}",
                 *(f"{k}: {v}" for k, v in (headers or {}).items())]
        if body:
            lines += ["Content-Type: application/json", f"Content-Length: {len(body)}"]
        self.writer.write(("\r\n".join(lines) + "\r\n\r\n").encode() + body)
        try:
            status_line = await self.reader.readline()
            if not status_line:
                raise ConnectionError("the server closed the connection")
            status = int(status_line.split()[1])
            answer: dict[str, str] = {}
            while (line := await self.reader.readline()) not in (b"\r\n", b"\n", b""):
                name, _, value = line.decode("latin-1").partition(":")
                answer[name.strip().lower()] = value.strip()
            if status in (204, 304) or method == "HEAD":
                data = b""
            elif "content-length" in answer:
                data = await self.reader.readexactly(int(answer["content-length"]))
            elif answer.get("transfer-encoding", "").lower() == "chunked":
                data = b""
                while size := int((await self.reader.readline()).split(b";")[0], 16):
                    data += await self.reader.readexactly(size)
                    await self.reader.readline()
                await self.reader.readline()
            else:
                data = await self.reader.read()
            if answer.get("connection", "").lower() == "close":
                self.close()
            return status, answer, data
        except BaseException:
            self.close()
            raise

    def close(self) -> None:
        if self.writer is not None:
            self.writer.close()
            self.writer = None


@dataclass
class Sample:
    at: float  # seconds since the start of the run
    kind: str  # "changed" (200), "unchanged" (304), "write" (201), "error"
    ms: float
    size: int
    detail: str = ""
    connect_ms: float | None = None  # None: on a connection kept from before


@dataclass
class Run:
    name: str
    path: str
    samples: list[Sample] = field(default_factory=list)
    seconds: float = 0.0
    server_cpu: float = 0.0
    client_cpu: float = 0.0
    busiest_second: float = 0.0  # the server's CPU in its busiest second, in cores
    threads: int = 0
    rss_kib: tuple[int, int] = (0, 0)
    connections: int = 0
    load: tuple[str, str] = ("", "")
    events: int = 0
    others_cpu: float = 0.0  # seconds of CPU other processes used during the run
    game_id: str = ""

    def of(self, kind: str) -> list[Sample]:
        return [s for s in self.samples if s.kind == kind]


def step(version: int, rng: random.Random) -> dict:
    """The writer's next step: hand 1-6, then corrections of them."""
    went_out = rng.choice(PLAYERS)
    points = {name: 5 * rng.randint(1, 30) for name in PLAYERS if name != went_out}
    if version < 6:
        return {"type": "hand_scored", "hand": version + 1, "went_out": went_out,
                "points": points}
    return {"type": "hand_corrected", "hand": version % 6 + 1, "went_out": went_out,
            "points": points, "reason": "recounted"}


async def create_game(port: int) -> dict:
    connection = Connection(port)
    body = json.dumps({"ruleset": "eversol", "players": PLAYERS, "first_dealer": "Abe"}).encode()
    status, _, data = await connection.request("POST", "/api/v1/games", body=body)
    connection.close()
    if status != 201:
        raise RuntimeError(f"could not create a game: {status} {data[:200]!r}")
    return json.loads(data)


async def probe(port: int, path: str) -> int:
    connection = Connection(port)
    try:
        status, _, _ = await connection.request("GET", path, {"HX-Request": "true"})
    finally:
        connection.close()
    return status


async def load_run(server: Server, name: str, template: str, args, rng: random.Random,
                   duration: float, baseline: bool = False) -> Run:
    game = {"id": "none"} if baseline else await create_game(server.port)
    path = template.format(id=game["id"])
    run = Run(name, template)
    timeout = 5.0
    loop = asyncio.get_running_loop()
    start = loop.time() + 0.5
    end = start + duration
    cpu_marks: list[tuple[float, float]] = []
    connections: list[Connection] = []

    def record(kind: str, began: float, size: int = 0, detail: str = "",
               connection: Connection | None = None) -> None:
        opened = connection.connect_ms if connection and connection.connect_ms else None
        run.samples.append(Sample(began - start, kind, (loop.time() - began) * 1e3, size, detail,
                                  opened))

    async def until(moment: float) -> None:
        await asyncio.sleep(max(0.0, moment - loop.time()))

    async def device(offset: float) -> None:
        connection = Connection(server.port)
        connections.append(connection)
        etag = None
        headers = {"HX-Request": "true"} if not path.startswith("/api/") else {}
        tick = 0
        while (moment := start + offset + tick * args.poll) < end:
            tick += 1
            await until(moment)
            sent = dict(headers, **({"If-None-Match": etag} if etag else {}))
            began = loop.time()
            try:
                status, answer, data = await asyncio.wait_for(
                    connection.request("GET", path, sent), timeout)
            except Exception as error:  # noqa: BLE001
                record("error", began, detail=f"GET: {error!r}")
                continue
            if status == 200:
                record("changed", began, len(data), connection=connection)
                etag = answer.get("etag", etag)
            elif status == 304:
                record("unchanged", began, connection=connection)
            else:
                record("error", began, len(data), f"GET {status}")

    async def writer() -> None:
        connection = Connection(server.port)
        connections.append(connection)
        version, tick = 0, 0
        headers = {"X-Edit-Key": game["edit_key"]}
        while (moment := start + args.write / 2 + tick * args.write) < end:
            tick += 1
            await until(moment)
            body = json.dumps({"expected_version": version, "event": step(version, rng)}).encode()
            began = loop.time()
            try:
                status, _, data = await asyncio.wait_for(connection.request(
                    "POST", f"/api/v1/games/{game['id']}/events", headers, body), timeout)
            except Exception as error:  # noqa: BLE001
                record("error", began, detail=f"POST: {error!r}")
                continue
            if status == 201:
                record("write", began, len(data))
                version = json.loads(data)["version"]
                run.events = version
            else:
                record("error", began, len(data), f"POST {status}: {data[:120]!r}")

    async def watch_cpu() -> None:
        while loop.time() < end:
            cpu_marks.append((loop.time(), server.cpu_seconds()))
            run.threads = max(run.threads, server.threads())
            await asyncio.sleep(1.0)

    run.load = (load_average(), "")
    rss = server.rss_kib()
    cpu0, client0, wall0 = server.cpu_seconds(), time.process_time(), time.monotonic()
    busy0 = machine_busy_seconds()
    offsets = [rng.uniform(0, args.poll) for _ in range(args.devices)]
    await asyncio.gather(*(device(o) for o in offsets), watch_cpu(),
                         *([] if baseline else [writer()]))
    run.seconds = time.monotonic() - wall0
    run.server_cpu = server.cpu_seconds() - cpu0
    run.client_cpu = time.process_time() - client0
    run.others_cpu = max(0.0, machine_busy_seconds() - busy0 - run.server_cpu - run.client_cpu)
    run.busiest_second = max(((c1 - c0) / (t1 - t0) for (t0, c0), (t1, c1)
                              in zip(cpu_marks, cpu_marks[1:])), default=0.0)
    run.rss_kib = (rss, server.rss_kib())
    run.connections = sum(c.opened for c in connections)
    for connection in connections:
        connection.close()
    run.load = (run.load[0], load_average())
    run.game_id = game["id"]
    return run


def load_average() -> str:
    return " ".join(f"{x:.2f}" for x in os.getloadavg())


# ----------------------------------------------------------------------------- in one process

def in_process(database: Path, paths: dict[str, str], n: int, profile: bool) -> dict:
    """The same GETs, calling the WSGI app directly on the run's database: the app's own time."""
    sys.path.insert(0, str(ROOT))
    from werkzeug.test import EnvironBuilder

    from referee import create_app

    app = create_app({"SQLALCHEMY_DATABASE_URI": f"sqlite:///{database}", "SECRET_KEY": "x",
                      "MIGRATE_ON_START": False})
    answer: list = []

    def start_response(status, headers, exc_info=None):
        answer[:] = [int(status.split()[0]), dict(headers)]

    def get(environ: dict) -> bytes:
        body = app(dict(environ), start_response)
        try:
            return b"".join(body)
        finally:
            getattr(body, "close", lambda: None)()

    out = {}
    for name, path in paths.items():
        headers = {} if path.startswith("/api/") else {"HX-Request": "true"}
        size = len(get(EnvironBuilder(path=path, headers=headers).get_environ()))
        etag = answer[1].get("ETag", "")
        for kind, sent in (("changed", headers), ("unchanged", dict(headers, **{
                "If-None-Match": etag}))):
            environ = EnvironBuilder(path=path, headers=sent).get_environ()
            for _ in range(20):  # warm-up
                get(environ)
            times, cpu = [], []
            for _ in range(n):
                c0 = time.thread_time()
                began = time.perf_counter()
                get(environ)
                times.append((time.perf_counter() - began) * 1e3)
                cpu.append((time.thread_time() - c0) * 1e3)
                assert answer[0] == (200 if kind == "changed" else 304), answer
            times.sort()
            entry = {"median": statistics.median(times), "p95": percentile(times, 95),
                     "cpu": statistics.median(cpu), "size": size if kind == "changed" else 0}
            if profile:
                prof = cProfile.Profile()
                prof.enable()
                for _ in range(n):
                    get(environ)
                prof.disable()
                text = io.StringIO()
                pstats.Stats(prof, stream=text).sort_stats("tottime").print_stats(25)
                lines = text.getvalue().splitlines()
                begin = next((i for i, line in enumerate(lines) if "function calls" in line), 0)
                entry["profile"] = "\n".join(trim_paths(line) for line in lines[begin:]).rstrip()
            out[(name, kind)] = entry
    with app.app_context():
        from referee.extensions import db
        db.engine.dispose()
    return out


# ----------------------------------------------------------------------------- report

def stats(samples: list[Sample]) -> dict:
    ms = sorted(s.ms for s in samples)
    if not ms:
        return {"n": 0}
    opened = sorted(s.connect_ms for s in samples if s.connect_ms is not None)
    alone = sorted(s.ms - (s.connect_ms or 0.0) for s in samples)
    return {"n": len(ms), "median": statistics.median(ms), "p95": percentile(ms, 95),
            "p99": percentile(ms, 99), "max": ms[-1], "mean": statistics.fmean(ms),
            "size": statistics.fmean(s.size for s in samples), "opened": len(opened),
            "connect": statistics.median(opened) if opened else 0.0,
            "p95_alone": percentile(alone, 95)}


def fmt(x: float) -> str:
    return f"{x:.2f}" if x < 10 else f"{x:.1f}"


def report(runs: list[Run], floor: Run | None, local: dict, args,
           info: dict, command: str,
           server_command: str, started: datetime.datetime,
           loads: list[tuple[str, str]]) -> tuple[str, bool]:
    rows = []
    for run in runs:
        errors = run.of("error")
        rows.append((f"{run.name}: errors", "none", f"{len(errors)} of {len(run.samples)}",
                     not errors))
        for kind, label in (("changed", "changed (200)"), ("unchanged", "unchanged (304)")):
            s = stats(run.of(kind))
            ok = s["n"] > 0 and s["p95"] <= TARGETS[kind]
            rows.append((f"{run.name}: p95 of a {label} answer", f"<= {TARGETS[kind]:g} ms",
                         f"{fmt(s['p95'])} ms" if s["n"] else "none measured", ok))
    failed = [r for r in rows if not r[3]]
    lines: list[str] = []
    w = lines.append
    w("# The server under a game night's load")
    w("")
    w("Written by `benchmarks/load.py` (run by hand; not part of the test suite).")
    w("")
    w(f"- Date: {started:%Y-%m-%d %H:%M} UTC")
    w(f"- Command: `{command}`")
    w(f"- Machine: `nproc` = {info['nproc']}; CPU: {info['cpu']}; {info['platform']}")
    w(f"- Python {info['python']} ({info['implementation']}); project commit {info['commit']}; "
      f"waitress {version('waitress')}, Flask {version('flask')}, "
      f"SQLAlchemy {version('sqlalchemy')}, SQLite {sqlite_version()}")
    w(f"- Server: `{server_command}`")
    w("  (as `referee run` serves the app: waitress, its own process), on a new SQLite "
      "database in a temporary instance folder.")
    w(f"- Load: {args.devices} devices each poll the game every {args.poll:g} s (first poll at "
      f"a random moment of the first {args.poll:g} s), sending the ETag of what they show "
      f"(If-None-Match), each keeping its connection open between polls as a browser does "
      f"(where the server lets it); one more device enters a step every "
      f"{args.write:g} s (hands 1-6 of a 4-player Eversol game, then corrections). "
      f"{args.duration:g} s per polled address, each on a new game.")
    w("- Client: one asyncio thread in another process; latency from writing the request to "
      "the last byte of the answer, over loopback.")
    w("- Load average (1, 5, 15 min): " + "; ".join(f"{k} {v}" for k, v in loads)
      + ". The machine has 2 cores, shared with whatever else runs on it.")
    w("")
    w("## Targets")
    w("")
    w("| what | target | measured | |")
    w("| --- | --- | --- | --- |")
    for what, target, measured, ok in rows:
        w(f"| {what} | {target} | {measured} | {'pass' if ok else '**FAIL**'} |")
    w("")
    w(f"**{len(rows) - len(failed)} of {len(rows)} pass.**"
      + (" Missed: " + "; ".join(r[0] for r in failed) + "." if failed else ""))
    w("")
    w("## Latency seen by the devices")
    w("")
    w("| address | answer | requests | median | p95 | p99 | max | mean size (bytes) "
      "| on a new connection | p95 less connecting |")
    w("| --- | --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: |")
    for run in runs:
        for kind, label in (("changed", "200 changed"), ("unchanged", "304 unchanged"),
                            ("write", "201 step entered")):
            s = stats(run.of(kind))
            if s["n"]:
                w(f"| `{run.path}` | {label} | {s['n']} | {fmt(s['median'])} | {fmt(s['p95'])} "
                  f"| {fmt(s['p99'])} | {fmt(s['max'])} | {s['size']:,.0f} "
                  f"| {s['opened']} ({fmt(s['connect'])} ms to connect) "
                  f"| {fmt(s['p95_alone'])} |")
    w("")
    w("Times in ms. The 200s include each device's first load (no ETag yet); after that a "
      "device gets a 200 only on its first poll after a step was entered. 'On a new "
      "connection': requests that had to open one first (their time includes connecting); "
      "waitress closes the connection after every 304 (a response without Content-Length), "
      "so the poll after a 304 always opens a new one.")
    w("")
    w("| run | wall s | server CPU s | per request | server CPU, mean | busiest second "
      "| client CPU s | other processes' CPU | server threads | server VmRSS KiB "
      "| connections opened | steps entered |")
    w("| --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: |")
    for run in [*runs, *([floor] if floor else [])]:
        w(f"| {run.name} | {run.seconds:.0f} | {run.server_cpu:.1f} "
          f"| {1e3 * run.server_cpu / max(1, len(run.samples)):.2f} ms "
          f"| {100 * run.server_cpu / run.seconds:.1f}% of a core "
          f"| {100 * run.busiest_second:.0f}% | {run.client_cpu:.1f} "
          f"| {100 * run.others_cpu / run.seconds:.0f}% of a core | {run.threads} "
          f"| {run.rss_kib[0]:,} → {run.rss_kib[1]:,} | {run.connections} | {run.events} |")
    w("")
    w("'Other processes' CPU': what the rest of the machine used during the run (from "
      "/proc/stat, less the server and the client). Well above a few % of a core, other "
      "programs competed for the 2 cores, and the tails (p95, p99, max) include waiting for "
      "one.")
    w("")
    for run in runs:
        errors = run.of("error")
        if errors:
            w(f"Errors on `{run.path}` (first 10):")
            w("")
            for e in errors[:10]:
                w(f"- at {e.at:.1f} s after {e.ms:.0f} ms: {e.detail}")
            w("")
    if floor is not None:
        w("## The floor: waitress serving an app that does nothing")
        w("")
        w(f"The same {args.devices} devices polling every {args.poll:g} s for "
          f"{floor.seconds:.0f} s, no steps entered, against waitress ({args.threads} threads, "
          "its own process) serving a WSGI app that only answers: a 200 of "
          f"{stats(floor.of('changed')).get('size', 0):,.0f} bytes with an ETag, then 304. "
          "No app could answer faster behind this server on this machine.")
        w("")
        w("| answer | requests | median | p95 | p99 | max | on a new connection "
          "| server CPU per request |")
        w("| --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: |")
        for kind, label in (("changed", "200"), ("unchanged", "304")):
            s = stats(floor.of(kind))
            if s["n"]:
                w(f"| {label} | {s['n']} | {fmt(s['median'])} | {fmt(s['p95'])} "
                  f"| {fmt(s['p99'])} | {fmt(s['max'])} | {s['opened']} "
                  f"| {1e3 * floor.server_cpu / max(1, len(floor.samples)):.2f} ms |")
        errors = floor.of("error")
        w("")
        if errors:
            w(f"{len(errors)} errors, the first: {errors[0].detail}")
            w("")
    if local:
        w("## The app's own time (in one process, no network, no waitress)")
        w("")
        w(f"The same GETs on each run's game as it ended, {args.in_process} times each, calling "
          "the WSGI app directly (no server, no network) on the run's SQLite file after 20 "
          "warm-up requests, back to back: what the app itself spends on an answer, its caches "
          "warm. The rest of what the devices see is waitress (reading, handing the request "
          "to a worker thread and back, writing), the connection, and waking the idle "
          "processes and threads of a mostly idle machine for each request.")
        w("")
        w("| address | answer | median | p95 | CPU median | size (bytes) |")
        w("| --- | --- | ---: | ---: | ---: | ---: |")
        for (name, kind), entry in local.items():
            w(f"| {name} | {kind} | {fmt(entry['median'])} | {fmt(entry['p95'])} "
              f"| {fmt(entry['cpu'])} | {entry['size']:,} |")
        w("")
        profiles = [(key, e["profile"]) for key, e in local.items() if "profile" in e]
        if profiles:
            w("### Where the app's time goes (cProfile, by own time)")
            w("")
            for (name, kind), text in profiles:
                w(f"{name}, {kind}, {args.in_process} requests:")
                w("")
                w("```")
                w(text)
                w("```")
                w("")
    return "\n".join(lines).rstrip() + "\n", not failed


def version(package: str) -> str:
    from importlib.metadata import PackageNotFoundError
    from importlib.metadata import version as found

    try:
        return found(package)
    except PackageNotFoundError:
        return "?"


def sqlite_version() -> str:
    import sqlite3

    return sqlite3.sqlite_version


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--duration", type=float, default=90, help="seconds per polled address")
    parser.add_argument("--devices", type=int, default=50)
    parser.add_argument("--poll", type=float, default=2.0, help="seconds between polls")
    parser.add_argument("--write", type=float, default=5.0, help="seconds between steps")
    parser.add_argument("--threads", type=int, default=8, help="waitress threads (referee run: 8)")
    parser.add_argument("--fragment", default="/games/{id}/poll/standings",
                        help="the screens' polled standings fragment ({id}: the game)")
    parser.add_argument("--baseline", type=float, default=30,
                        help="seconds of the same polling against waitress serving an app that "
                             "does nothing (0: none)")
    parser.add_argument("--in-process", type=int, default=300,
                        help="requests of each kind timed in one process afterwards (0: none)")
    parser.add_argument("--profile", action="store_true", help="cProfile the app's answers")
    parser.add_argument("--seed", type=int, default=20261122)
    parser.add_argument("--no-write", action="store_true", help="print only")
    parser.add_argument("--keep", action="store_true", help="keep the temporary instance folder")
    args = parser.parse_args(argv)
    command = ".venv/bin/python " + " ".join(
        shlex.quote(a) for a in [os.path.relpath(__file__, ROOT), *sys.argv[1:]])
    started = datetime.datetime.now(datetime.UTC)
    info = machine()
    rng = random.Random(args.seed)
    folder = Path(tempfile.mkdtemp(prefix="referee-load-"))
    loads = [("start", load_average())]
    server = Server(folder, args.threads)
    runs: list[Run] = []
    try:
        async def everything() -> None:
            targets = [("JSON API", "/api/v1/games/{id}")]
            game = await create_game(server.port)
            found = await probe(server.port, args.fragment.format(id=game["id"]))
            if found != 200:
                raise SystemExit(f"load.py: the standings fragment `{args.fragment}` answered "
                                 f"{found}, not 200: fix the address (--fragment)")
            targets.append(("standings fragment", args.fragment))
            for name, template in targets:
                print(f"{name}: {template}, {args.duration:g} s ...", flush=True)
                runs.append(await load_run(server, name, template, args, rng, args.duration))
                loads.append((f"after the {name} run", load_average()))

        asyncio.run(everything())
    finally:
        server.stop()
    floor = None
    if args.baseline:
        print(f"baseline: waitress and an app that does nothing, {args.baseline:g} s ...",
              flush=True)
        idle = Server(folder, args.threads, baseline=True)
        try:
            floor = asyncio.run(load_run(idle, "baseline", "/baseline", args, rng, args.baseline,
                                         baseline=True))
        finally:
            idle.stop()
        loads.append(("after the baseline run", load_average()))
    loads.append(("end", load_average()))
    program = server.command[0]
    shown = shlex.join([os.path.relpath(program, ROOT) if program.startswith(str(ROOT))
                        else program, *server.command[1:]])
    local = {}
    if args.in_process:
        paths = {f"`{run.path}`": run.path.format(id=run.game_id) for run in runs}
        local = in_process(server.database, paths, args.in_process, profile=False)
        text, ok = report(runs, floor, local, args, info, command, shown, started,
                          loads)
        if args.profile or not ok:
            local = in_process(server.database, paths, args.in_process, profile=True)
    text, ok = report(runs, floor, local, args, info, command, shown, started,
                          loads)
    print(text)
    if not args.no_write:
        out = ROOT / "benchmarks" / "RESULTS.md"
        replace_section(out, "load", text)
        print(f"written to {out}")
    if args.keep:
        print(f"kept {folder}")
    else:
        shutil.rmtree(folder, ignore_errors=True)
    return 0 if ok else 1


if __name__ == "__main__":
    sys.exit(main())
