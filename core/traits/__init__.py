"""Les Traits (RULES.md §2): a room of the core for one system.

- ``rules`` — d6 pools against a Difficulty, bless and curse, Coup de poker; odds.
- ``opposed`` — the opposed test, played step by step.
- ``derived`` — values derived from the base traits.
- ``sheet`` — the character sheet's fields, checks and derived values shown.
"""
