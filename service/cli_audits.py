"""`annals audit GAME`: the audit of a whole game as a readable report."""

from __future__ import annotations

from typing import Any

import click

from service.auth import Principal
from service.errors import AnnalsError

# The command line is run by whoever operates the database: it reads every game.
OPERATOR = Principal(token_id="system:cli", role="admin")


@click.command("audit")
@click.argument("game_id")
@click.pass_context
def audit(ctx: click.Context, game_id: str) -> None:
    """Audit every action of a game: deviations, adjustments, corrections, unverifiable actions, drift."""
    from service.audits import game_audit
    from service.cli import _services  # here, not at the top: service.cli adds this command

    try:
        report = game_audit(_services(ctx), game_id, OPERATOR).to_json()
    except AnnalsError as error:
        raise click.ClickException(error.detail) from None
    for line in report_lines(report):
        click.echo(line)


def report_lines(report: dict[str, Any]) -> list[str]:
    """The lines of a game audit report."""
    ruleset = report["ruleset"]
    lines = [
        f"game {report['game']}  ruleset {ruleset['id']} {ruleset['version']} (current {ruleset['current_version']})"
    ]
    lines.append("  ".join(f"{name}={count}" for name, count in report["counts"].items()))
    for audit in report["deviations"]:
        verdict = audit["verdict"].upper()
        if audit["verdict"] == "consistent":  # listed for its recorded deviations, which the rules confirm
            verdict = "DEVIATION RECORDED (consistent)"
        lines.append(f"v{audit['version']}  {verdict}  {_action_name(audit)}  {audit['reason']}".rstrip())
        for deviation in audit["deviations"]:
            lines.append(f"    recorded deviation {deviation.get('rule_id')}: {deviation.get('message', '')}")
        for rule in audit["rules"]:
            lines.append(f"    {rule['id']}: {rule['summary']}")
            if rule["source_quote"]:
                lines.append(
                    f"      \u201c{rule['source_quote']}\u201d ({rule['source_file']} {rule['section']})".rstrip()
                )
    for adjustment in report["adjustments"]:
        rule_ids = ", ".join(map(str, adjustment["rule_ids"])) or "no rule cited"
        kind = "FORCED" if adjustment["forced"] else "ADJUSTED"
        lines.append(
            f"v{adjustment['version']}  {kind}  by {adjustment['actor']} ({adjustment['role']})  "
            f"{len(adjustment['changes'])} change(s), {rule_ids}: {adjustment['reason']}"
        )
        for overridden in adjustment["overridden"]:  # CORE-ADJUST-3: what the arbiter recorded it over
            lines.append(f"    overrides {overridden['rule_id']} at {overridden['path']}: {overridden['message']}")
    for correction in report["corrections"]:
        lines.append(f"v{correction['version']}  CORRECTED  {correction['data']}")
    for entry in report["unverifiable"]:
        lines.append(f"v{entry['version']}  UNVERIFIABLE  {entry['reason']}")
    for entry in report["drift"]:
        lines.append(
            f"v{entry['version']}  DRIFT  {entry['pinned_version']} -> {entry['current_version']}: "
            f"{entry['pinned']['verdict']} then, {entry['current']['verdict']} now"
        )
    for entry in report.get("unrecorded_fields", ()):  # consistent: a field the ruleset added to the event later
        lines.append(f"v{entry['version']}  UNRECORDED FIELD  {entry['event']}.{entry['field']} (added later)")
    if len(lines) == 2:
        lines.append("nothing to report: every action is consistent with the rules")
    return lines


def _action_name(audit: dict[str, Any]) -> str:
    if audit["action"] is not None:
        action = audit["action"]
        return f"{action.get('type')} by {action.get('seat') or action.get('authority')}"
    sealed = audit["sealed"] or {}
    return f"sealed submission of {sealed.get('seat')} in {sealed.get('round')}"
