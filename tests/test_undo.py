"""Undo within a move: only the last open step, by its seat, and nothing is revealed."""

from __future__ import annotations

import pytest

import nilegames
from nilegames.core import IllegalActionError
from nilegames.core.undo import undo, undo_status
from nilegames.games.nile import actions as act
from tests.conftest import configurations, random_game
from tests.nile_helpers import CA, FL, LE, PA, chance, move, start


def test_a_planting_is_taken_back_card_by_card_until_it_is_closed() -> None:
    state = start([[PA, PA, PA, FL, FL], [CA] * 5], first=0, flood=CA)
    before = state.observation(0)
    move(state, act.plant(PA), act.plant(PA))
    status = undo_status(state, 0)
    assert status.possible and status.step == "plant Papyrus"
    state = undo(state, 0)
    assert state.planted[PA] == 1 and state.hands[0][PA] == 2
    state = undo(state, 0)
    assert state.observation(0) == before
    move(state, act.plant(PA), act.plant(PA), act.DONE)  # closed: the end-of-turn draw follows
    assert undo_status(state, 0).code == "turn"  # chance is to act, not the seat
    chance(state, LE, LE)
    assert undo_status(state, 1).code == "chance"


def test_a_trade_is_taken_back_pick_by_pick_but_not_once_its_card_is_drawn() -> None:
    state = start([[PA, PA, PA, FL, FL], [CA] * 5], first=0, flood=CA)
    move(state, act.MARKET, act.discard_hand(FL))
    state = undo(state, 0)
    assert state.hands[0][FL] == 2 and state.discard[FL] == 0
    state = undo(state, 0)  # the trade itself
    assert act.MARKET in state.legal_actions()
    move(state, act.MARKET, act.discard_hand(FL), act.discard_hand(FL))
    chance(state, LE)
    status = undo_status(state, 0)
    assert status.code == "chance" and "chance" in status.reason


def test_undo_is_refused_with_a_reason_and_changes_nothing() -> None:
    state = start([[PA, PA, PA, FL, FL], [CA] * 5], first=0, flood=CA)
    move(state, act.plant(PA))
    history = state.history()
    with pytest.raises(IllegalActionError, match="seat 1 cannot undo: only the seat"):
        undo(state, 1)
    assert state.history() == history
    fresh = nilegames.make("nile", players=2)
    assert undo_status(fresh, 0).code == "nothing"


def test_a_step_the_game_marks_final_cannot_be_taken_back(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    state = start([[PA, PA, PA, FL, FL], [CA] * 5], first=0, flood=CA)
    move(state, act.plant(PA))
    monkeypatch.setattr(type(state.game), "commits", lambda self, s, a: a == act.plant(PA))
    status = undo_status(state, 0)
    assert status.code == "final" and "'plant Papyrus' is final" in status.reason
    with pytest.raises(IllegalActionError, match="is final"):
        undo(state, 0)


@pytest.mark.parametrize(("game_id", "players", "options"), list(configurations()))
def test_undo_gives_back_every_view_as_it_was(
    game_id: str, players: int, options: dict[str, object]
) -> None:
    """Over a random game: wherever the last step may be taken back, undoing it gives
    the state before it, and every seat's view and the spectator's are those of then."""
    views: list[list[dict[str, object]]] = []
    undone = 0
    for index, state in enumerate(random_game(game_id, players, 11, None, **options)):
        seen = [state.observation(s) for s in range(players)] + [state.public_observation()]
        views.append(seen)
        if state.is_terminal() or state.is_chance_node() or index % 4 or len(views) < 2:
            continue
        seat = state.current_player()
        if not undo_status(state, seat).possible:
            continue
        back = undo(state, seat)
        assert back.history() == state.history()[:-1]
        again = [back.observation(s) for s in range(players)] + [back.public_observation()]
        assert again == views[-2]
        undone += 1
    assert undone  # every game has steps that may be taken back
