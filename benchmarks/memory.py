"""Memory figures shared by the benchmark scripts."""
from __future__ import annotations

import resource
from pathlib import Path


def rss_mb() -> float:
    """Return the process's current resident set size in MB (from /proc; the peak where /proc is absent)."""
    try:
        for line in Path("/proc/self/status").read_text().splitlines():
            if line.startswith("VmRSS:"):
                return int(line.split()[1]) / 1024
    except OSError:
        pass
    return resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024
