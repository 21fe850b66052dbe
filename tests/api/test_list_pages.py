"""Every list takes the same `limit`/`after` pagination (issue 15, point 4): the lists that came whole —
annotations, rules, bookmarks, forks — page with a cursor, and the pages together are the whole list."""

from __future__ import annotations

from typing import Any

from tests.api.conftest import assert_problem
from tests.conftest import Api


def _pages(api: Api, path: str, limit: int) -> tuple[list[Any], int]:
    items: list[Any] = []
    after, pages = None, 0
    while True:
        query = f"limit={limit}" + (f"&after={after}" if after else "")
        body = api.client.get(f"{path}{'&' if '?' in path else '?'}{query}", headers=api.headers()).get_json()
        items += body["items"]
        pages += 1
        after = body["next"]
        if after is None:
            return items, pages


def test_the_rules_page_through_in_rulebook_order(api: Api) -> None:
    whole = api.client.get("/api/v1/rulesets/kard_es_korona/rules").get_json()
    paged, pages = _pages(api, "/api/v1/rulesets/kard_es_korona/rules", 50)

    assert whole["next"] is None and [r["id"] for r in paged] == [r["id"] for r in whole["items"]]
    assert pages == -(-len(whole["items"]) // 50)


def test_annotations_bookmarks_and_forks_page_through_to_the_whole_list(api: Api) -> None:
    game = api.create_game()["id"]
    for n in range(3):
        assert api.act(game, type="move", seat="red", data={"to": f"a{n}"}).status_code == 201
    for n in range(5):
        body = {"kind": "bookmark", "at_version": 1 + n % 4, "body": {"label": f"mark {n}"}}
        assert api.client.post(f"/api/v1/games/{game}/annotations", json=body, headers=api.headers()).status_code == 201
    for _ in range(3):
        forked = api.client.post(f"/api/v1/games/{game}/forks", json={"at_version": 2}, headers=api.headers())
        assert forked.status_code == 201, forked.get_json()

    for path, size in (("annotations", 5), ("bookmarks", 5), ("forks", 3)):
        whole = api.client.get(f"/api/v1/games/{game}/{path}", headers=api.headers()).get_json()["items"]
        paged, pages = _pages(api, f"/api/v1/games/{game}/{path}", 2)
        assert len(whole) >= size and paged == whole and pages == -(-len(whole) // 2), path
    assert_problem(api.client.get(f"/api/v1/games/{game}/forks?after=nonsense", headers=api.headers()), 400)
