"""Response headers every page and answer carries, and how the session cookie is sent."""

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
    """The signed session cookie (it holds the edit keys) marked Secure when the request came
    over https, and only then.

    The app is served on plain http on the home network by default, where a browser drops a
    Secure cookie: a fixed SESSION_COOKIE_SECURE would leave the tablet unable to keep its
    edit keys. So Secure follows each request's scheme (``request.is_secure``; behind an https
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
