"""core package: what answers a question (understanding, deciding, tools, words), no platform code."""
from metocean.speed import one_blas_thread  # noqa: F401  a speed measure, before numpy is imported (see there)
