"""Hints at the table and reviews of finished games, through the HTTP API.

A hint is the hard bot's move for the seat to move, searched from that seat's view only,
off by default when two or more people play, and logged for every seat with the game.  A
review is a job over a finished game, reproducible for a fixed record and seed, and the
same as ``nilegames review`` gives for that record.
"""

from __future__ import annotations

import random
import time
from concurrent.futures import ThreadPoolExecutor
from contextlib import ExitStack
from pathlib import Path
from typing import Any

import httpx
import pytest
from alembic import command
from alembic.config import Config
from sqlalchemy import create_engine, text

import nilegames
from nilegames.ai.review import review_record
from nilegames.core import CHANCE, GameRecord, State
from nilegames.server.db import MIGRATIONS, make_engine, migrate
from nilegames.server.limits import Limits, Rate
from nilegames.server.store import (
    FINISHED,
    PLAYING,
    Logged,
    Seat,
    Store,
    TableRecord,
    hash_token,
    now,
)
from tests.server_helpers import (
    create,
    fresh_database,
    play,
    running,
    serve,
    token_header,
    view,
    wait_for,
)

HINT_ITERATIONS = 40
REVIEW_ITERATIONS = 12
#: What the server adds to each move of ``review_record``'s review: the moves' action ids.
SERVER_ONLY = ("played_action", "best_action")


def advised(url: str, **options: Any) -> Any:
    """A server whose hints and reviews search little (tests)."""
    options.setdefault("hint_iterations", HINT_ITERATIONS)
    options.setdefault("review_iterations", 200)
    return running(url, **options)


def ask_hint(client: Any, table_id: str, token: str | None, seq: int) -> Any:
    return client.post(
        f"/api/tables/{table_id}/hint", json={"seq": seq}, headers=token_header(token)
    )


def my_turn(client: Any, table_id: str, token: str) -> dict[str, Any]:
    """The token's seat's view once it is to move (bots move first, in their own time)."""
    deadline = time.monotonic() + 30
    while time.monotonic() < deadline:
        shown: dict[str, Any] = view(client, table_id, token)
        if shown["to_move"] == shown["seat"]:
            return shown
        time.sleep(0.02)
    raise AssertionError("the seat never came to move")


def hint_rows(url: str, table_id: str) -> list[tuple[int, int, int]]:
    engine = create_engine(url)
    try:
        with engine.connect() as connection:
            rows = connection.execute(
                text("SELECT seat, seq, log_at FROM table_hints WHERE table_id = :id"),
                {"id": table_id},
            ).all()
    finally:
        engine.dispose()
    return [(seat, seq, log_at) for seat, seq, log_at in rows]


def test_a_hint_against_bots_is_a_legal_move_logged_for_every_seat(url: str) -> None:
    with advised(url) as client:
        made = create(client, ["human", "random"])
        table_id, token = made["table"]["id"], made["tokens"]["0"]
        shown = my_turn(client, table_id, token)
        assert shown["hint"] == {"possible": True, "code": "ok", "reason": shown["hint"]["reason"]}
        assert shown["hints_allowed"] is True and shown["hints_used"] == []
        answer = ask_hint(client, table_id, token, shown["seq"])
        assert answer.status_code == 200, answer.text
        given = answer.json()
        legal = {a["action"]: a["text"] for a in shown["legal_actions"]}
        assert given["action"] in legal and given["move"] == legal[given["action"]]
        assert given["seat"] == 0 and given["seq"] == shown["seq"]
        assert 0 <= given["estimate"] <= 1 and given["iterations"] == HINT_ITERATIONS
        assert given["options"][0]["action"] == given["action"]
        assert all(o["action"] in legal for o in given["options"])
        log_length = shown["log_total"]
        expected = [(0, shown["seq"], log_length)]
        # the log says so: the seat's own view, a spectator's, and the database
        for who in (token, None):
            used = view(client, table_id, who)["hints_used"]
            assert [(u["seat"], u["seq"], u["log_at"]) for u in used] == expected
        assert hint_rows(url, table_id) == expected
        # asked again at the same position: the same hint, logged once
        again = ask_hint(client, table_id, token, shown["seq"])
        assert again.json() == given
        assert len(view(client, table_id)["hints_used"]) == 1
    # a restart loads the hints used with the table, and the replay lists them
    with advised(url) as client:
        assert [u["seq"] for u in view(client, table_id)["hints_used"]] == [shown["seq"]]
        final = play(client, table_id, {"0": token}, random.Random(4))
        while final["to_move"] is not None:
            time.sleep(0.02)
            final = play(client, table_id, {"0": token}, random.Random(4))
        replay = client.get(f"/api/tables/{table_id}/replay").json()
        assert [(u["seat"], u["seq"], u["log_at"]) for u in replay["hints_used"]] == expected


@pytest.mark.parametrize(
    ("seats", "option", "allowed"),
    [
        (["human", "human"], None, False),
        (["human", "human", "random"], None, False),
        (["human", "human"], True, True),
        (["human", "greedy"], None, True),
        (["human", "greedy"], False, False),
    ],
)
def test_the_table_option_and_the_number_of_people_decide_hints(
    sqlite_url: str, seats: list[str], option: bool | None, allowed: bool
) -> None:
    with advised(sqlite_url) as client:
        body = {} if option is None else {"hints": option}
        made = create(client, seats, **body)
        table_id = made["table"]["id"]
        first = view(client, table_id)["to_move"]
        token = made["tokens"].get(str(first), made["tokens"]["0"])
        shown = my_turn(client, table_id, token)
        assert shown["hints_allowed"] is allowed
        assert shown["hint"]["possible"] is allowed
        answer = ask_hint(client, table_id, token, shown["seq"])
        if allowed:
            assert answer.status_code == 200, answer.text
        else:
            assert shown["hint"]["code"] == "off"
            assert answer.status_code == 409
            assert "hints are off at this table" in answer.json()["error"]
            assert view(client, table_id)["hints_used"] == []
            assert view(client, table_id)["seq"] == shown["seq"]


@pytest.mark.parametrize("bad", [1, 0, "yes", None, [True]])
def test_the_hints_option_takes_only_true_or_false(sqlite_url: str, bad: Any) -> None:
    with advised(sqlite_url) as client:
        body = {"game": "nile", "seats": [{"kind": "human"}, {"kind": "human"}], "hints": bad}
        answer = client.post("/api/tables", json=body)
        if bad is None:  # null is the default rule
            assert answer.status_code == 201
            return
        assert answer.status_code == 422, answer.text
        assert "hints" in answer.json()["error"]
        assert client.get("/api/server").json()["tables_in_memory"] == 0


def test_a_refused_hint_says_why_and_changes_nothing(sqlite_url: str) -> None:
    with advised(sqlite_url) as client:
        made = create(client, ["human", "human"], hints=True)
        table_id, tokens = made["table"]["id"], made["tokens"]
        shown = view(client, table_id, tokens["0"])
        mover = str(shown["to_move"])
        waiting = "1" if mover == "0" else "0"
        cases = [
            (tokens[waiting], shown["seq"], 409, "a hint is for your own turn"),
            (None, shown["seq"], 403, "needs its seat's token"),
            ("not-a-token", shown["seq"], 403, "holds no seat"),
            (tokens[mover], shown["seq"] - 1, 409, "stale seq"),
        ]
        for token, seq, status, words in cases:
            answer = ask_hint(client, table_id, token, seq)
            assert answer.status_code == status, answer.text
            assert words in answer.json()["error"]
        headers = token_header(tokens[mover])
        for body in ({"seq": "1"}, {}, {"seq": 1, "extra": 2}):
            answer = client.post(f"/api/tables/{table_id}/hint", json=body, headers=headers)
            assert answer.status_code == 422, answer.text
        unknown = client.post("/api/tables/nosuchtable/hint", json={"seq": 0}, headers=headers)
        assert unknown.status_code == 404
        after = view(client, table_id)
        assert after["seq"] == shown["seq"] and after["hints_used"] == []


def test_hints_are_rate_limited_like_moves(sqlite_url: str) -> None:
    limits = Limits(moves=Rate(0.01, 2))
    with advised(sqlite_url, limits=limits) as client:
        made = create(client, ["human", "random"])
        table_id, token = made["table"]["id"], made["tokens"]["0"]
        shown = my_turn(client, table_id, token)
        statuses = [ask_hint(client, table_id, token, shown["seq"]).status_code for _ in range(3)]
        assert statuses == [200, 200, 429]


def position(game_id: str, seed: int, actions: int, **options: Any) -> State:
    """A game of random moves cut at seat 0's first choice after ``actions`` actions."""
    state = nilegames.make(game_id, players=2, **options)
    rng = random.Random(seed)
    while not (
        len(state.history()) >= actions
        and not state.is_chance_node()
        and state.current_player() == 0
        and len(state.legal_actions()) > 1
    ):
        if state.is_chance_node():
            nilegames.resolve_chance(state, rng)
        else:
            state.apply_action(rng.choice(state.legal_actions()))
    return state


def stored_table(url: str, table_id: str, history: list[int], hints: bool | None = None) -> str:
    """Put a two-seat table (seat 0 human, seat 1 a bot) with this log into the database;
    returns seat 0's token."""
    engine = make_engine(url)
    migrate(engine)
    state = nilegames.make("nile", players=2)
    entries = []
    for seq, action in enumerate(history):
        seat = CHANCE if state.is_chance_node() else state.current_player()
        entries.append(Logged(seq, seat, action))
        state.apply_action(action)
    token = "seat-zero-token"
    seats = (Seat("human", token_hash=hash_token(token)), Seat("bot", "random"))
    status = FINISHED if state.is_terminal() else PLAYING
    when = now()
    options = dict(state.game.options)  # every option: a missing one means an older edition
    record = TableRecord(table_id, "nile", 2, options, seats, status, when, when, hints)
    Store(engine).create(record, entries)
    engine.dispose()
    return token


@pytest.mark.parametrize(("seed", "actions"), [(3, 30), (8, 60)])
def test_a_hint_sees_only_the_seats_own_view(tmp_path: Path, seed: int, actions: int) -> None:
    """Two servers hold the same table, except for what seat 0 cannot see (the other hand,
    the deck): the hint through the endpoint must be the same."""
    state = position("nile", seed, actions)
    world = state.clone().resample_from_infostate(0, random.Random(seed))
    assert world.observation(1) != state.observation(1)
    answers = []
    for name, history in (("real", state.history()), ("redealt", world.history())):
        folder = tmp_path / name
        folder.mkdir()
        with fresh_database("sqlite", folder) as url:
            token = stored_table(url, "leaktable01", history)
            with advised(url, bot_delay=5.0) as client:
                shown = view(client, "leaktable01", token)
                assert shown["to_move"] == 0
                answer = ask_hint(client, "leaktable01", token, shown["seq"])
                assert answer.status_code == 200, answer.text
                answers.append(answer.json())
    assert answers[0] == answers[1]


def finished_record(seed: int) -> GameRecord:
    state = nilegames.make("nile", players=2, variant="short")
    rng = random.Random(seed)
    while not state.is_terminal():
        if state.is_chance_node():
            nilegames.resolve_chance(state, rng)
        else:
            state.apply_action(rng.choice(state.legal_actions()))
    return GameRecord.of(state)


def wait_review(client: Any, table_id: str, seat: int, **query: Any) -> dict[str, Any]:
    deadline = time.monotonic() + 120
    seen_progress = set()
    while time.monotonic() < deadline:
        answer = client.get(f"/api/tables/{table_id}/reviews/{seat}", params=query)
        assert answer.status_code == 200, answer.text
        job: dict[str, Any] = answer.json()
        seen_progress.add(job["done"])
        if job["status"] != "running":
            job["progress_seen"] = sorted(seen_progress)
            return job
        time.sleep(0.05)
    raise AssertionError("the review did not finish")


def stored_finished(url: str, table_id: str, record: GameRecord) -> None:
    engine = make_engine(url)
    migrate(engine)
    state = nilegames.make(record.game, players=record.players, **record.options)
    entries = []
    for seq, action in enumerate(record.actions):
        seat = CHANCE if state.is_chance_node() else state.current_player()
        entries.append(Logged(seq, seat, action))
        state.apply_action(action)
    assert state.is_terminal()
    seats = (Seat("bot", "random"), Seat("bot", "random"))
    when = now()
    options = dict(state.game.options)  # every option: a missing one means an older edition
    row = TableRecord(table_id, record.game, 2, options, seats, FINISHED, when, when)
    Store(engine).create(row, entries)
    engine.dispose()


def test_a_review_is_the_records_review_and_is_reproducible(sqlite_url: str) -> None:
    record = finished_record(5)
    stored_finished(sqlite_url, "reviewed0001", record)
    body = {"seat": 1, "iterations": REVIEW_ITERATIONS, "seed": 3}
    query = {"iterations": REVIEW_ITERATIONS, "seed": 3}
    with advised(sqlite_url) as client:
        started = client.post("/api/tables/reviewed0001/reviews", json=body)
        assert started.status_code == 202, started.text
        assert started.json()["status"] == "running"
        job = wait_review(client, "reviewed0001", 1, **query)
        assert job["status"] == "done" and job["error"] is None
        assert job["done"] == job["total"] == len(job["review"]["moves"])
        # asked again: served from what was kept, at once
        cached = client.post("/api/tables/reviewed0001/reviews", json=body)
        assert cached.status_code == 200 and cached.json()["review"] == job["review"]
    with advised(sqlite_url) as client:  # a new server computes it afresh: the same review
        client.post("/api/tables/reviewed0001/reviews", json=body)
        again = wait_review(client, "reviewed0001", 1, **query)
    assert again["review"] == job["review"]
    direct = review_record(record, 1, iterations=REVIEW_ITERATIONS, seed=3).to_json()
    shown = job["review"]
    assert shown["flagged"] == direct["flagged"]
    for move, expected in zip(shown["moves"], direct["moves"], strict=True):
        assert move["played_action"] == record.actions[move["index"]]
        assert {k: v for k, v in move.items() if k not in SERVER_ONLY} == expected
        # the words in French too, and the reply as its seat and action (the page words it)
        assert move["words"]["fr"]["note"].startswith("«")
        assert (move["reply_action"] is None) == (move["reply"] is None)
    assert len(shown["flagged"]) <= 3


def test_a_review_sees_only_what_the_seat_saw_through_the_endpoint(tmp_path: Path) -> None:
    """Two finished games that seat 0 could not tell apart up to one of its choices (every
    deal it could not see redrawn), each played on to its own end: through the endpoint,
    seat 0's review of every move up to that choice must be the same."""
    state = position("nile", 21, 40, variant="short")
    cut = len(state.history())
    world = nilegames.make("nile", players=2, variant="short")
    for action in state.clone().resample_from_infostate(0, random.Random(4)).history():
        world.apply_action(action)  # the redealt game as a record replays it
    assert world.observation(0) == state.observation(0)
    assert world.observation(1) != state.observation(1)
    reviews = []
    for name, start in (("real", state), ("redealt", world)):
        folder = tmp_path / name
        folder.mkdir()
        actions = _played_out(start, seed=17)
        with fresh_database("sqlite", folder) as url:
            stored_finished(
                url, "leakreview01", GameRecord("nile", 2, {"variant": "short"}, actions)
            )
            with advised(url) as client:
                body = {"seat": 0, "iterations": REVIEW_ITERATIONS}
                started = client.post("/api/tables/leakreview01/reviews", json=body)
                assert started.status_code == 202, started.text
                job = wait_review(client, "leakreview01", 0, iterations=REVIEW_ITERATIONS)
        reviews.append([m for m in job["review"]["moves"] if m["index"] <= cut])
    real, redealt = reviews
    assert [m["index"] for m in real] == [m["index"] for m in redealt]
    assert len(real) > 3 and real[-1]["index"] == cut
    assert real[:-1] == redealt[:-1]
    # the move at the cut led to different things in the two games (its words may differ),
    # but it was judged from the same view
    same = ("before", "after", "best", "played", "played_action", "best_action", "reply")
    assert {k: real[-1][k] for k in same} == {k: redealt[-1][k] for k in same}


def _played_out(state: State, seed: int) -> list[int]:
    """The game from ``state`` played to its end with random moves and chance."""
    rng = random.Random(seed)
    other = state.clone()
    while not other.is_terminal():
        if other.is_chance_node():
            nilegames.resolve_chance(other, rng)
        else:
            other.apply_action(rng.choice(other.legal_actions()))
    return other.history()


def test_a_review_of_an_unfinished_game_or_a_missing_seat_is_refused(sqlite_url: str) -> None:
    with advised(sqlite_url) as client:
        made = create(client, ["human", "human"])
        table_id = made["table"]["id"]
        answer = client.post(f"/api/tables/{table_id}/reviews", json={"seat": 0})
        assert answer.status_code == 409
        assert "not over" in answer.json()["error"]
        play(client, table_id, made["tokens"], random.Random(2))
        refusals = [
            ({"seat": 2}, 422, "no seat 2"),
            ({"seat": -1}, 422, "no seat -1"),
            ({"seat": "0"}, 422, "seat"),
            ({"seat": 0, "iterations": 1}, 422, "iterations"),
            ({"seat": 0, "iterations": 201}, 422, "iterations"),
            ({"seat": 0, "wat": 1}, 422, "wat"),
        ]
        for body, status, words in refusals:
            answer = client.post(f"/api/tables/{table_id}/reviews", json=body)
            assert answer.status_code == status, (body, answer.text)
            assert words in answer.json()["error"]
        missing = client.get(f"/api/tables/{table_id}/reviews/0")
        assert missing.status_code == 404 and "POST" in missing.json()["error"]
        assert client.get(f"/api/tables/{table_id}/reviews/5").status_code == 404
        assert client.post("/api/tables/nosuch/reviews", json={"seat": 0}).status_code == 404
        assert client.app.state.advisor.reviews == {}


def test_a_hint_is_searched_off_the_event_loop(sqlite_url: str) -> None:
    """A long hint (in the bot pool's worker process) leaves the server free: another
    table's view and moves answer meanwhile."""
    with advised(sqlite_url, hint_iterations=4000, bot_processes=1) as client:
        made = create(client, ["human", "random"])
        table_id, token = made["table"]["id"], made["tokens"]["0"]
        other = create(client, ["human", "human"])
        shown = my_turn(client, table_id, token)
        with ThreadPoolExecutor(1) as pool:
            asked = pool.submit(ask_hint, client, table_id, token, shown["seq"])
            answers = []
            while not asked.done():
                started = time.monotonic()
                view(client, other["table"]["id"])
                answers.append(time.monotonic() - started)
                time.sleep(0.05)
            assert asked.result().status_code == 200
        assert len(answers) >= 5, "the hint took a while"
        assert max(answers) < 0.5, answers


def test_tables_from_before_hints_keep_the_default_rule(url: str) -> None:
    """A database at the revision before hints: its tables come through the upgrade with
    no hint option (the default rule) and no hint used."""
    engine = make_engine(url)
    config = Config()
    config.set_main_option("script_location", str(MIGRATIONS))
    with engine.begin() as connection:
        config.attributes["connection"] = connection
        command.upgrade(config, "0003")
        connection.execute(
            text(
                "INSERT INTO game_tables (id, game, players, options, seats, status, created,"
                " updated) VALUES ('oldtable0001', 'nile', 2, :options, :seats, 'playing',"
                " :when, :when)"
            ),
            {
                "options": '{"variant": "standard", "open_stocks": false, "rules": 2}',
                "seats": '[{"kind": "human", "bot": null, "token_hash": null},'
                ' {"kind": "human", "bot": null, "token_hash": null}]',
                "when": now(),
            },
        )
    engine.dispose()
    with advised(url) as client:
        shown = view(client, "oldtable0001")
        assert shown["hints_allowed"] is False and shown["hints_used"] == []


def test_hints_and_reviews_across_server_processes(tmp_path: Path) -> None:
    """Two processes on one PostgreSQL database: a hint given by one shows in the other's
    views, and a review asked of each is the same review (the page polls with POST, which
    may reach either)."""
    options = ("--hint-iterations", "40", "--review-iterations", "12", "--bot-processes", "0")
    with fresh_database("postgresql", tmp_path) as url, ExitStack() as stack:
        first, second = (
            stack.enter_context(serve(tmp_path, *options, database=url)) for _ in range(2)
        )
        with httpx.Client(timeout=30) as client:
            seats = [{"kind": "human"}, {"kind": "bot", "bot": "random"}]
            made = client.post(f"{first}/api/tables", json={"game": "nile", "seats": seats})
            table_id, token = made.json()["table"]["id"], made.json()["tokens"]["0"]
            headers = {"X-Seat-Token": token}

            def my_turn() -> Any:
                shown = client.get(f"{first}/api/tables/{table_id}", headers=headers).json()
                return shown if shown["to_move"] == 0 else None

            shown = wait_for(my_turn, "seat 0's turn")
            asked = client.post(
                f"{first}/api/tables/{table_id}/hint", json={"seq": shown["seq"]}, headers=headers
            )
            assert asked.status_code == 200, asked.text

            def seen_elsewhere() -> Any:
                return client.get(f"{second}/api/tables/{table_id}").json()["hints_used"]

            used = wait_for(seen_elsewhere, "the hint on the other process")
            assert [(u["seat"], u["seq"]) for u in used] == [(0, shown["seq"])]
            # asked again of the other process: the same hint, still logged once
            again = client.post(
                f"{second}/api/tables/{table_id}/hint", json={"seq": shown["seq"]}, headers=headers
            )
            assert again.json() == asked.json()
            assert len(seen_elsewhere()) == 1
        record = finished_record(2)
        stored_finished(url, "cluster00001", record)
        body = {"seat": 0, "iterations": REVIEW_ITERATIONS}
        with httpx.Client(timeout=30) as client:
            reviews = []
            for base in (first, second):

                def done(base: str = base) -> Any:
                    job = client.post(f"{base}/api/tables/cluster00001/reviews", json=body).json()
                    return job if job["status"] == "done" else None

                reviews.append(wait_for(done, "a review", timeout=120)["review"])
        assert reviews[0] == reviews[1]
