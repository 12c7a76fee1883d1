"""The text of ``spades bench room``: a line for the engine, one for opening, and for each step its rate, the
end-to-end and server-side latencies, the CPU (the servers' per action, in ms and in engine hands, each server
process's, the clients'), and how busy the machine was; then the profile's categories when there is one."""

from __future__ import annotations

import math
from typing import Any

from ._room_profile import CATEGORIES, RATE


def profile_figures(step: dict[str, Any], path: str) -> dict[str, Any]:
    """The profiled step's samples by category, per action, as a share and in engine hands per action."""
    samples = {category: 0 for category in CATEGORIES}
    for counts in step.get("profile_samples", {}).values():
        for category, n in counts.items():
            samples[category] += n
    total = sum(samples.values())
    actions = step["server_actions"]
    categories = {
        category: {"samples": n, "share": n / total if total else math.nan,
                   "samples_per_action": n / actions if actions else math.nan,
                   "cpu_ms_per_action": n / total * step["server_cpu_ms_per_action"] if total else math.nan,
                   "engine_hands_per_action": n / total * step["engine_hands_per_action"] if total else math.nan,
                   "engine_cpu_hands_per_action": n / total * step.get("engine_cpu_hands_per_action", math.nan)
                   if total else math.nan}
        for category, n in samples.items()}
    files = [path] if len(step.get("profile_samples", {})) <= 1 else [
        f"{path}.{k}" for k in sorted(step["profile_samples"], key=int)]
    return {"files": files, "samples": total, "actions": actions, "rate": RATE, "categories": categories,
            "other_frames": step.get("profile_other_frames", []), "errors": step.get("profile_errors", {})}


def _ms(value: float) -> str:
    return "-" if math.isnan(value) else f"{value:.1f} ms"


def _cpu_hands(step: dict[str, Any]) -> str:
    """The CPU an action in engine hands of the loop's CPU time, when the run measured it."""
    hands = step.get("engine_cpu_hands_per_action")
    return "" if hands is None or math.isnan(hands) else f" ({hands:.1f} in the engine's hands a CPU second)"


def _step_lines(step: dict[str, Any], title: str) -> list[str]:
    clients = step["client_cpu_percent"]
    processes = step["server_processes"]
    each = ""
    if len(processes) > 1:
        each = "; server processes " + ", ".join(
            f"{p['process']}: {p['cpu_percent']:.0f}% ({p['connections']} connections, {p['actions']} actions)"
            for p in processes)
    total = f" = {step['client_cpu_percent_total']:g}%" if len(clients) > 1 else ""
    highest = step["server_max_ms"]
    server_max = "-" if math.isnan(highest) else "over the highest bound" if math.isinf(highest) else \
        f"<= {highest:.1f} ms"
    return [
        f"  {title}think {step['think_min']:g}-{step['think_max']:g} s: {step['actions_per_second']:.1f} actions/s "
        f"({step['actions']} in {step['seconds']:.1f} s), {step['engine_share']:.2%} of the engine's hands a second",
        f"    end to end (action sent to every seat's update): p50 {_ms(step['p50_ms'])}, p99 {_ms(step['p99_ms'])}, "
        f"max {_ms(step['max_ms'])}",
        f"    server side (frame read to last update written): p50 {_ms(step['server_p50_ms'])}, "
        f"p99 {_ms(step['server_p99_ms'])}, max {server_max} ({step['server_actions']} actions)",
        f"    server CPU {step['server_cpu_ms_per_action']:.2f} ms an action = "
        f"{step['engine_hands_per_action']:.1f} engine hands{_cpu_hands(step)}, "
        f"{step['server_cpu_percent']:.0f}% of one core "
        f"(busiest threads {', '.join(f'{x:g}%' for x in step['server_busiest_threads_percent'])}){each}; "
        f"clients {' + '.join(f'{x:g}%' for x in clients)}{total}, their loops late by at most "
        f"{step['client_loop_lag_max_ms']:.0f} ms",
        f"    machine {step['machine_cpu_percent']:.0f}% busy, load {step['load_before']:.2f} -> "
        f"{step['load_after']:.2f}; errors {step['errors']}"
        + (f" (the first: {'; '.join(step['error_samples'][:2])})" if step.get("error_samples") else ""),
    ]


def _profile_lines(profile: dict[str, Any]) -> list[str]:
    lines = [f"  profile of step 1 ({', '.join(profile['files'])}): {profile['samples']} samples at "
             f"{profile['rate']} a second, {profile['actions']} actions; by the innermost frame's category:"]
    for category, figures in profile["categories"].items():
        if math.isnan(figures["share"]):
            continue
        cpu_hands = figures.get("engine_cpu_hands_per_action", math.nan)
        lines.append(f"    {category:<22} {figures['share']:>6.1%}  {figures['samples_per_action']:6.3f} samples, "
                     f"{figures['cpu_ms_per_action']:6.3f} ms of CPU = {figures['engine_hands_per_action']:6.2f} "
                     "engine hands an action" + ("" if math.isnan(cpu_hands) else f" ({cpu_hands:.2f} in the "
                                                 "engine's hands a CPU second)"))
    for k, error in profile["errors"].items():
        lines.append(f"    py-spy could not sample server process {k}: {error}")
    if profile["other_frames"]:
        lines.append("    the most frequent innermost frames of event loop and other: " + "; ".join(
            f"{frame} {n}" for frame, n in profile["other_frames"][:3]))
    return lines


def report(result: dict[str, Any], limit: float) -> str:
    machine, engine = result["machine"], result["engine"]
    servers = result["server_processes"]
    lines = [
        f"bench room: {result['tables']} tables, {result['connections']} websocket clients in "
        f"{result['client_processes']} process(es), {servers} server process{'es' if servers > 1 else ''} "
        f"({result.get('server', 'uvicorn')}), "
        f"{result['database']}, {result['mode']}, seats speaking {','.join(result.get('languages', ['en']))}",
        f"  engine: {engine['hands_per_second']:,.0f} hands/s (before {engine['before']:,.0f}, after "
        f"{engine['after']:,.0f}; {engine['seconds']:g} s each in the bench's process, the rest of the machine "
        f"{engine['others_cpu_percent_before']:.0f}% and {engine['others_cpu_percent_after']:.0f}% busy)"
        + (f"; {engine['hands_per_cpu_second']:,.0f} hands a CPU second" if "hands_per_cpu_second" in engine else ""),
        f"  opening: tables open and playing after {result['setup_seconds']:.1f} s ({result['open_seconds']:.1f} s "
        f"for the tables, {result['tables_per_second']:.1f} tables/s; the server started in "
        f"{result['server_start_seconds']:.1f} s)",
    ]
    if servers > 1:
        lines[-1] += "; connections by server process " + ", ".join(
            f"{k}: {n}" for k, n in result["connections_by_process"].items())
    for number, step in enumerate(result["steps"], 1):
        lines += _step_lines(step, f"step {number}: " if result["mode"] == "ramp" else "")
    lines.append(f"  server peak memory (RSS): {result['server_peak_rss_mb']:.0f} MB")
    if result["mode"] == "ramp":
        crossed, server_crossed = result["crossed_step"], result["server_crossed_step"]
        if crossed is None:
            lines.append(f"  p99 stayed under {limit * 1000:.0f} ms at every step")
        else:
            step = result["steps"][crossed]
            lines.append(f"  p99 passed {limit * 1000:.0f} ms at step {crossed + 1}: "
                         f"{step['actions_per_second']:.1f} actions/s ({step['engine_share']:.2%} of the engine's "
                         f"hands a second), p99 {step['p99_ms']:.1f} ms")
        lines.append(f"  server-side p99 {'stayed under' if server_crossed is None else 'passed'} "
                     f"{limit * 1000:.0f} ms" + ("" if server_crossed is None else f" at step {server_crossed + 1}"))
    if "profile" in result:
        lines += _profile_lines(result["profile"])
    lines.append(f"  machine: {machine['nproc']} cpus, {machine['arch']}, {machine['memory_gb']} GB, "
                 f"Python {machine['python']}")
    return "\n".join(lines)
