"""Start-up's pause of the garbage collector, and its end once the table is drawn.

Start-up makes a few hundred thousand objects that all live as long as the app; ``meneur``
turns the collector off before building them (see :func:`meneur.cli.main.run_app`) and the
table turns it back on after its first frame.
"""

from __future__ import annotations

import gc


def first_frame_drawn() -> None:
    """The first frame is drawn: collect garbage again (``meneur`` paused it to start).

    What start-up made lives as long as the app, so it is frozen out of the collector's
    sight: later collections stay short while the player rolls. Nothing happens when the
    collector was never paused (a test, a served session).
    """
    if not gc.isenabled():
        gc.freeze()
        gc.enable()
