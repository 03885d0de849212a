"""core package: what answers a question (understanding, deciding, tools, words), no platform code."""
import os

# One BLAS thread, set before numpy is imported (charts, SST boxes): see metocean/__init__.py.
os.environ.setdefault("OPENBLAS_NUM_THREADS", "1")
