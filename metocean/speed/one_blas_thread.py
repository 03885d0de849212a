"""A speed measure: numpy's OpenBLAS gets one thread (unless the environment sets another number).

Imported for its effect by both packages' `__init__`, before anything imports numpy. OpenBLAS
otherwise starts a spinning thread per core at numpy's import; the engine keeps its matrix
products on the calling thread (tides/linalg.py) and its servers scale by processes. Measured
by benchmarks/speed_measures.py on the cold question of the speed table (`odbchat ask --backend
local "基隆今天潮汐"`, 8 interleaved rounds, 2 shared cores at load ~2.8): CPU 0.49 s with one
thread, 0.55 s with two; wall 0.62 s and 0.70 s. Goes when that benchmark no longer shows the
difference.
"""
import os

os.environ.setdefault("OPENBLAS_NUM_THREADS", "1")
