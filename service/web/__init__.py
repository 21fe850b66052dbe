"""The web viewer (issue 14): pages under `/`, outside the API, that read the public API from the browser.

The pages are server-rendered shells (Jinja) plus small ES modules shipped in this package; no CDN and no
build step. What a page shows comes from the same API any client gets (DESIGN §12), with the caller's token
sent from the browser's session storage, so a page never shows more than the API promises that token.
"""

from __future__ import annotations

from flask import Flask
from flask_swagger_ui import get_swaggerui_blueprint

# The interactive API page: Swagger UI (flask-swagger-ui ships its files; MIT) reading the served openapi.yaml.
API_DOCS = "/api/v1/docs"


def init_app(app: Flask) -> None:
    """Register the pages' blueprint at the root of the site, and the interactive API page."""
    from service.web import views

    app.register_blueprint(views.blueprint)
    config = {"app_name": "Annals API", "tryItOutEnabled": True, "persistAuthorization": False}
    app.register_blueprint(get_swaggerui_blueprint(API_DOCS, "/api/v1/openapi.yaml", config), name="api_docs")
