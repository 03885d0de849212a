"""Speed measures, one trick a module, each with the benchmark of a user-visible path that
justifies it (`benchmarks/speed_measures.py` prints every figure with and without):

- `one_blas_thread`: numpy's OpenBLAS gets one thread (set before numpy is imported);
- `heap_thresholds`: glibc's malloc thresholds fixed when the tide stations load, so a long
  span's temporaries are reused (the speed table's tide year).

A measure goes when its benchmark no longer shows the difference. Gone so far: the forecast
worker a one-question process forked first thing (`odbchat ask --backend local`), which the first
engine adopted. On the cold question of the speed table (2 shared cores, load ~2, 8 interleaved
rounds) it cost more than it saved: wall 1.08 s with it, 0.56 s without; CPU 0.67 s vs 0.48 s;
peak memory 57 MB vs 77 MB (neaps: 148 MB).
"""
