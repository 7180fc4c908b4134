"""The app's screens, one module each: the table, campaigns, help, dialogs; a rule
system's own screens are in its room (the Great Cosmos wizard: tui/widgets/panels/cosmos)."""

from pathlib import Path

SCREENS_CSS = str(Path(__file__).with_name("screens.tcss"))
"""The screens' style sheet, read when one of them first opens (a system's own screens
share it)."""
