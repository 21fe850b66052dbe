"""README's CORS paragraph names every header a browser page may send and read (service/gate.py's lists)."""

from __future__ import annotations

from service.gate import CORS_REQUEST_HEADERS, CORS_RESPONSE_HEADERS
from service.readme_actions import README_PATH


def test_the_readme_names_every_header_cors_lets_a_page_send_and_read() -> None:
    text = README_PATH.read_text(encoding="utf-8")
    paragraph = text.split("- **CORS**", 1)[1].split("\n- ", 1)[0]
    rate_limits = {"RateLimit-Limit", "RateLimit-Remaining", "RateLimit-Reset"}  # "the rate-limit headers"

    unnamed = [
        h for h in (*CORS_REQUEST_HEADERS, *CORS_RESPONSE_HEADERS) if h not in rate_limits and f"`{h}`" not in paragraph
    ]

    assert "rate-limit headers" in paragraph
    assert not unnamed, f"README.md's CORS paragraph does not name {unnamed}"
