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

from pnp.errors import InputError, Problem, Where
from pnp.input.bounded import NotUtf8, TooLarge, read_bounded, unreadable, utf8
from pnp.input.jsontext import parse_json
from pnp.units import mm

PROFILE_NAME = re.compile(r"[a-z0-9][a-z0-9-]{0,39}")
LIMIT_MM = 10.0
# ASCII digits and spaces only: \d would also take Arabic-Indic or full-width digits.
OFFSET_FORM = re.compile(r"\s*([+-]?\d+(?:\.\d+)?)\s*mm\s*,\s*([+-]?\d+(?:\.\d+)?)\s*mm\s*",
                         re.ASCII)
# pnp profile set writes about 40 bytes, one level deep.
MAX_PROFILE_BYTES = 4096
MAX_PROFILE_DEPTH = 4
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


def profile_path(name: str, field: str = "NAME") -> Path:
    """Where the profile ``name`` is kept; the name is checked first (``field`` is where
    the user typed it: the NAME of ``pnp profile`` or a build's ``--profile``)."""
    if not PROFILE_NAME.fullmatch(name):
        raise InputError(Where("command line"), "not a usable printer profile name",
                         field=field, found=repr(name),
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


def load_profile(name: str, field: str = "NAME") -> tuple[float, float]:
    """The saved correction of profile ``name``, in points (right, up).

    The file is in the user's config folder, but it may have been copied
    from anyone or replaced by a link to anything: it is read as every
    user file is (a plain file, at most :data:`MAX_PROFILE_BYTES`, UTF-8,
    JSON nested at most :data:`MAX_PROFILE_DEPTH` deep), and its one field
    must hold exactly two JSON numbers. Every mistake is reported at once.
    """
    path = profile_path(name, field)
    text = _profile_text(name, path, field)
    where = Where(str(path))
    try:
        document = parse_json(text, MAX_PROFILE_DEPTH)
    except json.JSONDecodeError as error:
        raise InputError(Where(str(path), error.lineno), "the printer profile is not JSON",
                         found=f"{error.msg}, column {error.colno}",
                         allowed="a file pnp profile set wrote; set the profile again") from None
    except ValueError as error:  # nested too deeply, or NaN
        raise InputError(where, "the printer profile is not JSON", found=str(error),
                         allowed="a file pnp profile set wrote; set the profile again") from None
    return _offset(where, document)


def _profile_text(name: str, path: Path, field: str) -> str:
    """The profile's text, read bounded from a plain file only."""
    where = Where(str(path))
    try:
        data = read_bounded(path, MAX_PROFILE_BYTES)
    except FileNotFoundError:
        raise InputError(Where("command line"), "no printer profile of that name",
                         field=field, found=repr(name),
                         allowed=_known_profiles()) from None
    except TooLarge as error:
        raise InputError(where, "the printer profile is too large",
                         found=f"more than {error.limit} bytes",
                         allowed=f"at most {MAX_PROFILE_BYTES} bytes, as pnp profile set "
                                 "writes it") from None
    except OSError as error:  # NotRegular included: a FIFO, device or folder
        raise InputError(where, "the printer profile cannot be read", found=unreadable(error),
                         allowed="a file pnp profile set wrote") from None
    try:
        return utf8(data)
    except NotUtf8 as error:
        raise InputError(Where(str(path), error.line), "the printer profile is not UTF-8 text",
                         found=f"the byte 0x{error.byte:02x}",
                         allowed="a file pnp profile set wrote") from None


def _json_text(value: object) -> str:
    """A value as the JSON the user wrote, cut to 60 characters for a message."""
    text = json.dumps(value)
    return text if len(text) <= 60 else text[:57] + "..."


def _offset(where: Where, document: object) -> tuple[float, float]:
    """The offset in points from the parsed profile, or every mistake in it at once."""
    allowed = "two numbers in millimetres, right then up, such as [1.5, -0.8]"
    if not isinstance(document, dict):
        raise InputError(where, "the printer profile is not a JSON object",
                         found=_json_text(document),
                         allowed='{"offset_mm": [right, up]}, as pnp profile set writes it')
    problems = [Problem(where, "not a field of a printer profile", field=str(key),
                        found=_json_text(document[key]), allowed="offset_mm")
                for key in document if key != "offset_mm"]
    values = document.get("offset_mm")
    if not isinstance(values, list) or len(values) != 2:
        problems.append(Problem(where, "the offset is not a pair of numbers", field="offset_mm",
                                found=_json_text(values), allowed=allowed))
        raise InputError.of(problems)
    for index, value in enumerate(values):
        if isinstance(value, bool) or not isinstance(value, int | float):
            problems.append(Problem(where, "not a number", field=f"offset_mm[{index}]",
                                    found=_json_text(value),
                                    allowed="a JSON number, without quotes"))
        elif not abs(value) <= LIMIT_MM:  # an int of 4,000 digits has no float: no :g
            problems.append(Problem(where, "the offset is out of range",
                                    field=f"offset_mm[{index}]",
                                    found=f"{_json_text(value)} mm",
                                    allowed=f"within \u00b1{LIMIT_MM:g} mm"))
    if problems:
        raise InputError.of(problems)
    return mm(float(values[0])), mm(float(values[1]))


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
