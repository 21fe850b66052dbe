"""Tokens through the API (issue 16, point 6): an organiser mints a table's player tokens without a shell on
the server. The CLI (`annals token ...`) stays for the first admin and for scripts."""

from __future__ import annotations

import secrets
import uuid
from datetime import timedelta
from typing import Any

from flask import Blueprint, Response, jsonify, request
from flask.blueprints import BlueprintSetupState
from werkzeug.routing import BaseConverter

from service.api.common import decode_cursor, encode_cursor, json_body, no_content, principal, services
from service.auth import Principal
from service.clock import isoformat
from service.errors import AnnalsError, Forbidden, NotFound, Unauthorized, Unprocessable
from service.schemas import load
from service.schemas.tokens import RedeemSchema, TokenCreateSchema, TokenLinkSchema, TokenListSchema
from service.store import login_codes, players, summaries, tokens
from service.store import tournaments as tournament_rows
from service.tournaments.naming import tournament_named_for

blueprint = Blueprint("tokens", __name__)
# The fixed paths beside /tokens/<token_id>: a method they do not take is a 405 there, never "no token 'current'".
FIXED_PATHS = ("current", "links", "redeem")


class TokenId(BaseConverter):
    """A token id in a path: any segment but the fixed paths beside it."""

    regex = "(?!(?:" + "|".join(FIXED_PATHS) + ")$)[^/]+"


@blueprint.record_once
def _register_token_id(state: BlueprintSetupState) -> None:
    """Before the routes below are added: a rule's converter is looked up when the rule is."""
    state.app.url_map.converters["token_id"] = TokenId


MANAGERS = ("admin", "organiser")
# What an organiser may mint: the people at its tables, never a role with more power than its own.
ORGANISER_MINTS = ("player", "viewer")


@blueprint.post("/tokens")
def create_token() -> Response:
    """Create a token (admins: any role; organisers: player and viewer tokens); the token is shown once."""
    caller = principal()
    caller.require(*MANAGERS)
    spec = _spec(caller, load(TokenCreateSchema, json_body()))
    value, token_id = _mint(spec, caller.token_id)
    row = tokens.get(services().engine, token_id)
    response = jsonify({**(row or {}), "token": value})
    response.status_code = 201
    response.headers["Location"] = f"/api/v1/tokens/{token_id}"
    response.headers["Cache-Control"] = "no-store"  # the only time the token is shown
    return response


@blueprint.post("/tokens/links")
def create_login_link() -> Response:
    """A one-time login link for a browser (a tablet at the table): the token is minted when it is redeemed."""
    caller = principal()
    caller.require(*MANAGERS)
    body = load(TokenLinkSchema, json_body())
    spec = _spec(caller, body)
    wired = services()
    now = wired.clock.now()
    code = secrets.token_urlsafe(24)
    expires = now + timedelta(minutes=body["valid_minutes"])
    login_codes.create(wired.engine, code, spec, caller.token_id, isoformat(now), isoformat(expires))
    response = jsonify(
        {"code": code, "path": f"/login#code={code}", "expires_at": isoformat(expires), "role": spec["role"]}
    )
    response.status_code = 201
    response.headers["Cache-Control"] = "no-store"
    return response


@blueprint.post("/tokens/redeem")
def redeem_login_link() -> Response:
    """Exchange a login link's code for its token, once (410 when the code is unknown, used or expired)."""
    code = load(RedeemSchema, json_body())["code"]
    wired = services()
    spec = login_codes.redeem(wired.engine, code, isoformat(wired.clock.now()))
    if spec is None:
        raise LoginCodeSpent("this login code is unknown, used or expired: ask for a new link")
    value, token_id = _mint(spec, spec.get("created_by"))
    response = jsonify({**(tokens.get(wired.engine, token_id) or {}), "token": value})
    response.status_code = 201
    response.headers["Cache-Control"] = "no-store"
    return response


class LoginCodeSpent(AnnalsError):
    """A login link's code that gives no token (any more)."""

    status, slug, title = 410, "login-code-spent", "The login code is spent"


def _spec(caller: Principal, body: dict[str, Any]) -> dict[str, Any]:
    """What a token will be (role, player, games, tournament, expiry), checked (403 / 422)."""
    if caller.role == "organiser" and body["role"] not in ORGANISER_MINTS:
        raise Forbidden(f"an organiser may create {' and '.join(ORGANISER_MINTS)} tokens, not {body['role']} tokens")
    wired = services()
    now = wired.clock.now()
    player = str(body["player"]) if body["player"] else None
    games = [str(g) for g in body["games"]] if body["games"] is not None else None
    errors: dict[str, list[str]] = {}
    if player is not None and players.get(wired.engine, player) is None:
        errors["player"] = [f"unknown player {player!r}"]
    tournament = str(body["tournament"]) if body["tournament"] else None
    if tournament is not None:
        entrants = {e["player_id"]: e["status"] for e in tournament_rows.entrants_of(wired.engine, tournament)}
        if tournament_rows.get(wired.engine, tournament) is None:
            errors["tournament"] = [f"unknown tournament {tournament!r}"]
        elif entrants.get(player or "") != "active":
            named = tournament_named_for(wired.engine, caller, tournament, "the tournament asked for")
            errors["tournament"] = [f"player {player!r} is not an active entrant of {named}"]
    for index, game in enumerate(games or ()):
        if summaries.get(wired.engine, game) is None:
            errors[f"games[{index}]"] = [f"unknown game {game!r}"]
    expires = body["expires_at"] or (now + timedelta(days=body["expires_in_days"]) if body["expires_in_days"] else None)
    if expires is not None and expires <= now:
        errors["expires_at"] = [f"{isoformat(expires)} has passed"]
    if errors:
        field, messages = next(iter(errors.items()))
        # The tournament's id stays a structured field; the message names it as the director knows it (td17).
        extra = {"tournament": tournament} if "tournament" in errors else {}
        raise Unprocessable(f"the token cannot be created: {field}: {messages[0]}", errors, **extra)
    return {
        "role": body["role"],
        "player": player,
        "label": body["label"],
        "games": games,
        "tournament": tournament,
        "expires_at": isoformat(expires) if expires is not None else None,
    }


def _mint(spec: dict[str, Any], created_by: str | None) -> tuple[str, str]:
    """Store a new token as `spec` says; its value (shown once) and id."""
    wired = services()
    value = "ann_" + secrets.token_urlsafe(32)  # the prefix the CLI gives too: secret scanners know it
    token_id = str(uuid.uuid4())
    tokens.create(
        wired.engine,
        token_id,
        value,
        spec["role"],
        spec["player"],
        spec["label"],
        isoformat(wired.clock.now()),
        spec["games"],
        spec["expires_at"],
        created_by,
        spec["tournament"],
    )
    return value, token_id


@blueprint.get("/tokens")
def list_tokens() -> Response:
    """Tokens newest first, with their last use (admins: all; organisers: those they created)."""
    caller = principal()
    caller.require(*MANAGERS)
    query = load(TokenListSchema, request.args.to_dict(), "query")
    after = decode_cursor(query["after"], 2)
    rows = tokens.page(
        services().engine,
        query["limit"] + 1,
        after,
        created_by=None if caller.role == "admin" else caller.token_id,
        role=query["role"],
        player_id=str(query["player"]) if query["player"] else None,
        include_revoked=query["include_revoked"],
    )
    page, more = rows[: query["limit"]], len(rows) > query["limit"]
    cursor = encode_cursor(page[-1]["created_at"], page[-1]["id"]) if more else None
    return jsonify({"items": page, "next": cursor})


@blueprint.get("/tokens/current")
def current_token() -> Response:
    """The caller's own token (never its value): a page learns its role and player without trying what it may do."""
    caller = principal()
    if caller.token_id is None:
        raise Unauthorized("no token was sent; GET /tokens/current describes the token of the request")
    row = tokens.get(services().engine, caller.token_id)
    if row is None:  # revoked and forgotten between the lookup and now
        raise Unauthorized("the token of this request is no longer known")
    # The capacity its actions carry, as an action's `senders` name it: a page offers only what it may send.
    authority = caller.sends_as
    return jsonify({**row, "authority": authority.value if authority is not None else None})


@blueprint.delete("/tokens/current")
def revoke_current_token() -> Response:
    """Revoke the token this request is sent with (signing out), whatever its role; its live streams end."""
    caller = principal()
    if caller.token_id is None:
        raise Unauthorized("no token was sent; DELETE /tokens/current revokes the token of the request")
    # Any role: a player or viewer may not manage tokens (DELETE /tokens/{id}) but may always give up its own.
    _revoke(caller.token_id)
    return no_content()


@blueprint.get("/tokens/<token_id:token_id>")
def get_token(token_id: str) -> Response:
    """One token (never its value)."""
    return jsonify(_managed(principal(), token_id))


@blueprint.delete("/tokens/<token_id:token_id>")
def revoke_token(token_id: str) -> Response:
    """Revoke a token: refused in this process at once, in every serving process within 10 seconds."""
    caller = principal()
    _managed(caller, token_id)
    _revoke(token_id)
    return no_content()


def _revoke(token_id: str) -> None:
    """Mark a token revoked and drop this process's remembered tokens: its requests and live streams stop at once."""
    wired = services()
    tokens.revoke(wired.engine, token_id, isoformat(wired.clock.now()))  # revoking twice changes nothing
    wired.tokens.forget()


def _managed(caller: Principal, token_id: str) -> dict[str, Any]:
    """A token the caller manages (404 for the rest, so an organiser learns nothing of others' tokens)."""
    caller.require(*MANAGERS)
    row = tokens.get(services().engine, token_id)
    if row is None or (caller.role != "admin" and row["created_by"] != caller.token_id):
        raise NotFound(f"no token {token_id!r}")
    return row
