"""``play``'s own pictures — what every door is given to show a seat — over many random
evenings: the entries as a role reads them, the state that leaves meneur for them, the
stream's picture, the Markdown and TOML exports. Each role is shown exactly what it may
read, and what anyone but the GM is shown does not change with the secrets (the twin
evening: other secret outcomes, an announced note for an announced roll, without the
GM's unannounced entries). The doors themselves are read in ``test_cheap_doors.py``
and ``test_real_doors.py``; here Hypothesis draws many more evenings, cheaply.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from hypothesis import HealthCheck, Phase, given, settings
from hypothesis import strategies as st

from meneur.content.strings import strings
from meneur.core.visibility import Viewer
from meneur.play.broadcast import stream_view
from meneur.play.campaigns import Campaign
from meneur.play.export import export_markdown, toml_pieces
from meneur.play.reading import read_entry, secret_reading
from meneur.play.views import entries_for, outward_state, state_for

from .doors import VIEWERS, Door
from .evening import ACTIONS, Played, Step, play_evening, twin
from .verdicts import difference, placed, verdicts

PLAY_STEPS = [
    Step(actor, action, way)
    for action, (actors, ways) in ACTIONS.items()
    for actor in actors
    for way in ways
    if way in ("play", "plain")
]
"""The steps taken in this process without the command line (cheap enough for many
evenings)."""
PICTURE = Door("play's pictures", (), tuple(VIEWERS), complete=True)


def pictures(played: Played, viewer: Viewer) -> str:
    """Everything ``play`` gives a door to show ``viewer``, joined."""
    words = strings("fr")
    with Campaign.open(played.directory, write=False) as campaign:
        journal, state = campaign.journal, campaign.state
        lines = []
        for entry in entries_for(journal, viewer, journal, state):
            if entry.redacted:
                lines.append(secret_reading(entry, words.t, campaign))
            else:
                reading = read_entry(entry, campaign, words.t)
                lines.append(f"{reading.text} → {reading.result}")
        shown = [
            "\n".join(lines),
            json.dumps(
                outward_state(state_for(viewer, state, journal)), ensure_ascii=False, default=str
            )
            if viewer.role != "gm"
            else "",
            json.dumps(stream_view(campaign, viewer, words), ensure_ascii=False),
            export_markdown(campaign, viewer=viewer),
            "".join(toml_pieces(campaign, viewer=viewer)),
        ]
    return "\n".join(shown)


@settings(
    max_examples=12,
    deadline=None,
    derandomize=True,
    database=None,
    # A failing example is reported as drawn (its steps are in the message), not shrunk.
    phases=[Phase.explicit, Phase.generate],
    suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow],
)
@given(
    steps=st.lists(st.sampled_from(PLAY_STEPS), min_size=1, max_size=8),
    seeds=st.tuples(st.integers(1, 10**6), st.integers(1, 10**6)).filter(lambda s: s[0] != s[1]),
)
def test_plays_pictures_show_each_role_what_it_may_see_whatever_the_secrets(
    steps: list[Step],
    seeds: tuple[int, int],
    tmp_path_factory: pytest.TempPathFactory,
    set_once: Path,
) -> None:
    root = tmp_path_factory.mktemp("pictures")
    first = play_evening(root / "first" / "c", list(enumerate(steps)), seeds[0], table=set_once)
    second = play_evening(root / "second" / "c", twin(steps), seeds[1], table=set_once)
    wrong = []
    for role, viewer in VIEWERS.items():
        shown = placed(pictures(first, viewer), first)
        wrong += [f"{role}: {w}" for w in verdicts(PICTURE, role, shown, first)]
        if role != "gm":
            changed = difference(shown, placed(pictures(second, viewer), second))
            if changed:
                wrong.append(f"{role}: changes with the secrets:\n{changed}")
    assert not wrong, f"steps {steps}:\n" + "\n".join(wrong)
