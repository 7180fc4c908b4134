"""meneur.tui — the Textual app where play happens.

Empty until the table issue lands; importing this package must stay cheap, since the
console script decides between the CLI and the app.
"""
