"""Properties of AN DEN UFERN DES NILS (banks) that hold in every game: checked over random games.

Each game is played with random legal moves and random chance outcomes, with 2 to 5
players and a random choice of the variants.  The invariants are read from the rules
(75 plants, 45 water cards, 30 desert cards, at most two plants a field) and from the way
state.py keeps its zones; each test's docstring states the exact equation.
"""

from __future__ import annotations

import ast
import pickle
import random
from collections.abc import Iterator
from pathlib import Path
from typing import Any

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import nilegames
from nilegames.games.banks import table as table_module
from nilegames.games.banks.actions import (
    BUY_JOKER,
    BUY_SEED,
    GROW,
    HARVEST,
    HEAL,
    PLANT,
    USE_JOKER,
)
from nilegames.games.banks.board import (
    FIELDS,
    MARKET_SIZES,
    NUM_CROPS,
    NUM_FIELDS,
    NUM_MARKET_ROWS,
    PLANTS_PER_PLAYER,
    ROWS,
)
from nilegames.games.banks.cards import NUM_DESERT, NUM_WATER
from nilegames.games.banks.game import BanksGame
from nilegames.games.banks.state import ACTIONS, EMPTY_GROUND, WATER, WATER_BACK, BanksState
from tests.banks_helpers import desert_count, events, plant_count, water_count
from tests.conftest import random_game

SETTINGS = settings(max_examples=30, deadline=None, suppress_health_check=[HealthCheck.too_slow])

#: Every option of the game, each on or off at random (the auctions of the bidding
#: variants keep secret bids, so the observation test leaves those two out).
OPTIONS = tuple(spec.name for spec in BanksGame.option_specs)
SECRET = frozenset({"hippo_auction", "bid_start"})

Config = tuple[int, int, dict[str, Any]]


@st.composite
def configs(draw: st.DrawFn, public: bool = False) -> Config:
    players = draw(st.integers(2, 5))
    seed = draw(st.integers(0, 2**32))
    names = [name for name in OPTIONS if not (public and name in SECRET)]
    options = {name: draw(st.booleans()) for name in names}
    return players, seed, options


def games(config: Config) -> Iterator[BanksState]:
    """The state before every action of one random game, then the final state."""
    players, seed, options = config
    for state in random_game("banks", players, seed, **options):
        assert isinstance(state, BanksState)
        yield state


@SETTINGS
@given(configs())
def test_plants_are_conserved(config: Config) -> None:
    """For every colour: supply + boat + fields + market + lost = 15, none below zero."""
    for state in games(config):
        counts = plant_count(state)
        for seat in range(state.n):
            assert min(counts[seat]) >= 0
            assert sum(counts[seat]) + state.lost[seat] == PLANTS_PER_PLAYER


def point_change(state: BanksState, action: int) -> int:
    """What ``action`` does to the seat's action points, by the rules as ``cost()`` words
    them (turns.py writes the same sums inline, for speed): sowing, growing and
    harvesting cost ``cost(field, seat)``, a plant bought back from one's own boat 1 and
    from another's 2, a joker bought 1; a joker spent gives one; a heal is free."""
    seat = state.seat
    if action < GROW:
        return -state.cost((action - PLANT) // NUM_CROPS, seat)
    if action < HARVEST:
        return -state.cost(action - GROW, seat)
    if action < BUY_SEED:
        return -state.cost((action - HARVEST) // NUM_MARKET_ROWS, seat)
    if action < BUY_JOKER:
        return -1 if (action - BUY_SEED) // NUM_CROPS == seat else -2
    return {BUY_JOKER: -1, USE_JOKER: 1}.get(action, 0)


@SETTINGS
@given(configs())
def test_each_action_changes_the_points_by_its_cost(config: Config) -> None:
    """After an action of the action phase, the seat holds its points before plus
    ``point_change`` (read from the ``end_actions`` event where the phase ended with it)."""
    players, seed, options = config
    rng = random.Random(seed)
    state = nilegames.make("banks", players=players, **options)
    assert isinstance(state, BanksState)
    checked = 0
    while not state.is_terminal():
        if state.is_chance_node():
            nilegames.resolve_chance(state, rng)
            continue
        action = rng.choice(state.legal_actions())
        if state.phase != ACTIONS or not PLANT <= action < HEAL:
            state.apply_action(action)
            continue
        expected = state.points + point_change(state, action)
        seen = len(state.events)
        state.apply_action(action)
        ended = [event for event in state.events[seen:] if event[0] == "end_actions"]
        assert (ended[0][2] if ended else state.points) == expected, action
        checked += 1
    assert checked > 0


@SETTINGS
@given(configs())
def test_water_cards_are_conserved(config: Config) -> None:
    """stacks (top included) + water on the fields + discard + out of the game = 45.

    The faces and backs are drawn only when seen, so also: backs not yet seen
    (``water_unseen``) = 45 - discard; faces seen but backs not (``face_known``) = tops
    shown + water on the fields; and no face is drawn more often than cards show it.
    """
    for state in games(config):
        assert water_count(state) == NUM_WATER
        assert sum(map(sum, state.water_unseen)) == NUM_WATER - state.water_discard
        on_board = sum(1 for g in state.fields_ground if g == WATER)
        shown = sum(1 for tops in state.tops for face in tops if face >= 0)
        assert sum(state.face_known) == shown + on_board
        assert min(state.face_weights()) >= 0
        for seat in range(state.n):
            for stack in range(2):
                if state.tops[seat][stack] >= 0:
                    assert state.stacks[seat][stack] > 0
                elif state.stacks[seat][stack]:  # only while its new top is being drawn
                    assert (seat, stack) in state.reveal_queue


@SETTINGS
@given(configs())
def test_desert_cards_are_conserved(config: Config) -> None:
    """pile + desert cards on the fields + jokers in hand + jokers spent (+ the set-up's
    3 cards until the first player has placed them: the pile is made without them) = 30.

    A flooded desert card leaves the field and becomes its first player's joker, so it is
    counted in ``jokers`` (and later in ``jokers_spent``).  Backs are drawn only for
    flooded desert cards: backs not yet seen (``desert_unseen``) + desert cards flooded
    (their "desert_back" events) = 30.
    """
    for state in games(config):
        assert desert_count(state) == NUM_DESERT
        assert min(state.jokers) >= 0 and state.desert_pile >= 0
        assert sum(state.desert_unseen) + len(events(state, "desert_back")) == NUM_DESERT


@SETTINGS
@given(configs())
def test_fields_and_market_rows_obey_the_placing_rules(config: Config) -> None:
    """At most two plants a field, never two of one colour, none on water, desert or a
    covered row; market rows within their size, no crop next to one of the two before."""
    for state in games(config):
        for field in range(NUM_FIELDS):
            here = state.plants[field]
            assert len(here) <= 2
            assert len({owner for owner, _crop, _ripe in here}) == len(here)
            if here:
                assert state.fields_ground[field] == EMPTY_GROUND
                assert not state.covered[FIELDS[field].row]
        for m, row in enumerate(state.market):
            assert len(row) <= MARKET_SIZES[m]
            crops = [crop for _owner, crop, _condition in row]
            for i, crop in enumerate(crops):
                assert crop not in crops[max(0, i - 2) : i]


@SETTINGS
@given(configs())
def test_the_kept_water_counts_match_the_cards_unseen(config: Config) -> None:
    """``water_left``, kept up to date draw by draw, is each face's row of
    ``water_unseen`` summed; ``hidden_faces``, kept as tops are drawn, is water_left less
    the faces seen (``face_weights``), and ``hidden_total`` its sum: the chance of a new
    top face is read from them."""
    for state in games(config):
        assert state.water_left == [sum(backs) for backs in state.water_unseen]
        assert state.hidden_faces == state.face_weights()
        assert state.hidden_total == sum(state.face_weights())
        # the field whose water back is drawn, found when the ebb took it
        assert state.ebb_field == (state.tide_field() if state.phase == WATER_BACK else -1)


@SETTINGS
@given(configs())
def test_scores_never_fall_and_the_obelisk_never_moves_away(config: Config) -> None:
    """Scores and plants lost only grow, the obelisk only comes nearer; the game ends as
    soon as a score reaches the obelisk (or at the round limit)."""
    before: tuple[list[int], int, list[int]] | None = None
    for state in games(config):
        if before is not None:
            scores, obelisk, lost = before
            assert all(now >= then for now, then in zip(state.scores, scores, strict=True))
            assert state.obelisk <= obelisk
            assert all(now >= then for now, then in zip(state.lost, lost, strict=True))
        before = (state.scores[:], state.obelisk, state.lost[:])
        if not state.is_terminal():
            assert max(state.scores) < state.obelisk
    assert state.is_terminal()


def without_viewer(observation: dict[str, Any]) -> dict[str, Any]:
    """The observation without its "seat" and the log's words ("You ..." for one's own
    moves); the log's data fields stay."""
    view = {key: value for key, value in observation.items() if key != "seat"}
    view["log"] = [{k: v for k, v in entry.items() if k != "text"} for entry in view["log"]]
    return view


@settings(max_examples=10, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(configs(public=True))
def test_every_seat_sees_the_same_table(config: Config) -> None:
    """Nothing is hidden (cards are drawn when seen): every seat's observation, and the
    spectator's, is the same but for the "seat" field and the log's wording."""
    for step, state in enumerate(games(config)):
        if step % 5 and not state.is_terminal():
            continue
        assert state.public_observation()["seat"] is None
        public = without_viewer(state.public_observation())
        for seat in range(state.n):
            observation = state.observation(seat)
            assert observation["seat"] == seat
            assert without_viewer(observation) == public


@SETTINGS
@given(configs())
def test_the_kept_sets_of_fields_match_the_fields(config: Config) -> None:
    """The sets of fields the legal moves are read from, kept move by move, are those
    ``count_fields`` makes from the plants and the ground (and the acted fields the list's),
    and the kept market entry is the market's; a row's water runs from the Nile without a
    gap (``water_end`` reads its length from the highest bit).  So are the kept sets of
    crops: each boat's, and in the action phase the crops the seat may still sow; and the
    kept counts of plants outside the market, by crop."""
    for state in games(config):
        assert state.free_counts == [
            sum(state.supply[s][crop] + state.boat[s][crop] for s in range(state.n))
            + sum(1 for here in state.plants for plant in here if plant[1] == crop)
            for crop in range(NUM_CROPS)
        ]
        kept = (
            state.free_ground,
            state.watered,
            state.one_plant,
            state.two_plants,
            state.mine,
            state.ripe,
            state.boat_crops,
            state.sowable if state.phase == ACTIONS else None,
        )
        entry = state.market_entry_kept  # -1 until the moves asked for it
        waves = state.waves_kept  # the same for the tide's open_waves()
        state.count_fields()
        assert entry in (-1, state.market_entry())
        assert waves in (-1, state.open_waves(opening=False))
        assert kept == (
            state.free_ground,
            state.watered,
            state.one_plant,
            state.two_plants,
            state.mine,
            state.ripe,
            [sum(1 << crop for crop in range(NUM_CROPS) if boat[crop]) for boat in state.boat],
            (
                sum(
                    1 << crop
                    for crop in range(NUM_CROPS)
                    if state.supply[state.seat][crop] > state.fresh[crop]
                )
                if state.phase == ACTIONS
                else None
            ),
        )
        assert state.acted_fields == sum(1 << field for field in state.acted)
        if state.phase == ACTIONS and state.points:
            # action_moves() lists the sowings inline: the same as sowings() would
            sown = [action for action in state.action_moves() if action < GROW]
            assert sown == state.sowings(state.seat, state.sowable, shared=state.points > 1)
        for fields in ROWS:
            ground = [state.fields_ground[field] for field in fields]
            water = ground.count(WATER)
            assert ground[:water] == [WATER] * water


def table_slots() -> list[str]:
    """The state's slots, read from the source of table.py, which holds them: a compiled
    build (mypyc) keeps no ``__slots__`` at run time."""
    tree = ast.parse(Path(table_module.__file__ or "").with_name("table.py").read_text())
    slots = next(
        node.value
        for node in ast.walk(tree)
        if isinstance(node, ast.Assign)
        and any(isinstance(t, ast.Name) and t.id == "__slots__" for t in node.targets)
    )
    names: list[str] = list(ast.literal_eval(slots))
    assert len(names) > 60
    return names


def test_a_new_game_is_a_copy_of_the_set_up_table_and_shares_nothing_that_changes() -> None:
    """The game keeps its first state and hands out copies: each equals a table set up
    from scratch in every slot, a game played on one leaves the next copy as it was, and a
    pickled game leaves its kept state behind."""
    for players in range(2, 6):
        game = BanksGame(players)
        fresh = BanksState(game)
        slots = ["_history", *table_slots()]
        first = game.new_initial_state()
        played = game.new_initial_state()
        rng = random.Random(players)
        while not played.is_terminal():
            if played.is_chance_node():
                nilegames.resolve_chance(played, rng)
            else:
                played.apply_action(rng.choice(played.legal_actions()))
        again = game.new_initial_state()
        for name in slots:
            assert getattr(first, name) == getattr(fresh, name), name
            assert getattr(again, name) == getattr(fresh, name), name
        assert played.history() and not again.history()
        assert "_start" not in pickle.loads(pickle.dumps(game)).__dict__
