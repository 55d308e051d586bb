"""A number for each side of a two-player ledger."""

from __future__ import annotations

from dataclasses import dataclass

from gin_scorer.core.hands import Side


@dataclass(frozen=True, slots=True)
class PerSide:
    """One whole number per side, read as ``totals[Side.A]`` or ``totals.a``.

    >>> PerSide(3, 4)[Side.B], PerSide(3, 4).plus(Side.A, 2)
    (4, PerSide(a=5, b=4))
    """

    a: int = 0
    b: int = 0

    def __getitem__(self, side: Side) -> int:
        return self.a if side is Side.A else self.b

    def plus(self, side: Side, amount: int) -> PerSide:
        """A copy with ``amount`` added to ``side``."""
        if side is Side.A:
            return PerSide(self.a + amount, self.b)
        return PerSide(self.a, self.b + amount)

    def __add__(self, other: PerSide) -> PerSide:
        return PerSide(self.a + other.a, self.b + other.b)

    @classmethod
    def of(cls, side: Side, amount: int) -> PerSide:
        """``amount`` for ``side``, nothing for the other."""
        return cls().plus(side, amount)
