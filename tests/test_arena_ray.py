"""The arena and simulate on Ray (issue 35): ``majiang arena --ray`` and ``majiang simulate --ray``
on a local Ray cluster of two CPUs that the test starts give the same JSON as the local runs
for the same seed, timings apart."""

from __future__ import annotations

import json
from collections.abc import Iterator
from typing import Any

import pytest

from majiang.bots.arena import run_arena
from majiang.cli import main

ray = pytest.importorskip("ray")

#: the figures that measure time, not play
TIMINGS = ("seconds", "decisions_per_second")


def _without_timings(report: dict[str, Any]) -> dict[str, Any]:
    out = {k: v for k, v in report.items() if k not in TIMINGS}
    out["levels"] = [{k: v for k, v in row.items() if k not in TIMINGS} for row in out["levels"]]
    return out


@pytest.fixture(scope="module")
def local_ray() -> Iterator[None]:
    ray.init(address="local", num_cpus=2, include_dashboard=False, log_to_driver=False)
    try:
        yield
    finally:
        ray.shutdown()


def test_arena_on_ray_gives_the_local_json(
    local_ray: None, capsys: pytest.CaptureFixture[str]
) -> None:
    bots = ["beginner", "random", "tsumogiri", "random"]
    local = run_arena("riichi", bots, deals=4, seed=31, workers=1, warm=False).to_dict()
    args = ["arena", "--bots", ",".join(bots), "--games", "4", "--seed", "31", "--json"]
    code = main([*args, "--ray", "auto"])
    assert code == 0
    on_ray = json.loads(capsys.readouterr().out)
    assert local["hands"] == 16 and [r["level"] for r in local["levels"]] == [
        "beginner",
        "random",
        "tsumogiri",
    ]
    assert _without_timings(on_ray) == _without_timings(local)
    other_seed = run_arena("riichi", bots, deals=4, seed=32, ray="auto", warm=False).to_dict()
    assert _without_timings(other_seed) != _without_timings(local)  # the comparison can fail


def test_simulate_on_ray_gives_the_local_statistics(
    local_ray: None, capsys: pytest.CaptureFixture[str]
) -> None:
    args = ["simulate", "--variant", "hk", "--games", "3", "--seed", "7", "--length", "one_hand"]
    args += ["--bots", "beginner,random,eager,random", "--json"]
    assert main(args) == 0
    local = json.loads(capsys.readouterr().out)
    assert main([*args, "--ray", "auto"]) == 0
    on_ray = json.loads(capsys.readouterr().out)
    assert local["games"] == 3 and local["hands"] == 3
    timings = ("seconds", "hands_per_second")
    assert {k: v for k, v in on_ray.items() if k not in timings} == {
        k: v for k, v in local.items() if k not in timings
    }
