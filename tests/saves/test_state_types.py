"""The typed views of a campaign's state say what the schema checks: an option the
schema knows and the type does not (or a choice it allows and the type does not) would
let mypy pass a misspelt key."""

from __future__ import annotations

from typing import get_args, get_type_hints

from meneur.core.systems import BUILT_IN
from meneur.saves.schema import COMMON_OPTIONS, option_choices, options_of
from meneur.saves.state import Options

OPTIONS = {key: options_of(key) for key in BUILT_IN}
OPTION_CHOICES = {name: option_choices(key, name) for key in BUILT_IN for name in options_of(key)}
OPTION_CHOICES = {name: values for name, values in OPTION_CHOICES.items() if values}


def test_the_options_type_names_every_option_and_choice_the_schema_knows() -> None:
    # Each system types its own options in its play room (options_of's TypedDict, which
    # extends the options every campaign has): system by system, the type names what
    # the schema knows of it.
    from meneur.core.systems import system
    from meneur.play.rooms import play_room

    assert set(get_type_hints(Options)) == set(COMMON_OPTIONS)
    for key, known in OPTIONS.items():
        typed = get_type_hints(play_room(system(key)).options_of)["return"]
        hints = get_type_hints(typed)
        assert set(hints) == set(known), key
        for name, (kind, _) in known.items():
            if name in OPTION_CHOICES:
                assert set(get_args(hints[name])) == set(OPTION_CHOICES[name])
            else:
                assert hints[name] is kind
