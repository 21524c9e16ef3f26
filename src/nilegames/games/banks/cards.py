"""The 45 water cards and 30 desert cards (a reconstruction; docs/rules/banks.md).

A water card's face shows waves at its two ends, laid along a row like a domino: the
inner end (towards the Nile) must match the outer end of what it adjoins, the Nile
itself showing a single wave; an outer end with no wave ends the row's water.  The back
of every card (water and desert) carries an event, seen only when the card is removed by
an ebb (water) or flooded (desert).
"""

from __future__ import annotations

from typing import Final, NamedTuple

NONE: Final = 0
SINGLE: Final = 1
DOUBLE: Final = 2
WAVE_KEYS = ("none", "single", "double")

#: Faces (inner, outer) and how many cards show each.  Every flood starts from a dry board
#: (the ebb takes all the water away), where only a single inner wave fits the Nile, so
#: most cards start single; a double-inner card waits on top of its stack until a
#: single-to-double card opens a channel for it, so doubles are few (a stack whose top
#: cannot be laid is stuck until then); blank ends close rows, so floods end.
FACE_COUNTS: dict[tuple[int, int], int] = {
    (SINGLE, SINGLE): 16,
    (SINGLE, DOUBLE): 8,
    (SINGLE, NONE): 10,
    (DOUBLE, DOUBLE): 3,
    (DOUBLE, SINGLE): 4,
    (DOUBLE, NONE): 4,
}
FACES = tuple(FACE_COUNTS)
NUM_FACES: Final = 6  # a literal the compiled kernel inlines
assert len(FACES) == NUM_FACES

ROT: Final = 0
DESERT: Final = 1
HIPPO: Final = 2
EVENT_KEYS = ("rot", "desert", "hippo")


class Event(NamedTuple):
    kind: int
    palms: int  # rows a rot reaches: 1 to 4 (0 for other events)
    arrow: bool  # also moves the flood circle's marker one step


def _events(rot_each: int, desert: int, hippo: int, arrows: int) -> list[Event]:
    """Rot with 1-4 palms, desert and hippopotamus backs; the first ``arrows`` of them
    (spread over the kinds) also show an arrow."""
    backs = [Event(ROT, palms, False) for palms in (1, 2, 3, 4) for _ in range(rot_each)]
    backs += [Event(DESERT, 0, False)] * desert + [Event(HIPPO, 0, False)] * hippo
    step = len(backs) // arrows
    return [
        b._replace(arrow=True) if i % step == step - 1 and i // step < arrows else b
        for i, b in enumerate(backs)
    ]


#: The backs of the water cards, and the event each (face, back) pair is dealt.
WATER_EVENTS = tuple(_events(rot_each=5, desert=15, hippo=10, arrows=9))
DESERT_EVENTS = tuple(_events(rot_each=3, desert=10, hippo=8, arrows=6))
NUM_WATER = sum(FACE_COUNTS.values())
NUM_DESERT = len(DESERT_EVENTS)
EVENTS = tuple(sorted(set(WATER_EVENTS) | set(DESERT_EVENTS)))
NUM_EVENTS: Final = 12
assert len(EVENTS) == NUM_EVENTS
EVENT_INDEX = {event: index for index, event in enumerate(EVENTS)}


def _water_cards() -> tuple[tuple[int, int], ...]:
    """Each water card as (face index, event index): backs dealt round the faces in turn."""
    faces = [face for face, count in FACE_COUNTS.items() for _ in range(count)]
    # Interleave so that every face gets a share of every kind of back.
    order = sorted(range(len(faces)), key=lambda i: (i * 7) % len(faces))
    cards = [(FACES.index(faces[i]), EVENT_INDEX[WATER_EVENTS[k]]) for k, i in enumerate(order)]
    return tuple(sorted(cards))


WATER_CARDS = _water_cards()


def water_counts() -> list[list[int]]:
    """How many water cards show each (face, event): the box before anything is seen."""
    counts = [[0] * NUM_EVENTS for _ in range(NUM_FACES)]
    for face, event in WATER_CARDS:
        counts[face][event] += 1
    return counts


def desert_counts() -> list[int]:
    counts = [0] * NUM_EVENTS
    for event in DESERT_EVENTS:
        counts[EVENT_INDEX[event]] += 1
    return counts


def event_words(event: int) -> str:
    kind, palms, arrow = EVENTS[event]
    words = {
        ROT: f"rot ({palms} palm{'s' if palms > 1 else ''})",
        DESERT: "desert",
        HIPPO: "hippopotamus",
    }[kind]
    return words + (" + arrow" if arrow else "")
