"""Run a command's independent jobs (dataset shards, checkpoint files) on a Dask cluster.

The engine only replaces the local process pool: each job is the same function the pool runs,
so its result (a shard's bytes, a checkpoint's scores) does not depend on where or in which
order it ran.  :func:`cluster` connects to a running scheduler (``--address``) or starts a
local cluster of ``workers`` single-threaded processes that end with this process (closed on
exit or error; Dask's worker processes watch their parent and exit when it is killed);
:func:`run_jobs` submits the jobs and yields ``(position, result)`` as each finishes.

Dask rather than Ray: a 2-worker local cluster starts in 0.5 to 2 seconds on a 2-core machine,
it installs from pure-Python wheels, and a scheduler is one ``dask scheduler`` command or a
job-queue helper on HPC systems.  A lost worker's job
is rerun by the scheduler; a job that raises is retried once (a flaky shared disk), so a
deterministic error costs one extra attempt before it is reported.

``SHAPEWORLDICE_ENGINE_FAULT=MODE:FILE`` (tests only) makes the first job to create FILE fail
once: ``raise`` raises, ``exit`` kills the worker process mid-job.
"""
from __future__ import annotations

import logging
import os
from contextlib import contextmanager
from typing import Any, Callable, Iterator, Sequence

from .errors import UserError
from .workers import cores

#: the engines ``--engine`` accepts, and the extra that installs each
ENGINES = {"dask": "dask"}
#: how many times a job that raised is tried again (a lost worker's job is rerun by the scheduler)
RETRIES = 1
FAULT_ENV = "SHAPEWORLDICE_ENGINE_FAULT"
#: how long a scheduler given with --address has to answer before the command gives up, in one line
CONNECT_SECONDS = 20.0


def require(engine: str) -> None:
    """Refuse in one line when ``engine`` is unknown or its extra is not installed."""
    if engine not in ENGINES:
        raise UserError(f"unknown engine {engine!r}; choose from {', '.join(sorted(ENGINES))}")
    try:
        import distributed  # noqa: F401
    except ImportError:
        raise UserError(f"--engine {engine} needs the optional extra: pip install "
                        f"'shapeworldice[{ENGINES[engine]}]'") from None


@contextmanager
def cluster(engine: str, address: str | None = None, workers: int = 0) -> Iterator[Any]:
    """A Dask client: connected to the scheduler at ``address``, or to a local cluster of
    ``workers`` processes (0 = all cores) that is shut down when the block ends."""
    require(engine)
    from distributed import Client, LocalCluster

    if address is not None:
        reach(engine, address)
        try:
            client = Client(address, timeout=f"{CONNECT_SECONDS}s")
        except (OSError, TimeoutError, ValueError, TypeError) as exc:
            raise UserError(f"cannot reach the {engine} scheduler at {address}: {_first_line(exc)}") from None
        try:
            yield client
        finally:
            client.close()
        return
    local = LocalCluster(n_workers=min(workers or cores(), cores()), threads_per_worker=1, processes=True,
                         dashboard_address=None, silence_logs=logging.CRITICAL)
    try:
        client = Client(local)
        try:
            yield client
        finally:
            client.close()
    finally:
        local.close()


def _first_line(exc: BaseException) -> str:
    return (str(exc).strip().splitlines() or [type(exc).__name__])[0]


def reach(engine: str, address: str) -> None:
    """Refuse in one line, within :data:`CONNECT_SECONDS`, a scheduler that cannot be used: an
    unknown scheme, ``tls://`` without Dask's TLS settings (a ``TypeError`` deep in Dask), a
    refused connection, or a server that accepts and never answers (``Client`` waited past its own
    timeout on such a server).  The probe asks the scheduler its identity, in a thread of its own
    with a hard deadline, so a caller with a running event loop (a notebook) can use it too."""
    import asyncio
    import threading

    outcome: list[BaseException | None] = []

    async def probe() -> None:
        from distributed.comm import connect
        from distributed.security import Security

        comm = await connect(address, timeout=CONNECT_SECONDS, **Security().get_connection_args("client"))
        try:
            await comm.write({"op": "identity", "reply": True})
            await comm.read()
        finally:
            comm.abort()

    def attempt() -> None:
        try:
            asyncio.run(asyncio.wait_for(probe(), CONNECT_SECONDS))
            outcome.append(None)
        except BaseException as exc:  # handed to the caller's thread
            outcome.append(exc)

    thread = threading.Thread(target=attempt, name="shapeworldice-probe", daemon=True)
    thread.start()
    thread.join(CONNECT_SECONDS + 2)
    if not outcome or isinstance(outcome[0], (asyncio.TimeoutError, TimeoutError)):
        raise UserError(f"cannot reach the {engine} scheduler at {address}: no answer within {CONNECT_SECONDS:g} s")
    error = outcome[0]
    if isinstance(error, TypeError) and address.lower().startswith(("tls://", "wss://")):
        raise UserError(f"cannot connect to the {engine} scheduler at {address}: TLS needs Dask's TLS settings "
                        "(distributed.comm.tls.ca-file, .client.cert, .client.key) and none are set")
    if error is not None:
        raise UserError(f"cannot reach the {engine} scheduler at {address}: {_first_line(error)}")


def fault_point() -> None:
    """The test hook: fail once, as ``SHAPEWORLDICE_ENGINE_FAULT`` says, if this job is the first to claim its file."""
    spec = os.environ.get(FAULT_ENV)
    if not spec:
        return
    mode, _, path = spec.partition(":")
    try:
        os.close(os.open(path, os.O_CREAT | os.O_EXCL | os.O_WRONLY))
    except FileExistsError:
        return
    if mode == "exit":
        os._exit(1)
    raise RuntimeError(f"injected fault ({FAULT_ENV})")


def run_jobs(client: Any, function: Callable[..., Any], items: Sequence[Any], *args: Any
             ) -> Iterator[tuple[int, Any]]:
    """``function(*args, item)`` for every item as cluster jobs; yields ``(position, result)`` in
    the order they finish.  A job that still fails after its retries ends the run with its own
    error; the jobs not yet done are cancelled when the caller stops early."""
    from distributed import as_completed
    from distributed.client import FutureCancelledError
    from distributed.scheduler import KilledWorker

    futures = [client.submit(function, *args, item, pure=False, retries=RETRIES) for item in items]
    position = {future.key: n for n, future in enumerate(futures)}
    try:
        for future in as_completed(futures):
            try:
                result = future.result()
            except KilledWorker as exc:
                raise UserError(f"a job was lost with its worker too many times ({exc.args[0]}); "
                                "see the workers' logs") from None
            except FutureCancelledError:
                raise UserError("the cluster cancelled a job (its scheduler or workers went away)") from None
            yield position[future.key], result
    finally:
        client.cancel(futures)
