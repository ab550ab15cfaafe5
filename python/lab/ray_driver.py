"""Run a `parlour lab` study on a Ray cluster: one Ray task per shard, then one merge.

Each task runs `parlour lab ... --shard i/n` on whichever node Ray gives it, in a temporary
folder there, and hands the shard file back through Ray's object store, so the nodes need no
shared disk: only the `parlour` binary, at the same path on every node. The driver writes the
shards into `OUT/shards/` and runs `parlour lab merge`, which checks they belong to one study
and writes the same report as one run of the whole study on one machine.

    python ray_driver.py --shards 32 --out lab-tt -- troll-tricker --players 3..7 --games 200000

Everything after `--` is passed to `parlour lab` as it is (leave out --shard, --out and
--threads). Without --address the driver joins the cluster named by RAY_ADDRESS, or starts a
local Ray on this machine.
"""

from __future__ import annotations

import argparse
import os
import subprocess
import sys
import tempfile
from pathlib import Path
from typing import Sequence

import ray


@ray.remote
def run_shard(parlour: str, lab_args: Sequence[str], index: int, count: int, threads: int) -> bytes:
    """Plays shard `index` of `count` and returns the shard file's bytes."""
    with tempfile.TemporaryDirectory(prefix="parlour-lab-shard-") as tmp:
        cmd = [
            parlour, "lab", *lab_args,
            "--shard", f"{index}/{count}",
            "--threads", str(threads),
            "--out", tmp,
        ]
        done = subprocess.run(cmd, capture_output=True, text=True)
        if done.returncode != 0:
            raise RuntimeError(
                f"shard {index}/{count} failed ({' '.join(cmd)}):\n{done.stderr.strip()}"
            )
        return (Path(tmp) / f"shard-{index}-of-{count}.json").read_bytes()


def run_study(
    parlour: str,
    lab_args: Sequence[str],
    shards: int,
    out: Path,
    threads: int = 1,
    address: str | None = None,
) -> list[Path]:
    """Fans the study out as `shards` Ray tasks, writes the shard files into `out/shards` and
    merges them into the report in `out`. Returns the shard files' paths."""
    if shards < 1:
        raise ValueError("--shards must be at least 1")
    for flag in ("--shard", "--out", "--threads"):
        if flag in lab_args:
            raise ValueError(f"leave {flag} out of the study's arguments: the driver sets it")
    if not ray.is_initialized():
        ray.init(address=address, log_to_driver=False)
    task = run_shard.options(num_cpus=threads)
    refs = [task.remote(parlour, list(lab_args), i, shards, threads) for i in range(shards)]
    shard_dir = out / "shards"
    shard_dir.mkdir(parents=True, exist_ok=True)
    paths = []
    for i, ref in enumerate(refs):
        path = shard_dir / f"shard-{i}-of-{shards}.json"
        path.write_bytes(ray.get(ref))
        paths.append(path)
        print(f"shard {i + 1}/{shards} done", file=sys.stderr)
    merge = [parlour, "lab", "merge", *map(str, paths), "--out", str(out)]
    subprocess.run(merge, check=True)
    return paths


def main(argv: Sequence[str] | None = None) -> int:
    argv = list(sys.argv[1:] if argv is None else argv)
    study: list[str] = []
    if "--" in argv:
        cut = argv.index("--")
        argv, study = argv[:cut], argv[cut + 1:]
    parser = argparse.ArgumentParser(
        description="Run a parlour lab study as Ray tasks, one per shard, then merge.",
        epilog="Arguments after -- go to `parlour lab` (the game first).",
    )
    parser.add_argument("--shards", type=int, required=True, help="how many slices (Ray tasks)")
    parser.add_argument("--out", type=Path, required=True, help="folder for the report")
    parser.add_argument("--parlour", default=os.environ.get("PARLOUR_BIN", "parlour"),
                        help="the parlour binary, at this path on every node (default: parlour)")
    parser.add_argument("--threads", type=int, default=1,
                        help="threads (and Ray CPUs) per task (default: 1)")
    parser.add_argument("--address", default=None,
                        help="Ray cluster address (default: RAY_ADDRESS, else a local Ray)")
    args = parser.parse_args(argv)
    if not study:
        parser.error("name the study after --, e.g. -- troll-tricker --players 3..7")
    run_study(args.parlour, study, args.shards, args.out, args.threads, args.address)
    return 0


if __name__ == "__main__":
    sys.exit(main())
