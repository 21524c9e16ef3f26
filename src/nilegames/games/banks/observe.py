"""What a seat sees of an AN DEN UFERN DES NILS game (all of the table), and the words for it.

The seed keeps the backs of the water cards from everyone, and the cards under each
stack's top; those are drawn only when they are seen (see state.py), so every seat sees
the whole table: the fields, the market, the boat, the stacks' top faces, jokers, scores.
"""

from __future__ import annotations

from functools import cache
from typing import TYPE_CHECKING, Any

from nilegames.core import CHANCE, Observation
from nilegames.core.log import does, plural, viewer_log, who
from nilegames.games.banks.actions import (
    BID,
    BOAT,
    BUY_JOKER,
    BUY_SEED,
    DESERT_ROW,
    END_ACTIONS,
    GROW,
    HARVEST,
    HEAL,
    MAX_ROW_SPACES,
    PLACE_WATER,
    PLANT,
    REMOVE_WATER,
    ROT_PLANT,
    ROT_ROW,
    SETUP_DESERT,
    USE_JOKER,
)
from nilegames.games.banks.board import (
    CIRCLE_KEYS,
    CROP_KEYS,
    FIELDS,
    MARKET_SIZES,
    NUM_CROPS,
    NUM_MARKET_ROWS,
    NUM_ROWS,
    PALMS,
    ROW_LENGTHS,
    ROWS,
)
from nilegames.games.banks.cards import EVENT_KEYS, EVENTS, FACES, WAVE_KEYS, event_words
from nilegames.games.banks.state import (
    ACTION_POINTS,
    BLOCKED_ROUNDS,
    DESERT_BACK,
    FIRST,
    HIPPO_AUCTION,
    OPEN_PLANTS,
    OVER,
    PHASE_NAMES,
    TOP_FACE,
    WATER_BACK,
)

if TYPE_CHECKING:
    from nilegames.games.banks.state import BanksState

CONDITION_KEYS = ("ripe", "spoiled", "rotten")
GROUND_KEYS = ("empty", "water", "desert")
GAME_OVER_REASONS = {
    "obelisk": "a score marker reached the obelisk",
    "blocked": f"the game was blocked: {BLOCKED_ROUNDS} rounds without a harvest, a point"
    " or a lost plant",
    "round limit": "the round limit was reached",
    "deadlock": "no market row could ever fill again, so the scores were final",
}


def row_name(row: int) -> str:
    """A field row as people read the board: bank and length, e.g. "north 4-row"."""
    bank = "north" if row < NUM_ROWS // 2 else "south"
    return f"{bank} {ROW_LENGTHS[row % len(ROW_LENGTHS)]}-row"


def field_name(field: int, palms: tuple[int, ...] = PALMS[1]) -> str:
    """A field as people read the board, with its palms under the game's edition."""
    f, n = FIELDS[field], palms[field]
    return f"{row_name(f.row)} field {f.position + 1} ({n} palm{'s' if n > 1 else ''})"


def market_name(m: int) -> str:
    return f"market row {m + 1} ({MARKET_SIZES[m]} spaces)"


def face_data(face: int) -> dict[str, str] | None:
    if face < 0:
        return None
    inner, outer = FACES[face]
    return {"inner": WAVE_KEYS[inner], "outer": WAVE_KEYS[outer]}


def a_crop(crop: int) -> str:
    """The crop's name with its article: 'a flax', 'an onion'."""
    name = CROP_KEYS[crop]
    name = name.removesuffix("s") if name == "grapes" else name  # "a grape", not "a grapes"
    return ("an " if name[0] in "aeiou" else "a ") + name


@cache
def layout(edition: int = 1) -> dict[str, Any]:
    """The board's fixed data: rows of fields with their palms, market row sizes."""
    return {
        "rows": [
            {
                "row": row,
                "bank": "north" if row < NUM_ROWS // 2 else "south",
                "fields": [{"field": f, "palms": PALMS[edition][f]} for f in ROWS[row]],
            }
            for row in range(NUM_ROWS)
        ],
        "market_sizes": list(MARKET_SIZES),
        "crops": list(CROP_KEYS),
    }


def build_observation(state: BanksState, viewer: int | None) -> Observation:
    """The view of ``viewer`` (a seat, or None for a spectator), as JSON-ready data."""
    obs: Observation = {
        "game": "banks",
        "players": state.n,
        "seat": viewer,
        "round": state.round,
        # rounds in a row with no harvest, no point and no lost plant; in edition 1 the game
        # is blocked when they reach blocked_at (edition 2 has no such count: None)
        "quiet_rounds": state.quiet_rounds,
        "blocked_at": BLOCKED_ROUNDS if state.game.rules == 1 else None,
        "phase": PHASE_NAMES[state.phase],
        # In the opening's plant step, whether the plant laid now is a ripe one or a seed.
        "opening": (
            ("ripe" if state.opening_step % 2 == 0 else "seed")
            if state.phase == OPEN_PLANTS
            else None
        ),
        "current_player": state.current_player(),
        "active_seat": state.seat if state.current_player() >= 0 else None,
        "first_player": state.first if state.first >= 0 else None,
        "circle": CIRCLE_KEYS[state.circle],
        "layout": layout(state.game.rules),
        "covered_rows": [row for row in range(NUM_ROWS) if state.covered[row]],
        "fields": [
            {
                "field": field,
                "ground": GROUND_KEYS[state.fields_ground[field]],
                "water": face_data(state.fields_face[field]),
                "plants": [
                    {"seat": owner, "crop": CROP_KEYS[crop], "ripe": bool(ripe)}
                    for owner, crop, ripe in state.plants[field]
                ],
            }
            for field in range(len(FIELDS))
        ],
        "market": [
            [
                {"seat": owner, "crop": CROP_KEYS[crop], "condition": CONDITION_KEYS[cond]}
                for owner, crop, cond in state.market[m]
            ]
            for m in range(NUM_MARKET_ROWS)
        ],
        "boat": [_by_crop(b) for b in state.boat],
        "supply": [_by_crop(s) for s in state.supply],
        "scores": list(state.scores),
        "lost": list(state.lost),
        "obelisk": state.obelisk,
        "jokers": list(state.jokers),
        "desert_pile": state.desert_pile,
        "stacks": [
            [{"cards": state.stacks[s][k], "top": face_data(state.tops[s][k])} for k in range(2)]
            for s in range(state.n)
        ],
        "water_discard": state.water_discard,
        "turn": (
            {
                "seat": state.seat,
                "points": state.points,
                "acted": list(state.acted),
                "joker_bought": state.joker_bought,
            }
            if PHASE_NAMES[state.phase] == "actions"
            else None
        ),
        "rot": (
            {"palms": state.rot_palms, "row": state.rot_row if state.rot_row >= 0 else None}
            if state.rot_palms
            else None
        ),
        "auction": (
            {
                "for": "hippo" if state.auction == HIPPO_AUCTION else "first player",
                "placed": [s for s in range(state.n) if state.bids[s] >= 0],
                "your_bid": (
                    state.bids[viewer] if viewer is not None and state.bids[viewer] >= 0 else None
                ),
            }
            if state.auction
            else None
        ),
        "extra_turn": state.extra_turn,
        "log": viewer_log(
            state.log_views,
            state.events,
            viewer,
            lambda event, seat: event_view(event, seat, state.game.palms),
        ),
    }
    if state.phase == OVER:
        returns = state.returns()
        obs["result"] = {
            "scores": list(state.scores),
            "lost": list(state.lost),
            "returns": returns,
            "winners": [s for s, r in enumerate(returns) if r == max(returns)],
        }
    return obs


def _by_crop(counts: list[int]) -> dict[str, int]:
    return {CROP_KEYS[c]: counts[c] for c in range(NUM_CROPS) if counts[c]}


def event_view(
    event: tuple[Any, ...], viewer: int | None, palms: tuple[int, ...] = PALMS[1]
) -> dict[str, Any]:
    """One log event in words (the same for every viewer but for "you")."""
    kind, *rest = event
    view: dict[str, Any] = {"event": kind}
    text = ""
    if kind == "first":
        view["seat"] = rest[0]
        text = f"{does(rest[0], viewer, 'start')} the game"
    elif kind == "top":
        seat, stack, face = rest
        view.update(seat=seat, stack=stack, face=face_data(face))
        inner, outer = FACES[face]
        text = (
            f"{who(seat, viewer)}: stack {stack + 1} shows {WAVE_KEYS[inner]} → {WAVE_KEYS[outer]}"
        )
    elif kind == "desert":
        view["field"] = rest[0]
        text = f"A desert card covers the {field_name(rest[0], palms)}"
    elif kind == "to_boat":
        seat, crop = rest
        view.update(seat=seat, crop=CROP_KEYS[crop])
        text = f"{does(seat, viewer, 'put')} {a_crop(crop)} into the boat"
    elif kind == "water":
        seat, field, face = rest
        view.update(seat=seat, field=field, face=face_data(face))
        text = f"{does(seat, viewer, 'flood')} the {field_name(field, palms)}"
    elif kind == "no_water":
        view["seat"] = rest[0]
        text = f"{who(rest[0], viewer)}: no water card fits"
    elif kind == "no_plant":
        view["seat"] = rest[0]
        text = f"{who(rest[0], viewer)}: no plant left to lay"
    elif kind == "washed":
        owner, crop, field, reason = rest
        view.update(seat=owner, crop=CROP_KEYS[crop], field=field, reason=reason)
        whose = "your" if owner == viewer else f"seat {owner}'s"
        text = f"The {reason} sends {whose} {CROP_KEYS[crop]} to the boat"
    elif kind == "plant":
        seat, field, crop, ripe = rest
        view.update(seat=seat, field=field, crop=CROP_KEYS[crop], ripe=ripe)
        what = f"a ripe {a_crop(crop)[2:].strip()}" if ripe else f"a seed of {CROP_KEYS[crop]}"
        verb = does(seat, viewer, "lay" if ripe else "sow", "lays" if ripe else "sows")
        text = f"{verb} {what} on the {field_name(field, palms)}"
    elif kind == "round":
        number, first, circle = rest
        view.update(round=number, first=first, circle=CIRCLE_KEYS[circle])
        text = f"Round {number}: {who(first, viewer)} first, the circle on {CIRCLE_KEYS[circle]}"
    elif kind in ("flood_ends", "ebb_ends"):
        seat, count = rest
        view.update(seat=seat, count=count)
        what = "flood" if kind == "flood_ends" else "ebb"
        text = f"The {what} ends ({count} card{'s' if count != 1 else ''} this round)"
    elif kind == "ebb":
        seat, field = rest
        view.update(seat=seat, field=field)
        text = f"{does(seat, viewer, 'take')} the water off the {field_name(field, palms)}"
    elif kind in ("water_back", "desert_back"):
        _where, ev = rest
        view.update(event_kind=EVENT_KEYS[EVENTS[ev][0]], palms=EVENTS[ev][1], arrow=EVENTS[ev][2])
        card = "water" if kind == "water_back" else "flooded desert"
        text = f"The {card} card shows: {event_words(ev)}"
    elif kind == "arrow":
        before, after = rest
        view.update(before=CIRCLE_KEYS[before], after=CIRCLE_KEYS[after])
        text = f"The arrow moves the circle from {CIRCLE_KEYS[before]} to {CIRCLE_KEYS[after]}"
    elif kind == "no_desert":
        row, why = rest
        view.update(row=row, why=why)
        reason = "the pile is empty" if why == "pile" else "no room"
        text = f"No desert spreads in the {row_name(row)} ({reason})"
    elif kind == "rot_row":
        seat, m = rest
        view.update(seat=seat, market_row=m)
        text = f"{does(seat, viewer, 'send')} the rot to {market_name(m)}"
    elif kind == "rot":
        m, index, owner, condition = rest
        view.update(market_row=m, space=index, seat=owner, condition=CONDITION_KEYS[condition])
        owner_words = "Your" if owner == viewer else f"{who(owner, viewer)}'s"
        text = f"{owner_words} plant in {market_name(m)} is now {CONDITION_KEYS[condition]}"
    elif kind == "actions":
        text = "Actions"
    elif kind == "turn":
        view["seat"] = rest[0]
        text = f"{who(rest[0], viewer)}: {ACTION_POINTS} action points"
    elif kind == "joker":
        view["seat"] = rest[0]
        text = f"{does(rest[0], viewer, 'spend')} a joker for an action point"
    elif kind == "buy_joker":
        view["seat"] = rest[0]
        text = f"{does(rest[0], viewer, 'buy', 'buys')} a joker"
    elif kind == "heal":
        seat, m, index = rest
        view.update(seat=seat, market_row=m, space=index)
        text = f"{does(seat, viewer, 'heal')} a spoiled plant in {market_name(m)} with a joker"
    elif kind == "buy_seed":
        seat, crop = rest
        view.update(seat=seat, crop=CROP_KEYS[crop])
        text = f"{does(seat, viewer, 'buy', 'buys')} back {a_crop(crop)} seed from the boat"
    elif kind == "buy_other_seed":
        seat, owner, crop = rest
        view.update(seat=seat, owner=owner, crop=CROP_KEYS[crop])
        buyer = does(seat, viewer, "buy", "buys")
        owner_words = "your" if owner == viewer else f"{who(owner, viewer)}'s"
        text = f"{buyer} {owner_words} {CROP_KEYS[crop]} out of the boat"
    elif kind == "harvest":
        seat, field, crop, m = rest
        view.update(seat=seat, field=field, crop=CROP_KEYS[crop], market_row=m)
        text = f"{does(seat, viewer, 'harvest')} {a_crop(crop)} to {market_name(m)}"
    elif kind == "grow":
        seat, field, crop = rest
        view.update(seat=seat, field=field, crop=CROP_KEYS[crop])
        text = f"{does(seat, viewer, 'grow')} {a_crop(crop)} on the {field_name(field, palms)}"
    elif kind == "end_actions":
        seat, left = rest
        view.update(seat=seat, points_left=left)
        text = f"{does(seat, viewer, 'end')} the actions"
    elif kind == "first_passes":
        view["seat"] = rest[0]
        text = f"{who(rest[0], viewer)} {'become' if rest[0] == viewer else 'becomes'} first player"
    elif kind == "lost":
        owner, count = rest
        view.update(seat=owner, count=count)
        verb = "lose" if owner == viewer else "loses"
        text = f"{who(owner, viewer)} {verb} {plural(count, 'plant')} left in the boat"
    elif kind == "obelisk":
        colours, at = rest
        view.update(colours=colours, obelisk=at)
        text = f"The obelisk moves back {plural(colours, 'space')}, to {at}"
    elif kind == "row_scored":
        m, gains = rest
        view.update(market_row=m, gains=list(gains))
        text = f"{market_name(m).capitalize()} is full: " + ", ".join(
            f"{who(s, viewer)} {g:+d}" for s, g in enumerate(gains) if g
        )
    elif kind == "sold":
        count, net, scores = rest
        view.update(count=count, net=list(net), scores=list(scores))
        text = f"{count} sold plants go to the boat; scores " + ", ".join(str(s) for s in scores)
    elif kind == "auction":
        view["for"] = rest[0]
        what = "3 extra action points" if rest[0] == "hippo" else "the first player's seat"
        text = f"An auction for {what}: plants taken in hand in secret"
    elif kind == "bid":
        seat, bid = rest
        shown = bid if seat == viewer else None
        view.update(seat=seat, bid=shown)
        text = f"{does(seat, viewer, 'bid')}" + (
            f" {plural(bid, 'plant')}" if shown is not None else " in secret"
        )
    elif kind == "bids":
        bids, totals, winner = rest
        view.update(bids=list(bids), totals=list(totals), winner=winner if winner >= 0 else None)
        shown = ", ".join(f"{who(s, viewer)} {b}" for s, b in enumerate(bids) if b >= 0)
        result = (
            f"{who(winner, viewer)} {'win' if winner == viewer else 'wins'}"
            if winner >= 0
            else "a tie: nobody wins"
        )
        text = f"Bids: {shown}; {result}"
    elif kind == "bid_to_boat":
        seat, count = rest
        view.update(seat=seat, count=count)
        text = f"{does(seat, viewer, 'put')} {plural(count, 'bid plant')} into the boat"
    elif kind == "extra_turn":
        view["seat"] = rest[0]
        text = f"{who(rest[0], viewer)}: 3 extra action points (no jokers)"
    elif kind == "game_over":
        reason, scores, lost = rest
        view.update(reason=reason, scores=list(scores), lost=list(lost))
        text = f"Game over: {GAME_OVER_REASONS[reason]}"
    view["text"] = text
    return view


def action_words(state: BanksState, action: int) -> str:
    """The words of ``action`` in ``state``: a seat's move, or a chance outcome."""
    if state.current_player() == CHANCE:
        phase = state.phase
        if phase == FIRST:
            return f"first player: seat {action}"
        if phase == TOP_FACE:
            inner, outer = FACES[action]
            return f"top card: {WAVE_KEYS[inner]} → {WAVE_KEYS[outer]}"
        if phase in (WATER_BACK, DESERT_BACK):
            return f"back: {event_words(action)}"
        return str(action)
    if action == END_ACTIONS:
        return "end actions"
    if action >= DESERT_ROW:
        return f"the desert spreads in the {row_name(action - DESERT_ROW)}"
    if action >= BID:
        return f"bid {plural(action - BID, 'plant')}"
    if action == USE_JOKER:
        return "spend a joker (+1 action point)"
    if action == BUY_JOKER:
        return "buy a joker (1 point)"
    if action >= ROT_PLANT:
        index = action - ROT_PLANT
        owner, crop, cond = state.market[state.rot_row][index]
        return f"rot space {index + 1}: seat {owner}'s {CONDITION_KEYS[cond]} {CROP_KEYS[crop]}"
    if action >= ROT_ROW:
        return f"rot in {market_name(action - ROT_ROW)}"
    if action >= REMOVE_WATER:
        return f"ebb: remove water from the {row_name(action - REMOVE_WATER)}"
    if action >= HEAL:
        m, index = divmod(action - HEAL, MAX_ROW_SPACES)
        return f"heal space {index + 1} of {market_name(m)} (a joker)"
    if action >= BUY_SEED:
        owner, crop = divmod(action - BUY_SEED, NUM_CROPS)
        price = 1 if owner == state.seat else 2
        whose = "your" if owner == state.seat else f"seat {owner}'s"
        points = f"{price} point{'s' if price > 1 else ''}"
        return f"buy {whose} {CROP_KEYS[crop]} seed from the boat ({points})"
    if action >= HARVEST:
        field, m = divmod(action - HARVEST, NUM_MARKET_ROWS)
        cost = state.cost(field, state.seat)
        return f"harvest the {field_name(field, state.game.palms)} to {market_name(m)} ({cost} pt)"
    if action >= GROW:
        field = action - GROW
        return (
            f"grow the {field_name(field, state.game.palms)} ({state.cost(field, state.seat)} pt)"
        )
    if action >= PLANT:
        field, crop = divmod(action - PLANT, NUM_CROPS)
        if state.phase == OPEN_PLANTS:
            ripe = state.opening_step % 2 == 0
            what = f"a ripe {a_crop(crop)[2:].strip()}" if ripe else f"a seed of {CROP_KEYS[crop]}"
            return f"lay {what} on the {field_name(field, state.game.palms)}"
        name = field_name(field, state.game.palms)
        return f"sow {CROP_KEYS[crop]} on the {name} ({state.cost(field, state.seat)} pt)"
    if action >= PLACE_WATER:
        stack, row = divmod(action - PLACE_WATER, NUM_ROWS)
        face = state.tops[state.seat][stack]
        inner, outer = FACES[face] if face >= 0 else (0, 0)
        field = state.water_target(row, face, opening=False)
        where = field_name(field, state.game.palms) if field >= 0 else row_name(row)
        waves = f"{WAVE_KEYS[inner]} → {WAVE_KEYS[outer]}"
        return f"water from stack {stack + 1} ({waves}) onto the {where}"
    if action >= BOAT:
        return f"put {a_crop(action - BOAT)} into the boat"
    return f"desert card on the {field_name(action - SETUP_DESERT, state.game.palms)}"
