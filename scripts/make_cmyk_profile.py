"""Rebuild pnp/data/icc/FOGRA39L-coated.icc from colord's FOGRA39L characterisation data.

Not part of a build: the profile is committed. Run it only to check or remake
the profile, with ArgyllCMS's ``colprof`` on the PATH and colord's
``FOGRA39L_coated.iccprofile.xml`` (CC0) as the argument. The settings are
colord's own (see pnp/data/icc/README.txt).
"""

from __future__ import annotations

import re
import subprocess
import sys
import tempfile
from pathlib import Path

TARGET = Path(__file__).resolve().parent.parent / "pnp" / "data" / "icc" / "FOGRA39L-coated.icc"


def main(xml: Path) -> None:
    """Cut the measurements out of colord's XML and profile them with colprof."""
    found = re.search(r"<data_ti3>(.*)</data_ti3>", xml.read_text("utf-8"), re.S)
    if found is None:
        sys.exit(f"{xml}: no <data_ti3> measurements in it")
    with tempfile.TemporaryDirectory() as work:
        (Path(work) / "fogra39l.ti3").write_text(found.group(1), "utf-8")
        subprocess.run(
            ["colprof", "-nc", "-qm", "-bm", "-kp", "0.0", "0.3", "0.94", "0.94", "0.48",
             "-l300", "-D", "FOGRA39L coated (pnp build)",
             "-C", "No copyright; CC0 1.0. Characterization data FOGRA39L by Fogra, "
                   "as published by colord",
             "-O", str(TARGET), "fogra39l"], cwd=work, check=True)
    print(f"wrote {TARGET}")


if __name__ == "__main__":
    if len(sys.argv) != 2:
        sys.exit("usage: make_cmyk_profile.py FOGRA39L_coated.iccprofile.xml")
    main(Path(sys.argv[1]))
