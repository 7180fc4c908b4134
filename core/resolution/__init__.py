"""Résoudre une action (RULES.md §1): a room of the core for one system.

- ``rules`` — scales, elements, the alteration table, 3d6 keep-under tests and odds.
- ``sheet`` — the character sheet's fields and checks.
"""
