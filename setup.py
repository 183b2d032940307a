"""The optional compiled build: ``MAJIANG_COMPILE=1 pip install .`` (or ``make fast``, which
compiles in place) compiles the core modules listed in ``COMPILED`` with mypyc; without the
variable this is an ordinary pure-Python package (pyproject.toml holds everything else)."""

from __future__ import annotations

import os

from setuptools import setup

#: the core modules mypyc compiles (docs/engine.md, "Speed", says which and why); not
#: actions.py and events.py: their frozen dataclasses inherit a ``ClassVar`` with a default
#: from their base, which the compiled class turns into a field ("non-default argument
#: follows default argument" at import); not state.py: ``GameState.copy`` makes its successor
#: by copying ``__dict__``, which a compiled class has not
COMPILED = [
    "src/majiang/tiles.py",
    "src/majiang/melds.py",
    "src/majiang/hand.py",
    "src/majiang/decompose.py",
    "src/majiang/shanten.py",
    "src/majiang/readiness.py",
    "src/majiang/view.py",
    "src/majiang/wall.py",
    "src/majiang/engine/common.py",
    "src/majiang/engine/legal.py",
    "src/majiang/engine/claims.py",
    "src/majiang/engine/turn.py",
    "src/majiang/engine/draws.py",
    "src/majiang/engine/deal.py",
    "src/majiang/engine/hand_end.py",
    "src/majiang/engine/wins.py",
    "src/majiang/engine/play.py",
]

ext_modules = []
if os.environ.get("MAJIANG_COMPILE") == "1":
    try:
        from mypyc.build import mypycify
    except ImportError as exc:
        raise SystemExit(
            "MAJIANG_COMPILE=1 needs mypy (with mypyc) where the package is built: install mypy "
            "and run pip install --no-build-isolation . (or make fast)"
        ) from exc

    ext_modules = mypycify(COMPILED, opt_level=os.environ.get("MAJIANG_OPT", "3"))

setup(ext_modules=ext_modules)
