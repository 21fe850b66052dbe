"""Tournaments on the service side: what needs libraries the pure domain may not import (issue 13)."""
