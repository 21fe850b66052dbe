"""The pages: server-rendered shells that their ES modules fill from the public API."""

from __future__ import annotations

from collections.abc import Callable
from functools import lru_cache
from typing import Any

import yaml
from flask import Blueprint, Response, jsonify, render_template, request, url_for

from domain import registry
from domain.platform import all_rules
from domain.platform_actions import action_specs
from service import disputes
from service.api import PROBLEM_JSON, a_browser_opens_a_page, problem_response
from service.api.common import services
from service.api.meta import SPEC
from service.api.rulesets import action_json, rule_json
from service.auth import Principal
from service.errors import NotFound, PreconditionFailed
from service.store import boards, players
from service.tournaments import commands
from service.tournaments.naming import tournament_named
from service.web.layout import drawing

# The static files live at /web/static so that no page path can collide with them.
blueprint = Blueprint(
    "web", __name__, template_folder="templates", static_folder="static", static_url_path="/web/static"
)


@blueprint.after_request
def _precondition_failed_as_a_problem(response: Response) -> Response:
    """A static file asked with an `If-Match` it does not meet: werkzeug's conditional answer is a 412 whose body is
    the whole file. It is a problem document, as the API's 412s are, with the file's current `ETag`. A file changed
    after an `If-Unmodified-Since` date, which werkzeug served as if unasked, is the same 412 (RFC 9110 §13.1.4)."""
    if response.mimetype == PROBLEM_JSON:
        return response
    if response.status_code == 412:
        etag = response.headers.get("ETag", "none")
        detail = f"If-Match {request.headers.get('If-Match', '')!r} does not match {request.path}, whose ETag is {etag}"
    elif _modified_since_the_date_asked(response):
        asked = request.headers.get("If-Unmodified-Since", "")
        detail = (
            f"If-Unmodified-Since {asked!r}: {request.path} was modified since, on {response.headers['Last-Modified']}"
        )
    else:
        return response
    response.close()  # the file it would have sent
    kept = {name: value for name in ("ETag", "Last-Modified") if (value := response.headers.get(name))}
    return problem_response(PreconditionFailed(detail).problem(), kept)


def _modified_since_the_date_asked(response: Response) -> bool:
    """RFC 9110 §13.1.4: `If-Unmodified-Since` fails when the resource was modified after its date. It is ignored
    with an `If-Match` (which decides alone), when it is not an HTTP-date, on an answer without `Last-Modified` (the
    pages), and on one that is not a 2xx or a 304 (§13.2.1: a 304 is If-None-Match's, which comes after it)."""
    asked, modified = request.if_unmodified_since, response.last_modified
    if asked is None or modified is None or "If-Match" in request.headers:
        return False
    return (200 <= response.status_code < 300 or response.status_code == 304) and modified > asked


def _ruleset_names() -> list[tuple[str, str]]:
    """Each shipped ruleset's id and the game's short name, as the forms offer them: its title before the
    parenthesis ("Kard és Korona", "A Game of Thrones: The Board Game"), as rulesets.js shortens them for the lists."""
    return [(i, registry.current(i).title.split("(")[0].strip()) for i in registry.ruleset_ids()]


@blueprint.get("/")
@blueprint.get("/games")
def games_page() -> str:
    """The games list, filtered and paged through `GET /api/v1/games`."""
    return render_template("games.html", rulesets=_ruleset_names())


@blueprint.get("/games/<game_id>")
def game_page(game_id: str) -> Response | str:
    """One game: board, VCR controls, notation, rulings and the seat selector. A 404 page for a game an anonymous
    `GET /api/v1/games/{id}` does not answer (unknown, or private: see `_anonymous_refusal`)."""
    refused = _anonymous_refusal(lambda: services().loader.summary(game_id, Principal()))
    if refused is not None:
        return _not_here("game.html", refused, game_id=game_id)
    return render_template("game.html", game_id=game_id)


@blueprint.get("/tournaments")
def tournaments_page() -> str:
    """The tournaments list, through `GET /api/v1/tournaments`, and a director's New tournament form."""
    return render_template("tournaments.html", rulesets=_ruleset_names())


@blueprint.get("/tournaments/<tournament_id>")
def tournament_page(tournament_id: str) -> Response | str:
    """One tournament: standings with every criterion, rounds with their tables linking to their games, the pairing
    of each round explained, and the draw's seed. A 404 page for an id no anonymous reader may read (see
    `_anonymous_refusal`)."""
    refused = _anonymous_refusal(lambda: commands.load(services(), Principal(), tournament_id))
    if refused is not None:
        return _not_here("tournament.html", refused, tournament_id=tournament_id)
    return render_template("tournament.html", tournament_id=tournament_id)


def _anonymous_refusal(read: Callable[[], object]) -> NotFound | None:
    """The 404 the API's own read (`read`, made as an anonymous `Principal()`) gives, or None when it answers: the
    page itself is asked without a token (the pages keep theirs in session storage), so a private game or tournament
    is a 404 exactly like an id nobody used, and the 404 says nothing an anonymous API caller is not told. A token
    that may read it still sees it: the page keeps its script, which reads through the API with the tab's token.
    Imported ids keep their shape, whatever it is: the id is looked up, never checked for a form."""
    try:
        read()
    except NotFound as refused:
        return refused
    return None


def _not_here(template: str, error: NotFound, **context: Any) -> Response:
    """A 404 for a page's dead link: the page's own template saying so (the site's layout, a way back), status 404;
    a client that does not ask for HTML gets the API's problem document, as for every page."""
    if not a_browser_opens_a_page():
        raise error
    return Response(render_template(template, missing=True, **context), status=404, mimetype="text/html")


@blueprint.get("/players/<player_id>")
def player_page(player_id: str) -> Response | str:
    """A player's record: their tournaments (rank, score, games, dropped or not) and the games they sat in. A 404
    page for an id with no player record (never registered, or erased), as `GET /api/v1/players/{id}` answers."""
    if players.get(services().engine, player_id) is None:
        return _not_here("player.html", NotFound(f"no player {player_id!r}"), player_id=player_id)
    return render_template("player.html", player_id=player_id)


@blueprint.get("/ratings")
def ratings_page() -> str:
    """A game system's leaderboard (`?ruleset=`, Kard és Korona by default), through `GET /api/v1/ratings`."""
    names = _ruleset_names()
    asked = request.args.get("ruleset")
    chosen = asked if asked in dict(names) else "kard_es_korona"
    return render_template("ratings.html", rulesets=names, chosen=chosen)


@blueprint.get("/tournaments/<tournament_id>/rounds/<int:number>/pairings")
def pairings_page(tournament_id: str, number: int) -> Response | str:
    """A round's pairings as a director posts them at the venue: by table (seats, each player's score before the
    round) and by name (who sits where), the byes, printable on one sheet. A 404 page when an anonymous
    `GET /api/v1/tournaments/{id}/rounds/{n}` does not answer: no tournament an anonymous reader may read (its way
    back is the list), or a round it has not paired, round 0 among them as rounds count from 1 (back to it)."""
    try:
        state = commands.load(services(), Principal(), tournament_id).state
    except commands.TournamentNotFound as unknown:
        back = (url_for("web.tournaments_page"), "Every tournament")
        return _not_here("pairings.html", unknown, tournament_id=tournament_id, number=number, back=back)
    if number < 1 or state.round(number) is None:
        counted = ": rounds are numbered from 1" if number < 1 else ""
        detail = f"{tournament_named(state)} has no round {number}{counted}"
        back = (url_for("web.tournament_page", tournament_id=tournament_id), "Back to the tournament")
        unpaired = commands.TournamentNotFound(detail, tournament=tournament_id)
        return _not_here("pairings.html", unpaired, tournament_id=tournament_id, number=number, back=back)
    return render_template("pairings.html", tournament_id=tournament_id, number=number)


@blueprint.get("/rulesets/<ruleset_id>/rules")
def rulebook_page(ruleset_id: str) -> str:
    """A ruleset's rulebook: every rule with its id, summary and original quote, anchored by id.

    `?version=` shows the version a game is pinned to (a game's page links there): its releases listed, and each
    rule whose ruling a version changed marked with that version, earlier or later than the one shown."""
    version = request.args.get("version")
    try:
        ruleset = registry.pinned(ruleset_id, version) if version else registry.current(ruleset_id)
    except registry.UnknownRuleset as error:
        raise NotFound(str(error)) from None
    releases = registry.shipped(ruleset_id)
    changed: dict[str, list[tuple[Any, bool]]] = {}
    for release in releases[1:]:  # the first version changed nothing
        later = releases.index(release) > releases.index(ruleset)
        for rule_id in release.changed_rules:
            changed.setdefault(rule_id, []).append((release, later))
    rules = [rule_json(rule) for rule in all_rules(ruleset).values()]
    return render_template(
        "rulebook.html",
        ruleset=ruleset,
        rules=rules,
        ruleset_ids=registry.ruleset_ids(),
        releases=releases,
        current=releases[-1],
        changed=changed,
    )


@blueprint.get("/rulesets/<ruleset_id>/actions")
def actions_page(ruleset_id: str) -> str:
    """Every action a ruleset accepts: summary, rules, senders, table dice, the schema of its data and an example."""
    try:
        ruleset = registry.current(ruleset_id)
    except registry.UnknownRuleset as error:
        raise NotFound(str(error)) from None
    actions = [action_json(spec) for spec in action_specs(ruleset).values()]
    return render_template("actions.html", ruleset=ruleset, actions=actions, ruleset_ids=registry.ruleset_ids())


@blueprint.get("/disputes/<dispute_id>")
def dispute_page(dispute_id: str) -> Response | str:
    """One dispute: the claim, the attached audit and the rulings, read from `GET /api/v1/disputes/{id}`. A 404 page
    for a dispute that read does not answer an anonymous caller (unknown, or on a private game)."""
    refused = _anonymous_refusal(lambda: disputes.read(services(), Principal(), dispute_id))
    if refused is not None:
        return _not_here("dispute.html", refused, dispute_id=dispute_id)
    return render_template("dispute.html", dispute_id=dispute_id)


@blueprint.get("/docs")
def docs_page() -> str:
    """The API's operations as openapi.yaml lists them, with a link to the contract itself."""
    return render_template("docs.html", operations=_operations(), ruleset_ids=registry.ruleset_ids())


@lru_cache(maxsize=1)
def _operations() -> list[dict[str, Any]]:
    document = yaml.safe_load(SPEC.read_text(encoding="utf-8"))
    methods = ("get", "post", "put", "patch", "delete")
    return [
        {"method": method.upper(), "path": path, "summary": item[method].get("summary", "")}
        for path, item in document["paths"].items()
        for method in methods
        if method in item
    ]


@blueprint.get("/login")
def login_page() -> str:
    """Paste a token once; the pages keep it in this tab's session storage and send it as a Bearer header."""
    return render_template("login.html")


def problem_page(problem: dict[str, Any]) -> Response:
    """A problem (RFC 9457) as a page of the site, for a browser that opened a page's address."""
    return Response(render_template("problem.html", problem=problem), status=problem["status"], mimetype="text/html")


@blueprint.get("/boards/<board_id>/drawing.json")
def board_drawing(board_id: str) -> Response:
    """Where the viewer draws a board's areas (its layout, or a cached force-directed placement)."""
    row = boards.get(services().engine, board_id)
    if row is None:
        raise NotFound(f"no board {board_id!r}")
    response = jsonify(drawing(board_id, row["document"]))
    response.headers["Cache-Control"] = "public, max-age=86400"  # content-addressed: never changes
    return response
