"""Matrix products that stay on the calling thread.

The engine's products are small (a few million multiply-adds). OpenBLAS hands a GEMM to
its thread pool once m*n*k exceeds 65536 * 4; on a busy 2-core machine the hand-off then
costs 10-20 ms instead of the ~0.1 ms of the work (measured: a year of Anchorage extremes
went from 5 ms to 40 ms at the median). Splitting the rows of the left operand into blocks
below that threshold keeps every call single-threaded; each output element is the same
dot product, so the result does not depend on the split.
"""
from __future__ import annotations

import numpy as np

MAX_MNK = 1 << 17  # half of OpenBLAS's single-thread limit (SMP_THRESHOLD_MIN * 4)


def matmul(a: np.ndarray, b: np.ndarray) -> np.ndarray:
    """Return a @ b for 2-D a (m, k) and b (k, n), in row blocks of at most MAX_MNK work."""
    m, k = a.shape
    n = b.shape[1]
    rows = max(1, MAX_MNK // max(1, k * n))
    if m <= rows:
        return a @ b
    out = np.empty((m, n), dtype=np.result_type(a, b))
    for i in range(0, m, rows):
        np.matmul(a[i:i + rows], b, out=out[i:i + rows])
    return out
