"""The arena's tasks on a Ray cluster (``spades arena --ray``): an optional extra, ``pip install 'spades[ray]'``.

Each task (a block of deals, or one seed's games) runs as one Ray task of one CPU, and the outcomes are put back
in task order, so a match with a thinking budget in sampled deals reports exactly what local processes report.
That holds only if the workers run this process's code: they are started with this process's ``spades`` first on
their ``PYTHONPATH`` (which reaches every worker of a local Ray, and a cluster whose nodes see the same files),
and every task compares a fingerprint of the ``spades`` sources it runs with this process's, so a node with
other code fails the match rather than measure something else.
"""

from __future__ import annotations

import functools
import hashlib
import logging
import os
import socket
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Any, TypeVar

from .arena import ArenaError
from .errors import SpadesError
from .language import _

__all__ = ["INSTALL", "run_on_ray", "source_fingerprint"]

INSTALL = "pip install 'spades[ray]'"
T = TypeVar("T")
PACKAGE = Path(__file__).resolve().parent


@functools.cache
def source_fingerprint() -> str:
    """A hash of every Python source of the ``spades`` package this process imported."""
    digest = hashlib.blake2b(digest_size=16)
    for path in sorted(PACKAGE.rglob("*.py")):
        digest.update(path.relative_to(PACKAGE).as_posix().encode() + b"\0")
        digest.update(path.read_bytes())
    return digest.hexdigest()


def _checked(fingerprint: str, fn: Callable[..., T], args: tuple[Any, ...]) -> T:
    """Run one task in a Ray worker, after checking that the worker runs the same ``spades`` as the driver."""
    if source_fingerprint() != fingerprint:
        raise ArenaError(_("a Ray worker runs other spades code ({package}) than this process: install this version "
                           "on every node of the cluster", package=PACKAGE))
    return fn(*args)


def _connect(ray: Any, address: str, cpus: int) -> None:
    """Join the cluster at ``address``; ``auto``: the Ray running on this machine, or a new one of ``cpus`` CPUs."""
    paths = [str(PACKAGE.parent), *filter(None, os.environ.get("PYTHONPATH", "").split(os.pathsep))]
    options: dict[str, Any] = {
        "runtime_env": {"env_vars": {"PYTHONPATH": os.pathsep.join(dict.fromkeys(paths))}},
        "logging_level": logging.ERROR,
        "log_to_driver": False,
    }
    if address == "auto":
        try:
            ray.init(address="auto", **options)
            return
        except ConnectionError:
            pass  # no Ray on this machine: start one for the match
        ray.init(num_cpus=cpus, include_dashboard=False, **options)
        return
    _check_reachable(address)
    try:
        ray.init(address=address, **options)
    except Exception as error:  # Ray raises several kinds; each is said in one line
        first = str(error).strip().splitlines()[0] if str(error).strip() else type(error).__name__
        raise ArenaError(_("--ray {address}: cannot join that Ray cluster: {reason}", address=address,
                           reason=first)) from None


def _check_reachable(address: str, timeout: float = 5.0) -> None:
    """Refuse at once an address where nothing answers: Ray itself would retry for minutes, logging as it goes."""
    host, _colon, port = address.removeprefix("ray://").rpartition(":")
    if not host or not port.isdigit():
        return  # no port to try: Ray says what it makes of the address
    try:
        socket.create_connection((host.strip("[]"), int(port)), timeout=timeout).close()
    except OSError as error:
        raise ArenaError(_("--ray {address}: nothing answers there ({reason})", address=address,
                           reason=error.strerror or error)) from None


def run_on_ray(address: str, tasks: Sequence[tuple[Callable[..., T], tuple[Any, ...]]], *, cpus: int = 1,
               done: Callable[[], object] = lambda: None) -> list[T]:
    """The tasks' results in task order, each run as a Ray task on the cluster at ``address`` (``auto``: see
    :func:`_connect`); ``done()`` is called as each finishes. Ray is shut down (this process leaves the
    cluster, and a Ray started for the match stops) before this returns."""
    try:
        import ray
    except ImportError:
        raise ArenaError(_("--ray needs Ray, an optional extra: {install}", install=INSTALL)) from None
    _connect(ray, address, cpus)
    try:
        remote: Any = ray.remote(num_cpus=1)(_checked)
        fingerprint = source_fingerprint()
        refs = [remote.remote(fingerprint, fn, args) for fn, args in tasks]
        order = {ref: i for i, ref in enumerate(refs)}
        results: list[Any] = [None] * len(refs)
        pending = list(refs)
        while pending:
            finished, pending = ray.wait(pending, num_returns=1)
            for ref in finished:
                try:
                    results[order[ref]] = ray.get(ref)
                except ray.exceptions.RayTaskError as error:
                    if isinstance(error.cause, SpadesError):
                        raise error.cause from None
                    raise
                done()
        return results
    finally:
        ray.shutdown()
