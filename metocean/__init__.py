"""metocean package: the built-in engine (tides, sun and moon, SST) behind the metocean contract."""
import os

# numpy's OpenBLAS starts a spinning thread per core when numpy is imported: ~100 ms of CPU in a
# cold process on this 2-core machine. The engine's products stay on the calling thread anyway
# (tides/linalg.py) and its servers scale by processes, so one BLAS thread; a setting given wins.
os.environ.setdefault("OPENBLAS_NUM_THREADS", "1")
