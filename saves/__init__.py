"""meneur.saves — campaign files: format, atomic writes, journal, undo, export.

The only code that touches campaign files on disk. Empty until the campaign issue lands.
"""
