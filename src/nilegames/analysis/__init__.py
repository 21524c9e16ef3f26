"""Analysis at scale: many games of one configuration, their figures and a report.

- :mod:`~nilegames.analysis.runner`: play game ``i`` from a seed derived from the
  simulation's seed and ``i``, in batches, and keep what each game says;
- :mod:`~nilegames.parallel`: where batches run (this process, local worker
  processes, Ray tasks);
- :mod:`~nilegames.analysis.metrics`: confidence intervals and tests of differences;
- :mod:`~nilegames.analysis.summary`: the figures of a simulation, and of two side by side;
- :mod:`~nilegames.analysis.report`: the JSON, the PNG plots and the HTML page.

``nilegames simulate`` is the command-line face of it (docs/scaling.md).
"""

from nilegames.analysis.runner import (
    GameRecord,
    Simulation,
    SimulationSpec,
    check_simulation,
    play_batch,
    simulate,
)
from nilegames.parallel import BACKENDS, BackendError, run_batches

__all__ = [
    "BACKENDS",
    "BackendError",
    "GameRecord",
    "Simulation",
    "SimulationSpec",
    "check_simulation",
    "play_batch",
    "run_batches",
    "simulate",
]
