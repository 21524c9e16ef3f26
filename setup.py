"""Build hook: compile the hot rules kernel with mypyc when a C compiler is there.

The same typed Python runs either way; compiled, NILE's state machine runs about three
times as fast (docs/performance.md).  ``NILEGAMES_PURE_PYTHON=1`` skips the compiler, and
a failed compilation falls back to pure Python with a warning, so installing never
depends on it.
"""

from __future__ import annotations

import glob
import os
import sys

from setuptools import setup

#: The modules compiled: the core state class and each game's rules kernel.  A game's
#: state class must be compiled too, since it inherits from the compiled core class.
COMPILED = [
    "src/nilegames/core/ranking.py",
    "src/nilegames/core/state.py",
    "src/nilegames/games/artifacts/monuments.py",
    "src/nilegames/games/artifacts/phases.py",
    "src/nilegames/games/artifacts/rounds.py",
    "src/nilegames/games/artifacts/state.py",
    "src/nilegames/games/artifacts/table.py",
    "src/nilegames/games/artifacts/turns.py",
    "src/nilegames/games/banks/moves.py",
    "src/nilegames/games/banks/phases.py",
    "src/nilegames/games/banks/scoring.py",
    "src/nilegames/games/banks/state.py",
    "src/nilegames/games/banks/table.py",
    "src/nilegames/games/banks/tide.py",
    "src/nilegames/games/banks/turns.py",
    "src/nilegames/games/nile/deck.py",
    "src/nilegames/games/nile/phases.py",
    "src/nilegames/games/nile/rules.py",
    "src/nilegames/games/nile/state.py",
    "src/nilegames/games/nile/table.py",
    "src/nilegames/games/nile/turns.py",
    "src/nilegames/games/pharaohs/river.py",
    "src/nilegames/games/pharaohs/state.py",
]


def extensions() -> list[object]:
    if os.environ.get("NILEGAMES_PURE_PYTHON"):
        return []
    try:
        from mypyc.build import mypycify

        # The build environment lacks the runtime libraries (numpy, rich...): the modules
        # around the kernel are only followed for types, and their errors are not ours here.
        flags = ["--ignore-missing-imports", "--follow-imports=silent"]
        return list(mypycify([*flags, *COMPILED], opt_level="3", separate=True))
    except (Exception, SystemExit) as error:  # no compiler or mypyc: pure Python works
        print(f"nilegames: not compiling the rules kernel ({error})", file=sys.stderr)
        return []


def remove_stale_builds() -> None:
    """Delete compiled modules an earlier build left beside the sources.

    Without them Python falls back to the sources; with a stale one it would import an
    old kernel, or a compiled base class that a new pure-Python game cannot inherit from.
    """
    for source in COMPILED:
        folder, name = os.path.split(source)
        stem = name.removesuffix(".py")
        for built in glob.glob(os.path.join(folder, f"{stem}.*.so")) + glob.glob(
            os.path.join(folder, f"{stem}__mypyc.*.so")
        ):
            os.remove(built)


modules = extensions()
if not modules:
    remove_stale_builds()
setup(ext_modules=modules)
