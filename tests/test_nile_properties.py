"""Properties of NILE that hold in every game: checked over random games (hypothesis)."""

from __future__ import annotations

import ast
import json
import pickle
import random
from pathlib import Path

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import nilegames
from nilegames.core import GameRecord, replay_states
from nilegames.core.chance import sample_chance_outcome
from nilegames.games.nile import NileState, Phase
from nilegames.games.nile import actions as act
from nilegames.games.nile import state as nile_state_module
from nilegames.games.nile.cards import KIND_CROPS, KIND_MASK, LOCUST, NUM_CROPS, full_deck
from nilegames.games.nile.rules import plantable_crops, planting_is_complete
from nilegames.games.nile.state import PICKLED_FIELDS
from tests.conftest import random_game

SETTINGS = settings(max_examples=30, deadline=None, suppress_health_check=[HealthCheck.too_slow])


@st.composite
def configs(draw: st.DrawFn) -> tuple[int, int, dict[str, str]]:
    players = draw(st.integers(2, 5))
    short = players <= 3 and draw(st.booleans())
    options = {"variant": "short"} if short else {}
    return players, draw(st.integers(0, 2**32)), options


def _games(config):
    players, seed, options = config
    return random_game("nile", players, seed, **options)


def card_total(state: NileState) -> int:
    """Every card of the game, wherever it is."""
    locust_out = state.locust_aside
    return (
        state.deck_size
        + sum(state.hand_size)
        + sum(map(sum, state.stocks))
        + sum(state.size)
        + sum(state.flood_below)
        + state.flood_on_pile
        + sum(state.discard)
        + locust_out
        + len(state.speculations)
        + sum(state.planted)
        + sum(state.removed)
    )


@SETTINGS
@given(configs())
def test_cards_are_conserved(config):
    for state in _games(config):
        assert card_total(state) == sum(full_deck())
        assert sum(state.hands[s][LOCUST] for s in range(state.n)) == 0
        assert all(count >= 0 for count in state.deck)
        assert state.deck_size == sum(state.deck)
        # the kept counts the fast paths trust (a trade's discards stop at hand_size)
        assert state.hand_size == [sum(hand) for hand in state.hands]
        kinds_left = tuple(kind for kind, count in enumerate(state.deck) if count)
        assert tuple(state.in_deck) == kinds_left
        assert state.in_deck_mask == sum(1 << kind for kind in kinds_left)


@SETTINGS
@given(configs())
def test_at_most_one_field_per_crop(config):
    for state in _games(config):
        for crop in range(NUM_CROPS):
            assert (state.size[crop] > 0) == (state.owner[crop] >= 0)
        fields = state.public_observation()["fields"] if state.turn % 5 == 0 else []
        assert len({f["crop"] for f in fields}) == len(fields) <= NUM_CROPS


@SETTINGS
@given(configs())
def test_flooded_crop_never_planted(config):
    for state in _games(config):
        if state.is_chance_node() or state.is_terminal():
            continue
        blocked = KIND_MASK[state.flood]
        for action in state.legal_actions():
            if act.PLANT <= action < act.SPECULATE:
                assert not blocked >> (action - act.PLANT) & 1
            if act.SPECULATE <= action < act.NUM_ACTIONS:
                assert not KIND_MASK[action - act.SPECULATE + 5] & blocked
        if state.phase == Phase.PLANT:
            assert not any(state.planted[c] for c in KIND_CROPS[state.flood])


def _completes(state: NileState, depth: int = 12) -> bool:
    """Whether the seat can close the move under way (reach a legal DONE) by itself."""
    if act.DONE in state.legal_actions():
        return True
    if depth == 0:
        return False
    for action in state.legal_actions():
        child = state.clone()
        child.apply_action(action)
        if child.is_chance_node() or child.phase != state.phase or _completes(child, depth - 1):
            return True
    return False


@SETTINGS
@given(configs())
def test_every_prefix_completes(config):
    for state in _games(config):
        if state.is_chance_node() or state.is_terminal():
            continue
        assert state.legal_actions(), "a seat to move always has a legal action"
        if state.phase in (Phase.PLANT, Phase.PICK, Phase.SPECULATE):
            assert _completes(state)


@SETTINGS
@given(configs())
def test_replay_reproduces_observations(config):
    seen = []
    final = None
    for final in _games(config):
        if len(final.history()) % 9 == 0:
            seen.append(
                [final.observation(p) for p in range(final.n)] + [final.public_observation()]
            )
    assert final is not None
    record = GameRecord.loads(GameRecord.of(final).dumps())
    replayed = []
    for state in replay_states(record):
        if len(state.history()) % 9 == 0:
            replayed.append(
                [state.observation(p) for p in range(state.num_players())]
                + [state.public_observation()]
            )
    assert replayed == seen
    assert state.returns() == final.returns()


def _hidden(state: NileState, player: int) -> tuple[object, ...]:
    others = tuple(tuple(h) for s, h in enumerate(state.hands) if s != player)
    return others, tuple(state.deck), tuple(state.removed)


def _replay_history(state: NileState) -> NileState:
    return nilegames.replay(GameRecord.of(state))  # type: ignore[return-value]


@settings(max_examples=20, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(configs())
def test_resample_keeps_observation(config):
    rng = random.Random(config[1])
    changed = checked = 0
    for state in _games(config):
        if rng.random() > 0.03:
            continue
        player = rng.randrange(state.n)
        sample = state.resample_from_infostate(player, rng)
        assert sample.observation(player) == state.observation(player)
        # The sampled world is reachable: its history replays, move for move, to itself.
        again = _replay_history(sample)
        assert [again.observation(p) for p in range(state.n)] == [
            sample.observation(p) for p in range(state.n)
        ]
        assert _hidden(again, player) == _hidden(sample, player)
        assert [h for s, h in enumerate(sample.hands) if s == player] == [state.hands[player]]
        checked += 1
        changed += _hidden(sample, player) != _hidden(state, player)
    assert changed >= checked // 2, "resampling should usually change what the seat cannot see"


@SETTINGS
@given(configs())
def test_observation_hides_other_hands(config):
    rng = random.Random(config[1])
    for state in _games(config):
        if rng.random() > 0.05:
            continue
        for seat in range(state.n):
            obs = state.observation(seat)
            assert obs["hand"] == {
                name: c for name, c in zip(_names(), state.hands[seat], strict=True) if c
            }
            text = json.dumps(obs)
            for entry in obs["log"]:
                if entry["event"] == "draw" and entry["seat"] != seat:
                    assert entry["card"] is None
            assert "hands" not in obs
            # What differs only in others' hidden cards must not change this view.
            other = state.resample_from_infostate(seat, rng)
            assert json.dumps(other.observation(seat)) == text
        public = state.public_observation()
        assert "hand" not in public
        assert all(e.get("card") is None for e in public["log"] if e["event"] == "draw")


@SETTINGS
@given(configs())
def test_other_stocks_reach_a_seat_only_as_a_size_and_through_the_log(config):
    """Stocks are face down: whatever another seat's stock holds, a seat's view, its
    drawing and its tensor show only that stock's size, until the game is over (the log
    keeps the public harvests and trades, from which a seat may recall it)."""
    from nilegames.games.nile.resample import recalled_stocks

    rng = random.Random(config[1])
    game = nilegames.new_game("nile", config[0], **config[2])
    encoder = game.observation_encoder()
    for state in _games(config):
        if state.is_terminal() or rng.random() > 0.05:
            continue
        assert recalled_stocks(state) == state.stocks
        for seat in range(state.n):
            before = state.observation(seat)
            others = [s for s in range(state.n) if s != seat and sum(state.stocks[s]) > 1]
            if not others:
                continue
            # Swap another seat's piles around (its size stays) behind the view's back.
            victim = rng.choice(others)
            saved = state.stocks[victim]
            state.stocks[victim] = saved[1:] + saved[:1]
            if state.stocks[victim] == saved:
                state.stocks[victim] = [sum(saved)] + [0] * (NUM_CROPS - 1)
            state.log_views = {}
            after = state.observation(seat)
            assert {**after, "log": None} == {**before, "log": None}
            assert after["stocks"][victim] is None
            assert game.render_text(after) == game.render_text(before)
            assert (encoder.encode(after) == encoder.encode(before)).all()
            # A bot's world rebuilds the stock from the public log, not from the piles.
            world = state.resample_from_infostate(seat, rng)
            assert world.stocks[victim] == saved
            state.stocks[victim] = saved


def _names() -> list[str]:
    from nilegames.games.nile.cards import KIND_NAMES

    return list(KIND_NAMES)


@settings(max_examples=300, deadline=None)
@given(
    owners=st.lists(st.integers(-1, 2), min_size=NUM_CROPS, max_size=NUM_CROPS),
    sizes=st.lists(st.integers(1, 6), min_size=NUM_CROPS, max_size=NUM_CROPS),
    crops_in_hand=st.lists(st.integers(0, 4), min_size=NUM_CROPS, max_size=NUM_CROPS),
    flood=st.integers(0, LOCUST - 1),
    choices=st.lists(st.integers(0, 99), max_size=10),
)
def test_fast_planting_sets_match_the_reference(owners, sizes, crops_in_hand, flood, choices):
    """The one-pass legal sets of the state machine equal ``rules.plantable_crops``."""
    state = nilegames.make("nile", players=3)
    nilegames.play_to_decision(state, random.Random(0))
    assert isinstance(state, NileState)
    seat = state.seat
    state.owner = owners[:]
    state.size = [size if owner >= 0 else 0 for owner, size in zip(owners, sizes, strict=True)]
    hand = state.hands[seat]
    hand[:NUM_CROPS] = crops_in_hand
    state.hand_size[seat] = sum(hand)
    state.flood, state.blocked = flood, KIND_MASK[flood]
    state.legal_cache = None
    for pick in [*choices, None]:
        legal = state.legal_actions()
        plants = [a - act.PLANT for a in legal if act.PLANT <= a < act.SPECULATE]
        args = (state.planted, hand, state.blocked, seat, state.owner, state.size)
        assert plants == plantable_crops(*args)
        if state.phase == Phase.PLANT:
            assert (act.DONE in legal) == planting_is_complete(
                state.planted, seat, state.owner, state.size
            )
        if pick is None or not plants:
            break
        state.apply_action(act.PLANT + plants[pick % len(plants)])


@SETTINGS
@given(configs())
def test_kept_log_words_match_fresh_ones(config):
    """Observations reuse the words of old events; clones and resampled worlds stay right."""
    rng = random.Random(config[1])
    for index, state in enumerate(_games(config)):
        if index % 23 or state.is_chance_node():
            continue
        assert isinstance(state, NileState)
        for seat in range(state.n):
            state.observation(seat)  # fill the kept words
        others = [state.clone()]
        if not state.is_terminal():
            others.append(state.resample_from_infostate(state.current_player(), rng))
        for other in others:
            kept = [other.observation(seat) for seat in range(state.n)]
            other.log_views = {}
            assert kept == [other.observation(seat) for seat in range(state.n)]


def test_pickled_fields_are_every_field_but_the_caches():
    """Read from the source of table.py, which holds the slots: a compiled build (mypyc)
    keeps no ``__slots__`` at run time."""
    source = (Path(nile_state_module.__file__ or "").parent / "table.py").read_text()
    tree = ast.parse(source)
    slots = next(
        node.value
        for node in ast.walk(tree)
        if isinstance(node, ast.Assign)
        and any(isinstance(t, ast.Name) and t.id == "__slots__" for t in node.targets)
    )
    names = set(ast.literal_eval(slots))
    assert set(PICKLED_FIELDS) == names - {
        "bindings",
        "in_deck",
        "in_deck_mask",
        "legal_cache",
        "log_views",
    }


def test_a_pickled_state_plays_on_like_the_original():
    rng = random.Random(3)
    state = nilegames.make("nile", players=3)
    for _ in range(120):
        nilegames.play_to_decision(state, rng)
        state.apply_action(rng.choice(state.legal_actions()))
    copy = pickle.loads(pickle.dumps(state))
    assert copy.observation(1) == state.observation(1)
    while not state.is_terminal():
        if state.is_chance_node():
            action = sample_chance_outcome(state, rng)
        else:
            action = rng.choice(state.legal_actions())
        state.apply_action(action)
        copy.apply_action(action)
    assert copy.history() == state.history()
    assert copy.observation(0) == state.observation(0)
    assert copy.returns() == state.returns()


def test_the_resampler_finds_worlds_deep_into_a_four_player_game():
    """A position of the fourth deck (86 cards shown from hands) where the search used to
    try every slot of one deck in turn and ran out of budget for seat 0."""
    from nilegames.core import load, replay

    state = replay(load(Path(__file__).parent / "fixtures" / "nile-4p-resample-deck4.json"))
    assert isinstance(state, NileState) and state.deck_number == 4
    for seat in range(state.n):
        for attempt in range(3):
            world = state.resample_from_infostate(seat, random.Random(attempt))
            assert world.observation(seat) == state.observation(seat)
