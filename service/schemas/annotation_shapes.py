"""Request shapes of annotations: structure here, meaning in `replays.annotations`."""

from __future__ import annotations

from marshmallow import Schema, fields, validate

from replays.annotations import Kind, Visibility
from service.schemas import MAX_VERSION, WholeListSchema

_KINDS = [k.value for k in Kind]
_VISIBILITIES = [v.value for v in Visibility]


class AnnotationCreateSchema(Schema):
    """POST /games/{id}/annotations."""

    kind = fields.String(required=True, validate=validate.OneOf(_KINDS))
    at_version = fields.Integer(required=True, strict=True, validate=validate.Range(min=1, max=MAX_VERSION))
    visibility = fields.String(load_default=Visibility.PUBLIC.value, validate=validate.OneOf(_VISIBILITIES))
    seat = fields.String(load_default=None, allow_none=True, validate=validate.Length(1, 64))
    body = fields.Dict(required=True)


class AnnotationEditSchema(Schema):
    """PATCH /games/{id}/annotations/{annotation_id}: a new body, a new visibility, or both."""

    visibility = fields.String(validate=validate.OneOf(_VISIBILITIES))
    seat = fields.String(allow_none=True, validate=validate.Length(1, 64))
    body = fields.Dict()


class AnnotationQuerySchema(WholeListSchema):
    """GET /games/{id}/annotations: optional filters."""

    kind = fields.String(load_default=None, validate=validate.OneOf(_KINDS))
    from_ = fields.Integer(data_key="from", load_default=1, validate=validate.Range(min=1, max=MAX_VERSION))
    to = fields.Integer(load_default=None, validate=validate.Range(min=1, max=MAX_VERSION))
