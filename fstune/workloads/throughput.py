"""throughput — the tiobench-style test, done with fio.

Four phases in the order tiobench ran them, each waiting for the one before (stonewall):
sequential write, random write, sequential read, random read; N threads, 4 KiB blocks, direct
I/O so the page cache does not flatter the reads, fsync at the end of the writes. All phases
share the same files, so the reads read what the writes wrote. fio writes its JSON report to a
result file; the live status line goes to the terminal.
"""

from __future__ import annotations

from fstune.steps import MEASURE, Step
from fstune.workloads.base import Param, Workload, WorkloadContext, cold_cache_steps

MiB = 1024 * 1024
PHASES = (("seqwrite", "write"), ("randwrite", "randwrite"), ("seqread", "read"), ("randread", "randread"))


class Throughput(Workload):
    name = "throughput"
    title = "Throughput (fio, tiobench-style)"
    description = (
        "Sequential and random writes and reads of 4 KiB blocks from several threads at once. "
        "This is mostly data, little metadata, so an external journal is expected to change "
        "little here; it is the control that shows tuning did not cost bulk throughput."
    )
    measures = "MB/s, CPU %, average and maximum latency per phase"
    tools = ("fio",)
    params = {
        "threads": Param("threads", "int", 4, "parallel jobs (the seed used 32)", 1, 256),
        "block_size": Param("block_size", "choice", "4k", "I/O size", choices=("4k", "8k", "16k", "64k", "1m")),
        "size": Param("size", "size", "auto", "total bytes of test files (auto: a quarter of the partition, at most 1 GiB)", 16 * MiB),
        "runtime": Param("runtime", "int", 30, "seconds each phase may take at most", 1, 3600),
    }

    def file_size_per_thread(self, ctx: WorkloadContext, params: dict) -> int:
        total = params["size"]
        if total == "auto":
            total = min(ctx.target_size // 4, 1024 * MiB)
        per_thread = max(total // params["threads"], 4 * MiB)
        return per_thread // MiB * MiB

    def repeat_steps(self, ctx: WorkloadContext, repeat: int) -> list[Step]:
        params = self.resolve(ctx.params)
        per_thread = self.file_size_per_thread(ctx, params)
        result = f"{ctx.workdir}/throughput-{repeat}.json"
        argv = [
            "fio", "--output-format=json", f"--output={result}", "--eta=always",
            f"--directory={ctx.mountpoint}", "--filename_format=fstune-fio.$jobnum",
            "--ioengine=psync", "--direct=1", f"--bs={params['block_size']}",
            f"--numjobs={params['threads']}", f"--size={per_thread // MiB}m",
            f"--runtime={params['runtime']}", "--group_reporting", "--end_fsync=1",
        ]
        for index, (phase, rw) in enumerate(PHASES):
            argv += [f"--name={phase}", f"--rw={rw}"]
            if index:
                argv.append("--stonewall")
        return [
            *cold_cache_steps(ctx, "the fio run", repeat, self.name),
            Step(tuple(argv), title=f"fio: write, rewrite at random, read, read at random (repeat {repeat})",
                 why="measures bulk data throughput and latency the way tiobench did",
                 kind=MEASURE, config=ctx.config, workload=self.name, phase="fio", repeat=repeat,
                 result_file=result),
            Step(("rm", "-f", *(f"{ctx.mountpoint}/fstune-fio.{job}" for job in range(params["threads"]))),
                 title="Remove fio's test files", kind="cleanup-files",
                 why="each repeat starts from an empty filesystem",
                 config=ctx.config, workload=self.name, repeat=repeat),
        ]


THROUGHPUT = Throughput()
