"""The Tale of Great Cosmos (RULES.md §3): a room of the core for one system.

- ``rules`` — d100 tests, karma, the intuition roll, and their odds.
- ``catalogue`` — races, classes, talents, affiliations, and creation's checks of them.
- ``creation`` — the creation rolls and the pre-v4 conversion.
- ``draft`` — a character being created, step by step.
- ``levels`` — level-ups: the rolls, then the player's choices.
- ``genes`` — the gene tree and the DNA points spent in it.
- ``mutations`` — the gauge Pμ, the mutation roll, escalation, the ultimate mutation.
- ``sheet`` — the character sheet's fields, checks and derived values shown.
"""
