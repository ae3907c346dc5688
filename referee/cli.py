"""The ``referee`` command: ``referee run`` serves the app with waitress."""

from __future__ import annotations

import argparse
import os
import socket

from waitress import serve

from . import create_app


def _lan_address() -> str | None:
    """This machine's address on the home network, for the tablet to open."""
    probe = socket.socket(socket.AF_INET, socket.SOCK_DGRAM)
    try:
        # connect() on UDP sends nothing; it only picks the outgoing interface.
        probe.connect(("192.0.2.1", 9))
        return probe.getsockname()[0]
    except OSError:
        return None
    finally:
        probe.close()


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(prog="referee", description="Rummy Referee")
    commands = parser.add_subparsers(dest="command", required=True)
    run = commands.add_parser("run", help="serve the app on the home network")
    run.add_argument("--host", default=os.environ.get("REFEREE_HOST", "0.0.0.0"))
    run.add_argument("--port", type=int, default=int(os.environ.get("REFEREE_PORT", "8000")))
    run.add_argument("--threads", type=int, default=8)
    args = parser.parse_args(argv)

    app = create_app()
    lan = _lan_address()
    print(f"Rummy Referee is serving on http://127.0.0.1:{args.port}/", flush=True)
    if lan and args.host in ("0.0.0.0", "::"):
        print(f"Open http://{lan}:{args.port}/ on a tablet or phone on the same network.",
              flush=True)
    serve(app, host=args.host, port=args.port, threads=args.threads, ident="rummy-referee")


if __name__ == "__main__":
    main()
