"""What one finished game of NILE says, for simulations (``nilegames simulate nile``).

Every figure is read from the event log (``state.events``), the full truth of the game,
so it costs nothing while the game is played.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from nilegames.games.nile import actions as act
from nilegames.games.nile.cards import SPECULATION_PAYOUT

if TYPE_CHECKING:
    from nilegames.games.nile.state import NileState


def final_scores(state: NileState) -> list[float]:
    """Each seat's score: its smallest crop pile, what the ranking compares first."""
    return [float(min(stock)) for stock in state.stocks]


def statistics(state: NileState) -> dict[str, float]:
    """The game's figures by name (see :meth:`nilegames.core.Game.statistics`).

    - ``locust_strikes``: plagues of locusts resolved (each destroys the largest fields;
      the locust goes back into every new deck, so it strikes about once a deck);
      ``locust_cards_destroyed``: cards of the fields it destroyed; ``locust_twice``: 1 if
      it destroyed fields of the same seat in two or more strikes;
    - ``speculations``: floods turned on someone's speculation cards; ``speculation_success``:
      the share of those that matched a crop (present only in games with a speculation);
      ``speculation_cards``: cards those matches drew;
    - ``overtakes``: fields taken over by another seat planting more cards of their crop;
    - ``market_trades`` and ``offerings``: the two trades, two cards for one card or for a
      new flood;
    - ``decks``: decks played through (the game ends when the last one runs out).
    """
    strikes = destroyed = speculations = matched = cards = overtakes = market = offering = 0
    decks = 1
    hits = [0] * state.n  # strikes that destroyed a field of each seat
    for event in state.events:
        kind = event[0]
        if kind == "locust":
            strikes += 1
            destroyed += sum(size for _, _, size in event[1])
            for seat in {owner for _, owner, _ in event[1]}:
                hits[seat] += 1
        elif kind == "payout":
            speculations += 1
            if event[2]:
                matched += 1
                cards += SPECULATION_PAYOUT * event[2]
        elif kind == "planted":
            overtakes += sum(1 for outcome in event[2] if outcome[0] == "overtake")
        elif kind == "trade":
            if event[2] == act.MARKET:
                market += 1
            else:
                offering += 1
        elif kind == "reshuffle":
            decks = event[1]
    figures = {
        "locust_strikes": float(strikes),
        "locust_twice": float(max(hits) >= 2),
        "locust_cards_destroyed": float(destroyed),
        "speculations": float(speculations),
        "speculation_cards": float(cards),
        "overtakes": float(overtakes),
        "market_trades": float(market),
        "offerings": float(offering),
        "decks": float(decks),
    }
    if speculations:
        figures["speculation_success"] = matched / speculations
    return figures
