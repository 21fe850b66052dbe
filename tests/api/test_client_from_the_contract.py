"""A club's bot written from openapi.yaml alone runs a tournament evening: it follows every `Location` a write
answers and chains every write on the `ETag` the previous one answered (`If-Match`), never reading the tournament
again in between. Every response is also checked against the contract (tests/spec_validation.py)."""

from __future__ import annotations

from typing import Any

from werkzeug.test import TestResponse

from tests.conftest import Api

BASE = "/api/v1/tournaments"


class Bot:
    """Writes with the last ETag it was given; follows each Location at once."""

    def __init__(self, api: Api) -> None:
        self.api = api
        self.etag: str | None = None
        self.followed: list[str] = []

    def post(self, path: str, body: dict[str, Any] | None = None, token: str | None = None) -> TestResponse:
        headers = self.api.headers("organiser")
        if token is not None:
            headers["Authorization"] = f"Bearer {token}"
        if self.etag is not None:
            headers["If-Match"] = self.etag
        response = self.api.client.post(path, json=body or {}, headers=headers)
        assert response.status_code in (200, 201), response.get_json()
        assert response.headers.get("ETag"), f"{path} answered no ETag to chain the next write on"
        self.etag = response.headers["ETag"]
        if "Location" in response.headers:
            self.follow(response.headers["Location"])
        return response

    def follow(self, location: str) -> None:
        found = self.api.client.get(location, headers=self.api.headers("organiser"))
        assert found.status_code == 200, f"Location {location} answered {found.status_code}"
        self.followed.append(location)


def test_a_bot_chains_every_tournament_write_on_the_etag_the_last_one_answered(api: Api) -> None:
    bot = Bot(api)
    tid = bot.post(BASE, {"name": "Club night", "ruleset": "freeform", "table_size": 4, "rounds": 1}).get_json()["id"]
    players = [bot.post(f"{BASE}/{tid}/players", {"name": f"P{n}"}).get_json()["player"] for n in range(8)]
    tokens = {player: api.token_for_player(player) for player in players}
    bot.post(f"{BASE}/{tid}/rounds", {})
    first, second = api.client.get(f"{BASE}/{tid}/rounds/1").get_json()["tables"][:2]
    bot.post(f"{BASE}/{tid}/rounds/1/swaps", {"players": [first["players"][0], second["players"][0]], "reason": "ride"})
    bot.post(f"{BASE}/{tid}/rounds/1/start")
    bot.post(f"{BASE}/{tid}/rounds/1/clock/start", {"minutes": 90})
    bot.post(f"{BASE}/{tid}/rounds/1/clock/extensions", {"minutes": 5, "reason": "late start"})
    tables = api.client.get(f"{BASE}/{tid}/rounds/1").get_json()["tables"]
    for table in tables:
        scores = {seat: 10 * n for n, seat in enumerate(sorted(table["seats"].values()))}
        data = {"winners": [max(scores, key=scores.__getitem__)], "scores": scores}
        assert api.act(table["game"], "organiser", type="end_game", seat=None, data=data).status_code == 201
    bot.etag = api.client.get(f"{BASE}/{tid}").headers["ETag"]  # the games' ends moved the tournament on
    for table in tables:
        for player in table["players"]:
            bot.post(f"{BASE}/{tid}/rounds/1/tables/{table['table']}/confirmations", token=tokens[player])
        bot.post(f"{BASE}/{tid}/rounds/1/tables/{table['table']}/approval")
    bot.post(f"{BASE}/{tid}/rounds/1/close")
    bot.post(f"{BASE}/{tid}/finish")

    assert api.client.get(f"{BASE}/{tid}").headers["ETag"] == bot.etag
    # The tournament, 8 entrants, the round, a swap, 2 clock writes, 8 confirmations, 2 approvals.
    assert len(bot.followed) == 1 + 8 + 1 + 1 + 2 + 8 + 2
