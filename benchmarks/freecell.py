#!/usr/bin/env python3
"""The FreeCell solver's speed on Microsoft's games 1 to N, run by hand (not a test).

    .venv/bin/python benchmarks/freecell.py --games 200            # writes RESULTS.md's section
    .venv/bin/python benchmarks/freecell.py --games 20 --no-write  # smoke run
    .venv/bin/python benchmarks/freecell.py --games 1000 --sample 2000  # issue 31's bar

Each game is solved from its start (``solve``, the default budget) and its solution replayed
through the move rules to four full foundations; then game 11,982 is searched to the end,
with supermoves and with single-card moves only. Median and worst time and nodes go to
benchmarks/RESULTS.md between ``<!-- freecell:begin -->`` and ``<!-- freecell:end -->``, with
the command, the commit, the machine and the load average.

When Debian's ``fc-solve`` (package freecell-solver-bin) is on the PATH, it solves the same
games with its default settings, for comparison (the project does not depend on it), twice:
one process per game, where the process's start (a few milliseconds, most of an easy game's
time) is in each game's time; and all games in one process with its range solver
(``freecell-solver-range-parallel-solve``, the same default settings), each game's time taken
from the timestamps it prints: the solving alone, as ours is timed (our solver runs inside the
server, already started). A game past ``--fc-solve-timeout`` counts as unknown. For the
other side of the fence, the time to start Python and import our solver is measured too.
"""

from __future__ import annotations

import argparse
import os
import platform
import random
import resource
import select
import shutil
import statistics
import subprocess
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from referee.core.games.freecell import Position, deal, replay, solve  # noqa: E402

RESULTS = ROOT / "benchmarks" / "RESULTS.md"
BEGIN, END = "<!-- freecell:begin -->", "<!-- freecell:end -->"
UNSOLVABLE_GAME = 11982


def board_text(game: int) -> str:
    """fc-solve's board: one line per column, 10 written T."""
    return "".join(" ".join(str(card).replace("10", "T") for card in column) + "\n"
                   for column in deal(game))


def run_ours(games):
    rows = []
    for game in games:
        start = Position.from_game(game)
        cpu = time.process_time()
        result = solve(start)
        cpu = time.process_time() - cpu
        if result.status == "solved":
            assert replay(start, result.moves).is_won, game
        rows.append((game, result.status, result.seconds, result.nodes, cpu))
    return rows


def run_fc_solve(games, timeout):
    rows = []
    for game in games:
        began, cpu = time.perf_counter(), children_cpu()
        try:
            out = subprocess.run(["fc-solve", "-"], input=board_text(game), capture_output=True,
                                 text=True, check=False, timeout=timeout).stdout
        except subprocess.TimeoutExpired:
            out = ""  # stopped at the timeout: unknown
        seconds, cpu = time.perf_counter() - began, children_cpu() - cpu
        status = ("solved" if "This game is solveable" in out else
                  "unsolvable" if "I could not solve" in out else "unknown")
        states = next((int(line.split()[-1].rstrip(".")) for line in out.splitlines()
                       if line.startswith("Total number of states checked")), 0)
        rows.append((game, status, seconds, states, cpu))
    return rows


def children_cpu():
    usage = resource.getrusage(resource.RUSAGE_CHILDREN)
    return usage.ru_utime + usage.ru_stime


def run_fc_solve_batch(games, timeout):
    """fc-solve's range solver over consecutive games in one process; a game still unsolved
    after ``timeout`` seconds is stopped (unknown) and the range goes on after it."""
    rows, game, last = [], games[0], games[-1]
    while game <= last:
        process = subprocess.Popen(["stdbuf", "-oL", "freecell-solver-range-parallel-solve",
                                    str(game), str(last), "1"], stdout=subprocess.PIPE)
        fd, pending, lines = process.stdout.fileno(), b"", []
        previous = iterations = None
        status = "solved"
        while True:
            if not lines:
                if not select.select([fd], [], [], timeout)[0]:  # this game ran too long
                    process.kill()
                    rows.append((game, "unknown", timeout, 0, timeout))
                    game += 1
                    break
                chunk = os.read(fd, 65536)
                if not chunk:
                    break
                *lines, pending = (pending + chunk).split(b"\n")
                continue
            words = lines.pop(0).decode().split()
            if words[:2] == ["Started", "at"]:
                previous, iterations = float(words[2]), 0
            elif words[0] in ("Unsolved", "Intractable"):
                status = "unsolvable" if words[0] == "Unsolved" else "unknown"
            elif words[:3] == ["Reached", "Board", "No."]:
                at, total = float(words[5]), int(words[6].split("=")[1].rstrip(")"))
                # its clock for its CPU time too: a game's CPU time is not printed
                rows.append((int(words[3]), status, at - previous, total - iterations,
                             at - previous))
                previous, iterations, status = at, total, "solved"
                game = int(words[3]) + 1
        process.wait()
    return rows


def python_start():
    """The median of five: starting Python and importing our solver, as a command would."""
    command = [sys.executable, "-c", f"import sys; sys.path.insert(0, {str(ROOT)!r});"
               " import referee.core.games.freecell"]
    times = []
    for _ in range(5):
        began = time.perf_counter()
        subprocess.run(command, check=True)
        times.append(time.perf_counter() - began)
    return statistics.median(times)


def figures(rows):
    times = [row[2] for row in rows]
    nodes = [row[3] for row in rows]
    worst = max(rows, key=lambda row: row[2])
    counts = {status: sum(1 for row in rows if row[1] == status)
              for status in ("solved", "unsolvable", "unknown")}
    cpu = [row[4] for row in rows]
    return {"median_s": statistics.median(times), "median_cpu_s": statistics.median(cpu),
            "over_1s_cpu": sum(1 for t in cpu if t > 1.0),
            "worst_s": worst[2], "worst_game": worst[0],
            "median_nodes": statistics.median(nodes), "worst_nodes": max(nodes),
            "total_s": sum(times), **counts,
            "over_1s": sum(1 for t in times if t > 1.0),
            "unknown_games": [row[0] for row in rows if row[1] == "unknown"]}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=200)
    parser.add_argument("--no-write", action="store_true")
    parser.add_argument("--no-fc-solve", action="store_true")
    parser.add_argument("--sample", type=int, default=0,
                        help="also solve this many games drawn from 1-32,000 (seed 31)")
    parser.add_argument("--fc-solve-timeout", type=float, default=120.0,
                        help="seconds before an fc-solve run counts as unknown")
    args = parser.parse_args()
    games = range(1, args.games + 1)
    load_before = os.getloadavg()
    began = time.strftime("%Y-%m-%d %H:%M UTC", time.gmtime())

    ours = figures(run_ours(games))
    sample = None
    if args.sample:
        # the hint is a solution's first move, so its time is the solve's
        drawn = sorted(random.Random(31).sample(range(1, 32_001), args.sample))
        sample = figures(run_ours(drawn))
    proofs = {}
    for supermoves in (True, False):
        result = solve(Position.from_game(UNSOLVABLE_GAME), budget=10**8, supermoves=supermoves)
        proofs[supermoves] = result
    theirs = batch = None
    if shutil.which("fc-solve") and not args.no_fc_solve:
        theirs = figures(run_fc_solve(games, args.fc_solve_timeout))
        their_proof = run_fc_solve([UNSOLVABLE_GAME], args.fc_solve_timeout)[0]
        batch = figures(run_fc_solve_batch(games, args.fc_solve_timeout))
    our_start = python_start()
    load_after = os.getloadavg()

    commit = subprocess.run(["git", "rev-parse", "--short", "HEAD"], cwd=ROOT,
                            capture_output=True, text=True).stdout.strip()
    cpu = next((line.split(":", 1)[1].strip() for line in
                Path("/proc/cpuinfo").read_text().splitlines()
                if line.startswith("model name")), platform.processor())
    lines = [
        BEGIN,
        "## FreeCell solver",
        "",
        f"`.venv/bin/python benchmarks/freecell.py {' '.join(sys.argv[1:])}` at commit {commit},"
        f" {began}; {os.cpu_count()} cores, {cpu}, Python {platform.python_version()};"
        f" load average {' '.join(f'{x:.2f}' for x in load_before)} at the start,"
        f" {' '.join(f'{x:.2f}' for x in load_after)} at the end.",
        "",
        f"Games 1-{args.games} from their start, each solution replayed to four full"
        " foundations through the move rules:",
        "",
        "| solver | solved | unsolvable | unknown | median ms | median CPU ms | worst s (game) |"
        " over 1 s |"
        " median nodes | worst nodes | total s |",
        "| --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: |",
    ]

    def row(name, f):
        return (f"| {name} | {f['solved']} | {f['unsolvable']} | {f['unknown']} |"
                f" {1000 * f['median_s']:.2f} | {1000 * f['median_cpu_s']:.2f} |"
                f" {f['worst_s']:.3f} ({f['worst_game']}) | {f['over_1s']} |"
                f" {f['median_nodes']:.0f} | {f['worst_nodes']} | {f['total_s']:.1f} |")

    lines.append(row("ours (CPython)", ours))
    if theirs:
        lines.append(row("fc-solve, one process each (its start included)", theirs))
        lines.append(row("fc-solve, all in one process (solving alone)", batch))
    for name, f in (("ours", ours), ("fc-solve", theirs), ("fc-solve in one process", batch)):
        if f and f["unknown_games"]:
            lines += ["", f"Unknown for {name}: games {', '.join(map(str, f['unknown_games']))}."]
    lines += ["", f"Starting Python and importing our solver takes {our_start:.3f} s (median of"
              " five), not in our times above."]
    if theirs:
        lines += ["", "Our median over fc-solve's, by the clock (CPU time):"
                  f" {ours['median_s'] / theirs['median_s']:.1f}x"
                  f" ({ours['median_cpu_s'] / theirs['median_cpu_s']:.1f}x) against one process"
                  " each (fc-solve's start counted, ours not);"
                  f" {ours['median_s'] / batch['median_s']:.0f}x"
                  f" ({ours['median_cpu_s'] / batch['median_cpu_s']:.0f}x, its clock: a game in"
                  " a fraction of a millisecond is seldom held up) against the solving alone"
                  " (like for like)."]
    if sample:
        n = args.sample
        lines += ["", f"A sample of {n} games from 1-32,000 (`--sample {n}`, seed 31), the time"
                  " to a hint (a solution's first move): median"
                  f" {sample['median_s']:.3f} s, worst {sample['worst_s']:.3f} s (game"
                  f" {sample['worst_game']}), {n - sample['over_1s']} of {n}"
                  f" ({100 * (n - sample['over_1s']) / n:.1f}%) within 1 s by the clock,"
                  f" {n - sample['over_1s_cpu']} ({100 * (n - sample['over_1s_cpu']) / n:.1f}%)"
                  f" within 1 s of CPU time; {sample['solved']}"
                  f" solved, {sample['unknown']} unknown"
                  + (f" ({', '.join(map(str, sample['unknown_games']))})"
                     if sample['unknown_games'] else "") + "."]
    lines += ["", f"Game {UNSOLVABLE_GAME}, searched to the end:", ""]
    for supermoves, result in proofs.items():
        kind = "with supermoves" if supermoves else "single-card moves only"
        proved = "proved" if result.proved else "not proved"
        lines.append(f"- ours, {kind}: {result.status} ({proved}), {result.nodes} positions"
                     f" expanded, {result.seconds:.2f} s")
    if theirs:
        lines.append(f"- fc-solve: {their_proof[1]}, {their_proof[3]} states checked,"
                     f" {their_proof[2]:.2f} s")
    lines.append(END)
    section = "\n".join(lines)
    print(section)
    if not args.no_write:
        text = RESULTS.read_text()
        if BEGIN in text:
            head, rest = text.split(BEGIN, 1)
            text = head + section + rest.split(END, 1)[1]
        else:
            text = text.rstrip("\n") + "\n\n" + section + "\n"
        RESULTS.write_text(text)


if __name__ == "__main__":
    main()
