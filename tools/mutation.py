"""Mutation testing of the core: ``make mutation`` runs this (see docs/testing.md).

Runs mutmut (configured under ``[tool.mutmut]`` in pyproject.toml) on the modules given, reads its
results, and compares the surviving mutants with the equivalent mutants listed in
``tools/mutation-equivalents.toml``. A mutant is matched by a key that does not depend on
mutmut's numbering: its module, its function and the text of the line before and after the
mutation. Exits 0 when every survivor is listed, 1 when a survivor is not (and prints it with its
diff), 2 when mutmut could not give a verdict on some mutant.

    python tools/mutation.py src/majiang/engine/legal.py src/majiang/engine/claims.py
"""

from __future__ import annotations

import argparse
import os
import shutil
import subprocess
import sys
import time
import tomllib
from dataclasses import dataclass
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
EQUIVALENTS = ROOT / "tools" / "mutation-equivalents.toml"
LOG = ROOT / "mutants" / "mutation-run.log"
MUTMUT = Path(sys.executable).parent / "mutmut"

#: mutmut's verdicts (``mutmut results``) and what each means here
KILLED = {"killed", "timeout", "caught by type check"}
UNKILLED = {"survived", "no tests"}


@dataclass(frozen=True)
class Key:
    """What identifies a mutant across runs and edits elsewhere in the file."""

    module: str
    function: str
    line: str
    mutant: str


def module_of(path: str) -> str:
    """``src/majiang/engine/legal.py`` -> ``majiang.engine.legal``."""
    relative = Path(path).resolve().relative_to(ROOT / "src")
    parts = relative.with_suffix("").parts
    if parts[-1] == "__init__":
        parts = parts[:-1]
    return ".".join(parts)


def function_of(mutant_name: str) -> tuple[str, str]:
    """Split ``majiang.engine.legal.x_can_ron__mutmut_7`` into module and ``can_ron``.

    Methods are named ``xǁClassǁmethod``; they come back as ``Class.method``.
    """
    mangled = mutant_name.partition("__mutmut_")[0]
    module, _, name = mangled.rpartition(".")
    if name.startswith("xǁ"):
        _, cls, method = name.split("ǁ")
        return module, f"{cls}.{method}"
    return module, name.removeprefix("x_")


def changed_lines(diff: str) -> tuple[str, str]:
    """The removed and the added lines of a unified diff, each stripped, joined by a space."""
    removed, added = [], []
    for line in diff.splitlines():
        if line.startswith(("---", "+++")):
            continue
        if line.startswith("-"):
            removed.append(line[1:].strip())
        elif line.startswith("+"):
            added.append(line[1:].strip())
    return " ".join(removed), " ".join(added)


def mutmut_env() -> dict[str, str]:
    """The environment for mutmut: no PYTHONPATH to the unmutated src (mutmut puts mutants/src
    first), and tools/mutation_order.py loaded into each pytest run."""
    env = dict(os.environ)
    env["PYTHONPATH"] = str(ROOT / "tools")
    env["PYTEST_ADDOPTS"] = f"{env.get('PYTEST_ADDOPTS', '')} -p mutation_order".strip()
    return env


def mutmut(*args: str) -> str:
    done = subprocess.run(
        [str(MUTMUT), *args], cwd=ROOT, env=mutmut_env(), capture_output=True, text=True, check=True
    )
    return done.stdout


def load_equivalents() -> dict[Key, str]:
    data = tomllib.loads(EQUIVALENTS.read_text(encoding="utf-8"))
    listed: dict[Key, str] = {}
    for entry in data.get("equivalent", []):
        key = Key(entry["module"], entry["function"], entry["line"], entry["mutant"])
        if not entry.get("reason", "").strip():
            raise SystemExit(f"{EQUIVALENTS.name}: no reason given for {key}")
        listed[key] = entry["reason"]
    return listed


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("modules", nargs="+", help="source files under src/majiang")
    parser.add_argument("--jobs", type=int, default=2, help="mutants tested at once (default 2)")
    parser.add_argument(
        "--no-run", action="store_true", help="only compare the last run's results with the list"
    )
    args = parser.parse_args()

    modules = [module_of(path) for path in args.modules]
    listed = load_equivalents()
    # module-level functions are named x_..., methods xǁClassǁ...; "module.x*" therefore takes
    # a package's own functions and not its submodules'
    patterns = [f"{module}.x*" for module in modules]

    started = time.monotonic()
    if not args.no_run and run_mutmut(patterns, args.jobs) != 0:
        print(f"mutmut run failed; see {LOG}")
        return 2
    minutes = (time.monotonic() - started) / 60
    return report(modules, listed, minutes)


def run_mutmut(patterns: list[str], jobs: int) -> int:
    LOG.parent.mkdir(exist_ok=True)
    # mutmut copies tests/, docs/ and examples/ over its old copies; a file deleted since would linger
    for copy in ("tests", "docs", "examples"):
        shutil.rmtree(ROOT / "mutants" / copy, ignore_errors=True)
    print(f"mutmut run {' '.join(patterns)} (log: {LOG.relative_to(ROOT)})", flush=True)
    with LOG.open("w", encoding="utf-8") as log:
        run = subprocess.run(
            [str(MUTMUT), "run", "--max-children", str(jobs), *patterns],
            cwd=ROOT,
            env=mutmut_env(),
            stdout=log,
            stderr=subprocess.STDOUT,
        )
    return run.returncode


def report(modules: list[str], listed: dict[Key, str], minutes: float) -> int:
    """Print the survivors not listed and the counts; return the exit status."""
    status_by_name: dict[str, str] = {}
    for line in mutmut("results", "--all", "true").splitlines():
        name, _, status = line.strip().rpartition(": ")
        if name and function_of(name)[0] in modules:
            status_by_name[name] = status

    counts = {"killed": 0, "survived": 0, "equivalent": 0, "no verdict": 0}
    unlisted: list[tuple[str, str]] = []
    matched: set[Key] = set()
    unsure: list[str] = []
    for name, status in sorted(status_by_name.items()):
        if status in KILLED:
            counts["killed"] += 1
            continue
        if status not in UNKILLED:
            counts["no verdict"] += 1
            unsure.append(f"{name}: {status}")
            continue
        diff = mutmut("show", name)
        module, function = function_of(name)
        key = Key(module, function, *changed_lines(diff))
        if key in listed:
            counts["equivalent"] += 1
            matched.add(key)
        else:
            counts["survived"] += 1
            unlisted.append((f"{name} ({status})", diff))

    for name, diff in unlisted:
        print(f"\nSURVIVED {name}\n{diff.rstrip()}")
    for line in unsure:
        print(f"NO VERDICT {line}")
    for key in sorted(set(listed) - matched, key=lambda k: (k.module, k.function, k.line)):
        if key.module in modules:
            print(
                f"note: listed equivalent not seen as a survivor (killed now, or the line changed): {key}"
            )

    total = sum(counts.values())
    print(
        f"\n{total} mutants in {minutes:.1f} min: {counts['killed']} killed, "
        f"{counts['equivalent']} listed as equivalent, {counts['survived']} survived unlisted"
        + (f", {counts['no verdict']} without a verdict" if counts["no verdict"] else "")
    )
    if unsure:
        return 2
    return 1 if unlisted else 0


if __name__ == "__main__":
    sys.exit(main())
