"""A game of word-hunt rounds: the dice are shaken again until someone reaches the agreed total.

>>> match = HuntMatch(target=10).play({"Anna": 7, "Bo": 3}).play({"Anna": 2, "Bo": 9})
>>> match.totals(), match.winner, match.over
({'Anna': 9, 'Bo': 12}, 'Bo', True)
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass

from cubecam.errors import GameOver, InputError

TARGET = 100


@dataclass(frozen=True)
class HuntMatch:
    """Rounds played so far (each player's points in each round) towards ``target``.

    The first player to reach the target wins; when several reach it in the
    same round the highest total wins, and on a tie play goes on.
    """

    target: int = TARGET
    rounds: tuple[Mapping[str, int], ...] = ()

    def __post_init__(self) -> None:
        if self.target <= 0:
            raise InputError(f"the agreed total must be positive, not {self.target}")
        object.__setattr__(self, "rounds", tuple(dict(r) for r in self.rounds))
        for number, points in enumerate(self.rounds, start=1):
            negative = [f"{name} {value}" for name, value in points.items() if value < 0]
            if negative:
                raise InputError(f"round {number} has negative points: {', '.join(negative)}")
            if number < len(self.rounds) and self._winner_after(number):
                raise InputError(f"the game was already won after round {number}")

    def play(self, points: Mapping[str, int]) -> HuntMatch:
        """This game with one more round's points (``RoundTally.totals()``) added.

        >>> HuntMatch(target=5).play({"Anna": 6}).play({"Anna": 1})
        Traceback (most recent call last):
        ...
        cubecam.errors.GameOver: the game is over: Anna reached 5 after round 1
        """
        if self.over:
            rounds = len(self.rounds)
            raise GameOver(
                f"the game is over: {self.winner} reached {self.target} after round {rounds}"
            )
        return HuntMatch(self.target, (*self.rounds, dict(points)))

    def totals(self, rounds: int | None = None) -> dict[str, int]:
        """Each player's points over the first ``rounds`` rounds (all by default)."""
        totals: dict[str, int] = {}
        for points in self.rounds[:rounds]:
            for name, value in points.items():
                totals[name] = totals.get(name, 0) + value
        return totals

    @property
    def winner(self) -> str | None:
        """Whoever first reached the target, or None while the game goes on."""
        return self._winner_after(len(self.rounds))

    @property
    def over(self) -> bool:
        return self.winner is not None

    def _winner_after(self, rounds: int) -> str | None:
        totals = self.totals(rounds)
        reached = {name: total for name, total in totals.items() if total >= self.target}
        if not reached:
            return None
        best = max(reached.values())
        leaders = [name for name, total in reached.items() if total == best]
        return leaders[0] if len(leaders) == 1 else None
