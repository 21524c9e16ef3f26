"""Simulations at scale: the statistics, reproducibility, the report, the command, Ray."""

from __future__ import annotations

import json
import math
import random
import sys
from collections import Counter
from pathlib import Path
from typing import Any

import pytest
from typer.testing import CliRunner

import nilegames
from nilegames.ai.ratings import Z95, wilson_interval
from nilegames.analysis import check_simulation, simulate
from nilegames.analysis import runner as runner_module
from nilegames.analysis.metrics import (
    holm,
    is_rate,
    mean_t_interval,
    normal_sf,
    proportion_test,
    student_t_quantile,
    student_t_sf,
    summarise,
    welch_test,
)
from nilegames.analysis.runner import GameRecord, Simulation, SimulationSpec, batches, play_one
from nilegames.analysis.summary import (
    Sample,
    comparisons,
    fair_test,
    figures,
    samples,
    with_kinds,
)
from nilegames.cli.main import app
from nilegames.core import GameOptionError, UnknownGameError
from nilegames.games.artifacts.state import ArtifactsState
from nilegames.games.banks.state import BanksState
from nilegames.games.nile.state import NileState
from nilegames.games.pharaohs.state import PharaohsState
from nilegames.parallel import BackendError, ray_available, run_batches
from tests.conftest import random_game

runner = CliRunner()
WIDE = {"COLUMNS": "200"}


def run(*args: str) -> tuple[int, str]:
    result = runner.invoke(app, list(args), env=WIDE)
    assert "Traceback" not in result.output
    return result.exit_code, result.output


def figures_of(report: dict[str, Any]) -> dict[str, Any]:
    """Everything a report says that does not depend on the machine."""
    return {key: value for key, value in report.items() if key != "performance"}


# -- the statistics, against hand computations and published values -------------------------------
@pytest.mark.parametrize(
    ("p", "df", "quantile"),
    [
        (0.975, 1, 12.706204736174694),  # scipy.stats.t.ppf
        (0.975, 4, 2.7764451051977934),
        (0.975, 10, 2.228138851986274),
        (0.975, 7.5, 2.333039626864974),  # Welch's degrees of freedom are not whole
        (0.975, 1e7, Z95),
    ],
)
def test_student_t_quantiles_match_the_tables(p: float, df: float, quantile: float) -> None:
    assert student_t_quantile(p, df) == pytest.approx(quantile, abs=1e-6)
    # t's tails are heavier than the normal's, by about 1.4e-8 at 1e7 degrees of freedom
    assert student_t_sf(quantile, df) == pytest.approx(1 - p, abs=1e-7)


def test_student_t_and_normal_tails() -> None:
    assert student_t_sf(2.0, 10) == pytest.approx(0.03669401738537018, abs=1e-12)
    assert student_t_sf(-2.0, 10) == pytest.approx(1 - 0.03669401738537018, abs=1e-12)
    assert student_t_sf(0.0, 3) == pytest.approx(0.5)
    assert normal_sf(Z95) == pytest.approx(0.025, abs=1e-12)
    with pytest.raises(ValueError, match="p must be"):
        student_t_quantile(0.2, 5)


def test_the_mean_gets_a_student_t_interval() -> None:
    # mean 3, sd sqrt(2.5), se sqrt(0.5); t(0.975, 4) = 2.776445: half-width 1.963243
    interval = mean_t_interval([1.0, 2.0, 3.0, 4.0, 5.0])
    assert interval.estimate == 3.0
    assert interval.high - 3.0 == pytest.approx(1.9632431614775572, abs=1e-9)
    assert 3.0 - interval.low == pytest.approx(1.9632431614775572, abs=1e-9)
    alone = mean_t_interval([2.0])
    assert (alone.estimate, alone.low, alone.high) == (2.0, -math.inf, math.inf)


def test_a_summary_reads_rates_with_wilson_and_gives_the_distribution() -> None:
    rate = summarise([1.0, 0.0, 0.0, 1.0, 1.0], "rate")
    wilson = wilson_interval(3, 5)
    assert (rate.estimate, rate.low, rate.high) == (wilson.estimate, wilson.low, wilson.high)
    values = [float(v) for v in range(101)]
    mean = summarise(values, "mean")
    assert (mean.minimum, mean.p5, mean.median, mean.p95, mean.maximum) == (0, 5, 50, 95, 100)
    assert mean.std == pytest.approx(math.sqrt(sum((v - 50) ** 2 for v in values) / 100))
    assert is_rate([0.0, 1.0, 1.0]) and not is_rate([0.0, 0.5]) and not is_rate([])


def test_two_proportions_match_newcombes_example() -> None:
    # Newcombe (1998), Statistics in Medicine 17: 56/70 - 48/80 = 0.2, the hybrid score
    # interval (his method 10) is 0.0524 to 0.3339
    result = proportion_test(48, 80, 56, 70)
    assert result.difference == pytest.approx(0.2)
    assert result.low == pytest.approx(0.0524, abs=5e-5)
    assert result.high == pytest.approx(0.3339, abs=5e-5)
    # pooled z: 40/100 against 60/100 is 0.2 / sqrt(0.25 * 0.02) = 2.828427
    z = proportion_test(40, 100, 60, 100)
    assert z.statistic == pytest.approx(2.8284271247461903)
    assert z.p_value == pytest.approx(0.0046777349810472576, abs=1e-12)
    same = proportion_test(0, 10, 0, 20)  # nothing varies: nothing to test
    assert same.difference == 0.0 and math.isnan(same.p_value)


def test_welch_matches_scipy() -> None:
    # scipy.stats.ttest_ind(b, a, equal_var=False): t 1.897367, p 0.107531, df 5.882353
    result = welch_test([1.0, 2.0, 3.0, 4.0, 5.0], [2.0, 4.0, 6.0, 8.0, 10.0])
    assert result.difference == 3.0
    assert result.statistic == pytest.approx(1.8973665961010275)
    assert result.p_value == pytest.approx(0.10753119493062728, abs=1e-9)
    assert result.low == pytest.approx(-0.887741643736975, abs=1e-6)
    assert result.high == pytest.approx(6.887741643736975, abs=1e-6)
    constant = welch_test([2.0, 2.0], [3.0, 3.0])
    assert constant.p_value == 0.0 and constant.statistic == math.inf
    assert math.isnan(welch_test([2.0, 2.0], [2.0, 2.0]).p_value)


def test_holm_adjusts_step_down_and_skips_untested_figures() -> None:
    # sorted 0.01, 0.03, 0.04: 3 x 0.01, 2 x 0.03, max(1 x 0.04, 0.06)
    adjusted = holm([0.01, 0.04, 0.03, math.nan])
    assert adjusted[:3] == pytest.approx([0.03, 0.06, 0.06])
    assert math.isnan(adjusted[3])
    assert holm([0.9, 0.8]) == [1.0, 1.0]  # 2 x 0.8 is more than 1


def record(index: int, returns: tuple[float, ...], first: int, **stats: float) -> GameRecord:
    return GameRecord(index, returns, returns, first, 10, 5, 2, dict(stats))


def test_samples_split_wins_and_follow_the_turn_order() -> None:
    records = [
        record(0, (1.0, -1.0), first=1, flood=1.0),
        record(1, (0.0, 0.0), first=0, flood=0.0, rate=0.5),
        record(2, (-1.0, 1.0), first=1, flood=1.0),
    ]
    got = {s.key: s for s in samples(records, 2, ["flood", "rate"])}
    assert got["win_rate.seat_0"].values == [1.0, 0.5, 0.0]
    assert got["win_rate.order_1"].values == [0.0, 0.5, 1.0]  # seat 1 moved first twice
    assert got["win_rate.order_1"].fair == 0.5
    assert got["ties"].values == [0.0, 1.0, 0.0]
    assert got["score.winner"].values == [1.0, 0.0, 1.0]  # a tie: the first seat's score
    assert got["stat.rate"].values == [0.5]  # only the games that report it
    kinds = {s.key: s.kind for s in with_kinds(list(got.values()))[0]}
    assert kinds["stat.flood"] == "rate" and kinds["stat.rate"] == "mean"


# -- the games' own figures ------------------------------------------------------------------------
def test_nile_statistics_read_the_event_log() -> None:
    game = nilegames.new_game("nile", 3)
    spec = check_simulation("nile", 3, ["random"], {}, seed=5)
    result = play_one(game, spec, 0)
    stats = result.statistics
    assert stats["locust_strikes"] >= 1 and stats["decks"] == 3
    assert stats["speculation_cards"] % 3 == 0
    assert set(result.scores) <= {float(v) for v in range(20)}
    assert result.turns > 0 and result.decisions <= result.actions
    # the same game again, read by hand from its state
    state = game.new_initial_state()
    assert isinstance(state, NileState)
    assert game.turns(state) == 0 and game.statistics(state)["locust_strikes"] == 0


def nile_figures_from_the_public_log(log: list[dict[str, Any]]) -> dict[str, float]:
    """NILE's figures counted from a seat's view of the log, the events as players read them
    (the statistics read the state's own event records)."""
    strikes = [e for e in log if e["event"] == "locust"]
    hits = Counter(owner for e in strikes for owner in {f["owner"] for f in e["destroyed"]})
    payouts = [e["matches"] for e in log if e["event"] == "payout"]
    trades = [e["trade"] for e in log if e["event"] == "trade"]
    figures = {
        "locust_strikes": float(len(strikes)),
        "locust_twice": float(any(n >= 2 for n in hits.values())),
        "locust_cards_destroyed": float(sum(f["size"] for e in strikes for f in e["destroyed"])),
        "speculations": float(len(payouts)),
        "speculation_cards": 3.0 * sum(payouts),  # a match draws three cards
        "overtakes": float(sum(len(e["overtaken"]) for e in log if e["event"] == "planted")),
        "market_trades": float(trades.count("market")),
        "offerings": float(len(trades) - trades.count("market")),
        "decks": float(max([1] + [e["deck"] for e in log if e["event"] == "reshuffle"])),
    }
    if payouts:
        figures["speculation_success"] = sum(m > 0 for m in payouts) / len(payouts)
    return figures


def test_nile_statistics_agree_with_the_log_the_players_read() -> None:
    """Every figure of six random games, counted again from seat 0's final view of the log
    (games where one seat lost fields to two strikes and games where none did)."""
    twice = set()
    for seed in range(6):
        final = list(random_game("nile", 3, seed))[-1]
        expected = nile_figures_from_the_public_log(final.observation(0)["log"])
        assert final.game.statistics(final) == expected
        assert expected["overtakes"] and expected["market_trades"] and expected["offerings"]
        twice.add(expected["locust_twice"])
    assert twice == {0.0, 1.0}


def test_pharaohs_statistics_read_the_event_log() -> None:
    game = nilegames.new_game("pharaohs", 2)
    spec = check_simulation("pharaohs", 2, ["random"], {}, seed=2)
    for index in range(3):
        result = play_one(game, spec, index)
        stats = result.statistics
        assert stats["tiles_laid"] >= stats["crossings"] >= 0
        assert stats["reached_blue"] + stats["ended_blocked"] + stats["ended_no_tiles"] == 1
        assert ("blue_value" in stats) == (stats["reached_blue"] == 1)
        assert result.turns >= 1
    state = game.new_initial_state()
    assert isinstance(state, PharaohsState)
    assert game.final_scores(state) == [0.0, 0.0]


def test_pharaohs_statistics_agree_with_the_log_the_players_read() -> None:
    """Every figure of six random games counted again from seat 0's final view of the log:
    the game ends on the goal (the last tile laid there, its cell paying the blue value)
    or blocked; the six hold crossings, universal tiles, bonuses and both endings."""
    seen: Counter[str] = Counter()
    for seed in range(6):
        final = list(random_game("pharaohs", 2, seed))[-1]
        log = final.observation(0)["log"]
        lays = [e for e in log if e["event"] == "lay"]
        (over,) = [e for e in log if e["event"] == "game_over"]
        expected = {
            "tiles_laid": float(len(lays)),
            "crossings": float(sum(e["replaced"] is not None for e in lays)),
            "universals": float(sum(e["tile"] == "universal" for e in lays)),
            "all_five_bonuses": float(sum(e["event"] == "bonus" for e in log)),
            "no_tile_turns": float(sum(e["event"] == "no_tile" for e in log)),
            "reached_blue": float(over["reason"] == "goal"),
            "ended_blocked": float(over["reason"] == "blocked"),
            "ended_no_tiles": float(over["reason"] == "tiles"),
        }
        if over["reason"] == "goal":
            expected["blue_value"] = float(lays[-1]["cell_points"])
        assert final.game.statistics(final) == expected
        seen.update({k: v for k, v in expected.items() if k != "blue_value"})
        seen[f"blue {expected.get('blue_value')}"] += 1
    assert all(seen[k] for k in ("crossings", "universals", "all_five_bonuses"))
    assert seen["reached_blue"] >= 2 and seen["ended_blocked"] >= 2
    assert len([k for k in seen if k.startswith("blue ")]) == 3  # two values and none


def test_artifacts_statistics_read_the_event_log() -> None:
    game = nilegames.new_game("artifacts", 3)
    spec = check_simulation("artifacts", 3, ["random"], {}, seed=4)
    for index in range(3):
        result = play_one(game, spec, index)
        stats = result.statistics
        # coins go only on turning around and buying, 3 each
        assert stats["coins_spent"] == 3 * (stats["turn_arounds"] + stats["cards_bought"])
        per_monument = [v for k, v in stats.items() if k.startswith("completed_")]
        # 5 face up plus one per completed monument replaced, out of 12 in play
        assert 5 <= len(per_monument) <= 12
        assert sum(per_monument) == stats["monuments_completed"]
        assert result.turns == stats["rounds"] >= 1
        # a completed monument paid its top level: every completion took 3 climbs at least
        assert stats["levels_climbed"] >= 3 * stats["monuments_completed"]
    state = game.new_initial_state()
    assert isinstance(state, ArtifactsState)
    assert game.final_scores(state) == [0.0, 0.0, 0.0]
    assert game.statistics(state)["monuments_completed"] == 0


def test_banks_statistics_read_the_event_log() -> None:
    game = nilegames.new_game("banks", 2, seed_trade=True)
    spec = check_simulation("banks", 2, ["random"], {"seed_trade": True}, seed=3)
    for index in range(3):
        result = play_one(game, spec, index)
        stats = result.statistics
        assert result.turns == stats["rounds"] >= 1
        assert stats["sown"] >= stats["harvested"] > 0
        assert stats["plants_spoiled"] <= 2 * stats["rot_events"]
        assert "other_seeds_bought" in stats and "plants_healed" not in stats
        assert stats["ended_round_limit"] in (0.0, 1.0)
    state = game.new_initial_state()
    assert isinstance(state, BanksState)
    assert game.final_scores(state) == [0.0, 0.0]


@pytest.mark.parametrize("game_id", [g["id"] for g in nilegames.games()])
def test_every_game_simulates_and_its_records_agree_with_a_replay(game_id: str) -> None:
    """Each record says what the game it stands for says: the game's own history, replayed
    from a new state, ends with the record's returns and scores after as many actions and
    decisions, the first decision taken by the record's first seat.  The games are caught
    as ``play_one`` plays them (a game whose first states are kept) and must be the very
    games ``simulate`` played (equal records)."""
    spec = check_simulation(game_id, None, ["random"], {}, seed=1)
    result = simulate(spec, 2)
    assert [r.index for r in result.records] == [0, 1]

    states: list[Any] = []

    class Kept(type(nilegames.new_game(game_id))):  # type: ignore[misc]
        def new_initial_state(self) -> Any:
            state = super().new_initial_state()
            states.append(state)
            return state

    kept = Kept(spec.players, **spec.options)
    for record in result.records:
        assert runner_module.play_one(kept, spec, record.index) == record
        played = states[-1]
        assert played.is_terminal()
        replay = nilegames.new_game(game_id, spec.players, **spec.options).new_initial_state()
        deciders = []
        for action in played.history():
            if not replay.is_chance_node():
                deciders.append(replay.current_player())
            replay.apply_action(action)
        assert replay.is_terminal()
        assert record.actions == len(played.history()) > record.decisions == len(deciders)
        assert record.first == deciders[0] and record.turns >= 1
        assert list(record.returns) == replay.returns()
        assert list(record.scores) == kept.final_scores(replay)
        low, high = kept.utility_range()
        assert all(low <= r <= high for r in record.returns)
    assert result.records[0] != result.records[1]


# -- reproducibility -------------------------------------------------------------------------------
def test_results_do_not_depend_on_jobs_or_batches() -> None:
    spec = check_simulation("nile", 2, ["random"], {"variant": "short"}, seed=7)
    one = simulate(spec, 24, jobs=1)
    two = simulate(spec, 24, jobs=2, size=5)
    assert one.records == two.records
    assert [r.index for r in two.records] == list(range(24))
    again = simulate(spec, 24, size=24)
    assert again.records == one.records
    other = simulate(check_simulation("nile", 2, ["random"], {}, seed=8), 24)
    assert other.records != one.records


def test_batches_cover_every_game_once() -> None:
    spec = check_simulation("nile", 2, ["random"], {}, seed=1)
    cut = batches(spec, 23, 5)
    assert [(b.start, b.stop) for b in cut] == [(0, 5), (5, 10), (10, 15), (15, 20), (20, 23)]


def test_progress_counts_games() -> None:
    seen: list[tuple[int, int]] = []
    spec = check_simulation("nile", 2, ["greedy", "random"], {}, seed=3)
    result = simulate(spec, 3, progress=lambda done, total: seen.append((done, total)))
    assert seen[-1] == (3, 3)
    assert result.spec.bots == ("greedy", "random")


class SeatWatcher:
    """A bot that knows its seat, notes what it is shown and plays the first legal move."""

    reads_observation = True

    def __init__(self, seat: int, seen: list[tuple[int, bool, bool]]) -> None:
        self.name = f"seat{seat}"
        self.seat = seat
        self.seen = seen

    def step(self, observation: Any, legal: list[int], resample: Any = None) -> int:
        world, other_world = resample(random.Random(1)), resample(random.Random(2))
        mine = (
            observation["seat"] == self.seat
            and world.current_player() == self.seat
            and world.observation(self.seat) == observation
            and sorted(world.legal_actions()) == sorted(legal)
        )
        rival = 1 - self.seat  # what the rival holds differs between two draws
        redealt = world.observation(rival) != other_world.observation(rival)
        self.seen.append((self.seat, mine, redealt))
        return legal[0]


def test_a_simulated_bot_is_shown_its_own_seats_view_and_worlds(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """Each seat's bot gets that seat's observation and a resampler of that seat's
    information set, which re-deals what the seat cannot see (a bot that reads neither,
    such as random, is shown nothing)."""
    seen: list[tuple[int, bool, bool]] = []
    monkeypatch.setattr(
        runner_module, "make_bot", lambda kind, seed, game: SeatWatcher(int(kind[-1]), seen)
    )
    spec = SimulationSpec("nile", 2, ("seat0", "seat1"), {}, 4)
    play_one(nilegames.new_game("nile", 2), spec, 0)
    assert {seat for seat, _, _ in seen} == {0, 1}
    assert all(mine for _, mine, _ in seen)
    assert sum(redealt for _, _, redealt in seen) > len(seen) / 2


@pytest.mark.parametrize(
    ("game", "players", "bots", "options", "games", "error", "message"),
    [
        ("chess", 2, ["random"], {}, 5, UnknownGameError, "no game is called"),
        ("nile", 9, ["random"], {}, 5, GameOptionError, "2 to 5 players"),
        ("nile", 2, ["random"], {"variant": "long"}, 5, GameOptionError, "variant='long'"),
        ("nile", 4, ["random"], {"variant": "short"}, 5, GameOptionError, "2 or 3 players"),
        ("nile", 3, ["random", "greedy"], {}, 5, GameOptionError, "2 bots for 3 seats"),
        ("nile", 2, ["wizard"], {}, 5, GameOptionError, "no bot 'wizard'"),
        ("nile", 2, ["random"], {}, 0, GameOptionError, "at least one game"),
    ],
)
def test_bad_settings_are_refused_before_any_game(
    game: str,
    players: int,
    bots: list[str],
    options: dict[str, Any],
    games: int,
    error: type[Exception],
    message: str,
) -> None:
    with pytest.raises(error, match=message):
        check_simulation(game, players, bots, options, games=games)


def test_an_unknown_backend_is_refused() -> None:
    with pytest.raises(BackendError, match="no backend 'spark'"):
        run_batches(list, [[1]], backend="spark")
    with pytest.raises(GameOptionError, match="no backend"):
        check_simulation("nile", 2, ["random"], {}, backend="spark")


# -- the comparison --------------------------------------------------------------------------------
def test_the_short_variant_is_shorter_and_the_comparison_says_so() -> None:
    specs = [
        check_simulation("nile", 2, ["random"], {"variant": v}, seed=4)
        for v in ("standard", "short")
    ]
    runs: list[Simulation] = [simulate(spec, 60) for spec in specs]
    a, b = figures(runs, ["standard", "short"])
    rows = {row.key: row for row in comparisons(a, b)}
    turns = rows["length.turns"]
    assert turns.difference.difference < -3 and turns.significant
    assert turns.difference.test == "welch"
    assert rows["win_rate.seat_0"].difference.test == "z"
    assert rows["stat.speculations"].difference.difference < 0
    # a figure alike in every game on both sides is not tested (and not counted by Holm)
    assert math.isnan(rows["stat.decks"].difference.p_value)
    assert not rows["stat.decks"].significant
    # significance is read after Holm's adjustment over every figure tested
    raw = [row.difference.p_value for row in rows.values()]
    adjusted = [row.p_holm for row in rows.values()]
    assert adjusted == pytest.approx(holm(raw), nan_ok=True)
    assert any(p < 0.05 <= q for p, q in zip(raw, adjusted, strict=True))
    assert all(row.significant == (row.p_holm < 0.05) for row in rows.values())


def test_a_turn_order_rate_is_tested_against_its_fair_share() -> None:
    """Two-sided z-test by hand: 30 wins in 40 against 1/2 is z = 0.25 / sqrt(0.25 / 40)
    = 3.162278, and P(|Z| > z) = erfc(z / sqrt 2)."""
    values = [1.0] * 30 + [0.0] * 10
    first = Sample("win_rate.order_1", "1st to move", "win_rate", "rate", values, fair=0.5)
    z = 0.25 / math.sqrt(0.25 / 40)
    assert fair_test(first, summarise(values, "rate")) == pytest.approx(math.erfc(z / math.sqrt(2)))
    # 10 wins in 40 against 1/4 is exactly fair
    quarter = [1.0] * 10 + [0.0] * 30
    fourth = Sample("win_rate.order_1", "1st to move", "win_rate", "rate", quarter, fair=0.25)
    assert fair_test(fourth, summarise(quarter, "rate")) == pytest.approx(1.0)
    seat = Sample("win_rate.seat_0", "seat 0", "win_rate", "rate", values)
    assert math.isnan(fair_test(seat, summarise(values, "rate")))


# -- the command -----------------------------------------------------------------------------------
def test_simulate_writes_the_report(tmp_path: Path) -> None:
    out = tmp_path / "report"
    args = ["simulate", "nile", "-n", "2", "--games", "30", "--seed", "5", "--out", str(out)]
    code, output = run(*args, "--jobs", "2")
    assert code == 0, output
    assert "games/s" in output and "locust_strikes" in output
    names = {p.name for p in out.iterdir()}
    assert names == {
        "report.html",
        "report.json",
        "win_rates.png",
        "scores.png",
        "length.png",
        "statistics.png",
    }
    for png in out.glob("*.png"):
        assert png.read_bytes().startswith(b"\x89PNG")
    page = (out / "report.html").read_text()
    assert page.count("data:image/png;base64,") == 4  # self-contained
    assert "locust_strikes" in page and "Win rate" in page
    report = json.loads((out / "report.json").read_text())
    assert report["format"] == "nilegames-simulation"
    assert report["settings"]["games"] == 30 and report["comparison"] is None
    figures_json = report["configurations"][0]["figures"]
    assert figures_json["win_rate.order_1"]["fair"] == 0.5
    assert figures_json["stat.locust_twice"]["kind"] == "rate"
    assert len(report["games"][0]["turns"]) == 30
    seats = [figures_json[f"win_rate.seat_{s}"]["estimate"] for s in range(2)]
    assert sum(seats) == pytest.approx(1.0)
    # the same seed with one job writes the same figures
    again = tmp_path / "again"
    code, _ = run(*args[:-1], str(again), "--jobs", "1")
    assert code == 0
    other = json.loads((again / "report.json").read_text())
    assert figures_of(other) == figures_of(report)
    assert report["performance"]["jobs"] == 2 and other["performance"]["jobs"] == 1


def test_simulate_compares_two_configurations(tmp_path: Path) -> None:
    out = tmp_path / "compare"
    code, output = run(
        "simulate",
        "nile",
        "--games",
        "40",
        "--seed",
        "2",
        "--compare",
        "variant=standard",
        "--compare",
        "variant=short",
        "--out",
        str(out),
    )
    assert code == 0, output
    assert "variant=short − variant=standard" in output
    report = json.loads((out / "report.json").read_text())
    assert [c["label"] for c in report["configurations"]] == ["variant=standard", "variant=short"]
    rows = {row["key"]: row for row in report["comparison"]["figures"]}
    assert rows["length.turns"]["difference"] < 0 and rows["length.turns"]["significant"]
    assert "Comparison" in (out / "report.html").read_text()
    # each side is what a simulation of that configuration alone gives
    alone = tmp_path / "alone"
    run(
        "simulate",
        "nile",
        "--games",
        "40",
        "--seed",
        "2",
        "-o",
        "variant=short",
        "--out",
        str(alone),
    )
    single = json.loads((alone / "report.json").read_text())
    assert (
        single["configurations"][0]["figures"]["length.turns"]
        == (report["configurations"][1]["figures"]["length.turns"])
    )


def test_a_game_without_statistics_still_gets_a_report(tmp_path: Path) -> None:
    out = tmp_path / "pharaohs"
    code, output = run(
        "simulate", "pharaohs", "--games", "4", "--seed", "1", "--out", str(out), "--bots", "random"
    )
    assert code == 0, output
    assert (out / "statistics.png").exists()  # pharaohs declares its own
    report = json.loads((out / "report.json").read_text())
    assert "stat.tiles_laid" in report["configurations"][0]["figures"]


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["chess"], "no game is called 'chess'"),
        (["nile", "-o", "variant=long"], "variant='long' is not one of"),
        (["nile", "-o", "speed=9"], "nile has no option speed"),
        (["nile", "-n", "4", "-o", "variant=short"], "2 or 3 players"),
        (["nile", "--compare", "variant=short"], "--compare takes two configurations"),
        (["nile", "--compare", "variant=short", "--compare", "variant=short"], "two different"),
        (
            [
                "nile",
                "-o",
                "variant=short",
                "--compare",
                "variant=standard",
                "--compare",
                "variant=short",
            ],
            "both set",
        ),
        (["nile", "--bots", "random,random,random"], "3 bots for 2 seats"),
        (["nile", "--backend", "spark"], "no backend 'spark'"),
        (["nile", "--address", "ray://nowhere:10001"], "--address is for --backend ray"),
        (["nile", "--games", "0"], "at least one game"),
    ],
)
def test_bad_input_is_one_clear_line_and_writes_nothing(
    tmp_path: Path, args: list[str], message: str
) -> None:
    out = tmp_path / "never"
    code, output = run("simulate", *args, "--out", str(out))
    assert code == 2
    assert message in output
    assert not out.exists()


def test_the_ray_backend_without_ray_says_how_to_install_it(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setitem(sys.modules, "ray", None)  # import ray now fails
    assert not ray_available()
    out = tmp_path / "never"
    code, output = run("simulate", "nile", "--backend", "ray", "--out", str(out))
    assert code == 2 and "pip install 'nilegames[ray]'" in output
    assert not out.exists()
    code, output = run("tournament", "nile", "--backend", "ray", "--out", str(out))
    assert code == 2 and "pip install 'nilegames[ray]'" in output
    assert not out.exists()


def test_tournament_refuses_an_address_without_ray(tmp_path: Path) -> None:
    code, output = run(
        "tournament", "nile", "--address", "auto", "--games", "2", "--out", str(tmp_path / "t")
    )
    assert code == 2 and "--address is for --backend ray" in output


# -- Ray ----------------------------------------------------------------------------------------
class FakeRay:
    """Just enough of Ray's API for run_batches: tasks run when their result is asked for,
    and the tasks cancelled are noted."""

    def __init__(self) -> None:
        self.cancelled: list[Any] = []

    def is_initialized(self) -> bool:
        return True  # a connection the caller made: run_batches must not stop it

    def cluster_resources(self) -> dict[str, float]:
        return {"CPU": 1.0}

    def remote(self, **_: Any) -> Any:
        def wrap(function: Any) -> Any:
            class Remote:
                @staticmethod
                def remote(batch: Any) -> Any:
                    return (function, batch)

            return Remote

        return wrap

    def wait(self, pending: list[Any], num_returns: int) -> tuple[list[Any], list[Any]]:
        return pending[:num_returns], pending[num_returns:]

    def get(self, ref: Any) -> Any:
        function, batch = ref
        return function(batch)

    def cancel(self, ref: Any) -> None:
        self.cancelled.append(ref)


def test_a_stopped_ray_run_cancels_the_tasks_it_sent_ahead(monkeypatch: pytest.MonkeyPatch) -> None:
    """On a Ray connection the caller keeps (a session, a cluster), tasks sent ahead of the
    results would otherwise go on playing games nobody will read."""
    fake = FakeRay()
    monkeypatch.setitem(sys.modules, "ray", fake)
    done = run_batches(lambda batch: [batch], list(range(10)), backend="ray", stop=lambda: True)
    assert done == [0]
    assert sorted(batch for _, batch in fake.cancelled) == [1, 2]


@pytest.mark.ray
def test_ray_gives_exactly_the_local_figures(tmp_path: Path) -> None:
    """One local Ray instance of 2 CPUs (one test, so one instance whatever xdist does)."""
    ray = pytest.importorskip(
        "ray", reason="the ray extra is not installed (pip install nilegames[ray])"
    )
    from nilegames.ai.tournament import run_tournament

    assert ray_available()
    ray.init(num_cpus=2, include_dashboard=False, logging_level="warning")
    try:
        base = ["simulate", "nile", "--games", "300", "--seed", "11"]
        code, output = run(*base, "--backend", "ray", "--out", str(tmp_path / "ray"))
        assert code == 0, output
        assert ray.is_initialized()  # the instance already running was used, not stopped
        code, output = run(*base, "--jobs", "2", "--out", str(tmp_path / "local"))
        assert code == 0, output
        ray_report = json.loads((tmp_path / "ray" / "report.json").read_text())
        local_report = json.loads((tmp_path / "local" / "report.json").read_text())
        assert ray_report["performance"]["backend"] == "ray"
        assert figures_of(ray_report) == figures_of(local_report)
        # tournaments run on the same backend
        local = run_tournament("nile", 2, ["random", "greedy"], games=4, seed=3)
        remote = run_tournament("nile", 2, ["random", "greedy"], games=4, seed=3, backend="ray")
        assert remote.games == local.games
        code, output = run(
            "tournament",
            "nile",
            "--bots",
            "random,greedy",
            "--games",
            "2",
            "--seed",
            "1",
            "--backend",
            "ray",
            "--out",
            str(tmp_path / "t"),
        )
        assert code == 0, output
        assert (tmp_path / "t" / "results.json").exists()
    finally:
        ray.shutdown()
