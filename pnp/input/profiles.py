"""Printer profiles: a named duplex correction kept in the user's config folder.

A profile is one small JSON file, ``<config>/pnp/printers/<name>.json``,
holding the offset the user read off the calibration sheet. It is kept per
printer because every printer (and often every tray) misses by its own
amount. The config folder is the platform's usual one: ``$XDG_CONFIG_HOME``
or ``~/.config`` on Linux, ``~/Library/Application Support`` on macOS,
``%APPDATA%`` on Windows; ``PNP_CONFIG_HOME`` overrides all of them.
"""

from __future__ import annotations

import json
import os
import re
import sys
from pathlib import Path

from pnp.errors import InputError, Where
from pnp.units import mm

PROFILE_NAME = re.compile(r"[a-z0-9][a-z0-9-]{0,39}")
LIMIT_MM = 10.0
OFFSET_FORM = re.compile(r"\s*([+-]?\d+(?:\.\d+)?)\s*mm\s*,\s*([+-]?\d+(?:\.\d+)?)\s*mm\s*")
OFFSET_ALLOWED = (f"two lengths in millimetres, right then up, each within \u00b1{LIMIT_MM:g} mm, "
                  "as read off the calibration sheet: 1.5mm,-0.8mm")


def config_folder() -> Path:
    """pnp's folder in the user's configuration folder (it may not exist yet)."""
    override = os.environ.get("PNP_CONFIG_HOME")
    if override:
        return Path(override)
    if sys.platform == "win32":
        base = Path(os.environ.get("APPDATA") or Path.home() / "AppData" / "Roaming")
    elif sys.platform == "darwin":
        base = Path.home() / "Library" / "Application Support"
    else:
        base = Path(os.environ.get("XDG_CONFIG_HOME") or Path.home() / ".config")
    return base / "pnp"


def profile_path(name: str) -> Path:
    """Where the profile ``name`` is kept; the name is checked first."""
    if not PROFILE_NAME.fullmatch(name):
        raise InputError(Where("command line"), "not a usable printer profile name",
                         field="NAME", found=repr(name),
                         allowed="lower-case letters, digits and hyphens, at most 40, "
                                 "such as office-laser")
    return config_folder() / "printers" / f"{name}.json"


def parse_offset(text: str) -> tuple[float, float]:
    """Points (right, up) from ``1.5mm,-0.8mm``."""
    match = OFFSET_FORM.fullmatch(text)
    values = (float(match.group(1)), float(match.group(2))) if match else None
    if values is None or any(abs(value) > LIMIT_MM for value in values):
        raise InputError(Where("command line"), "not a usable duplex offset", field="--offset",
                         found=repr(text), allowed=OFFSET_ALLOWED)
    return mm(values[0]), mm(values[1])


def profile_text(offset_mm: tuple[float, float]) -> str:
    """The profile file's text: the correction in millimetres, as the user typed it."""
    return json.dumps({"offset_mm": list(offset_mm)}, indent=1) + "\n"


def load_profile(name: str) -> tuple[float, float]:
    """The saved correction of profile ``name``, in points (right, up)."""
    path = profile_path(name)
    where = Where(str(path))
    try:
        text = path.read_text(encoding="utf-8")[:4096]
    except FileNotFoundError:
        raise InputError(Where("command line"), "no printer profile of that name",
                         field="--profile", found=repr(name),
                         allowed=_known_profiles()) from None
    except OSError as error:
        raise InputError(where, "the printer profile cannot be read",
                         found=error.strerror or type(error).__name__,
                         allowed="a file pnp profile set wrote") from None
    try:
        values = json.loads(text)["offset_mm"]
        right, up = (float(value) for value in values)
    except (ValueError, KeyError, TypeError):
        raise InputError(where, "the printer profile is damaged", field="offset_mm",
                         found=text.strip()[:60],
                         allowed="a file pnp profile set wrote; set the profile again") from None
    if not all(abs(value) <= LIMIT_MM for value in (right, up)):
        raise InputError(where, "the printer profile's offset is out of range",
                         field="offset_mm", found=f"{right:g} mm, {up:g} mm",
                         allowed=OFFSET_ALLOWED)
    return mm(right), mm(up)


def profile_names() -> list[str]:
    """The saved profiles, sorted."""
    folder = config_folder() / "printers"
    if not folder.is_dir():
        return []
    return sorted(path.stem for path in folder.glob("*.json")
                  if PROFILE_NAME.fullmatch(path.stem))


def _known_profiles() -> str:
    names = profile_names()
    if not names:
        return "a profile saved with pnp profile set NAME --offset Xmm,Ymm (there are none yet)"
    return "one of: " + ", ".join(names)
