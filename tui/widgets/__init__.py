"""Reusable widgets: odds, dice, selectors, party, journal, command line, oracles, tables."""
