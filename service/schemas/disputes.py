"""Request shapes of disputes, rulings, appeals and the early dice reveal: structure here, meaning in
`service.disputes`."""

from __future__ import annotations

from typing import Any

from marshmallow import Schema, ValidationError, fields, validate, validates_schema

from service.schemas import MAX_VERSION, ActionSchema, PageSchema

RULE_ID = fields.String(validate=validate.Length(1, 64))
DECISIONS = ["upheld", "overturned"]
STATUSES = ["open", "upheld", "overturned"]


def _rule_ids(required: bool = False) -> fields.List[str]:
    """A list of distinct rule ids: at most 20, and at least one when required."""
    options: dict[str, Any] = {"required": True} if required else {"load_default": list}
    length = validate.Length(1 if required else 0, 20)
    return fields.List(RULE_ID, validate=[length, _distinct], **options)


def _distinct(values: list[str]) -> None:
    repeated = sorted({v for v in values if values.count(v) > 1})
    if repeated:
        raise ValidationError(f"repeated rule ids: {', '.join(repeated)}")


class DisputeCreateSchema(Schema):
    """POST /games/{id}/disputes."""

    version = fields.Integer(required=True, strict=True, validate=validate.Range(min=1, max=MAX_VERSION))
    claim = fields.String(required=True, validate=validate.Length(1, 4000))
    rule_ids = _rule_ids()


class AppealSchema(Schema):
    """POST /disputes/{id}/appeal."""

    claim = fields.String(required=True, validate=validate.Length(1, 4000))
    rule_ids = _rule_ids()


class RulingSchema(Schema):
    """POST /disputes/{id}/ruling."""

    decision = fields.String(required=True, validate=validate.OneOf(DECISIONS))
    reasoning = fields.String(required=True, validate=validate.Length(1, 4000))
    rule_ids = _rule_ids(required=True)
    corrected_action = fields.Nested(ActionSchema, load_default=None, allow_none=True)

    @validates_schema
    def _correction_only_on_overturn(self, data: dict[str, Any], **_: Any) -> None:
        if data.get("decision") == "upheld" and data.get("corrected_action") is not None:
            raise ValidationError("only an overturn takes a corrected action; the record stands", "corrected_action")


class DisputeListSchema(PageSchema):
    """GET /disputes filters."""

    rule_id = fields.String(load_default=None, validate=validate.Length(1, 64))
    game = fields.UUID(load_default=None)
    status = fields.String(load_default=None, validate=validate.OneOf(STATUSES))


class DiceRevealSchema(Schema):
    """POST /games/{id}/dice/reveal."""

    reason = fields.String(required=True, validate=validate.Length(1, 1000))
