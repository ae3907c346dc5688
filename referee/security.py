"""Response headers every page and answer carries, how the session cookie is sent, which
proxies are believed and which host names are answered."""

import ipaddress
import socket

from flask import Flask, Response, request
from flask.sessions import SecureCookieSessionInterface
from werkzeug.middleware.proxy_fix import ProxyFix

CONTENT_SECURITY_POLICY = "; ".join([
    "default-src 'self'",
    "script-src 'self'",
    "style-src 'self'",
    "img-src 'self' data:",
    "connect-src 'self'",
    "object-src 'none'",
    "base-uri 'self'",
    "form-action 'self'",
    "frame-ancestors 'none'",
])


def add_security_headers(response: Response) -> Response:
    response.headers.setdefault("Content-Security-Policy", CONTENT_SECURITY_POLICY)
    response.headers.setdefault("X-Content-Type-Options", "nosniff")
    response.headers.setdefault("Referrer-Policy", "same-origin")
    return response


class SessionCookie(SecureCookieSessionInterface):
    """The signed session cookie (it names the device, so its edit rights) marked Secure when
    the request came over https, and only then.

    The app is served on plain http on the home network by default, where a browser drops a
    Secure cookie: a fixed SESSION_COOKIE_SECURE would leave the tablet unable to keep its
    edit rights. So Secure follows each request's scheme (``request.is_secure``; behind an https
    proxy, ProxyFix makes that the visitor's scheme), or is always on when configured so.
    """

    def get_cookie_secure(self, app: Flask) -> bool:
        return bool(app.config["SESSION_COOKIE_SECURE"]) or request.is_secure


def trust_proxies(app: Flask) -> None:
    """Behind REFEREE_TRUSTED_PROXIES reverse proxies, take the scheme, host and client
    address from their X-Forwarded-* headers. Never by default: a client could otherwise
    claim https, or another address, with a header of its own."""
    hops = app.config["TRUSTED_PROXIES"]
    if hops:
        behind = ProxyFix(app.wsgi_app, x_for=hops, x_proto=hops, x_host=hops, x_port=hops,
                          x_prefix=hops)
        app.wsgi_app = behind  # type: ignore[method-assign]


# A rebinding page's requests name the page's own host: the Host header it sends is the
# attacker's name, even once that name points at this machine.
UNKNOWN_HOST = ("This page was opened under a name the score keeper does not answer to. Open "
                "it at the tablet's own address, or ask whoever runs it to add this name to "
                "the names it answers (see the README, on serving).")


def own_names() -> set[str]:
    """The names this machine answers to without any setting: localhost, and its own name
    (plain and on the local network's mDNS, ``name.local``)."""
    machine = socket.gethostname().lower().rstrip(".")
    short = machine.split(".", 1)[0]
    return {"localhost", machine, short, f"{short}.local"}


def host_allowed(host: str, names: frozenset[str]) -> bool:
    """Whether a request naming ``host`` (a Host header, port and all) is answered: any IP
    address (a browser sends one only for a page opened at that address, so no other site's
    page can), localhost and its subdomains (browsers keep those on this machine), and
    ``names``; ``*`` among them allows any.

    >>> names = frozenset({"localhost", "games.example.org"})
    >>> [host_allowed(h, names) for h in ("192.168.1.20:8000", "[::1]:8000", "Localhost.",
    ...                                    "tv.localhost", "games.example.org", "evil.example")]
    [True, True, True, True, True, False]
    """
    if "*" in names:
        return True
    name = host.lower()
    if name.startswith("["):  # [IPv6]:port
        name = name[1:].split("]", 1)[0]
    elif name.count(":") == 1:
        name = name.split(":", 1)[0]
    name = name.rstrip(".")
    try:
        ipaddress.ip_address(name)
        return True
    except ValueError:
        return name in names or name.endswith(".localhost")


def answer_known_hosts_only(app: Flask) -> None:
    """Refuse (400, one sentence) a request naming a host this server is not: a page elsewhere
    on the web that points its own name at a home server's address (DNS rebinding) could
    otherwise read every game and make new ones, as if it were the server's own page."""
    names = frozenset(own_names() | {name.lower().rstrip(".") for name in app.config["HOSTS"]})

    @app.before_request
    def refuse_unknown_host():
        if not host_allowed(request.host, names):
            return Response(UNKNOWN_HOST, 400, mimetype="text/plain")
        return None
