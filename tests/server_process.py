"""``referee run`` in a process of its own, for the tests that need the real server.

It is waited for by what it prints: the line saying it is serving comes once its socket is
bound, so no test polls the port or pauses. Everything it prints (its output and its errors)
goes to a log file, whose end a failure can show.
"""

from __future__ import annotations

import os
import queue
import signal
import subprocess
import threading
from collections.abc import Mapping, Sequence
from pathlib import Path

SAYS_WITHIN_S = 60  # a limit on waiting for the server's next line, never a pause
SERVING = "is serving"  # in the line ``referee run`` prints once it listens


class ServerEnded(RuntimeError):
    """The server stopped, or said nothing in time, before the line waited for."""


class ServerProcess:
    """One run of ``command`` (``referee run …`` on loopback ``port``); ``start`` returns once
    it serves."""

    def __init__(self, command: Sequence[str], port: int, log: Path, cwd: Path | None = None,
                 env: Mapping[str, str] | None = None):
        self.command, self.port, self.log, self.cwd = list(command), port, log, cwd
        self.env = dict(os.environ if env is None else env, PYTHONUNBUFFERED="1")
        self.process: subprocess.Popen | None = None
        self.said_on_start: list[str] = []  # the lines printed up to "is serving", that one too
        self._lines: queue.Queue[str] = queue.Queue()

    def start(self) -> list[str]:
        """Start it and wait until it says it is serving; the lines it said up to then."""
        self.log.parent.mkdir(parents=True, exist_ok=True)
        self._lines = queue.Queue()
        with self.log.open("a") as errors:  # the child keeps its own handle on the file
            self.process = subprocess.Popen(
                self.command, cwd=self.cwd, env=self.env, stdout=subprocess.PIPE,
                stderr=errors, text=True)
        threading.Thread(target=self._read, args=(self.process.stdout, self._lines),
                         daemon=True).start()
        self.said_on_start = []
        while not self.said_on_start or SERVING not in self.said_on_start[-1]:
            self.said_on_start.append(self.said())
        return self.said_on_start

    def _read(self, output, lines: queue.Queue) -> None:
        for line in output:
            with self.log.open("a") as log:
                log.write(line)
            lines.put(line.rstrip("\n"))
        lines.put(None)  # the process ended

    def said(self, within: float = SAYS_WITHIN_S) -> str:
        """The next line the server prints, waited for."""
        try:
            line = self._lines.get(timeout=within)
        except queue.Empty:
            raise ServerEnded(f"the server said nothing in {within} s:\n{self.tail()}") from None
        if line is None:
            self._lines.put(None)
            raise ServerEnded(f"the server ended:\n{self.tail()}")
        return line

    @property
    def url(self) -> str:
        return f"http://127.0.0.1:{self.port}"

    @property
    def running(self) -> bool:
        return self.process is not None and self.process.poll() is None

    def kill(self) -> None:
        """SIGKILL: no clean-up of any kind, as when the power goes."""
        if self.running:
            os.kill(self.process.pid, signal.SIGKILL)
            self.process.wait(10)

    def stop(self) -> None:
        """Ask it to stop, as Ctrl-C does; killed if it does not within 30 s."""
        if self.running:
            self.process.terminate()
            try:
                self.process.wait(30)
            except subprocess.TimeoutExpired:
                self.kill()

    def tail(self, size: int = 4000) -> str:
        return self.log.read_text(errors="replace")[-size:] if self.log.exists() else ""
