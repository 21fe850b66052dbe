"""The web viewer (issue 14): pages under `/`, outside the API, that read the public API from the browser.

The pages are server-rendered shells (Jinja) plus small ES modules shipped in this package; no CDN and no
build step. What a page shows comes from the same API any client gets (DESIGN §12), with the caller's token
sent from the browser's session storage, so a page never shows more than the API promises that token.
"""

from __future__ import annotations

from flask import Flask


def init_app(app: Flask) -> None:
    """Register the pages' blueprint at the root of the site."""
    from service.web import views

    app.register_blueprint(views.blueprint)
