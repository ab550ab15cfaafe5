"""The Ray driver against a local Ray: a tiny study fanned out as Ray tasks and merged gives
byte for byte the report of one `parlour lab` run with the same seed."""

from __future__ import annotations

import os
import subprocess
from pathlib import Path

import pytest
import ray

from ray_driver import run_study

ROOT = Path(__file__).resolve().parents[2]
REPORT_FILES = [
    "report.html", "report.json", "seats.csv", "cells.csv", "metrics.csv", "skill.csv",
    "comparisons.csv", "tests.csv",
]
STUDY = [
    "troll-tricker", "--players", "3,4", "--sweep", "traditional_mat=false,true",
    "--games", "30", "--skill", "ismcts:10", "--skill-games", "6", "--seed", "5",
]


def parlour_binary() -> str:
    found = os.environ.get("PARLOUR_BIN")
    if found:
        return found
    for profile in ("release", "debug"):
        path = ROOT / "target" / profile / "parlour"
        if path.exists():
            return str(path)
    pytest.skip("no parlour binary: build it (cargo build -p parlour) or set PARLOUR_BIN")


@pytest.fixture(scope="module")
def local_ray():
    ray.init(num_cpus=2, include_dashboard=False, log_to_driver=False)
    yield
    ray.shutdown()


def test_shards_run_as_ray_tasks_merge_into_the_single_run_report(local_ray, tmp_path):
    parlour = parlour_binary()
    single = tmp_path / "single"
    subprocess.run([parlour, "lab", *STUDY, "--out", str(single)], check=True,
                   capture_output=True)
    fanned = tmp_path / "ray"
    shards = run_study(parlour, STUDY, shards=3, out=fanned)
    assert [p.name for p in shards] == [f"shard-{i}-of-3.json" for i in range(3)]
    for name in REPORT_FILES:
        assert (fanned / name).read_bytes() == (single / name).read_bytes(), name


def test_a_failing_shard_is_reported_with_its_error(local_ray, tmp_path):
    parlour = parlour_binary()
    with pytest.raises(ray.exceptions.RayTaskError, match="no-such-game"):
        run_study(parlour, ["no-such-game"], shards=2, out=tmp_path / "bad")


def test_the_driver_sets_the_shard_itself(tmp_path):
    with pytest.raises(ValueError, match="--shard"):
        run_study("parlour", [*STUDY, "--shard", "0/2"], shards=2, out=tmp_path)
