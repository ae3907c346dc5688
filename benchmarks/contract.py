#!/usr/bin/env python3
"""Does the server do what its OpenAPI document says? Schemathesis on the real server, by hand.

    .venv/bin/python benchmarks/contract.py                  # 300 s on a new SQLite database
    .venv/bin/python benchmarks/contract.py --duration 120   # a shorter look
    DATABASE_URL=postgresql://… .venv/bin/python benchmarks/contract.py   # on PostgreSQL, in
                                                             # a schema of its own, dropped after

The app runs as ``referee run`` starts it (waitress, its own process) from a new instance
folder. The schemathesis command line then draws requests from GET /api/v1/openapi.json for
``--duration`` seconds (all its phases: the document's examples, its coverage of each
constraint, random fuzzing and stateful chains that reuse a game just made) and runs every
check it has on each answer: the default ones (no server error, documented status codes,
content types, headers and response schemas) and the contract's two directions:

- positive_data_acceptance: a request the document allows is not refused;
- negative_data_rejection: a request the document forbids is not accepted.

The project's schemathesis.toml (at the checkout's root, given to the command) says which refusals of an allowed
request are expected, and why. The script prints the number of requests, the failures counted
by check and one short example of each distinct failure, and exits 1 on any failure.
"""

from __future__ import annotations

import argparse
import base64
import collections
import json
import os
import secrets
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from tests.server_process import ServerProcess  # noqa: E402  (the checkout's own, on its path)

SCHEMATHESIS = Path(sys.executable).parent / "schemathesis"


def free_port() -> int:
    import socket
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return probe.getsockname()[1]


class PostgresSchema:
    """A schema of its own in the database DATABASE_URL names, so the server starts empty."""

    def __init__(self, url: str):
        import sqlalchemy
        self.name = f"contract_{secrets.token_hex(4)}"
        bare = url.replace("postgres://", "postgresql+psycopg://", 1).replace(
            "postgresql://", "postgresql+psycopg://", 1)
        self.engine = sqlalchemy.create_engine(bare)
        self._run(f"CREATE SCHEMA {self.name}")
        joiner = "&" if "?" in url else "?"
        self.url = f"{url}{joiner}options=-csearch_path%3D{self.name}"

    def _run(self, statement: str) -> None:
        import sqlalchemy
        with self.engine.begin() as connection:
            connection.execute(sqlalchemy.text(statement))

    def drop(self) -> None:
        self._run(f"DROP SCHEMA IF EXISTS {self.name} CASCADE")
        self.engine.dispose()


def run_schemathesis(url: str, duration: int, reports: Path, seed: int | None,
                     workers: str) -> tuple[int, float]:
    # Run from the run's own folder: schemathesis keeps a cache of the failures it found
    # there (.schemathesis/), which a later run would replay first.
    command = [str(SCHEMATHESIS), "--config-file", str(ROOT / "schemathesis.toml"), "run",
               f"{url}/api/v1/openapi.json", "--checks", "all",
               "--max-time", str(duration), "--workers", workers, "--report", "ndjson",
               "--report-ndjson-path", str(reports / "events.ndjson"), "--no-color",
               "--generation-database", "none", "--continue-on-failure"]
    if seed is not None:
        command += ["--seed", str(seed)]
    started = time.monotonic()
    with (reports / "schemathesis.txt").open("w") as output:  # its own long report, kept
        code = subprocess.call(command, cwd=reports, stdout=output, stderr=subprocess.STDOUT)
    return code, time.monotonic() - started


def tally(events: Path) -> dict:
    """Requests sent, checks run and failed by check, and one example of each failure."""
    requests, cases = 0, 0
    ran, failed = collections.Counter(), collections.Counter()
    examples: dict[tuple[str, str, int], str] = {}
    with events.open() as lines:
        for line in lines:
            if not line.startswith('{"ScenarioFinished"'):
                continue
            scenario = json.loads(line)["ScenarioFinished"]
            recorder = scenario["recorder"]
            requests += len(recorder.get("interactions", {}))
            cases += len(recorder.get("cases", {}))
            for case_id, checks in recorder.get("checks", {}).items():
                for check in checks:
                    ran[check["name"]] += 1
                    if check["status"] != "failure":
                        continue
                    failed[check["name"]] += 1
                    key = _example_key(recorder, case_id, check)
                    if key not in examples:
                        examples[key] = _example(recorder, case_id)
    return {"requests": requests, "cases": cases, "ran": ran, "failed": failed,
            "examples": examples}


def _example_key(recorder: dict, case_id: str, check: dict) -> tuple[str, str, int]:
    response = recorder.get("interactions", {}).get(case_id, {}).get("response") or {}
    return (check["name"], recorder.get("label", "?"), response.get("status_code", 0))


def _example(recorder: dict, case_id: str) -> str:
    interaction = recorder.get("interactions", {}).get(case_id, {})
    request, response = interaction.get("request", {}), interaction.get("response") or {}

    def text(body: dict | None) -> str:
        if not body:
            return ""
        raw = base64.b64decode(body["$base64"]) if "$base64" in body else str(body).encode()
        return raw.decode("utf-8", "replace")[:300]

    return (f"{request.get('method')} {request.get('uri')} {text(request.get('body'))}\n"
            f"      -> {response.get('status_code')} {text(response.get('content'))}")


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--duration", type=int, default=300, help="seconds of schemathesis")
    parser.add_argument("--seed", type=int, help="schemathesis' seed (default: a new one)")
    parser.add_argument("--workers", default="1", help="schemathesis workers (default 1: the "
                        "machine's cores are the server's)")
    parser.add_argument("--threads", type=int, default=4, help="waitress threads")
    args = parser.parse_args()

    database_url = os.environ.get("DATABASE_URL")
    schema = PostgresSchema(database_url) if database_url else None
    load_before = Path("/proc/loadavg").read_text().split()[:3]
    with tempfile.TemporaryDirectory(prefix="contract-") as folder:
        folder_path = Path(folder)
        env = {**os.environ, "REFEREE_INSTANCE_PATH": folder, "SECRET_KEY": "contract-benchmark"}
        env.pop("DATABASE_URL", None)
        if schema:
            env["DATABASE_URL"] = schema.url
        port = free_port()
        server = ServerProcess(
            [sys.executable, "-m", "referee.cli", "run", "--host", "127.0.0.1", "--port",
             str(port), "--threads", str(args.threads)], port, folder_path / "server.log",
            ROOT, env)
        try:
            server.start()
            code, seconds = run_schemathesis(server.url, args.duration, folder_path, args.seed,
                                             args.workers)
            figures = tally(folder_path / "events.ndjson")
            said = (folder_path / "schemathesis.txt").read_text()
        finally:
            server.stop()
            if schema:
                schema.drop()
        server_errors = [line for line in server.tail(100_000).splitlines()
                         if "Traceback" in line or "ERROR" in line]
    load_after = Path("/proc/loadavg").read_text().split()[:3]

    print(f"database: {'PostgreSQL' if schema else 'SQLite'}; schemathesis ran {seconds:.0f} s "
          f"(exit code {code}); load average before {' '.join(load_before)}, after "
          f"{' '.join(load_after)}")
    commit = subprocess.run(["git", "rev-parse", "--short", "HEAD"], cwd=ROOT,
                            capture_output=True, text=True).stdout.strip()
    print(f"commit {commit}; requests: {figures['requests']} ({figures['cases']} test cases); "
          f"distinct failures (check, operation, status): {len(figures['examples'])}")
    print(f"{'check':34} {'run':>8} {'failed':>7}")
    for name in sorted(figures["ran"]):
        print(f"{name:34} {figures['ran'][name]:8} {figures['failed'][name]:7}")
    print(f"server log lines with a traceback or an error: {len(server_errors)}")
    for (check, operation, status), example in sorted(figures["examples"].items()):
        print(f"- {check}: {operation} answered {status}\n    {example}")
    seed = next((line for line in said.splitlines() if line.startswith("Seed:")), "")
    print(seed)
    errors = [line for line in said.splitlines() if "Errors:" in line or "errored" in line]
    if errors:
        print("\n".join(errors))
    failed = sum(figures["failed"].values()) or server_errors or code != 0
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
