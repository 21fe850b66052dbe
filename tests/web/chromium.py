"""Finding Debian's Chromium for the browser tests and the viewer bench (never a browser Playwright downloads)."""

from __future__ import annotations

import os
import shutil
import subprocess
from pathlib import Path

CHROMIUM_ARGS = [
    "--no-sandbox",
    "--headless",
    "--disable-gpu",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--no-first-run",
]
SCREENSHOTS = Path(__file__).resolve().parent / "screenshots"  # kept out of git (.gitignore)


def found_chromium() -> str | None:
    """ANNALS_CHROMIUM when set (None if it is not a file), else `chromium` on PATH."""
    configured = os.environ.get("ANNALS_CHROMIUM")
    if configured:
        return configured if Path(configured).is_file() else None
    return shutil.which("chromium")


def apt_install_chromium() -> str:
    """Install Debian's chromium with apt-get, refreshing the lists once if the package is unknown."""
    if os.geteuid() != 0 or shutil.which("apt-get") is None:
        return "apt-get is not usable here (not root, or no apt-get)"
    env = {**os.environ, "DEBIAN_FRONTEND": "noninteractive"}
    install = ["apt-get", "install", "-y", "--no-install-recommends", "chromium"]
    if subprocess.run(install, env=env, capture_output=True).returncode == 0:
        return "installed"
    subprocess.run(["apt-get", "update"], env=env, capture_output=True)
    done = subprocess.run(install, env=env, capture_output=True, text=True)
    return "installed" if done.returncode == 0 else f"apt-get install chromium failed: {done.stderr[-500:]}"
