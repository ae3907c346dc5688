#!/usr/bin/env python3
"""CPU time of each arranger call, as a server makes it (issue 28), run by hand.

    .venv/bin/python benchmarks/arranger_calls.py            # 200 hands a group
    .venv/bin/python benchmarks/arranger_calls.py --hands 50 # a quicker look

The app is made first (``create_app`` on a new SQLite file), as a server has it loaded
before any arranging. Then every hand of ``free_hands.ISSUE_HANDS`` (5 times each) and
``free_hands.CALL_GROUPS`` (random 40-card hands of every game the arranger answers for,
from a fixed seed) is arranged once per call, its CPU time read with
``time.process_time_ns`` just around ``arrange()``, twice over:

* gc as is: the collector left as the process has it, so a call pays for any
  collection its allocations bring on;
* gc frozen: ``gc.freeze()`` once the app is loaded (as issue 28 has ``referee run`` do), so a
  full collection no longer walks the app's long-lived objects.

Target (issue 28), for the frozen case: p99 <= 50 ms and worst <= 100 ms CPU per group.
This file is no test: pytest's testpaths are tests/ and referee/.
"""

from __future__ import annotations

import argparse
import gc
import random
import statistics
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

from referee import create_app  # noqa: E402
from referee.core import get_ruleset, parse_cards  # noqa: E402
from referee.core.cards import JOKER  # noqa: E402
from referee.core.rummy.solver import arrange  # noqa: E402

import free_hands  # noqa: E402  (benchmarks/ is on sys.path when this file runs)

P99_MS, WORST_MS = 50, 100


def percentile(ms: list[float], p: float) -> float:
    ms = sorted(ms)
    k = (len(ms) - 1) * p / 100
    lo, hi = int(k), min(int(k) + 1, len(ms) - 1)
    return ms[lo] + (ms[hi] - ms[lo]) * (k - lo)


def cases(count: int) -> list[tuple[str, object, list, int | None]]:
    """(group name, table, cards, hand number) for every call, in a fixed order."""
    out = []
    for name, key, decks, hand, cards in free_hands.ISSUE_HANDS:
        table = get_ruleset(key).configure(decks=decks)
        out += [(name, table, parse_cards(cards), hand)] * 5
    for name, key, decks, (least, most), hand in free_hands.CALL_GROUPS:
        rng = random.Random(name)
        table = get_ruleset(key).configure(decks=decks)
        most = min(most, table.deck.copies_of(JOKER, table.decks))
        for _ in range(count):
            jokers = rng.randint(min(least, most), most)
            out.append((name, table, free_hands.deal(table, 40, jokers, rng), hand))
    return out


def timed(calls) -> dict[str, list[tuple[float, str]]]:
    """CPU ms of each call, with its cards, by group."""
    took: dict[str, list[tuple[float, str]]] = {}
    for name, table, cards, hand in calls:
        started = time.process_time_ns()
        arrange(cards, table, hand)
        ms = (time.process_time_ns() - started) / 1e6
        took.setdefault(name, []).append((ms, " ".join(map(str, cards))))
    return took


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--hands", type=int, default=200, help="random hands a group")
    args = parser.parse_args(argv)
    folder = tempfile.mkdtemp(prefix="arranger-calls-")
    create_app({"TESTING": True, "SECRET_KEY": "benchmark",
                "SQLALCHEMY_DATABASE_URI": f"sqlite:///{folder}/calls.sqlite3"})
    calls = cases(args.hands)
    print(f"load before: {Path('/proc/loadavg').read_text().strip()}; "
          f"{len(calls)} calls a pass; gc thresholds {gc.get_threshold()}, "
          f"{len(gc.get_objects())} objects tracked once the app is loaded")
    timed(calls[:20])  # warm: the first calls build the games' tables
    results = {"gc as is": timed(calls)}
    gc.collect()
    gc.freeze()
    results["gc frozen"] = timed(calls)
    print(f"load after: {Path('/proc/loadavg').read_text().strip()}")
    print("\n| group | calls | gc | p50 ms | p99 ms | worst ms | target |")
    print("| --- | ---: | --- | ---: | ---: | ---: | --- |")
    ok, slowest = True, []
    for name in results["gc as is"]:
        for mode, took in results.items():
            ms = [each for each, _ in took[name]]
            p99, worst = percentile(ms, 99), max(ms)
            passed = p99 <= P99_MS and worst <= WORST_MS
            ok &= passed or mode != "gc frozen"
            print(f"| {name} | {len(ms)} | {mode} | {statistics.median(ms):.1f} | {p99:.1f} "
                  f"| {worst:.1f} | {'pass' if passed else 'FAIL'} |")
        slowest.append((name, max(results["gc frozen"][name])))
    print("\nThe slowest hand of each group, gc frozen:\n")
    for name, (ms, cards) in slowest:
        print(f"- {name}: {ms:.1f} ms, `{cards}`")
    return 0 if ok else 1


if __name__ == "__main__":
    sys.exit(main())
