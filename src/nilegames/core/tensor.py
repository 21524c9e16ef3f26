"""Fixed-shape float32 encodings of observations, described piece by piece.

Learning code wants a flat vector; people reading it want to know which number means what.
A :class:`TensorLayout` names each piece of the vector (its size and meaning) and a
:class:`ObservationEncoder` fills one from an observation dict, so an encoder can only ever
show what ``observation(player)`` already holds.
"""

from __future__ import annotations

from abc import ABC, abstractmethod
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass

import numpy as np
import numpy.typing as npt

from nilegames.core.types import Observation

Tensor = npt.NDArray[np.float32]


@dataclass(frozen=True)
class TensorPiece:
    """A named slice of an encoding: ``size`` floats that mean ``meaning``."""

    name: str
    size: int
    meaning: str


class TensorLayout:
    """The ordered pieces of an encoding, with each one's offset in the flat vector."""

    def __init__(self, pieces: Iterable[TensorPiece]) -> None:
        self.pieces = tuple(pieces)
        self.offsets: dict[str, int] = {}
        offset = 0
        for piece in self.pieces:
            if piece.name in self.offsets:
                raise ValueError(f"two tensor pieces are called {piece.name!r}")
            if piece.size <= 0:
                raise ValueError(f"tensor piece {piece.name!r} has size {piece.size}")
            self.offsets[piece.name] = offset
            offset += piece.size
        self.size = offset
        #: ``(start, stop)`` of every piece, by name.
        self.bounds = {
            p.name: (self.offsets[p.name], self.offsets[p.name] + p.size) for p in self.pieces
        }

    def new(self) -> TensorWriter:
        """A zeroed vector of this layout, to be filled piece by piece."""
        return TensorWriter(self)

    def span(self, name: str) -> slice:
        """Where piece ``name`` lies in the flat vector."""
        return slice(*self.bounds[name])

    def describe(self) -> list[dict[str, object]]:
        """The layout as plain data: name, offset, size and meaning of every piece."""
        return [
            {
                "name": p.name,
                "offset": self.offsets[p.name],
                "size": p.size,
                "meaning": p.meaning,
            }
            for p in self.pieces
        ]

    def markdown(self) -> str:
        """The layout as a Markdown table (used to write and check docs/interfaces.md)."""
        rows = ["| piece | offset | size | meaning |", "|---|---|---|---|"]
        rows += [
            f"| `{p.name}` | {self.offsets[p.name]} | {p.size} | {p.meaning} |" for p in self.pieces
        ]
        return "\n".join(rows)


class TensorWriter:
    """Fills one vector of a layout by piece name, refusing writes past a piece's end.

    It writes into a plain list (cheaper per write than a numpy array) and makes the
    float32 array once, in :meth:`array`.
    """

    __slots__ = ("bounds", "values")

    def __init__(self, layout: TensorLayout) -> None:
        self.bounds = layout.bounds
        self.values: list[float] = [0.0] * layout.size

    def set(self, name: str, values: Sequence[float], start: int = 0) -> None:
        """Write ``values`` into piece ``name`` from its ``start``-th float on."""
        first, stop = self.bounds[name]
        begin = first + start
        end = begin + len(values)
        if start < 0 or end > stop:
            raise ValueError(f"{len(values)} values from {start} overflow piece {name!r}")
        self.values[begin:end] = values

    def put(self, name: str, index: int, value: float = 1.0) -> None:
        """Write one float of piece ``name`` (a one-hot bit by default)."""
        first, stop = self.bounds[name]
        if not 0 <= index < stop - first:
            raise ValueError(f"index {index} is outside piece {name!r}")
        self.values[first + index] = value

    def array(self) -> Tensor:
        """The finished vector, float32."""
        return np.array(self.values, dtype=np.float32)


class ObservationEncoder(ABC):
    """Turns ``observation(player)`` dicts of one game into vectors of one layout."""

    layout: TensorLayout

    @property
    def shape(self) -> tuple[int]:
        return (self.layout.size,)

    @abstractmethod
    def encode(self, observation: Observation) -> Tensor:
        """The vector of ``observation``: float32, of shape :attr:`shape`."""


class PieceEncoder(ObservationEncoder):
    """An encoder that writes named pieces of a :class:`TensorLayout`: a game's encoders
    say only how an observation fills them (:meth:`_fill`)."""

    def __init__(self, pieces: Sequence[TensorPiece]) -> None:
        self.layout = TensorLayout(pieces)

    def encode(self, observation: Observation) -> Tensor:
        writer = self.layout.new()
        self._fill(writer, observation)
        return writer.array()

    @abstractmethod
    def _fill(self, w: TensorWriter, obs: Observation) -> None:
        """Write ``obs`` into the zeroed vector ``w``."""


def relative_seats(players: int, viewer: int | None) -> Callable[[int], int]:
    """Seat number -> position counted from the viewer (seat order for a spectator).

    Encoders put the viewer's own pieces first, so one network serves every seat.
    """
    first = viewer or 0
    return lambda seat: (seat - first) % players
