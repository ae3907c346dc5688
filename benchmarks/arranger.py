#!/usr/bin/env python3
"""Benchmarks of the hand arranger (referee.core.rummy.solver.arrange), run by hand.

    .venv/bin/pip install rlcard        # only for part 3; never a project dependency
    .venv/bin/python benchmarks/arranger.py             # full run, rewrites its section
                                                        # of benchmarks/RESULTS.md
    .venv/bin/python benchmarks/arranger.py --quick     # a smoke run (a tenth of the hands),
                                                        # prints only, unless --out is given
    .venv/bin/python benchmarks/arranger.py --soak 100000   # also a longer memory soak
    .venv/bin/python benchmarks/arranger.py --hunt 300  # hunts hard hands for part 6 and
                                                        # keeps the worst in adversarial.json

Timings are wall-clock and the machine's 2 cores may be shared: run it when
nothing else is busy (see the load averages it records).

Six parts, each against the targets of the issues:

1. Eversol hand 6: 12 random cards from 2 decks (0-4 jokers, uniformly; the
   naturals drawn without replacement from the 104 of two decks): the time of
   each arrange() call, median <= 0.3 ms and p99 <= 3 ms.
2. 30 cards from 3 decks (24 naturals and all 6 jokers), each of the six
   contracts: p99 <= 30 ms per contract.
3. Basic Rummy, random 10-card hands from one deck: arrange() against rlcard's
   gin-rummy meld finder, done the way rlcard's own round does it
   (get_best_meld_clusters, its first cluster or none, then get_deadwood_count),
   on the same hands in the same process, alternating which goes first.
   The deadwood must agree on every hand, and ours must be at least as fast
   (median and mean).
4. Memory: 1,000 warm-up hands, then 10,000 more, mixed (Eversol hands 1-6 at
   their deal size plus the draw, Basic 10-card hands, 500 13-card hands with
   0-2 jokers), with VmRSS, the tracemalloc total (in a second pass over the same
   hands) and the number of live free-game search objects read every 1,000 hands.
5. The games without contracts (issue 11): random hands of 500 up to 40 cards,
   5 decks and 10 jokers, Basic and Base up to 40 cards of their one deck, in groups
   (free_hands.GROUPS): CPU time p99 <= 50 ms and max <= 250 ms per group.
6. The same targets on the hardest hands hunts have found (adversarial.json,
   made by --hunt: hill climbing on the arranger's CPU time), each timed
   five times.

Every call is timed alone with time.perf_counter_ns, the garbage collector on
and set as `referee run` sets it before serving (what start-up built frozen out of
its way, young collections every 50,000 new objects). Hands come from a fixed seed. This file is no test: pytest's
testpaths are tests/ and referee/, and its name does not match test_*.py.
"""

from __future__ import annotations

import argparse
import cProfile
import datetime
import functools
import gc
import io
import os
import platform
import pstats
import random
import resource
import shlex
import statistics
import subprocess
import sys
import sysconfig
import time
import tracemalloc
from collections.abc import Callable, Sequence
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

from referee import cli  # noqa: E402
from referee.core import get_ruleset  # noqa: E402
from referee.core.model.ruleset import TableRules  # noqa: E402
from referee.core.cards import JOKER, Card, Rank, Suit, natural, sort_key  # noqa: E402
from referee.core.rummy.solver import arrange  # noqa: E402
from referee.core.rummy.solver.search import FreeSearch  # noqa: E402

import free_hands  # noqa: E402  (benchmarks/ is on sys.path when this file runs)

NATURALS = [natural(rank, suit) for suit in Suit for rank in Rank]
MS = 1e-6  # nanoseconds to milliseconds
# Hands a part keeps for the profiles (the most they use): keeping every one of them (and
# rlcard's copies of part 3's, ten objects a hand) left a full garbage collection, which
# lands in some timed call, that many more objects to walk.
PROFILED = 1000


# ----------------------------------------------------------------------------- helpers

def percentile(sorted_values: Sequence[float], p: float) -> float:
    """The p-th percentile by linear interpolation between closest ranks."""
    if not sorted_values:
        return float("nan")
    k = (len(sorted_values) - 1) * p / 100
    lo = int(k)
    hi = min(lo + 1, len(sorted_values) - 1)
    return sorted_values[lo] + (sorted_values[hi] - sorted_values[lo]) * (k - lo)


def summary(times_ns: Sequence[int], cpu_ns: Sequence[int] | None = None) -> dict[str, float]:
    ms = sorted(t * MS for t in times_ns)
    out = {"n": len(ms), "median": statistics.median(ms), "mean": statistics.fmean(ms),
           "p90": percentile(ms, 90), "p99": percentile(ms, 99), "max": ms[-1]}
    if cpu_ns is not None:
        cpu = sorted(t * MS for t in cpu_ns)
        out |= {"cpu_median": statistics.median(cpu), "cpu_mean": statistics.fmean(cpu),
                "cpu_p99": percentile(cpu, 99), "cpu_max": cpu[-1]}
    return out


class Collections:
    """CPU time the garbage collector has taken so far (gc.callbacks), in ns."""

    def __init__(self) -> None:
        self.ns = 0
        self._started = 0
        gc.callbacks.append(self._watch)

    def _watch(self, phase: str, info: dict) -> None:
        if phase == "start":
            self._started = time.thread_time_ns()
        else:
            self.ns += time.thread_time_ns() - self._started


COLLECTIONS = Collections()


class Timer:
    """Wall time (perf_counter_ns) of each call, and this thread's CPU time around it, and
    the garbage collector's part of that (``collecting``): a full collection walks every
    object of the process, this script's hands too, and falls in whichever call it does.

    The CPU clock is read outside the wall-clock window, so its cost is not in the
    wall figure; a call whose wall time is far above its CPU time was kept off the
    processor (another process, the host), not slow.
    """

    def __init__(self) -> None:
        self.wall: list[int] = []
        self.cpu: list[int] = []
        self.collecting: list[int] = []
        self.switches = 0
        self._ru = None

    def __enter__(self) -> Timer:
        self._ru = resource.getrusage(resource.RUSAGE_SELF).ru_nivcsw
        return self

    def __exit__(self, *exc) -> None:
        self.switches = resource.getrusage(resource.RUSAGE_SELF).ru_nivcsw - self._ru

    def call(self, fn: Callable, item):
        cpu, wall = time.thread_time_ns, time.perf_counter_ns
        g0 = COLLECTIONS.ns
        c0 = cpu()
        t0 = wall()
        result = fn(item)
        t1 = wall()
        c1 = cpu()
        self.wall.append(t1 - t0)
        self.cpu.append(c1 - c0)
        self.collecting.append(COLLECTIONS.ns - g0)
        return result

    def summary(self) -> dict[str, float]:
        return summary(self.wall, self.cpu) | {"switches": self.switches}


def time_calls(fn: Callable, items: Sequence) -> Timer:
    with Timer() as timer:
        for item in items:
            timer.call(fn, item)
    return timer


def eversol_hand(rng: random.Random, naturals: int, jokers: int, decks: int) -> list[Card]:
    cards = rng.sample(NATURALS * decks, naturals) + [JOKER] * jokers
    rng.shuffle(cards)
    return cards


OWN_ALLOCATIONS = [tracemalloc.Filter(False, __file__),
                   tracemalloc.Filter(False, tracemalloc.__file__)]


def read_rss_kib() -> int:
    with open("/proc/self/status") as status:
        for line in status:
            if line.startswith("VmRSS:"):
                return int(line.split()[1])
    return -1


def live_searches() -> int:
    """Free-game search objects (each holding its memo) not yet freed."""
    return sum(1 for obj in gc.get_objects() if isinstance(obj, FreeSearch))


def profile(fn: Callable, items: Sequence, top: int = 18) -> str:
    prof = cProfile.Profile()
    prof.enable()
    for item in items:
        fn(item)
    prof.disable()
    out = io.StringIO()
    stats = pstats.Stats(prof, stream=out)
    stats.sort_stats("tottime").print_stats(top)
    text = out.getvalue()
    # Keep the table, drop the banner lines pstats prints before it.
    lines = text.splitlines()
    start = next((i for i, line in enumerate(lines) if "function calls" in line), 0)
    return "\n".join(trim_paths(line) for line in lines[start:]).rstrip()


def trim_paths(line: str) -> str:
    for prefix in (str(ROOT) + "/", sys.prefix + "/", sysconfig.get_paths()["stdlib"] + "/"):
        line = line.replace(prefix, "")
    return line


def machine() -> dict[str, str]:
    model = "unknown"
    try:
        with open("/proc/cpuinfo") as info:
            for line in info:
                if line.startswith("model name"):
                    model = line.split(":", 1)[1].strip()
                    break
    except OSError:
        pass
    try:
        nproc = subprocess.run(["nproc"], check=False, capture_output=True,
                               text=True).stdout.strip()
    except OSError:
        nproc = str(os.cpu_count())

    def git(*args: str) -> str:
        try:
            return subprocess.run(["git", *args], check=False, cwd=ROOT, capture_output=True,
                                  text=True).stdout.strip()
        except OSError:
            return "?"

    dirty = git("status", "--porcelain", "--", "referee")
    from importlib.metadata import PackageNotFoundError, version
    try:
        rl, np = version("rlcard"), version("numpy")
    except PackageNotFoundError:
        rl, np = "not installed", "-"
    return {
        "nproc": nproc, "cpu": model, "python": platform.python_version(),
        "implementation": platform.python_implementation(),
        "platform": platform.platform(),
        "commit": git("rev-parse", "--short", "HEAD") + (" (referee/ modified)" if dirty else ""),
        "rlcard": rl, "numpy": np,
    }


# ----------------------------------------------------------------------------- parts

def part1(rng: random.Random, scale: float) -> dict:
    table = get_ruleset("eversol").configure(decks=2)

    def make(n: int) -> list[list[Card]]:
        hands = []
        for _ in range(n):
            jokers = rng.randint(0, 4)
            hands.append(eversol_hand(rng, 12 - jokers, jokers, 2))
        return hands

    warm, hands = make(int(500 * scale)), make(int(5000 * scale))
    fn = lambda cards: arrange(cards, table, hand=6)  # noqa: E731
    time_calls(fn, warm)
    timer = time_calls(fn, hands)
    slow = sorted(zip(timer.cpu, range(len(hands))), reverse=True)[:3]
    return {"stats": timer.summary(), "hands": hands[:PROFILED], "fn": fn,
            "slowest": [(timer.wall[i] * MS, timer.cpu[i] * MS, hands[i]) for _, i in slow],
            "possible": sum(1 for h in hands if fn(h).possible)}


def part2(rng: random.Random, scale: float) -> dict:
    table = get_ruleset("eversol").configure(decks=3)
    per = {}
    for hand in range(1, 7):
        fn = functools.partial(arrange, table=table, hand=hand)
        warm = [eversol_hand(rng, 24, 6, 3) for _ in range(max(5, int(50 * scale)))]
        hands = [eversol_hand(rng, 24, 6, 3) for _ in range(int(1000 * scale))]
        time_calls(fn, warm)
        timer = time_calls(fn, hands)
        slow = max(range(len(hands)), key=timer.cpu.__getitem__)
        per[hand] = {"stats": timer.summary(), "fn": fn, "hands": hands[:PROFILED],
                     "slowest": (timer.wall[slow] * MS, timer.cpu[slow] * MS, hands[slow])}
    return per


RL_RANK = {Rank.ACE: "A", Rank.TEN: "T", Rank.JACK: "J", Rank.QUEEN: "Q", Rank.KING: "K"}


def part3(rng: random.Random, scale: float) -> dict:
    try:
        from rlcard.games.base import Card as RlCard
        from rlcard.games.gin_rummy.utils import melding, utils
    except ImportError as error:
        return {"error": f"rlcard is not installed ({error}): .venv/bin/pip install rlcard"}
    table = get_ruleset("basic").configure()

    def to_rl(cards: list[Card]) -> list:
        return [RlCard(c.suit.value, RL_RANK.get(c.rank, str(int(c.rank)))) for c in cards]

    def ours(cards: list[Card]) -> int:
        return arrange(cards, table).leftover_points

    def theirs(hand: list) -> int:
        # As rlcard's GinRummy round scores a hand (round.py, scorers.py).
        best = melding.get_best_meld_clusters(hand=hand)
        cluster = [] if not best else best[0]
        return utils.get_deadwood_count(hand=hand, meld_cluster=cluster)

    def make(n: int) -> list[tuple[list[Card], list]]:
        out = []
        for _ in range(n):
            cards = rng.sample(NATURALS, 10)
            out.append((cards, to_rl(cards)))
        return out

    warm, pairs = make(int(500 * scale)), make(int(5000 * scale))
    for cards, rl in warm:
        ours(cards)
        theirs(rl)
    t_ours, t_theirs, mismatches = Timer(), Timer(), []
    with t_ours, t_theirs:  # the context switches of both, together
        for i, (cards, rl) in enumerate(pairs):
            if i % 2 == 0:
                mine = t_ours.call(ours, cards)
                other = t_theirs.call(theirs, rl)
            else:
                other = t_theirs.call(theirs, rl)
                mine = t_ours.call(ours, cards)
            if mine != other:
                mismatches.append((cards, mine, other))
    return {"ours": t_ours.summary(), "rlcard": t_theirs.summary(), "mismatches": mismatches,
            "n": len(pairs), "fn": lambda cards: arrange(cards, table),
            "rl_fn": theirs, "hands": [c for c, _ in pairs[:PROFILED]],
            "rl_hands": [r for _, r in pairs[:PROFILED]]}


def mix_tables():
    return (get_ruleset("eversol").configure(decks=2), get_ruleset("basic").configure(),
            get_ruleset("500").configure())


MIX = mix_tables()


def mixed_hand(rng: random.Random, i: int):
    """(Eversol hand number or the table, cards): hands 1-6, then Basic, then 500, in turn."""
    eversol, basic, five_hundred = MIX
    kind = i % 8
    if kind == 6:
        return basic, rng.sample(NATURALS, 10)
    if kind == 7:
        jokers = rng.randint(0, 2)
        return five_hundred, eversol_hand(rng, 13 - jokers, jokers, 1)
    jokers = rng.randint(0, 4)
    size = eversol.ruleset.contracts[kind].cards_dealt + 1
    return kind + 1, eversol_hand(rng, size - jokers, jokers, 2)


def part4(rng: random.Random, scale: float) -> dict:
    eversol = MIX[0]
    warm_n, n, every = int(1000 * scale), int(10000 * scale), int(1000 * scale)
    jobs = [mixed_hand(rng, i) for i in range(warm_n + n)]

    def run(trace: bool) -> list[dict]:
        gc.collect()
        if trace:
            tracemalloc.start()
            # Warm the snapshot filter's own caches (fnmatch, re) before the first reading.
            tracemalloc.take_snapshot().filter_traces(OWN_ALLOCATIONS)
        points = []
        snapshots: list[tracemalloc.Snapshot] = []
        start = time.perf_counter()
        for i, (hand, cards) in enumerate(jobs, 1):
            arrange(cards, hand if isinstance(hand, TableRules) else eversol,
                    hand=None if isinstance(hand, TableRules) else hand)
            if i >= warm_n and (i - warm_n) % every == 0:
                # As found: no collection forced, so pending reference cycles still count.
                point = {"after": i, "rss_kib": read_rss_kib(), "live": live_searches(),
                         "seconds": time.perf_counter() - start}
                if trace:
                    point["traced"] = tracemalloc.get_traced_memory()[0]
                    # What would stay for good: after a full collection, leaving out
                    # what this script allocates (the checkpoints themselves).
                    gc.collect()
                    snap = tracemalloc.take_snapshot().filter_traces(OWN_ALLOCATIONS)
                    point["traced_collected"] = sum(t.size for t in snap.traces)
                    if not snapshots:
                        snapshots.append(snap)
                    snapshots[1:] = [snap]
                    point["live_collected"] = live_searches()
                    point["peak"] = tracemalloc.get_traced_memory()[1]
                points.append(point)
        if trace:
            tracemalloc.stop()
            stats = snapshots[-1].compare_to(snapshots[0], "lineno")
            grew.extend(f"{stat}" for stat in stats[:5] if stat.size_diff > 0)
        return points

    grew: list[str] = []
    plain = run(False)
    traced = run(True)
    return {"plain": plain, "traced": traced, "warm": warm_n, "n": n, "grew": grew}


def soak(rng: random.Random, n: int) -> list[dict]:
    """Many more mixed hands: VmRSS and live memory blocks after a collection, 20 times."""
    eversol = MIX[0]
    every = max(1, n // 20)
    points = []
    start = time.perf_counter()
    for i in range(1, n + 1):
        hand, cards = mixed_hand(rng, i)
        arrange(cards, hand if isinstance(hand, TableRules) else eversol,
                hand=None if isinstance(hand, TableRules) else hand)
        if i % every == 0:
            live = live_searches()
            gc.collect()
            points.append({"after": i, "rss_kib": read_rss_kib(), "live": live,
                           "blocks": sys.getallocatedblocks(),
                           "seconds": time.perf_counter() - start})
    return points


def part5(rng: random.Random, scale: float) -> list[dict]:
    """Each group of random hands of the games without contracts, timed call by call."""
    results = []
    for group in free_hands.GROUPS:
        warm = group.hands(rng, max(10, int(50 * scale)))
        hands = group.hands(rng, int(1000 * scale))
        fn = lambda item: arrange(item[1], item[0])  # noqa: E731
        time_calls(fn, warm)
        timer = time_calls(fn, hands)
        slow = sorted(range(len(hands)), key=timer.cpu.__getitem__, reverse=True)[:3]
        results.append({"group": group, "stats": timer.summary(), "fn": fn,
                        "hands": hands[:PROFILED],
                        "slowest": [(timer.wall[i] * MS, timer.cpu[i] * MS, hands[i],
                                     timer.collecting[i] * MS) for i in slow]})
    return results


def part6(repeats: int) -> dict:
    """The kept hands, each timed ``repeats`` times in turn."""
    kept = free_hands.load_kept()
    items = [(k.table, k.hand(), k.hand_number) for k in kept]
    fn = lambda item: arrange(item[1], item[0], hand=item[2])  # noqa: E731
    time_calls(fn, items)  # warm-up
    timer = Timer()
    with timer:
        for _ in range(repeats):
            for item in items:
                timer.call(fn, item)
    per_hand = []
    for i, k in enumerate(kept):
        cpu_ns = timer.cpu[i::len(kept)]
        wall_ns = timer.wall[i::len(kept)]
        slowest = max(range(len(cpu_ns)), key=cpu_ns.__getitem__)
        answer = fn(items[i])
        per_hand.append((k, statistics.median(cpu_ns) * MS, cpu_ns[slowest] * MS,
                         max(wall_ns) * MS, answer.leftover_points,
                         timer.collecting[i::len(kept)][slowest] * MS))
    return {"stats": timer.summary() if kept else None, "per_hand": per_hand,
            "repeats": repeats, "fn": fn, "hands": items}


def hunt(steps: int, seeds: range, keep: int) -> None:
    """Climb from a random hand of each hunt's shape for each of ``seeds``, and on from the
    slowest hand kept of that shape; keep the ``keep`` slowest of each shape, the ones kept
    before included, in adversarial.json."""
    kept = free_hands.load_kept()
    for where in free_hands.HUNTS:
        found = [(free_hands.cpu_ms(k.hand(), k.table), k) for k in kept
                 if (k.ruleset, k.decks, len(k.hand())) == (where.ruleset, where.decks,
                                                              where.size)]
        climbs: list[tuple[str, int, list[Card] | None]] = [
            (f"seed {seed}", seed, None) for seed in seeds]
        if found:  # and on from the slowest kept, which a faster arranger may no longer find slow
            slowest = max(found, key=lambda pair: pair[0])[1]
            climbs.append((f"on from the slowest kept, seed {seeds.stop}", seeds.stop,
                           slowest.hand()))
        for name, seed, start in climbs:
            took, cards = free_hands.hunt(where, seed, steps, start)
            print(f"{where}, {name}: {took:.1f} ms CPU", flush=True)
            found.append((took, free_hands.Kept(
                where.ruleset, where.decks, cards_text(sorted(cards, key=sort_key)),
                dict(where.options), f"{where}; {name}, {steps} steps")))
        found.sort(key=lambda pair: -pair[0])
        others = [k for k in kept if (k.ruleset, k.decks, len(k.hand())) != (
            where.ruleset, where.decks, where.size)]
        kept = others + [k for _, k in found[:keep]]
        free_hands.save_kept(kept)
    print(f"{len(kept)} hands kept in {free_hands.ADVERSARIAL}")


# ----------------------------------------------------------------------------- report

def fmt(x: float) -> str:
    return f"{x:.3f}" if x < 10 else f"{x:.1f}"


def cards_text(cards: Sequence[Card]) -> str:
    return " ".join(str(c) for c in cards)


def calibrate() -> float:
    """A fixed pure-Python loop, best of 5, in ms: compares this machine's speed between runs."""
    best = float("inf")
    for _ in range(5):
        start = time.perf_counter()
        total = 0
        for i in range(200_000):
            total += i * i % 7
        best = min(best, time.perf_counter() - start)
    return best * 1e3


def load() -> str:
    return " ".join(f"{x:.2f}" for x in os.getloadavg())


def replace_section(path: Path, name: str, text: str) -> None:
    """Put ``text`` between ``<!-- name:begin -->`` and ``<!-- name:end -->`` in ``path``.

    Other sections of the file (another benchmark's) are left as they are; a file
    without this section gets it at the end.
    """
    begin, end = f"<!-- {name}:begin -->", f"<!-- {name}:end -->"
    section = f"{begin}\n{text.rstrip()}\n{end}\n"
    old = path.read_text() if path.exists() else ""
    if begin in old and end in old.split(begin, 1)[1]:
        head, rest = old.split(begin, 1)
        tail = rest.split(end, 1)[1]
        path.write_text(head + section + tail.removeprefix("\n"))
    else:
        path.write_text(old.rstrip() + "\n\n" + section if old.strip() else section)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--quick", action="store_true", help="a tenth of the hands")
    parser.add_argument("--seed", type=int, default=20261122)
    parser.add_argument("--out", type=Path, default=None,
                        help="results file (default benchmarks/RESULTS.md; --quick: none)")
    parser.add_argument("--no-write", action="store_true", help="print only")
    parser.add_argument("--soak", type=int, default=0, metavar="N",
                        help="also arrange N more mixed hands, reading VmRSS and "
                             "sys.getallocatedblocks() after a gc.collect() 20 times")
    parser.add_argument("--hunt", type=int, default=0, metavar="STEPS",
                        help="only hunt hard hands (STEPS tries a climb) for part 6")
    parser.add_argument("--hunt-seeds", type=int, default=4, metavar="N",
                        help="climbs from random hands of each hunt's shape (default 4)")
    parser.add_argument("--hunt-first-seed", type=int, default=0, metavar="N",
                        help="the first climb's seed (default 0): others find other hands")
    parser.add_argument("--hunt-keep", type=int, default=5, metavar="N",
                        help="hands kept of each shape (default 5)")
    args = parser.parse_args(argv)
    if args.hunt:
        first = args.hunt_first_seed
        hunt(args.hunt, range(first, first + args.hunt_seeds), args.hunt_keep)
        return 0
    # As the server does: a full collection then walks only what the arranger made, not
    # every object Flask, SQLAlchemy and Alembic built at import (50-100 ms a collection).
    cli._settle_for_serving()
    scale = 0.1 if args.quick else 1.0
    out = args.out or (None if args.quick else ROOT / "benchmarks" / "RESULTS.md")
    if args.no_write:
        out = None
    command = ".venv/bin/python " + " ".join(
        shlex.quote(a) for a in [os.path.relpath(__file__, ROOT), *sys.argv[1:]])
    started = datetime.datetime.now(datetime.UTC)

    info = machine()
    print(f"machine: {info['nproc']} cpu, {info['cpu']}, Python {info['python']}", flush=True)
    rng = random.Random(args.seed)
    loads = [("start", load())]
    speed = [calibrate()]
    wall = time.perf_counter()

    print("1/6 Eversol hand 6 ...", flush=True)
    r1 = part1(random.Random(rng.random()), scale)
    loads.append(("after part 1", load()))
    print("2/6 30 cards, 3 decks, 6 jokers ...", flush=True)
    r2 = part2(random.Random(rng.random()), scale)
    loads.append(("after part 2", load()))
    print("3/6 Basic vs rlcard ...", flush=True)
    r3 = part3(random.Random(rng.random()), scale)
    loads.append(("after part 3", load()))
    print("4/6 memory ...", flush=True)
    r4 = part4(random.Random(rng.random()), scale)
    loads.append(("after part 4", load()))
    print("5/6 games without contracts, random hands ...", flush=True)
    r6 = part5(random.Random(rng.random()), scale)
    loads.append(("after part 5", load()))
    print("6/6 games without contracts, the hardest hands found ...", flush=True)
    r7 = part6(5)
    loads.append(("after part 6", load()))
    r5 = None
    if args.soak:
        print(f"soak: {args.soak:,} hands ...", flush=True)
        r5 = soak(random.Random(rng.random()), args.soak)
    loads.append(("end", load()))
    speed.append(calibrate())
    wall = time.perf_counter() - wall

    rows = []  # (what, target, measured, pass, cpu-time figure)

    def cpu(x: float, ok: bool) -> str:
        return f"{fmt(x)} ms ({'within' if ok else 'over'})"

    s1 = r1["stats"]
    rows.append(("1. Eversol hand 6, 12 cards / 2 decks / 0-4 jokers: median", "<= 0.3 ms",
                 f"{fmt(s1['median'])} ms", s1["median"] <= 0.3,
                 cpu(s1["cpu_median"], s1["cpu_median"] <= 0.3)))
    rows.append(("1. Eversol hand 6, 12 cards / 2 decks / 0-4 jokers: p99", "<= 3 ms",
                 f"{fmt(s1['p99'])} ms", s1["p99"] <= 3, cpu(s1["cpu_p99"], s1["cpu_p99"] <= 3)))
    for hand, r in r2.items():
        s = r["stats"]
        rows.append((f"2. 30 cards / 3 decks / 6 jokers, hand {hand}: p99", "<= 30 ms",
                     f"{fmt(s['p99'])} ms", s["p99"] <= 30, cpu(s["cpu_p99"], s["cpu_p99"] <= 30)))
    if "error" in r3:
        rows.append(("3. Basic 10 cards vs rlcard", "as fast, same deadwood", r3["error"], False,
                     ""))
    else:
        so, sr = r3["ours"], r3["rlcard"]
        rows.append(("3. Basic 10 cards: same deadwood as rlcard on every hand", "0 mismatches",
                     f"{len(r3['mismatches'])} of {r3['n']}", not r3["mismatches"], ""))
        for stat in ("median", "mean"):
            rows.append((f"3. Basic 10 cards: {stat}, ours vs rlcard", "ours <= rlcard",
                         (f"{fmt(so[stat])} vs {fmt(sr[stat])} ms "
                          f"({so[stat] / sr[stat]:.1f}x)"), so[stat] <= sr[stat],
                         (f"{fmt(so['cpu_' + stat])} vs {fmt(sr['cpu_' + stat])} ms "
                          f"({so['cpu_' + stat] / sr['cpu_' + stat]:.1f}x, "
                          f"{'within' if so['cpu_' + stat] <= sr['cpu_' + stat] else 'over'})")))
    plain, traced = r4["plain"], r4["traced"]
    rss_growth = plain[-1]["rss_kib"] - plain[0]["rss_kib"]
    half = len(plain) // 2
    rss_late = plain[-1]["rss_kib"] - plain[half]["rss_kib"]
    late_hands = plain[-1]["after"] - plain[half]["after"]
    kept_growth = traced[-1]["traced_collected"] - traced[0]["traced_collected"]
    kept_max = max(p["traced_collected"] for p in traced) - traced[0]["traced_collected"]
    pending = [p["traced"] - p["traced_collected"] for p in traced]
    most_live = max(p["live"] for p in plain + traced)
    left_live = max(p["live_collected"] for p in traced)
    rows.append(((f"4. Memory, {r4['n']:,} mixed hands after {r4['warm']:,} warm-up: "
                  f"VmRSS growth over the last {late_hands:,}"), "flat (< 512 KiB)",
                 f"{rss_late:+,d} KiB (over all {r4['n']:,}: {rss_growth:+,d} KiB)",
                 rss_late < 512, ""))
    rows.append(("4. Memory: Python allocations kept (tracemalloc after gc.collect()), growth",
                 "flat (< 64 KiB)", (f"{kept_growth / 1024:+.1f} KiB (at most "
                                     f"{kept_max / 1024:+.1f})"), kept_max < 64 * 1024, ""))
    rows.append(("4. Memory: free-game search objects alive (each with its memo)",
                 "freed", (f"{most_live} at any checkpoint; {left_live} "
                           "after gc.collect()"), left_live == 0, ""))

    # Parts 5 and 6 are judged on CPU time, as issue 11 asks.
    free_groups = [(f"5. {r['group'].name}", r["stats"]) for r in r6]
    if r7["stats"]:
        free_groups.append((f"6. The {len(r7['per_hand'])} hardest hands found, "
                            f"each {r7['repeats']} times", r7["stats"]))
    for name, s in free_groups:
        for stat, limit in (("p99", 50), ("max", 250)):
            rows.append((f"{name}: {stat}", f"<= {limit} ms CPU", f"{fmt(s[stat])} ms",
                         s["cpu_" + stat] <= limit, cpu(s["cpu_" + stat], s["cpu_" + stat] <= limit)))

    failed = [r for r in rows if not r[3]]
    lines: list[str] = []
    w = lines.append
    w("# Hand arranger benchmarks")
    w("")
    w("Written by `benchmarks/arranger.py` (run by hand; not part of the test suite). "
      "rlcard is installed only for part 3 and is no dependency of the project.")
    w("")
    w(f"- Date: {started:%Y-%m-%d %H:%M} UTC; wall time {wall:.0f} s")
    w(f"- Command: `{command}` (rlcard first: `.venv/bin/pip install rlcard`)")
    w(f"- Machine: `nproc` = {info['nproc']}; CPU: {info['cpu']}; {info['platform']}")
    w(f"- Python {info['python']} ({info['implementation']}); rlcard {info['rlcard']}, "
      f"numpy {info['numpy']}; project commit {info['commit']}")
    w(f"- Seed {args.seed}{' (quick run: a tenth of the hands)' if args.quick else ''}. "
      "Each arrange() call timed alone with time.perf_counter_ns (wall), after a warm-up, "
      "the garbage collector on and set as `referee run` sets it before serving. The CPU column is the same call's "
      "time.thread_time_ns: it leaves out time the process spent waiting for a core.")
    w(f"- Speed check (a fixed pure-Python loop, best of 5): {speed[0]:.1f} ms at the start, "
      f"{speed[1]:.1f} ms at the end. The host's speed varies between runs (seen here: "
      "the same code and rlcard both 1.6x slower in one run than in another, with the "
      "load average low): compare runs through this figure, and part 3 through the ratio.")
    w("- Load average (1, 5, 15 min): " + "; ".join(f"{k} {v}" for k, v in loads)
      + ". The machine has 2 cores shared with whatever else runs on it; a load near or "
      "above 2 means other processes competed for them, which inflates the wall-clock "
      "tails (p99, max) but not the CPU times.")
    w("")
    w("## Targets")
    w("")
    w("Pass or fail is judged on wall-clock time, as the issue asks, but for parts 5 and 6: "
      "those on CPU time, as issue 11 asks.")
    w("")
    w("The CPU column says whether the same statistic of CPU time is within the target: "
      "a line that fails on wall time but is within it on CPU time lost its time waiting "
      "for a core, not computing.")
    w("")
    w("| what | target | measured (wall) | | CPU time |")
    w("| --- | --- | --- | --- | --- |")
    for what, target, measured, ok, cpu in rows:
        w(f"| {what} | {target} | {measured} | {'pass' if ok else '**FAIL**'} | {cpu} |")
    w("")
    w(f"**{len(rows) - len(failed)} of {len(rows)} pass.**"
      + (" Missed: " + "; ".join(r[0] for r in failed) + "." if failed else ""))
    w("")

    def stat_table(named: list[tuple[str, dict]]) -> None:
        w("| | calls | median | mean | p90 | p99 | max | CPU median | CPU p99 | CPU max "
          "| preempted |")
        w("| --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: |")
        for name, s in named:
            w(f"| {name} | {s['n']} | {fmt(s['median'])} | {fmt(s['mean'])} | {fmt(s['p90'])} "
              f"| {fmt(s['p99'])} | {fmt(s['max'])} | {fmt(s['cpu_median'])} "
              f"| {fmt(s['cpu_p99'])} | {fmt(s['cpu_max'])} | {s['switches']} |")
        w("")
        w("Times in ms. 'preempted': involuntary context switches of the process "
          "during the timed calls (getrusage ru_nivcsw). CPU time includes any garbage "
          "collection that ran inside the call.")
        w("")

    w("## 1. Eversol hand 6 (one book and two runs, no discard)")
    w("")
    w("12 cards: 0-4 jokers (uniform), the rest drawn from the 104 naturals of two decks. "
      f"{r1['possible']} of {s1['n']} hands could go down (hand 6 allows no discard, so "
      "every card must be melded).")
    w("")
    stat_table([("arrange(cards, eversol, hand=6)", s1)])
    w("Most CPU time (wall / CPU ms):")
    w("")
    for t, c, cards in r1["slowest"]:
        w(f"- {t:.2f} / {c:.2f}: `{cards_text(cards)}`")
    w("")
    w("## 2. 30 cards from 3 decks with all 6 jokers, each contract")
    w("")
    w("24 naturals drawn from the 156 of three decks, plus the 6 jokers.")
    w("")
    stat_table([(f"hand {h}", r["stats"]) for h, r in r2.items()])
    w("Most CPU time per contract (wall / CPU ms):")
    w("")
    for h, r in r2.items():
        t, c, cards = r["slowest"]
        w(f"- hand {h}: {t:.1f} / {c:.1f}: `{cards_text(cards)}`")
    w("")
    w("## 3. Basic Rummy, 10 cards, against rlcard's gin-rummy meld finder")
    w("")
    if "error" in r3:
        w(r3["error"])
    else:
        w("rlcard's deadwood as its GinRummy round computes it: "
          "`melding.get_best_meld_clusters(hand)`, its first cluster (or none), then "
          "`utils.get_deadwood_count(hand, cluster)` (A=1, 2-9 face, T J Q K 10; groups 3-4, "
          "runs 3+ ace low). Ours: `arrange(cards, basic).leftover_points`. Same hands, same "
          "process, each hand timed on both, alternating which goes first; the cards were "
          "converted to each library's type before timing. 10 cards drawn from one deck.")
        w("")
        stat_table([("ours: arrange()", r3["ours"]), ("rlcard", r3["rlcard"])])
        w("(The preempted count is for both together.)")
        w("")
        if r3["mismatches"]:
            w(f"**{len(r3['mismatches'])} hands where the deadwood differs** (ours vs rlcard):")
            w("")
            for cards, mine, other in r3["mismatches"][:50]:
                w(f"- `{cards_text(cards)}`: {mine} vs {other}")
        else:
            w(f"The deadwood agreed on all {r3['n']} hands.")
        w("")
    w("## 4. Memory over many hands")
    w("")
    w(f"{r4['warm']:,} warm-up hands, then {r4['n']:,} more, read every "
      f"{r4['n'] // 10:,}. Hands rotate through Eversol hands 1-6 (deal size + 1 card, "
      "2 decks, 0-4 jokers), Basic (10 cards) and 500 (13 cards, one deck, 0-2 "
      "jokers). First pass: VmRSS, no collection forced. Second pass, the same hands with tracemalloc on: Python allocations alive "
      "as found ('traced'), then after a forced gc.collect() ('kept', leaving out this "
      "script's own allocations). 'live' counts "
      "the free-game search objects (`FreeSearch`) still in memory.")
    w("")
    w("| after hand | VmRSS KiB | live | traced KiB | live | kept KiB (after gc) "
      "| live after gc |")
    w("| ---: | ---: | ---: | ---: | ---: | ---: | ---: |")
    for p, q in zip(plain, traced, strict=True):
        w(f"| {p['after']:,} | {p['rss_kib']:,} | {p['live']} | {q['traced'] / 1024:,.1f} "
          f"| {q['live']} | {q['traced_collected'] / 1024:,.1f} | {q['live_collected']} |")
    w("")
    if r4["grew"]:
        w("Lines whose kept allocations grew from the first to the last checkpoint:")
        w("")
        w("```")
        for line in r4["grew"]:
            w(trim_paths(line))
        w("```")
        w("")
    w(f"tracemalloc peak over the pass: {traced[-1]['peak'] / 1024:,.1f} KiB. Waiting for the "
      f"cycle collector at a checkpoint: {min(pending) / 1024:,.1f} to "
      f"{max(pending) / 1024:,.1f} KiB. The free searches keep their memo in a plain dict "
      "that refers to nothing back, so it goes as soon as arrange() returns; what waits for "
      "the cycle collector is gone after each forced collection (the 'kept' column).")
    w("")

    if r5:
        w(f"### Soak: {args.soak:,} more mixed hands")
        w("")
        w("The same mix, with a gc.collect() before each reading; 'blocks' is "
          "sys.getallocatedblocks() (memory blocks Python holds), 'live' the search objects "
          "found before that collection.")
        w("")
        w("| after hand | VmRSS KiB | blocks | live | seconds |")
        w("| ---: | ---: | ---: | ---: | ---: |")
        for p in r5:
            w(f"| {p['after']:,} | {p['rss_kib']:,} | {p['blocks']:,} | {p['live']} "
              f"| {p['seconds']:.0f} |")
        w("")
        w(f"VmRSS {r5[-1]['rss_kib'] - r5[0]['rss_kib']:+,d} KiB and blocks "
          f"{r5[-1]['blocks'] - r5[0]['blocks']:+,d} from the first reading to the last "
          "(the readings themselves add a few blocks each).")
        w("")

    w("## 5. The games without contracts: random hands up to 40 cards")
    w("")
    w("500 (jokers up to 2 a deck), Basic and Base: each group's hands drawn with its sizes, "
      "decks and jokers uniform in their ranges, the naturals without replacement from the "
      "decks; house options that change what melds or what cards are worth drawn in turn. "
      "Each arrange() call after a warm-up of the same group.")
    w("")
    stat_table([(r["group"].name, r["stats"]) for r in r6])
    w("Most CPU time per group (wall / CPU ms):")
    w("")
    for r in r6:
        for t, c, (table, cards), collecting in r["slowest"][:1]:
            w(f"- {r['group'].name}: {t:.1f} / {c:.1f} (garbage collection {collecting:.1f}), "
              f"{table.decks} decks: `{cards_text(sorted(cards, key=sort_key))}`")
    w("")
    w("## 6. The hardest hands found")
    w("")
    w("Found by `benchmarks/arranger.py --hunt`: from random hands of each shape below (and "
      "on from the slowest hand kept of that shape), a climb tries small changes (a card moved one rank or to another suit, a joker in or "
      "out, a card swapped for any other), keeping any that takes the arranger as long or "
      "longer in CPU time (the least of two runs); the slowest of each shape are kept in "
      "`benchmarks/adversarial.json` and timed here (with the slow hands issues reported, "
      "kept there by hand), each "
      f"{r7['repeats']} times in turn. Hunts: "
      + "; ".join(str(h) for h in free_hands.HUNTS) + ".")
    w("")
    if r7["stats"]:
        stat_table([("the kept hands", r7["stats"])])
        w("| game | decks | cards | left (points) | CPU median | CPU max (garbage collection) "
          "| wall max |")
        w("| --- | ---: | --- | ---: | ---: | ---: | ---: |")
        for k, median, most, wall_max, left, collecting in sorted(r7["per_hand"],
                                                                  key=lambda x: -x[2]):
            options = "".join(f", {key} {value}" for key, value in k.options.items()) + (
                f", hand {k.hand_number}" if k.hand_number else "")
            w(f"| {k.ruleset}{options} | {k.decks} | `{k.cards}` | {left} | {fmt(median)} "
              f"| {fmt(most)} ({fmt(collecting)}) | {fmt(wall_max)} |")
        w("")
    else:
        w("No hands kept yet: run `--hunt` first.")
        w("")

    # Where the time goes, for any speed target missed.
    missed_parts = {r[0].split(".")[0] for r in failed}
    profiles = []
    if "1" in missed_parts:
        profiles.append(("Eversol hand 6 (part 1 hands)", r1["fn"], r1["hands"][:1000]))
    if "2" in missed_parts:
        for h, r in r2.items():
            if r["stats"]["p99"] > 30:
                profiles.append((f"30 cards, hand {h}", r["fn"], r["hands"][:200]))
    if "3" in missed_parts and "error" not in r3:
        profiles.append(("Basic 10 cards, ours (part 3 hands)", r3["fn"], r3["hands"][:1000]))
        profiles.append(("Basic 10 cards, rlcard (same hands)", r3["rl_fn"],
                         r3["rl_hands"][:1000]))
    for r in r6:
        if r["stats"]["cpu_p99"] > 50 or r["stats"]["cpu_max"] > 250:
            profiles.append((f"part 5: {r['group'].name}", r["fn"], r["hands"][:200]))
    if profiles:
        w("## Where the time goes (cProfile, sorted by own time)")
        w("")
        for name, fn, items in profiles:
            w(f"### {name}")
            w("")
            w("```")
            w(profile(fn, items))
            w("```")
            w("")

    text = "\n".join(lines).rstrip() + "\n"
    print(text)
    if out:
        replace_section(out, "arranger", text)
        print(f"written to {out}")
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
