"""Work spread over a Ray cluster (the ``cluster`` extra): ``run_on_ray`` calls a function on
every job as one Ray task each and returns the results in the order of the jobs, as a local
loop over the jobs would. ``majiang arena --ray`` and ``majiang simulate --ray`` use it.

``address`` is ``auto`` (the cluster this machine belongs to: ``RAY_ADDRESS`` or a head started
here with ``ray start --head``) or a head's ``HOST:PORT``; a process already connected to Ray
(``ray.init`` called) uses that connection. Every node must run the same majiang: a worker
imports the function from its own installation.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any, TypeVar

from majiang.errors import MajiangError

__all__ = ["run_on_ray"]

Job = TypeVar("Job")
Result = TypeVar("Result")


def run_on_ray(
    address: str, function: Callable[[Job], Result], jobs: Sequence[Job]
) -> list[Result]:
    """Return ``[function(job) for job in jobs]``, each call a Ray task on the cluster."""
    try:
        import ray
    except ImportError as exc:
        raise MajiangError(
            "--ray needs Ray: pip install 'majiang[cluster]' (the cluster extra)", field="ray"
        ) from exc
    if not ray.is_initialized():
        ray.init(address=address, log_to_driver=False)
    remote: Any = ray.remote(function)
    return list(ray.get([remote.remote(job) for job in jobs]))
