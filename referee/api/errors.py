"""How the API answers a question it cannot take: always the same JSON shape.

``{"error": {"code": ..., "message": ..., "field": ...}}`` with 400 for a body
that is not JSON or holds a value of the wrong type, 422 for a well-formed but
impossible question (the core's ``RefereeInputError``), and the HTTP status
itself for routing and protocol errors (404, 405, 413, ...); 503 ``storage_unavailable``
when the database cannot take the request (a full disk, a read-only file, its server out of
reach), and 503 ``server_busy`` for a long answer (a FreeCell search, say) past the server's
ration (``heavy_work``), both with Retry-After: nothing was changed, and the same request
succeeds once it can.
"""

from __future__ import annotations

from flask import Blueprint, Response, current_app, jsonify, request
from sqlalchemy.exc import DBAPIError
from werkzeug.exceptions import HTTPException, InternalServerError

from ..core.errors import MissingFieldError  # noqa: F401  (the API's views take it from here)
from ..core.errors import RefereeInputError, WrongTypeError
from ..heavy_work import RETRY_AFTER_S as HEAVY_RETRY_AFTER_S
from ..heavy_work import ServerBusyError
from ..store.trouble import RETRY_AFTER_S, storage_trouble


class BadJsonError(WrongTypeError):
    """The body is not a JSON object."""

    code = "bad_json"


class BadKindError(RefereeInputError):
    """A meld kind other than ``book`` or ``run``."""

    code = "bad_kind"


# Codes for the HTTP errors the API can meet outside its own views.
_HTTP_CODES = {
    400: "bad_request",
    404: "not_found",
    405: "method_not_allowed",
    413: "too_large",
    415: "unsupported_media_type",
    500: "internal_error",
}

_HTTP_MESSAGES = {
    404: "There is no such API address; see /api/v1/openapi.json.",
    405: "This API address does not answer that method.",
    413: "The request body is too large.",
    500: "The referee hit an unexpected problem; nothing was changed.",
}


def error_response(status: int, code: str, message: str, field: str | None = None) -> Response:
    response = jsonify({"error": {"code": code, "message": message, "field": field}})
    response.status_code = status
    return response


def status_for(error: RefereeInputError) -> int:
    """400 when the JSON itself is wrong (shape or type), 422 when the question is impossible."""
    return 400 if isinstance(error, WrongTypeError) else 422


def _referee_input_error(error: RefereeInputError) -> Response:
    return error_response(status_for(error), error.code, error.message, error.field)


def _http_error(error: HTTPException) -> Response:
    status = error.code or 500
    message = _HTTP_MESSAGES.get(status) or error.description or error.name
    response = error_response(status, _HTTP_CODES.get(status, error.name.lower().replace(" ", "_")),
                              message)
    if status == 405 and getattr(error, "valid_methods", None):
        response.headers["Allow"] = ", ".join(error.valid_methods)
    return response


def _internal_error(error: InternalServerError) -> Response:
    # Only reached for a bug (outside testing, where exceptions propagate):
    # answer the JSON shape, never a stack trace.
    return error_response(500, "internal_error", _HTTP_MESSAGES[500])


def _storage_trouble(error: DBAPIError) -> Response:
    trouble = storage_trouble(error)
    if trouble is None:
        raise error  # a bug: Flask's 500, which _internal_error answers
    current_app.logger.error("%s %s answered 503: %s", request.method, request.path,
                             trouble.logged(error))
    response = error_response(503, "storage_unavailable", trouble.sentence)
    response.headers["Retry-After"] = str(RETRY_AFTER_S)
    return response


def _server_busy(error: ServerBusyError) -> Response:
    response = error_response(503, "server_busy", error.sentence)
    response.headers["Retry-After"] = str(HEAVY_RETRY_AFTER_S)
    return response


def register_error_handlers(api: Blueprint) -> None:
    api.register_error_handler(RefereeInputError, _referee_input_error)
    api.register_error_handler(DBAPIError, _storage_trouble)
    api.register_error_handler(ServerBusyError, _server_busy)
    api.register_error_handler(InternalServerError, _internal_error)
    api.register_error_handler(HTTPException, _http_error)

    @api.before_app_request
    def _unrouted_api_request() -> Response | None:
        """404/405 under the API's prefix answer JSON, before any view runs.

        A request that matches no route belongs to no blueprint, so the
        blueprint's own error handlers never see it; this leaves the
        screens' error pages alone and only speaks for the API's addresses.
        """
        failure = request.routing_exception
        prefix = api.url_prefix or ""
        if (isinstance(failure, HTTPException) and (failure.code or 0) >= 400
                and (request.path == prefix or request.path.startswith(prefix + "/"))):
            return _http_error(failure)
        return None
