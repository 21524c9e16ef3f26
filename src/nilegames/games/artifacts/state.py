"""The rules of NILE ARTIFACTS (seed 002) as a state machine over atomic actions.

The artifact deck is a set of card ids: every draw (the round's lay-out, a purchase) is a
chance node over the cards in it, each equally likely, so no deck order exists.  The
monument pile works the same way: the 6 monuments left in the box are never chosen, each
reveal is drawn from the monuments not yet seen, and the pile holds 12 minus those shown
so far.  Nothing else is hidden, so every seat sees the whole table.
"""

from __future__ import annotations

import random
from typing import TYPE_CHECKING, Any, Final

from nilegames.core import CHANCE, TERMINAL, Action, Observation, State
from nilegames.core.ranking import place_returns
from nilegames.games.artifacts.actions import (
    BUY,
    DECLARE,
    DONE,
    OFFER,
    SAIL,
    TAKE,
    TURN_AROUND,
)
from nilegames.games.artifacts.cards import (
    CARDS,
    CLASS_BIT,
    COIN_STOPS,
    LEFT_PORT,
    NUM_CARDS,
    NUM_STOPS,
    NUM_TYPES,
    RIGHT_PORT,
    WILD,
)
from nilegames.games.artifacts.monuments import (
    COMPLETED_FAVOUR,
    IN_PLAY,
    LEVELS,
    MONUMENTS,
    NUM_MONUMENTS,
    SHOWN,
    UNFINISHED_FAVOUR,
    artifact_counts,
    meets,
    region_counts,
)

if TYPE_CHECKING:
    from nilegames.games.artifacts.game import ArtifactsGame

# Phases: chance ones draw a monument, a first player or a card; the others are a seat's.
# Literal constants: a compiled build inlines them, where a name computed at import costs
# it a dictionary lookup at every use.
REVEAL: Final = 0
FIRST: Final = 1
DEAL: Final = 2
SAILING: Final = 3
TAKING: Final = 4
BUYING: Final = 5
OFFERING: Final = 6
DECLARING: Final = 7
OVER: Final = 8
PHASE_NAMES = (
    "setup",
    "setup",
    "preparation",
    "navigation",
    "navigation",
    "purchase",
    "offerings",
    "offerings",
    "game over",
)
#: What the seat to move (or chance) is doing, finer than the phase.
STEP_NAMES = (
    "reveal",
    "first player",
    "lay out",
    "sail",
    "take",
    "buy",
    "offer",
    "declare",
    "over",
)
CHANCE_PHASES = frozenset({REVEAL, FIRST, DEAL, BUYING})  # phase <= DEAL or BUYING
PRICE: Final = 3
COINS_IN_BOX: Final = 30
#: What the hot paths read of a card, as tuples of this module: a compiled build keeps
#: them in C statics (an imported name is a dictionary lookup, a card's field a getattr).
SPACE_OF: Final = tuple(card.space for card in CARDS)
TYPE_OF: Final = tuple(card.type for card in CARDS)
CLASS_OF: Final = CLASS_BIT
#: ``deal_outcomes(size)[card]``: the chance outcome of drawing ``card`` from a deck of
#: ``size`` cards, made once per size and shared, so a chance node makes no tuples (typed
#: Any: typed as tuples, the compiled kernel took each apart and built it again).
_DEALS: Final[list[tuple[Any, ...] | None]] = [None] * (NUM_CARDS + 1)


def deal_outcomes(size: int) -> tuple[Any, ...]:
    table = _DEALS[size]
    if table is None:
        share = 1.0 / size
        table = tuple((card, share) for card in range(NUM_CARDS))
        _DEALS[size] = table
    return table


#: Cards laid out under the river each round, by player count.
CARDS_PER_ROUND = {2: 8, 3: 9, 4: 12}
#: A digital safeguard the seed does not need: a game that has not ended after this many
#: rounds (players who never finish a monument) ends as if its last round were played.
ROUND_LIMIT = 30


class ArtifactsState(State):
    """A game of NILE ARTIFACTS in progress: the whole table, which everyone sees."""

    __slots__ = (
        "arrived",
        "boats",
        "coins",
        "deal_left",
        "deck",
        "declared",
        "discard",
        "events",
        "facing",
        "favour",
        "final_round",
        "first",
        "last_round",
        "legal_cache",
        "levels",
        "log_views",
        "n",
        "offering",
        "phase",
        "pile_left",
        "reserve",
        "revealed",
        "round",
        "seat",
        "shown",
        "tableaux",
        "turned",
        "under",
        "used",
    )

    game: ArtifactsGame

    def __init__(self, game: ArtifactsGame, *, _empty: bool = False) -> None:
        super().__init__(game)
        self.legal_cache: list[Action] | None = None
        self.log_views: dict[int | None, list[dict[str, Any]]] = {}
        if _empty:
            return
        n = self.n = game.players
        self.deck: list[int] = list(range(NUM_CARDS))
        self.discard: list[int] = []
        #: Cards under each stop of the river (the ports never hold any).
        self.under: list[list[int]] = [[] for _ in range(NUM_STOPS)]
        #: Cards in front of each seat, face up.
        self.tableaux: list[list[int]] = [[] for _ in range(n)]
        self.coins = [0] * n
        self.reserve = COINS_IN_BOX
        self.favour = [0] * n
        self.boats = [LEFT_PORT] * n
        self.facing = [1] * n  # +1 sails right, -1 left
        self.arrived = [False] * n  # reached a port in this navigation step
        self.turned = False  # the seat to move paid for a turn-around this turn
        #: Monuments face up, in display order, and each seat's level on them.
        self.shown: list[int] = []
        self.levels: list[list[int]] = []
        self.revealed: list[int] = []  # every monument seen so far, in order
        self.pile_left = IN_PLAY
        self.offering: list[int] = []  # the seat to move's offering so far
        self.declared: list[int] = []  # type each offered card counts as
        self.used: list[int] = []  # cards offered this step, discarded when it ends
        self.phase = REVEAL
        self.seat = -1
        self.first = -1
        self.round = 0
        self.final_round = False  # this round is the last
        self.last_round = 0  # the round announced as the last (0: not yet)
        self.deal_left = 0
        self.events: list[tuple[Any, ...]] = []

    # -- contract ------------------------------------------------------------------------
    def current_player(self) -> int:
        phase = self.phase
        if phase <= DEAL or phase == BUYING:
            return CHANCE
        if phase == OVER:
            return TERMINAL
        return self.seat

    def is_chance_node(self) -> bool:
        phase = self.phase
        return phase <= DEAL or phase == BUYING

    def is_terminal(self) -> bool:
        return self.phase == OVER

    def chance_outcomes(self) -> list[tuple[Action, float]]:
        phase = self.phase
        if phase in (DEAL, BUYING):
            table = deal_outcomes(len(self.deck))
            outcomes: list[Any] = [table[card] for card in self.deck]  # the deck is sorted
            return outcomes
        if phase == REVEAL:
            unseen = [m for m in range(NUM_MONUMENTS) if m not in self.revealed]
            return [(m, 1.0 / len(unseen)) for m in unseen]
        if phase == FIRST:
            return [(seat, 1.0 / self.n) for seat in range(self.n)]
        return []

    def legal_actions(self) -> list[Action]:
        phase = self.phase
        if phase <= DEAL or phase == BUYING:
            return [outcome for outcome, _ in self.chance_outcomes()]
        if phase == OVER:
            return []
        legal = self.legal_cache
        if legal is None:
            legal = self.legal_cache = self._compute_legal_actions()
        return legal[:]

    def apply_action(self, action: object, *, player: int | None = None) -> None:
        """The contract's ``apply_action`` with the two common cases checked here.

        A legal seat action and a card from the deck are applied without the generic
        path's calls; anything else, refusals included, goes through
        :meth:`State.apply_action`.
        """
        phase = self.phase
        if type(action) is int:
            if phase in (DEAL, BUYING):
                if (player is None or player == CHANCE) and action in self.deck:
                    self.legal_cache = None
                    if phase == DEAL:
                        self._on_deal(action)
                    else:
                        self._on_bought(action)
                    self._history.append(action)
                    return
            elif phase >= SAILING and phase != OVER and (player is None or player == self.seat):
                legal = self.legal_cache
                if legal is None:
                    legal = self.legal_cache = self._compute_legal_actions()
                if action in legal:
                    self.legal_cache = None
                    if phase == SAILING:
                        self._on_sailing(action)
                    elif phase == OFFERING:
                        self._on_offering(action)
                    elif phase == TAKING:
                        self._take(action - TAKE)
                    else:
                        self._on_declare(action)
                    self._history.append(action)
                    return
        super().apply_action(action, player=player)

    def _is_chance_outcome(self, action: Action) -> bool:
        phase = self.phase
        if phase == REVEAL:
            return 0 <= action < NUM_MONUMENTS and action not in self.revealed
        if phase == FIRST:
            return 0 <= action < self.n
        if phase in (DEAL, BUYING):
            return action in self.deck
        return False

    def _legal_actions(self) -> list[Action]:
        if self.legal_cache is None:
            self.legal_cache = self._compute_legal_actions()
        return self.legal_cache[:]

    def _is_legal(self, action: Action) -> bool:
        if self.legal_cache is None:
            self.legal_cache = self._compute_legal_actions()
        return action in self.legal_cache

    def can_buy(self) -> bool:
        """The seat to move has the price and there is a card to buy."""
        return self.coins[self.seat] >= PRICE and bool(self.deck or self.discard)

    def _compute_legal_actions(self) -> list[Action]:
        phase, seat = self.phase, self.seat
        legal: list[Action] = []
        if phase == SAILING:
            stop, step = self.boats[seat], self.facing[seat]
            port = RIGHT_PORT if step > 0 else LEFT_PORT
            target = stop + step
            while target != port:
                if self.under[target]:
                    legal.append(SAIL + target)
                target += step
            legal.append(SAIL + port)
            legal.sort()
            if self.can_buy():
                legal.append(BUY)
            if (
                not self.turned
                and stop not in (LEFT_PORT, RIGHT_PORT)
                and self.coins[seat] >= PRICE
            ):
                legal.append(TURN_AROUND)
        elif phase == TAKING:
            legal = [TAKE + card for card in first_of_each_class(self.under[self.boats[seat]])]
        elif phase == OFFERING:
            left = [c for c in self.tableaux[seat] if c not in self.offering]
            legal = [OFFER + card for card in first_of_each_class(left)]
            if self.can_buy():
                legal.append(BUY)
            legal.append(DONE)
        elif phase == DECLARING:
            legal = [DECLARE + kind for kind in range(NUM_TYPES)]
        return legal

    def returns(self) -> list[float]:
        if self.phase != OVER:
            return [0.0] * self.n
        return place_returns(self.final_keys())

    def final_keys(self) -> list[tuple[int, int]]:
        """What decides the places: favour, then the cards kept in front of each seat."""
        return [(self.favour[s], len(self.tableaux[s])) for s in range(self.n)]

    def action_to_string(self, action: Action) -> str:
        from nilegames.games.artifacts.observe import action_words

        return action_words(self, action)

    def __reduce__(self) -> tuple[Any, ...]:
        # A compiled build (mypyc) has no default pickling: rebuild field by field.
        fields = {name: getattr(self, name) for name in PICKLED_FIELDS}
        return (_restore, (self.game, self._history, fields))

    def clone(self) -> ArtifactsState:
        other = ArtifactsState(self.game, _empty=True)
        other._history = self._history[:]
        other.n = self.n
        other.deck = self.deck[:]
        other.discard = self.discard[:]
        other.under = [cards[:] for cards in self.under]
        other.tableaux = [cards[:] for cards in self.tableaux]
        other.coins = self.coins[:]
        other.reserve = self.reserve
        other.favour = self.favour[:]
        other.boats = self.boats[:]
        other.facing = self.facing[:]
        other.arrived = self.arrived[:]
        other.turned = self.turned
        other.shown = self.shown[:]
        other.levels = [row[:] for row in self.levels]
        other.revealed = self.revealed[:]
        other.pile_left = self.pile_left
        other.offering = self.offering[:]
        other.declared = self.declared[:]
        other.used = self.used[:]
        other.phase = self.phase
        other.seat = self.seat
        other.first = self.first
        other.round = self.round
        other.final_round = self.final_round
        other.last_round = self.last_round
        other.deal_left = self.deal_left
        other.events = self.events[:]  # events are tuples: shared safely
        other.legal_cache = self.legal_cache
        for viewer, views in self.log_views.items():
            other.log_views[viewer] = views[:]
        return other

    def observation(self, player: int) -> Observation:
        from nilegames.games.artifacts.observe import build_observation

        self.check_seat(player)
        return build_observation(self, player)

    def public_observation(self) -> Observation:
        from nilegames.games.artifacts.observe import build_observation

        return build_observation(self, None)

    def resample_from_infostate(self, player: int, rng: random.Random) -> ArtifactsState:
        # Every seat sees the whole table: the deck holds no order and the pile no
        # chosen monuments, so the only world a seat cannot rule out is this one.
        self.check_seat(player)
        return self.clone()

    # -- applying actions ------------------------------------------------------------------
    def _apply_action(self, action: Action) -> None:
        self.legal_cache = None
        phase = self.phase
        if phase == REVEAL:
            self._on_reveal(action)
        elif phase == FIRST:
            self.first = action
            self.events.append(("first", action))
            self._start_round()
        elif phase == DEAL:
            self._on_deal(action)
        elif phase == BUYING:
            self._on_bought(action)
        elif phase == SAILING:
            self._on_sailing(action)
        elif phase == TAKING:
            self._take(action - TAKE)
        elif phase == OFFERING:
            self._on_offering(action)
        elif phase == DECLARING:
            self._on_declare(action)

    def _on_declare(self, action: Action) -> None:
        self.declared[-1] = action - DECLARE
        self.phase = OFFERING
        self.events.append(("declare", self.seat, self.offering[-1], action - DECLARE))

    # set-up and rounds
    def _on_reveal(self, monument: int) -> None:
        self.revealed.append(monument)
        self.pile_left -= 1
        self.shown.append(monument)
        self.levels.append([0] * self.n)
        self.events.append(("reveal", monument, self.pile_left))
        if self.round and not self.pile_left and not self.last_round:
            # The last card of the pile is face up: one more round, then the end.
            self.last_round = self.round + 1
            self.events.append(("last_round",))
        self._refill()

    def _refill(self) -> None:
        """Reveal monuments until five show or the pile is empty, then go on."""
        if len(self.shown) < SHOWN and self.pile_left:
            self.phase = REVEAL
        elif self.first < 0:
            self.phase = FIRST
        elif self.round:
            self._end_round()
        else:
            self._start_round()

    def _start_round(self) -> None:
        self.round += 1
        self.final_round = self.round == self.last_round
        self.events.append(("round", self.round, self.first, self.final_round))
        self.deal_left = CARDS_PER_ROUND[self.n]
        self._next_deal()

    def _next_deal(self) -> None:
        """Draw the next card of the lay-out, or start navigating when all are down."""
        if self.deal_left and self._deck_ready():
            self.phase = DEAL
            return
        self.deal_left = 0
        self.arrived = [False] * self.n
        self.turned = False
        self._next_sailor(self.first)

    def _deck_ready(self) -> bool:
        """Whether a card can be drawn, shuffling the discards in when the deck is empty."""
        if not self.deck and self.discard:
            self.deck = sorted(self.discard)  # kept sorted: the chance outcomes' order
            self.discard = []
            self.events.append(("reshuffle", len(self.deck)))
        return bool(self.deck)

    def _on_deal(self, card: int) -> None:
        self.deck.remove(card)
        self.under[SPACE_OF[card]].append(card)
        self.deal_left -= 1
        self.events.append(("deal", card))
        self._next_deal()

    # navigation
    def _next_sailor(self, seat: int) -> None:
        """Give the turn to ``seat`` or the next boat still sailing; boats in port earn 1."""
        if all(self.arrived):
            self._start_offerings()
            return
        while self.arrived[seat]:
            self._gain(seat, "waiting")
            seat = (seat + 1) % self.n
        self.seat = seat
        self.turned = False
        self.phase = SAILING

    def _gain(self, seat: int, reason: str) -> None:
        """One coin from the reserve, if it has any left (the box holds 30)."""
        if self.reserve:
            self.reserve -= 1
            self.coins[seat] += 1
            self.events.append(("coin", seat, reason))

    def _pay(self, seat: int) -> None:
        self.coins[seat] -= PRICE
        self.reserve += PRICE

    def _on_sailing(self, action: Action) -> None:
        seat = self.seat
        if action == BUY:
            self._buy()
        elif action == TURN_AROUND:
            self._pay(seat)
            self.facing[seat] = -self.facing[seat]
            self.turned = True
            self.events.append(("turn_around", seat))
        else:
            stop = action - SAIL
            self.events.append(("sail", seat, self.boats[seat], stop))
            self.boats[seat] = stop
            if stop in (LEFT_PORT, RIGHT_PORT):
                self._gain(seat, "port")
                self.facing[seat] = -self.facing[seat]
                self.arrived[seat] = True
                self._next_sailor((seat + 1) % self.n)
                return
            if stop in COIN_STOPS:
                self._gain(seat, "space")
            choices = first_of_each_class(self.under[stop])
            if len(choices) == 1:
                self._take(choices[0])
            else:
                self.phase = TAKING

    def _take(self, card: int) -> None:
        seat = self.seat
        self.under[self.boats[seat]].remove(card)
        self.tableaux[seat].append(card)
        self.events.append(("take", seat, card))
        self._next_sailor((seat + 1) % self.n)

    def _buy(self) -> None:
        self._pay(self.seat)
        self._deck_ready()
        self.events.append(("buy", self.seat))
        self.phase = BUYING

    def _on_bought(self, card: int) -> None:
        self.deck.remove(card)
        self.tableaux[self.seat].append(card)
        self.events.append(("bought", self.seat, card))
        self.phase = OFFERING if all(self.arrived) else SAILING

    # offerings
    def _start_offerings(self) -> None:
        self.events.append(("offerings",))
        self.seat = self.first
        self.offering = []
        self.declared = []
        self.phase = OFFERING

    def _on_offering(self, action: Action) -> None:
        if action == BUY:
            self._buy()
        elif action == DONE:
            self._resolve_offering()
        else:
            card = action - OFFER
            self.offering.append(card)
            kind = TYPE_OF[card]
            is_wild = kind == WILD
            self.declared.append(-1 if is_wild else kind)
            self.events.append(("offer", self.seat, card))
            if is_wild:
                self.phase = DECLARING

    def _resolve_offering(self) -> None:
        seat = self.seat
        cards = self.offering
        artifacts = artifact_counts(cards, self.declared)
        regions = region_counts(cards)
        climbed: list[int] = []
        for slot, monument in enumerate(self.shown):
            level = self.levels[slot][seat]
            if level < LEVELS and meets(MONUMENTS[monument].levels[level], artifacts, regions):
                self.levels[slot][seat] = level + 1
                climbed.append(slot)
        for card in cards:
            self.tableaux[seat].remove(card)
        self.used.extend(cards)
        self.events.append(
            ("offered", seat, tuple(cards), tuple(self.declared), tuple(self._climbs(climbed)))
        )
        self.offering = []
        self.declared = []
        seat = (seat + 1) % self.n
        if seat != self.first:
            self.seat = seat
            return
        self.discard.extend(self.used)
        self.used = []
        self._rewards()

    def _climbs(self, slots: list[int]) -> list[tuple[int, int]]:
        seat = self.seat
        return [(self.shown[slot], self.levels[slot][seat]) for slot in slots]

    # rewards and the end
    def _rewards(self) -> None:
        kept_shown: list[int] = []
        kept_levels: list[list[int]] = []
        for monument, levels in zip(self.shown, self.levels, strict=True):
            if max(levels) < LEVELS:
                kept_shown.append(monument)
                kept_levels.append(levels)
                continue
            gains = [COMPLETED_FAVOUR[level] for level in levels]
            for seat, gain in enumerate(gains):
                self.favour[seat] += gain
            self.events.append(("completed", monument, tuple(levels), tuple(gains)))
        self.shown = kept_shown
        self.levels = kept_levels
        self._refill()

    def _end_round(self) -> None:
        """After the rewards: the first-player token passes left, or the game ends."""
        if self.final_round or self.round >= ROUND_LIMIT:
            self._finish()
            return
        self.first = (self.first + 1) % self.n
        self._start_round()

    def _finish(self) -> None:
        gains = [0] * self.n
        for levels in self.levels:
            for seat, level in enumerate(levels):
                gains[seat] += UNFINISHED_FAVOUR[level]
        for seat, gain in enumerate(gains):
            self.favour[seat] += gain
        self.phase = OVER
        self.seat = -1
        reason = "monuments" if self.final_round else "round limit"
        self.events.append(("game_over", reason, tuple(gains), tuple(self.favour)))


def first_of_each_class(cards: list[int]) -> list[int]:
    """The lowest id of each class of alike cards (:func:`offer_class`) among ``cards``,
    sorted; the classes seen so far are bits of one int."""
    seen = 0
    chosen: list[int] = []
    for card in sorted(cards):
        bit = CLASS_OF[card]
        if not seen & bit:
            seen |= bit
            chosen.append(card)
    return chosen


#: The fields a pickled state keeps: all but the caches.  Listed by name, since a compiled
#: build cannot read ``__slots__`` (a test checks this list against the class).
PICKLED_FIELDS = (
    "arrived",
    "boats",
    "coins",
    "deal_left",
    "deck",
    "declared",
    "discard",
    "events",
    "facing",
    "favour",
    "final_round",
    "first",
    "last_round",
    "levels",
    "n",
    "offering",
    "phase",
    "pile_left",
    "reserve",
    "revealed",
    "round",
    "seat",
    "shown",
    "tableaux",
    "turned",
    "under",
    "used",
)


def _restore(game: ArtifactsGame, history: list[Action], fields: dict[str, Any]) -> ArtifactsState:
    """The state ``ArtifactsState.__reduce__`` describes."""
    state = ArtifactsState(game, _empty=True)
    state._history = history
    for name, value in fields.items():
        setattr(state, name, value)
    state.deck.sort()  # states saved before the deck was kept sorted
    return state
