"""Engine changes keep every game identical: seeded random games against their recording.

Each configuration's recording (``tests/fixtures/differential``) holds up to 1,000 games;
the suite plays the first ``NILEGAMES_DIFFERENTIAL_GAMES`` of each (25 by default, about 22
CPU seconds in all, so that the suite stays fast; ``make differential`` plays all of them).
How the digest is made and how to regenerate a recording: ``tests/differential.py``.
"""

from __future__ import annotations

import os

import pytest

import nilegames
from tests.differential import CONFIGS, RECORDED_GAMES, Config, load, mismatches, play

#: Games per configuration the suite checks.
GAMES = int(os.environ.get("NILEGAMES_DIFFERENTIAL_GAMES", "25"))


def test_every_game_and_player_count_is_recorded() -> None:
    wanted = {
        (g["id"], n)
        for g in nilegames.games()
        for n in range(g["min_players"], g["max_players"] + 1)
    }
    assert {(c.game, c.players) for c in CONFIGS if not c.tag} == wanted
    for config in CONFIGS:
        recorded = load(config)
        assert (recorded["game"], recorded["players"]) == (config.game, config.players)
        assert GAMES <= len(recorded["games"]) <= RECORDED_GAMES


def test_the_recording_pins_every_option_the_game_has_today() -> None:
    for config in CONFIGS:
        game = nilegames.new_game(config.game, config.players, **config.options)
        assert set(config.options) == set(game.options)


@pytest.mark.parametrize("config", CONFIGS, ids=[c.name for c in CONFIGS])
def test_seeded_random_games_play_as_recorded(config: Config) -> None:
    wrong = list(mismatches(config, GAMES))
    assert not wrong, "\n".join(wrong[:10])


def test_the_digest_sees_one_changed_view_and_a_rewritten_log() -> None:
    config = next(c for c in CONFIGS if c.game == "nile")
    seed = load(config)["base_seed"]
    recorded = load(config)["games"][0]
    assert "{} {}".format(*play(config, seed)) == recorded

    def one_view_differs(state: nilegames.State, seat: int) -> dict[str, object]:
        view = state.observation(seat)
        if seat == 1 and len(state.history()) == 100:
            view["turn"] = -1
        return view

    def an_old_entry_differs(state: nilegames.State, seat: int) -> dict[str, object]:
        view = state.observation(seat)
        if seat == 0 and len(state.history()) == 120:
            view["log"] = [{"event": "rewritten"}, *view["log"][1:]]
        return view

    for observe in (one_view_differs, an_old_entry_differs):
        count, digest = play(config, seed, observe)
        assert f"{count} {digest}" != recorded

    def reworded(state: nilegames.State, seat: int) -> dict[str, object]:
        view = state.observation(seat)
        view["log"] = [{**entry, "text": entry["text"].upper()} for entry in view["log"]]
        return view

    # Words are left out: rewording a log does not invalidate the recording.
    assert "{} {}".format(*play(config, seed, reworded)) == recorded
