"""How lucky a run of tests was: the Poisson-binomial distribution of the number of
successes of independent tests, each with its own exact chance, and the probability of
doing no better than what was rolled.

Tests with the same chance are counted together (a binomial each); the binomials are
then multiplied as polynomials, two at a time, smallest first. The multiplications are
Python's own big-integer products (Kronecker substitution: each polynomial's
coefficients, as fixed-point numbers, packed side by side into one integer), which
multiply thousands of coefficients in C: 100,000 tests of 100 different chances take a
fraction of a second, where a convolution written in Python takes seconds.

Precision: every probability is a fixed-point number of :data:`BITS` bits after the
point; what falls under 2^-:data:`KEPT` (about 10^-30) is dropped, so a probability the
functions return is right to about 10^-13 of itself when it is over 10^-18, and a
probability under 10^-30 reads as 0. Checked against enumeration in the tests.
"""

from __future__ import annotations

import heapq
import math
from collections import Counter
from collections.abc import Iterable, Mapping
from fractions import Fraction

from meneur.core.frozen import frozen

BITS = 160
"""Bits after the point of the fixed-point probabilities."""
KEPT = 100
"""Probabilities under 2^-KEPT are dropped from a distribution's tails."""
_FLOOR = 1 << (BITS - KEPT)


@frozen
class Distribution:
    """The probability of each number of successes from ``start`` on, as fixed-point
    integers (``weights[i] / 2**BITS`` is the probability of ``start + i``); the numbers
    before and after have (nearly) none."""

    start: int
    weights: tuple[int, ...]

    def at_most(self, count: int) -> float:
        """The probability of ``count`` successes or fewer."""
        if count < self.start:
            return 0.0
        total = sum(self.weights[: count - self.start + 1])
        return min(1.0, math.ldexp(total, -BITS))

    def probability(self, count: int) -> float:
        """The probability of exactly ``count`` successes."""
        index = count - self.start
        if not 0 <= index < len(self.weights):
            return 0.0
        return math.ldexp(self.weights[index], -BITS)


def successes(chances: Iterable[Fraction] | Mapping[Fraction, int]) -> Distribution:
    """The distribution of the number of successes of independent tests with these
    chances of success (each between 0 and 1), given one by one or as how many tests
    had each chance."""
    counts = Counter(chances)  # from a mapping, Counter takes its values as the counts
    start = 0
    pieces: list[tuple[int, int, Distribution]] = []
    for order, (chance, count) in enumerate(sorted(counts.items())):
        if not 0 <= chance <= 1:
            raise ValueError(f"a chance of {chance} is not a probability")
        if chance == 1:
            start += count  # always a success: it moves the count, it spreads nothing
        elif chance != 0:
            piece = _binomial(count, chance)
            pieces.append((len(piece.weights), order, piece))
    if not pieces:
        return Distribution(start, (1 << BITS,))
    heapq.heapify(pieces)
    order = len(counts)
    while len(pieces) > 1:
        _, _, first = heapq.heappop(pieces)
        _, _, second = heapq.heappop(pieces)
        both = _product(first, second)
        order += 1
        heapq.heappush(pieces, (len(both.weights), order, both))
    found = pieces[0][2]
    return Distribution(found.start + start, found.weights)


def luck(chances: Iterable[Fraction] | Mapping[Fraction, int], observed: int) -> float:
    """The probability of doing no better than ``observed`` successes (at most as many)
    with these chances: 0.5 is an ordinary run, near 1 a lucky one, near 0 an unlucky
    one."""
    return successes(chances).at_most(observed)


def _binomial(count: int, chance: Fraction) -> Distribution:
    """The binomial distribution of ``count`` tests of chance ``chance`` (0 < chance < 1)
    around its mode, as far as its terms are worth keeping; computed from the mode
    outwards by the ratio of consecutive terms, then scaled to sum to 1."""
    p = float(chance)
    q = 1.0 - p
    mode = min(count, int((count + 1) * p))
    terms = {mode: 1.0}
    # Relative to the mode's term, which is at most 1: stop under KEPT bits of it.
    low = 2.0 ** -(KEPT + 8)
    value, k = 1.0, mode
    while k < count:
        value *= (count - k) / (k + 1) * p / q
        k += 1
        if value < low:
            break
        terms[k] = value
    value, k = 1.0, mode
    while k > 0:
        value *= k / (count - k + 1) * q / p
        k -= 1
        if value < low:
            break
        terms[k] = value
    first = min(terms)
    total = math.fsum(terms.values())
    weights = tuple(int(math.ldexp(terms[i] / total, BITS)) for i in range(first, max(terms) + 1))
    return _trimmed(first, weights)


def _product(first: Distribution, second: Distribution) -> Distribution:
    """The distribution of the sum of two independent counts: the two polynomials
    multiplied as one big integer each (see the module)."""
    shorter = min(len(first.weights), len(second.weights))
    # Each product coefficient is a sum of at most `shorter` products of two numbers
    # under 2^BITS: it fits in 2·BITS + bit_length(shorter) bits.
    size = (2 * BITS + shorter.bit_length() + 7) // 8 + 1

    def packed(weights: tuple[int, ...]) -> int:
        return int.from_bytes(b"".join(w.to_bytes(size, "little") for w in weights), "little")

    length = len(first.weights) + len(second.weights) - 1
    raw = (packed(first.weights) * packed(second.weights)).to_bytes(length * size, "little")
    weights = tuple(
        int.from_bytes(raw[i * size : (i + 1) * size], "little") >> BITS for i in range(length)
    )
    return _trimmed(first.start + second.start, weights)


def _trimmed(start: int, weights: tuple[int, ...]) -> Distribution:
    """Without the terms under 2^-KEPT at either end."""
    low, high = 0, len(weights)
    while low < high - 1 and weights[low] < _FLOOR:
        low += 1
    while high - 1 > low and weights[high - 1] < _FLOOR:
        high -= 1
    return Distribution(start + low, weights[low:high])
