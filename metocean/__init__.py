"""metocean package: the built-in engine (tides, sun and moon, SST) behind the metocean contract."""
from metocean.speed import one_blas_thread  # noqa: F401  a speed measure, before numpy is imported (see there)
