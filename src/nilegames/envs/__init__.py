"""Research interfaces: PettingZoo, Gymnasium and OpenSpiel adapters for every game.

Each adapter uses only the core contract (states, observations, encoders), so a game added
later gets all three without code of its own.  They need the ``rl`` extra:
``pip install nilegames[rl]``.
"""
