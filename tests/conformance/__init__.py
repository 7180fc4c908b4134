"""The conformance suite: every door onto a table (the app, the plain seat, the command
line, the feed, the exports, the server's log…) × every role × every kind of secret.

``evening.py`` plays a table's evening (the seats, the secrets, each secret's tell-tale
words); ``doors.py`` is the one table of doors, each read as a role; the tests prove
that every door shows a role exactly what the role may see, that a door the project
has but the table lacks fails the suite, and that what the others see does not change
with a secret's outcome.
"""
