"""A viewer's words for a game's events, made once per event and kept on the state.

Every game's log speaks to its reader the same way ("You take", "Seat 2 takes"), so the
subject-and-verb helpers live here too.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

EventView = Callable[[tuple[Any, ...], int | None], dict[str, Any]]


def viewer_log(
    cache: dict[int | None, list[dict[str, Any]]],
    events: Sequence[tuple[Any, ...]],
    viewer: int | None,
    event_view: EventView,
) -> list[dict[str, Any]]:
    """The log as ``viewer`` sees it, the words of new events added to ``cache`` first.

    Events never change once logged, so rebuilding the whole log at every observation
    (what made observations cost more as a game went on) is not needed.  The list is
    fresh; its entries are shared, so a caller must not change them.
    """
    views = cache.setdefault(viewer, [])
    if len(views) < len(events):
        views.extend(event_view(event, viewer) for event in events[len(views) :])
    return views[:]


def who(seat: int, viewer: int | None) -> str:
    """The subject for ``seat`` as ``viewer`` reads it: "You" or "Seat 2"."""
    return "You" if seat == viewer else f"Seat {seat}"


def plural(n: int, noun: str, plural: str | None = None) -> str:
    """A number with its noun in the right number: "1 card", "3 cards" (or ``plural``)."""
    return f"{n} {noun if n == 1 else plural or noun + 's'}"


def does(seat: int, viewer: int | None, verb: str, plural: str | None = None) -> str:
    """Subject and verb that agree: "You take", "Seat 2 takes" ("passes", or ``plural``)."""
    if seat == viewer:
        return f"You {verb}"
    if plural is None:
        plural = verb + ("es" if verb.endswith(("sh", "ch", "s")) else "s")
    return f"Seat {seat} {plural}"


def events_since(before: dict[str, Any], after: dict[str, Any]) -> list[dict[str, Any]]:
    """The log entries a seat saw appear between two of its observations (the log only
    grows, so the later one starts with the earlier)."""
    return list(after.get("log", [])[len(before.get("log", [])) :])


#: The word that joins the last two clauses, per language.
AND = {"en": "and", "fr": "et"}


def clauses(parts: Sequence[str], limit: int = 3, lang: str = "en") -> str:
    """At most ``limit`` clauses as one phrase ("a, b and c", in French "a, b et c");
    empty if there are none."""
    parts = [p for p in dict.fromkeys(parts) if p][:limit]
    if len(parts) <= 1:
        return "".join(parts)
    return ", ".join(parts[:-1]) + f" {AND[lang]} " + parts[-1]


def winner_words(
    names: list[str],
    winners: list[int],
    first: list[int],
    second: list[int],
    what: tuple[str, str],
    fewer_second: bool = False,
) -> str:
    """Why the winners won, in a sentence: on the first count (most favour, most points),
    or, when it ties, on the second (cards kept, or ``fewer_second`` plants lost)."""
    who = " and ".join(names[s] for s in winners)
    who = who[:1].upper() + who[1:]
    top = first[winners[0]]
    level = [s for s, value in enumerate(first) if value == top]
    if len(winners) > 1:
        return f"A tie on {what[0]} and {what[1]}: {who} share the win."
    if len(level) == 1:
        return f"{who} won with the most {what[0]} ({top})."
    others = ", ".join(f"{names[s]} {second[s]}" for s in level if s not in winners)
    side = "fewer" if fewer_second else "more"
    return (
        f"{who} won on the tie-break: equal {what[0]} ({top}), {side} {what[1]}"
        f" ({second[winners[0]]} against {others})."
    )
