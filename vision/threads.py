"""How many threads numpy's BLAS may start: one, decided by the program before numpy is first
imported (``python -m kiosk`` and ``python -m vision`` call :func:`one_blas_thread` first)."""

import os

BLAS_THREAD_VARIABLES = ("OPENBLAS_NUM_THREADS", "OMP_NUM_THREADS", "MKL_NUM_THREADS")


def one_blas_thread() -> None:
    """One BLAS (and OpenMP) thread unless the environment already says otherwise.

    NOTE: numpy's OpenBLAS starts a thread per core for every small matrix product; with the
    camera, the screen and other work on the same cores those threads wait on each other, and a
    card read took ten times the CPU (13.7 s instead of 1.5 s on a busy 2-core machine). Once
    numpy is imported the setting no longer takes effect.
    """
    for name in BLAS_THREAD_VARIABLES:
        os.environ.setdefault(name, "1")
