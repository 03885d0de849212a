"""A speed measure: numpy's OpenBLAS gets one thread (unless the environment sets another number).

Imported for its effect by both packages' `__init__`, before anything imports numpy. OpenBLAS
otherwise starts a spinning thread per core at numpy's import; the engine keeps its matrix
products on the calling thread (tides/linalg.py) and its servers scale by processes. Measured
with the cold question of the speed table (`odbchat ask --backend local "基隆今天潮汐"`, 5 runs
each, 2 cores): CPU 0.60 s with one thread, 0.64 s with two, wall time alike (0.43 s, 0.41 s).
Goes when a figure of benchmarks/speed_table.py no longer shows the difference.
"""
import os

os.environ.setdefault("OPENBLAS_NUM_THREADS", "1")
