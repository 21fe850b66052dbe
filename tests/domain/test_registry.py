"""The explicit ruleset registry: current versions for new games, pinned versions for recorded ones."""

from __future__ import annotations

import pytest

from domain import registry
from domain.kernel import Event, Ruleset, Seat, Viewer
from domain.rulesets.freeform import FREEFORM


def test_freeform_is_listed_when_the_shipped_rulesets_are_asked_for() -> None:
    assert "freeform" in registry.ruleset_ids()


def test_current_is_the_newest_version_when_a_ruleset_is_shipped() -> None:
    ruleset = registry.current("freeform")

    assert ruleset is FREEFORM
    assert registry.versions("freeform")[-1] == ruleset.version


def test_every_id_resolves_to_a_ruleset_of_that_id_when_looked_up() -> None:
    for ruleset_id in registry.ruleset_ids():
        assert registry.current(ruleset_id).id == ruleset_id
        for version in registry.versions(ruleset_id):
            assert registry.pinned(ruleset_id, version).version == version


def test_pinned_is_the_exact_version_when_a_game_was_created_with_it() -> None:
    assert registry.pinned("freeform", FREEFORM.version) is FREEFORM


def test_unknown_ruleset_raised_naming_the_id_when_current_is_asked_for_it() -> None:
    with pytest.raises(registry.UnknownRuleset, match="'chess'"):
        registry.current("chess")


def test_unknown_ruleset_lists_the_known_ids_when_current_is_asked_for_an_unknown_one() -> None:
    with pytest.raises(registry.UnknownRuleset, match="freeform"):
        registry.current("chess")


def test_unknown_ruleset_raised_naming_id_and_version_when_the_version_is_not_shipped() -> None:
    with pytest.raises(registry.UnknownRuleset, match=r"'freeform'.*'0\.0\.1'"):
        registry.pinned("freeform", "0.0.1")


def test_unknown_ruleset_raised_naming_the_id_when_a_pinned_id_is_unknown() -> None:
    with pytest.raises(registry.UnknownRuleset, match="'chess'"):
        registry.pinned("chess", "1.0.0")


def test_no_versions_when_the_ruleset_is_unknown() -> None:
    assert registry.versions("chess") == ()


def test_unknown_ruleset_is_a_lookup_error_when_callers_catch_lookups() -> None:
    assert issubclass(registry.UnknownRuleset, LookupError)


def test_every_shipped_ruleset_answers_the_optional_hooks_when_called_directly() -> None:
    event = Event("ActionRecorded", {"seat": "red", "type": "note", "data": {}})
    for ruleset_id in registry.ruleset_ids():
        ruleset = registry.current(ruleset_id)

        assert Ruleset in type(ruleset).__mro__, f"{ruleset_id} does not subclass Ruleset[its state]"
        assert isinstance(ruleset.bookmarks(event), tuple)
        assert isinstance(ruleset.event_view(event, Viewer()), Event)
        assert isinstance(ruleset.upcasters, tuple)
        assert isinstance(ruleset.has_secret_events, bool)


def test_the_hooks_answer_none_when_a_ruleset_keeps_the_protocol_defaults() -> None:
    event = Event("ActionRecorded", {"seat": "red", "type": "note", "data": {"text": "hi"}})

    assert FREEFORM.game_errors({}, None, [Seat("red")]) == []
    assert FREEFORM.event_view(event, Viewer(seat="blue")) is event
    assert FREEFORM.bookmarks(event) == ()
    assert FREEFORM.upcasters == ()
    assert FREEFORM.has_secret_events is False


def test_only_a_ruleset_with_an_event_view_of_its_own_says_its_events_hold_secrets() -> None:
    hiding = {
        ruleset_id
        for ruleset_id in registry.ruleset_ids()
        if type(registry.current(ruleset_id)).event_view is not Ruleset.event_view
    }
    flagged = {ruleset_id for ruleset_id in registry.ruleset_ids() if registry.current(ruleset_id).has_secret_events}

    assert hiding == flagged == {"cedofan_rv"}
