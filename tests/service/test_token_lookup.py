"""Token lookups are remembered for a few seconds; revocation takes effect within that time."""

from __future__ import annotations

import uuid

import pytest

from service.auth import StillValid, TokenLookup
from service.errors import Unauthorized
from service.store import tokens
from tests.conftest import Api


class FakeMonotonic:
    def __init__(self) -> None:
        self.value = 1000.0

    def __call__(self) -> float:
        return self.value


def test_revoked_token_is_refused_once_the_ttl_has_passed_when_it_was_remembered(api: Api) -> None:
    clock = FakeMonotonic()
    lookup = TokenLookup(api.services.engine, ttl=10.0, now=clock)
    value = f"t-{uuid.uuid4()}"
    record = tokens.create(api.services.engine, str(uuid.uuid4()), value, "organiser", None, None, "2026")
    assert lookup.principal(f"Bearer {value}").role == "organiser"

    tokens.revoke(api.services.engine, record.id, "2026")
    clock.value += 9.0
    assert lookup.principal(f"Bearer {value}").role == "organiser"  # still within the ttl
    clock.value += 2.0
    with pytest.raises(Unauthorized):
        lookup.principal(f"Bearer {value}")


def test_revoked_token_is_refused_at_once_when_the_lookup_forgets(api: Api) -> None:
    lookup = TokenLookup(api.services.engine, ttl=10.0, now=FakeMonotonic())
    value = f"t-{uuid.uuid4()}"
    record = tokens.create(api.services.engine, str(uuid.uuid4()), value, "viewer", None, None, "2026")
    assert lookup.principal(f"Bearer {value}").role == "viewer"

    tokens.revoke(api.services.engine, record.id, "2026")
    lookup.forget()

    with pytest.raises(Unauthorized):
        lookup.principal(f"Bearer {value}")


def test_a_long_request_checks_its_token_again_once_the_ttl_has_passed_after_another_process_revoked_it(
    api: Api,
) -> None:
    """A live stream's token (StillValid): revoked elsewhere, it is looked up again within the ttl and fails."""
    clock = FakeMonotonic()
    lookup = TokenLookup(api.services.engine, ttl=10.0, now=clock)
    value = f"t-{uuid.uuid4()}"
    record = tokens.create(api.services.engine, str(uuid.uuid4()), value, "viewer", None, None, "2026")
    still = StillValid(lookup, f"Bearer {value}")

    tokens.revoke(api.services.engine, record.id, "2026")  # another process: this lookup is not told
    clock.value += 9.0
    assert not still.due()
    clock.value += 2.0

    assert still.due()
    assert not still.holds()


def test_a_long_request_checks_its_token_again_at_once_after_a_revocation_in_its_process(api: Api) -> None:
    lookup = TokenLookup(api.services.engine, ttl=10.0, now=FakeMonotonic())
    value = f"t-{uuid.uuid4()}"
    tokens.create(api.services.engine, str(uuid.uuid4()), value, "viewer", None, None, "2026")
    still = StillValid(lookup, f"Bearer {value}")
    assert not still.due() and still.holds()

    lookup.forget()

    assert still.due()
    assert still.holds()  # forgotten for another token: this one still works
    assert not still.due()


def test_malformed_authorization_is_refused_when_the_scheme_is_not_bearer(api: Api) -> None:
    with pytest.raises(Unauthorized):
        api.services.tokens.principal("Basic dXNlcjpwYXNz")
