"""Le Sphérier (RULES.md §4): a room of the core for one system.

- ``rules`` — the two engines: simple and opposed skill tests, and their odds.
- ``extended`` — extended and team tests, attempt by attempt.
- ``notation`` — the seed's notations for skills and tests, read exactly.
- ``sheet`` — the character sheet's fields and checks.
"""
