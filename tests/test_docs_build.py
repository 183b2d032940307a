"""The documentation site builds with warnings as errors (``mkdocs build --strict``, as
``make docs`` runs it): every page's links and anchors resolve and every docstring of the API
reference renders. The JSON Schemas are published with it. A page with a broken link fails."""

from __future__ import annotations

import shutil
import subprocess
import sys
from pathlib import Path

import yaml

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "tools"))

from griffe_doctests import fence_doctests  # noqa: E402


def build(config: Path, site: Path) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "mkdocs", "build", "--strict", "-f", str(config), "-d", str(site)],
        cwd=ROOT,
        capture_output=True,
        text=True,
        timeout=300,
    )


def test_the_site_builds_strict(tmp_path: Path) -> None:
    done = build(ROOT / "mkdocs.yml", tmp_path / "site")
    assert done.returncode == 0, done.stderr
    scoring = (tmp_path / "site" / "api" / "scoring" / "index.html").read_text()
    assert 'id="majiang.scoring.score"' in scoring
    assert "language-pycon" in scoring  # the docstrings' examples are fenced as code
    for name in ("score-request", "score-result", "score-error", "record"):
        assert (tmp_path / "site" / "schemas" / f"{name}.schema.json").is_file()


def test_a_broken_link_fails_the_build(tmp_path: Path) -> None:
    docs = tmp_path / "docs"
    shutil.copytree(ROOT / "docs", docs)
    (docs / "index.md").write_text("# majiang\n\nSee [the missing page](missing.md).\n")
    config = yaml.safe_load((ROOT / "mkdocs.yml").read_text())
    config["docs_dir"] = str(docs)
    written = tmp_path / "mkdocs.yml"
    written.write_text(yaml.safe_dump(config))
    done = build(written, tmp_path / "site")
    assert done.returncode != 0
    assert "missing.md" in done.stderr


def test_doctests_are_fenced_and_prose_is_kept() -> None:
    text = "Return x.\n\n>>> f([1])\n[1]\n>>> g()\n\nMore [words](here)."
    assert fence_doctests(text).splitlines() == [
        "Return x.",
        "",
        "```pycon",
        ">>> f([1])",
        "[1]",
        ">>> g()",
        "```",
        "",
        "More [words](here).",
    ]
