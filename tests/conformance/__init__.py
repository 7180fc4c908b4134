"""The conformance suite: every door onto a table (the app, the plain seat, the command
line, the feed, the broadcast, the exports, the server's log…) × every role × every
kind of secret.

- ``evening.py`` plays a table's evening — the seats, the secrets, each secret's
  tell-tale words — and its twin (other secrets, the same public);
- ``doors.py`` is the one table of doors, each read as a role;
- ``verdicts.py`` says what is wrong with what a door showed a role;
- ``test_every_door_listed.py`` reads the project's doors from its code and fails on
  one with no row;
- ``test_cheap_doors.py`` reads the doors that run in this process, each door and role
  a case, then over Hypothesis's random evenings; ``test_play_pictures.py`` reads what
  ``play`` gives every door over many more; ``test_real_doors.py`` drives the
  expensive doors once per role.
"""
