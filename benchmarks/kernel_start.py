"""What a kernel start costs, started normally or forked from the zygote (lessons/app/kernels.py):
``python benchmarks/kernel_start.py [--starts 10] [--burst 30] [--rounds 3] [--preheat N]``.

Measures, for normal and forked starts:
- kernels started one after another through jupyter_server's kernel manager, as Voilà starts
  them: from asking for a kernel to its first execute reply (median and p95), the kernel's CPU
  seconds until then and once lesson 4's code has run, the manager's own CPU per start, and each
  kernel's memory (USS, PSS) with ``--alive`` kernels holding lesson 4 at once; for the zygote,
  its CPU to get ready and its memory before and after all the forks (it must not grow);
- the course app under a burst: the Voilà server of ``lessons/serve.py`` with and without
  ``kernel_manager_arguments()``, one page opened to warm it up, then ``--burst`` learners opening
  lesson 4 at once: the time until every page is served, p50/p95 per page, widget views per page
  (2 when all of the page rendered), the CPU of the server and of the kernels meanwhile, and the
  kernels' memory after.
``--preheat N`` adds bursts against Voilà's own pool of N preheated kernels for lesson 4 (filled
with normal and with forked kernels), for comparison. Each burst is run ``--rounds`` times on a
fresh server, alternating the kinds; the figures are medians over the rounds. Other work on the
machine inflates the times (not the CPU seconds): run it on an otherwise idle machine.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import socket
import statistics
import subprocess
import sys
import tempfile
import threading
import time
import urllib.request
from dataclasses import dataclass
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

import psutil  # noqa: E402
from jupyter_server.services.kernels.kernelmanager import AsyncMappingKernelManager  # noqa: E402

from lessons.app.kernels import ZYGOTE  # noqa: E402

LESSON = "06_following_and_overtaking.ipynb"
LESSON_CODE = "\n".join("".join(cell["source"]) for cell in json.loads((ROOT / "lessons" / LESSON).read_text())["cells"]
                        if cell["cell_type"] == "code")
MANAGERS = {"normal": "jupyter_server.services.kernels.kernelmanager.ServerKernelManager",
            "forked": "lessons.app.kernels.ZygoteKernelManager"}
WIDGET_VIEW = "application/vnd.jupyter.widget-view+json"
SERVER = """
import sys
from lessons import serve
from lessons.app.kernels import kernel_manager_arguments

port, kind, pool = sys.argv[1], sys.argv[2], int(sys.argv[3])
zygote_arguments = kernel_manager_arguments()
plain_arguments, plain_config = serve.voila_arguments, serve.voila_config

def arguments(*args, **kwargs):
    chosen = [argument for argument in plain_arguments(*args, **kwargs) if argument not in zygote_arguments]
    if kind == "forked":
        chosen += zygote_arguments
    if pool:
        chosen.append("--preheat_kernel=True")
    return chosen

def config(*args, **kwargs):
    chosen = plain_config(*args, **kwargs)
    chosen.VoilaKernelManager.kernel_pools_config = {sys.argv[4]: {"pool_size": pool}, "default": {"pool_size": 0}}
    return chosen

serve.voila_arguments, serve.voila_config = arguments, config
serve.main(["--port", port])
"""
"""The course app as ``lessons/serve.py --port PORT`` starts it, with or without the zygote's
arguments, and with a preheated pool for the lesson if asked."""


def percentile(values: list[float], q: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, round(q * (len(ordered) - 1)))]


def cpu_seconds(process: psutil.Process) -> float:
    try:
        times = process.cpu_times()
    except psutil.NoSuchProcess:
        return 0.0
    return float(times.user + times.system)


def memory_mib(process: psutil.Process) -> tuple[float, float]:
    """USS and PSS in MiB: what the process alone holds, and its fair share of what it shares."""
    info = process.memory_full_info()
    return info.uss / 2**20, info.pss / 2**20


@dataclass
class Start:
    latency: float
    kernel_cpu: float
    manager_cpu: float


async def start_and_reply(km: AsyncMappingKernelManager) -> tuple[str, Start]:
    """Start a kernel as Voilà does and wait for its first execute reply."""
    cpu, began = time.process_time(), time.monotonic()
    kernel_id = await km.start_kernel(kernel_name="python3", path="lessons", env=dict(os.environ))
    client = km.get_kernel(kernel_id).client()
    client.start_channels()
    await client.wait_for_ready(timeout=60)
    await client.execute_interactive("1", timeout=60, output_hook=lambda message: None)
    latency, manager_cpu = time.monotonic() - began, time.process_time() - cpu
    client.stop_channels()
    kernel = psutil.Process(km.get_kernel(kernel_id).provisioner.pid)
    return kernel_id, Start(latency, cpu_seconds(kernel), manager_cpu)


async def run_lesson(km: AsyncMappingKernelManager, kernel_id: str) -> None:
    client = km.get_kernel(kernel_id).client()
    client.start_channels()
    await client.wait_for_ready(timeout=60)
    reply = await client.execute_interactive(LESSON_CODE, timeout=60, output_hook=lambda message: None)
    client.stop_channels()
    assert reply["content"]["status"] == "ok", reply["content"]


async def sequential_starts(kind: str, starts: int, alive: int) -> dict[str, Any]:
    km = AsyncMappingKernelManager(kernel_manager_class=MANAGERS[kind], root_dir=str(ROOT))
    figures: dict[str, Any] = {}
    try:
        first, _ = await start_and_reply(km)  # the forked kind's first start also starts the zygote
        if kind == "forked":
            assert ZYGOTE.pid is not None
            zygote = psutil.Process(ZYGOTE.pid)
            figures["zygote_ready_cpu"] = cpu_seconds(zygote)
            figures["zygote_before"] = memory_mib(zygote)
        await km.shutdown_kernel(first)
        measured: list[Start] = []
        for _ in range(starts):
            kernel_id, start = await start_and_reply(km)
            measured.append(start)
            await km.shutdown_kernel(kernel_id)
        lesson_cpu, memory = [], []
        for _ in range(alive):
            kernel_id, _ = await start_and_reply(km)
            await run_lesson(km, kernel_id)
            lesson_cpu.append(cpu_seconds(psutil.Process(km.get_kernel(kernel_id).provisioner.pid)))
        for kernel_id in km.list_kernel_ids():
            memory.append(memory_mib(psutil.Process(km.get_kernel(kernel_id).provisioner.pid)))
        if kind == "forked":
            figures["zygote_after"] = memory_mib(zygote)
        latencies = [start.latency for start in measured]
        figures.update(
            latency_median=statistics.median(latencies), latency_p95=percentile(latencies, 0.95),
            kernel_cpu=statistics.median(start.kernel_cpu for start in measured),
            manager_cpu=statistics.median(start.manager_cpu for start in measured),
            lesson_cpu=statistics.median(lesson_cpu),
            uss=statistics.median(uss for uss, _ in memory), pss=statistics.median(pss for _, pss in memory))
    finally:
        await km.shutdown_all(now=True)
    return figures


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return int(probe.getsockname()[1])


PAGE_TIMEOUT = 180.0
"""Seconds a page may take before the learner gives up (Voilà keeps a slow page's connection alive)."""


def get(url: str, timeout: float = PAGE_TIMEOUT) -> str:
    deadline = time.monotonic() + timeout
    with urllib.request.urlopen(url, timeout=timeout) as response:
        chunks = []
        while chunk := response.read1(1 << 16):
            chunks.append(chunk)
            if time.monotonic() > deadline:
                raise TimeoutError(f"{url} took over {timeout:.0f} s")
        return b"".join(chunks).decode()


def wait_for(url: str, timeout: float = 90) -> None:
    deadline = time.monotonic() + timeout
    while True:
        try:
            get(url)
            return
        except OSError:
            if time.monotonic() > deadline:
                raise
            time.sleep(0.3)


def tree_cpu(process: psutil.Process) -> float:
    """CPU seconds of a process and of its live descendants."""
    return cpu_seconds(process) + sum(cpu_seconds(child) for child in process.children(recursive=True))


def settle(process: psutil.Process, timeout: float = 600) -> None:
    """Wait until a server and its kernels have stopped using the CPU: warmed up, pool filled."""
    deadline, last = time.monotonic() + timeout, tree_cpu(process)
    while time.monotonic() < deadline:
        time.sleep(1)
        now = tree_cpu(process)
        if now - last < 0.05:
            return
        last = now


def burst(kind: str, learners: int, pool: int = 0) -> dict[str, Any]:
    """One fresh server, one warm-up page, then ``learners`` GETs of the lesson at once."""
    port = free_port()
    log = tempfile.NamedTemporaryFile("w+", prefix=f"kernel_start_{kind}_", suffix=".log", delete=False)  # noqa: SIM115
    server = subprocess.Popen([sys.executable, "-c", SERVER, str(port), kind, str(pool), LESSON], cwd=ROOT,
                              stdout=log, stderr=subprocess.STDOUT)
    url = f"http://127.0.0.1:{port}/voila/render/{LESSON}"
    failed = True
    try:
        process = psutil.Process(server.pid)
        wait_for(f"http://127.0.0.1:{port}/")  # the start page: its kernel starts the zygote
        settle(process)  # a preheated pool fills in the background
        warm_up_cpu = tree_cpu(process)
        get(url)
        settle(process)
        before = {child.pid: cpu_seconds(child) for child in process.children(recursive=True)}
        server_cpu = cpu_seconds(process)
        times: list[float] = [PAGE_TIMEOUT] * learners
        widgets: list[int] = [-1] * learners  # -1: no page (an error, or it took too long)

        def learner(index: int) -> None:
            began = time.monotonic()
            try:
                page = get(url)
            except OSError:  # TimeoutError, HTTPError, a refused connection
                return
            times[index], widgets[index] = time.monotonic() - began, page.count(WIDGET_VIEW)

        began = time.monotonic()
        threads = [threading.Thread(target=learner, args=(index,)) for index in range(learners)]
        for thread in threads:
            thread.start()
        for thread in threads:
            thread.join()
        all_served = time.monotonic() - began
        server_cpu = cpu_seconds(process) - server_cpu
        descendants = process.children(recursive=True)
        kernels_cpu = sum(cpu_seconds(child) - before.get(child.pid, 0.0) for child in descendants)
        memory = [memory_mib(child) for child in descendants if child.pid not in before] or [(0.0, 0.0)]
        failed = min(widgets) < 0 or len(set(widgets)) > 1
        return {"warm_up_cpu": warm_up_cpu, "all_served": all_served,
                "p50": statistics.median(times), "p95": percentile(times, 0.95),
                "widgets": sorted(set(widgets)), "server_cpu": server_cpu, "kernels_cpu": kernels_cpu,
                "uss": statistics.median(uss for uss, _ in memory),
                "pss": statistics.median(pss for _, pss in memory)}
    finally:
        server.terminate()
        try:
            server.wait(timeout=60)
        except subprocess.TimeoutExpired:
            server.kill()
            server.wait()
        log.close()
        if failed:  # keep what the server said about the pages that failed
            print(f"  some pages failed; the server's log is {log.name}")
        else:
            os.unlink(log.name)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--starts", type=int, default=10, help="kernels started one after another, per kind")
    parser.add_argument("--alive", type=int, default=5, help="kernels holding lesson 4 at once, for memory")
    parser.add_argument("--burst", type=int, default=30, help="learners opening lesson 4 at once")
    parser.add_argument("--rounds", type=int, default=3, help="bursts per kind, on a fresh server each")
    parser.add_argument("--preheat", type=int, default=0, help="also burst Voilà's pool of N preheated kernels")
    parser.add_argument("--skip-starts", action="store_true", help="only the bursts")
    args = parser.parse_args()
    sys.stdout.reconfigure(line_buffering=True)  # type: ignore[union-attr]  # each figure as it comes

    if not args.skip_starts:
        print(f"Kernel starts one after another ({args.starts} each; memory with {args.alive} kernels "
              "holding lesson 4):")
        for kind in MANAGERS:
            f = asyncio.run(sequential_starts(kind, args.starts, args.alive))
            print(f"  {kind:6}  start to first reply median {f['latency_median']:.2f} s, p95 {f['latency_p95']:.2f} s;"
                  f" kernel CPU {f['kernel_cpu']:.2f} s to first reply, {f['lesson_cpu']:.2f} s with lesson 4;"
                  f" manager CPU {f['manager_cpu']:.2f} s; per kernel USS {f['uss']:.1f} MiB, PSS {f['pss']:.1f} MiB")
            if kind == "forked":
                print(f"          zygote: {f['zygote_ready_cpu']:.2f} s CPU to get ready; USS/PSS "
                      f"{f['zygote_before'][0]:.1f}/{f['zygote_before'][1]:.1f} MiB before the forks, "
                      f"{f['zygote_after'][0]:.1f}/{f['zygote_after'][1]:.1f} MiB after")

    pools = [0, args.preheat] if args.preheat else [0]
    kinds = [(kind, pool) for pool in pools for kind in MANAGERS]
    results: dict[tuple[str, int], list[dict[str, Any]]] = {kind: [] for kind in kinds}
    for round_number in range(1, args.rounds + 1):
        for kind, pool in kinds:
            result = burst(kind, args.burst, pool)
            results[(kind, pool)].append(result)
            print(f"  round {round_number}, {kind}{f' with a pool of {pool}' if pool else ''}: all served "
                  f"{result['all_served']:.1f} s, widget views per page {result['widgets']}")
    print(f"{args.burst} learners opening {LESSON} at once (median of {args.rounds} rounds):")
    for (kind, pool), rounds in results.items():
        def median(key: str, rounds: list[dict[str, Any]] = rounds) -> float:
            return float(statistics.median(r[key] for r in rounds))
        widgets = sorted({count for r in rounds for count in r["widgets"]})
        label = f"{kind}, pool of {pool}" if pool else kind
        print(f"  {label:22} CPU from the server's start until it is idle (start page, pool): "
              f"{median('warm_up_cpu'):.1f} s")
        print(f"  {label:22} all served {median('all_served'):.1f} s, p50 {median('p50'):.1f} s, "
              f"p95 {median('p95'):.1f} s; widget views per page {widgets}; CPU server {median('server_cpu'):.1f} s, "
              f"kernels {median('kernels_cpu'):.1f} s; per new kernel USS {median('uss'):.1f} MiB, "
              f"PSS {median('pss'):.1f} MiB")


if __name__ == "__main__":
    main()
