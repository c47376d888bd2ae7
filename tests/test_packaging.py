"""The distribution installs one import package, ``tablelog``, whose layers stay in the
repository's top-level folders (``pyproject.toml``'s ``package-dir``)."""

from __future__ import annotations

import subprocess
import sys
import tomllib
import zipfile
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
LAYERS = ("cli", "ledger", "replay", "rules")


def test_every_folder_with_an_init_is_a_listed_package() -> None:
    config = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))
    listed = set(config["tool"]["setuptools"]["packages"])
    found = {"tablelog"} | {
        "tablelog." + ".".join(init.parent.relative_to(ROOT).parts)
        for layer in LAYERS
        for init in (ROOT / layer).glob("**/__init__.py")
    }
    assert listed == found
    mapped = config["tool"]["setuptools"]["package-dir"]
    assert {f"tablelog.{layer}": layer for layer in LAYERS}.items() <= mapped.items()


def test_the_checkout_links_each_layer_into_the_namespace() -> None:
    for layer in LAYERS:
        link = ROOT / "tablelog" / layer
        assert link.is_symlink() and link.resolve() == (ROOT / layer).resolve()


def test_the_wheel_holds_tablelog_and_no_generic_top_level_name(tmp_path: Path) -> None:
    subprocess.run(
        [sys.executable, "-m", "pip", "wheel", "--quiet", "--no-deps", "-w", str(tmp_path),
         str(ROOT)],
        check=True, capture_output=True,
    )  # fmt: skip
    (wheel,) = tmp_path.glob("tablelog-*.whl")
    names = zipfile.ZipFile(wheel).namelist()
    tops = {name.split("/")[0] for name in names if not name.split("/")[0].endswith("-info")}
    assert tops == {"tablelog"}
    for expected in (
        "tablelog/__init__.py",
        "tablelog/cli/main.py",
        "tablelog/ledger/store.py",
        "tablelog/replay/page/page.js",
        "tablelog/rules/karnoffel/__init__.py",
        "tablelog/rules/py.typed",
    ):
        assert expected in names
    entry_points = next(n for n in names if n.endswith("entry_points.txt"))
    text = zipfile.ZipFile(wheel).read(entry_points).decode()
    assert "tablelog = tablelog.cli.main:main" in text
    assert "karnoffel = tablelog.rules.karnoffel:RULES" in text
