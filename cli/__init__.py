"""meneur.cli — the scripting command line (``meneur odds|roll|create …``).

It turns arguments into core inputs, calls the pure core and prints a readable summary
or one JSON object. It never imports textual, so it starts fast.
"""
