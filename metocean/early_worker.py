"""One forecast worker forked first thing, so the engine loads while the question is understood.

A one-question process (`odbchat ask --backend local`) spends ~0.45 s understanding the question
(imports, patterns, the gazetteer) and ~0.3 s loading the engine (numpy, Skyfield, the stations)
and computing. With two cores these overlap: `start()` forks a worker before anything heavy is
imported, the worker loads and warms the engine meanwhile, and the first `LocalEngine` adopts it
(`adopt()`), so the asking process never imports numpy for a tide answer. A long-running process
does not use this: it warms its engine once (`LocalEngine.warm`, `start_workers`).
"""
from __future__ import annotations

import logging
import multiprocessing
import os
import signal
from concurrent.futures import ProcessPoolExecutor

_started: ProcessPoolExecutor | None = None


def _warm() -> None:
    signal.signal(signal.SIGINT, signal.SIG_IGN)   # Ctrl-C is for the asking process, which stops us
    # Forked before the asking process set up its logs: nothing goes to the user's terminal from
    # here; a failure reaches the asking process as the call's exception, and it logs that.
    logging.getLogger().addHandler(logging.NullHandler())
    from metocean.forecast import warm

    warm()


def start() -> bool:
    """Fork the worker now (call it before any thread starts); return True when one was started.

    On one core there is nothing to overlap, so nothing is started."""
    global _started
    if _started is None and len(os.sched_getaffinity(0)) > 1:
        _started = ProcessPoolExecutor(1, mp_context=multiprocessing.get_context("fork"), initializer=_warm)
        _started.submit(int)   # forks the worker and returns at once; its warm-up runs meanwhile
    return _started is not None


def adopt() -> ProcessPoolExecutor | None:
    """Return the started worker to its first taker (the engine), then None."""
    global _started
    pool, _started = _started, None
    return pool


def stop() -> None:
    """Stop a worker no engine took (the question needed no forecast) at once, warm-up or not."""
    pool = adopt()
    if pool is None:
        return
    # No public way to stop a busy worker before Python 3.14's terminate_workers(); it holds no state.
    for process in list(getattr(pool, "_processes", {}).values()):
        process.kill()
    pool.shutdown(wait=True, cancel_futures=True)
