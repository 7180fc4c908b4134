"""SYSTEMJ (RULES.md §5): a room of the core for one system.

- ``rules`` — d100 tests read 00–99 under a score on 100, and their odds.
- ``cards`` — the hand of Équipement, Ressources, Savoir and Pouvoirs cards.
- ``combat`` — combat scores, initiative, who acts next.
- ``sheet`` — the character sheet's fields, checks and derived values shown.
"""
