"""What one finished game of AN DEN UFERN DES NILS says, for simulations
(``nilegames simulate banks``).

Every figure is read from the event log (``state.events``), the full truth of the game:
the reconstruction's balance (how long games last, how often water and rot strike, which
actions players use) is checked over many games with these.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from nilegames.games.banks.cards import DESERT, EVENTS, HIPPO

if TYPE_CHECKING:
    from nilegames.games.banks.state import BanksState

#: Events that count one use of an action (the actions phase), by figure name.
ACTION_EVENTS = {
    "plant": "sown",
    "grow": "grown",
    "harvest": "harvested",
    "buy_seed": "seeds_bought",
    "buy_other_seed": "other_seeds_bought",
    "buy_joker": "jokers_bought",
    "joker": "jokers_used",
    "heal": "plants_healed",
}


def final_scores(state: BanksState) -> list[float]:
    """Each seat's points on the score track at the end."""
    return [float(score) for score in state.scores]


def statistics(state: BanksState) -> dict[str, float]:
    """The game's figures by name (see :meth:`nilegames.core.Game.statistics`).

    - ``rounds``: rounds played; ``ended_blocked``: 1 if it ended blocked (edition 1:
      six rounds without progress) or deadlocked (edition 2: no row can fill again);
      ``ended_round_limit``: 1 if the safety limit ended it;
    - ``tide_idle``: share of the rounds whose tide laid and removed no water card (the
      first player's tops fit nowhere and the board was dry);
    - ``plants_flooded``: plants sent to the boat by water (opening and floods);
      ``plants_to_desert``: plants sent there by spreading desert;
    - ``rot_events``: rot cards that struck the market; ``plants_spoiled``: spoil marks
      they put on market plants; ``desert_events`` (desert cards turned up, whether or
      not the desert found room to spread; ``deserts_spread``: those that did),
      ``hippo_events``, ``arrows``: the other
      events of water and desert backs;
    - ``rows_scored``: market rows that filled and scored;
    - ``plants_lost``: plants taken out of the game from the boat, all seats;
    - one count per action used (``sown``, ``grown``, ``harvested``, ``seeds_bought``,
      ``jokers_bought``, ``jokers_used``; with the variants, ``other_seeds_bought`` and
      ``plants_healed``), so a simulation shows every action is used.
    """
    figures: dict[str, float] = dict.fromkeys(ACTION_EVENTS.values(), 0.0)
    flooded = to_desert = rots = spoiled = deserts = hippos = arrows = rows = spread = 0
    rounds_with_tide = 0
    reason = ""
    tide_moved = False
    rounds_seen = False  # the set-up's desert cards come before the first round
    for event in state.events:
        kind = event[0]
        if kind == "round":  # the opening's water cards are not a tide
            rounds_seen = True
            rounds_with_tide += tide_moved and event[1] > 1
            tide_moved = False
        elif kind in ("water", "ebb"):
            tide_moved = True
        if kind in ACTION_EVENTS:
            figures[ACTION_EVENTS[kind]] += 1
        elif kind == "washed":
            if event[4] == "flood":
                flooded += 1
            else:
                to_desert += 1
        elif kind == "rot_row":
            rots += 1
        elif kind == "rot":
            spoiled += 1
        elif kind in ("water_back", "desert_back"):
            card_kind = EVENTS[int(event[2])][0]
            deserts += card_kind == DESERT
            hippos += card_kind == HIPPO
        elif kind == "desert" and rounds_seen:
            spread += 1
        elif kind == "arrow":
            arrows += 1
        elif kind == "row_scored":
            rows += 1
        elif kind == "game_over":
            reason = str(event[1])
    if not state.game.options["seed_trade"]:
        del figures["other_seeds_bought"]
    if not state.game.options["joker_heal"]:
        del figures["plants_healed"]
    figures.update(
        rounds=float(state.round),
        tide_idle=1.0 - (rounds_with_tide + tide_moved) / state.round if state.round else 0.0,
        ended_round_limit=float(reason == "round limit"),
        ended_blocked=float(reason in ("blocked", "deadlock")),
        plants_flooded=float(flooded),
        plants_to_desert=float(to_desert),
        rot_events=float(rots),
        plants_spoiled=float(spoiled),
        desert_events=float(deserts),
        deserts_spread=float(spread),
        hippo_events=float(hippos),
        arrows=float(arrows),
        rows_scored=float(rows),
        plants_lost=float(sum(state.lost)),
    )
    return figures
