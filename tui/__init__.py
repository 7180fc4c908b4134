"""meneur.tui — the Textual app where play happens.

``app.py`` holds the App and its factory, ``screens/`` one module per screen, ``widgets/``
the reusable widgets (``widgets/panels/``: one action panel per system). Importing this
package must stay cheap, since the console script decides between the CLI and the app.
"""
