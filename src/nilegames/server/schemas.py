"""Request and response bodies, so that /openapi.json describes the API exactly.

Requests are strict: a player count or an action must be a JSON integer, and an unknown
field is refused rather than ignored.
"""

from __future__ import annotations

from typing import Any, Literal

from pydantic import BaseModel, ConfigDict, Field

STRICT = ConfigDict(strict=True, extra="forbid")


class SeatRequest(BaseModel):
    model_config = STRICT

    kind: Literal["human", "bot"]
    bot: str | None = Field(None, description="For a bot seat: one of the game's `bots`.")
    name: str | None = Field(None, description="A human seat's display name (1 to 24 characters).")
    away: int | None = Field(
        None, description="Seconds a human seat may be away on its turn before a bot takes it."
    )
    open: bool | None = Field(None, description="A human seat anyone may take from the lobby.")


class NewTable(BaseModel):
    model_config = STRICT

    game: str = Field(description="A game id from GET /api/games.")
    players: int | None = Field(None, description="Seats (default: as many as `seats`).")
    options: dict[str, Any] = Field(default_factory=dict)
    seats: list[SeatRequest] | None = Field(None, description="Default: every seat human.")
    hints: bool | None = Field(
        None,
        description="Whether seats may ask for hints (default: only while fewer than two"
        " people play).",
    )


class Move(BaseModel):
    model_config = STRICT

    seq: int = Field(description="The `seq` of the view the move was chosen in.")
    action: int = Field(description="One of the view's `legal_actions`.")


class Seq(BaseModel):
    model_config = STRICT

    seq: int = Field(description="The `seq` of the view the undo was asked in.")


class UndoInfo(BaseModel):
    possible: bool
    code: str = Field(description="ok, nothing, over, chance, turn or final.")
    reason: str
    step: str | None = Field(description="The words of the step an undo takes back.")
    action: int | None = Field(default=None, description="That step's action id.")
    words: dict[str, str] | None = Field(
        default=None,
        description="The step's words in each other language the game speaks (said, as `step`,"
        " from the position before it), by language code.",
    )


class ChatRequest(BaseModel):
    model_config = STRICT

    text: str = Field(description="The message: 1 to 200 characters.")


class ChatMessage(BaseModel):
    seat: int
    seq: int = Field(description="The table's seq when the message was sent.")
    text: str
    at: str


class ClaimRequest(BaseModel):
    model_config = STRICT

    name: str | None = Field(None, description="The display name of whoever takes the seat.")


class Claimed(BaseModel):
    table: TableSummary
    seat: int
    token: str
    link: str


class NameRequest(BaseModel):
    model_config = STRICT

    name: str = Field(description="The seat's display name: 1 to 24 characters.")


class BotRequest(BaseModel):
    model_config = STRICT

    bot: str = Field(description="One of the game's `bots`.")


class HintRequest(BaseModel):
    model_config = STRICT

    seq: int = Field(description="The `seq` of the view the hint is asked in.")


class HintOption(BaseModel):
    action: int | None
    move: str
    estimate: float = Field(description="The seat's expected result with this move, 0 to 1.")
    share: float = Field(description="The share of the search this move got.")


class HintAnswer(BaseModel):
    seq: int
    seat: int
    action: int = Field(description="The move the hard bot would play.")
    move: str
    estimate: float = Field(
        description="The seat's expected result, 0 (last) to 1 (first); with two players its"
        " chance of winning."
    )
    iterations: int
    options: list[HintOption] = Field(description="The most searched moves, best first.")


class HintInfo(BaseModel):
    possible: bool
    code: str = Field(description="ok, over, bot, off or turn.")
    reason: str


class HintUsed(BaseModel):
    seat: int
    seq: int = Field(description="The table's seq when the hint was asked.")
    log_at: int = Field(description="How many entries the game's log had then.")
    at: str


class ReviewRequest(BaseModel):
    model_config = STRICT

    seat: int = Field(description="The seat whose moves to review.")
    iterations: int | None = Field(
        None, description="Search iterations a move (default and most: the server's)."
    )
    seed: int = Field(0, description="The search's seed: the same seed, the same review.")


class ReviewJobInfo(BaseModel):
    table: str
    seat: int
    iterations: int
    seed: int
    status: Literal["running", "done", "failed"]
    done: int = Field(description="Moves reviewed so far.")
    total: int | None = Field(description="Moves to review (null until counted).")
    review: dict[str, Any] | None = Field(
        description="Once done: per move `before`, `after`, `best`, `note`...; `flagged`."
    )
    error: str | None


class ErrorBody(BaseModel):
    error: str


class OptionInfo(BaseModel):
    name: str
    default: Any
    choices: list[Any]
    help: str
    advanced: bool = False


class GameInfo(BaseModel):
    id: str
    title: str
    min_players: int
    max_players: int
    options: list[OptionInfo]
    bots: list[str]


class GuideSection(BaseModel):
    key: str
    title: str
    anchor: str = Field(description="The id of the section in `html`.")


class GuideInfo(BaseModel):
    game: str
    lang: str = Field(description="The language given (English if the guide lacks the one asked).")
    title: str
    html: str
    sections: list[GuideSection]
    tooltips: dict[str, str]


class SeatInfo(BaseModel):
    seat: int
    kind: Literal["human", "bot"]
    bot: str | None
    name: str | None = None
    away: int | None = None
    open: bool = False
    connected: bool


class TableSummary(BaseModel):
    id: str
    game: str
    players: int
    options: dict[str, Any]
    status: Literal["playing", "finished"]
    seats: list[SeatInfo]
    created: str
    updated: str


class LegalAction(BaseModel):
    action: int
    text: str


class View(BaseModel):
    table: TableSummary
    seat: int | None
    seq: int = Field(description="Actions applied so far, chance outcomes included.")
    observation: dict[str, Any]
    to_move: int | None
    legal_actions: list[LegalAction]
    undo: UndoInfo | None = Field(
        default=None, description="Whether the seat may take back its last step (seats only)."
    )
    chat: list[ChatMessage] = Field(default_factory=list, description="The newest messages.")
    hint: HintInfo | None = Field(default=None, description="Whether the seat may ask a hint.")
    hints_allowed: bool = Field(default=False, description="Whether the table allows hints.")
    hints_used: list[HintUsed] = Field(default_factory=list, description="Every hint asked.")
    text: str


class Created(BaseModel):
    table: TableSummary
    tokens: dict[str, str]
    links: dict[str, str]


class Replay(BaseModel):
    game: str
    players: int
    options: dict[str, Any]
    actions: list[int]
    seats: list[int] = Field(description="Who made each action; -1 for a chance outcome.")
    steps: int
    hints_used: list[HintUsed] = Field(default_factory=list, description="Every hint asked.")


class ReplayStep(BaseModel):
    step: int
    observation: dict[str, Any]
    text: str
    last_action: str | None
