"""Batched engines in JAX (``pip install 'nilegames[jax]'``): see docs/jax.md.

The reference engines in :mod:`nilegames.games` stay the definition of each game; the
engines here replay them move for move on fixed-shape arrays, so that thousands of games
run in lockstep under ``jax.jit`` and ``jax.vmap``.
"""

from __future__ import annotations

try:
    import jax  # noqa: F401
except ImportError as error:  # pragma: no cover - the message is the point
    raise ImportError(
        "nilegames.jax needs JAX: install the extra with pip install 'nilegames[jax]'"
    ) from error
