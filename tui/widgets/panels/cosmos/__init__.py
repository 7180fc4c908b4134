"""The Tale of Great Cosmos panel, a module per section (see :mod:`.panel`)."""

from collections.abc import Callable
from typing import Any

from .panel import CosmosPanel


def new_character(screen: Any, done: Callable[[str | None], None]) -> None:
    """Open the creation wizard over ``screen`` (the table), with the campaign's own
    catalogue and gene tree (or the examples); a file of the campaign that does not read
    is said, and nothing opens."""
    from meneur.content import ContentError
    from meneur.content.cosmos import catalogue_for, gene_tree_for

    directory = screen.session.campaign.directory
    try:
        catalogue, tree = catalogue_for(directory), gene_tree_for(directory)
    except ContentError as error:
        screen.notify(screen.t("app.error", message=screen.explain(error)), severity="error")
        return
    from meneur.tui.widgets.panels.cosmos.creation import CreationScreen

    screen.app.push_screen(CreationScreen(screen.session, catalogue, tree), done)


def sheet_screen() -> type[Any]:
    """The Great Cosmos sheet screen (imported when a sheet first opens)."""
    from .sheet import CosmosSheetScreen

    return CosmosSheetScreen


PANEL = CosmosPanel
"""The panel the table shows for this system (see :mod:`meneur.tui.widgets.panels`)."""

__all__ = ["PANEL", "CosmosPanel", "deck_for", "new_character", "sheet_screen"]


# Nothing of its own here: every member of an app room is in every room.
deck_for = None
