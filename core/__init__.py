"""meneur.core — the pure rules of the five systems.

Everything here is a pure function or a frozen dataclass: nothing reads a clock, a file
or a terminal, and nothing imports textual or rich. Values are immutable; functions that
"change" a value (karma after a test, say) return a new one.

Randomness always comes in as an injected :class:`random.Random`; a roll returns an
immutable record holding every die (sides, face, role, kept or not), the inputs, the
numeric result and the outcome key. :func:`meneur.core.records.roll_seeded` runs a roll
on ``random.Random(seed)`` and stores the seed, so :func:`meneur.core.replay.replay`
reproduces any record exactly.

Each system has its own package, holding its rules, its sheet, its creation and its odds:

- ``resolution`` — Résoudre une action (``rules``, ``sheet``).
- ``traits`` — Les Traits (``rules``, ``opposed``, ``derived``, ``sheet``).
- ``spherier`` — Le Sphérier (``rules``, ``extended``, ``notation``, ``sheet``).
- ``systemj`` — SYSTEMJ (``rules``, ``cards``, ``combat``, ``sheet``).
- ``cosmos`` — The Tale of Great Cosmos (``rules``, ``catalogue``, ``creation``,
  ``draft``, ``levels``, ``genes``, ``mutations``, ``sheet``).

Beside them, the shared engine, one module per thing it holds:

- ``errors`` — :class:`RulesError` and :class:`DiceNotationError`.
- ``dice`` — the :class:`Die` record and the one function that draws a face.
- ``records`` — the base roll record, seeded rolls, conversion to plain data.
- ``odds`` — the :class:`Odds` record of exact probabilities (fractions).
- ``keep_under`` — 3d6 keep-under, shared by Résoudre une action and the oracles.
- ``oracles`` — the environment oracle and the yes/no oracle.
- ``notation`` — the free dice notation (``4d6kh3``, ``8d6>=5``) parsed to a tree.
- ``expressions`` — rolling a parsed dice expression.
- ``dice_odds`` — exact odds of a dice expression (icepool; imported only when needed).
- ``tables`` — random tables; ``npcs`` — quick NPCs for any system.
- ``sheets`` — how a sheet is described, edited and checked, for every system.
- ``systems`` — which function rolls, reads and computes odds for each kind of test.
- ``visibility``, ``table_rules``, ``phases`` — who sees what, who may do what at a
  shared table, turns of secret choices.
- ``replay`` — re-running any record from its inputs and seed.
"""
