"""Secrets stay secret: whatever the sequence of entries, no GM-only or private entry's
text, dice or outcome reaches a view without the right role — not the journal, the JSON
of `meneur journal`, the Markdown or TOML export, nor the state a view receives."""

from __future__ import annotations

import json
import os
from dataclasses import dataclass
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from meneur.cli.main import main
from meneur.core import oracles
from meneur.core.errors import RulesError
from meneur.core.records import roll_seeded
from meneur.core.resolution import rules as resolution
from meneur.core.table_rules import GM_SEAT
from meneur.core.visibility import AUDIENCE, GM, Viewer
from meneur.play import act
from meneur.play.export import export_markdown, toml_pieces
from meneur.play.story import move_tracker
from meneur.play.views import entries_for, state_for
from meneur.saves.campaign import Campaign
from meneur.saves.entry_parts import Secrecy
from meneur.saves.errors import CampaignError
from tests.seated import seat

VIEWERS = [AUDIENCE, Viewer("player", "alice"), Viewer("player", "bob"), GM]


@dataclass
class Written:
    """What the test wrote, and who may see its marker (the model of the rule)."""

    marker: str
    visibility: str
    player: str | None

    def seen_by(self, viewer: Viewer) -> bool:
        if viewer.role == "gm" or self.visibility == "public":
            return True
        return self.visibility == "private" and viewer.name == self.player


secrecies = st.builds(
    lambda visibility, player, announced: (visibility, player, announced),
    st.sampled_from(["public", "private", "gm"]),
    st.sampled_from(["alice", "bob"]),
    st.booleans(),
)
actions = st.lists(
    st.tuples(
        st.sampled_from(["roll", "note", "gm tracker", "public tracker", "ask gm clock", "undo"]),
        secrecies,
    ),
    min_size=1,
    max_size=14,
)


@pytest.mark.long
@settings(max_examples=50, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(plan=actions)
def test_no_view_receives_what_its_role_may_not_see(
    plan: list[tuple[str, tuple[str, str, bool]]],
    tmp_path_factory: pytest.TempPathFactory,
    monkeypatch: pytest.MonkeyPatch,
    capsys: pytest.CaptureFixture[str],
) -> None:
    monkeypatch.setattr(os, "fsync", lambda fd: None)  # many campaigns, none of them kept
    monkeypatch.setenv("MENEUR_DATA_DIR", str(tmp_path_factory.mktemp("data")))
    directory = tmp_path_factory.mktemp("vis") / "c"
    written: dict[int, Written] = {}
    with Campaign.create(directory, system="resolution", name="Table") as campaign:
        act.set_value(
            campaign, GM_SEAT, ("trackers", "menace"), {"name": "Menace", "value": 0, "gm": True}
        )
        act.set_value(campaign, GM_SEAT, ("trackers", "renom"), {"name": "Renom", "value": 0})
        piege = {"name": "Piège", "kind": "clock", "value": 0, "max": 12, "gm": True}
        act.set_value(campaign, GM_SEAT, ("trackers", "piege"), piege)
        for number, (action, (visibility, player, announced)) in enumerate(plan):
            marker = f"QX{number}QX"
            secrecy = Secrecy(visibility, player, announced)
            if action == "roll":
                record = roll_seeded(resolution.roll, resolution.ResolutionTest(score=3), number)
                entry = act.roll(campaign, GM_SEAT, record, f"Jet {marker}", secrecy=secrecy)
            elif action == "note":
                entry = act.note(campaign, GM_SEAT, f"Note {marker}", secrecy=secrecy)
            elif action in ("gm tracker", "public tracker"):
                ident = "menace" if action == "gm tracker" else "renom"
                value = 7_000_000 + number  # a value found in no other text
                marker = str(value)
                # Secret while the tracker is the GM's (undone away, it is a new one).
                gm_only = campaign.state["trackers"].get(ident, {}).get("gm") is True
                entry = act.set_value(
                    campaign, GM_SEAT, ("trackers", ident, "value"), value, f"Suivi {marker}"
                )
                visibility, player = ("gm" if gm_only else "public"), None
            elif action == "ask gm clock":
                # Whatever the oracle answers (moved or not), it is about the GM's clock.
                gm_only = campaign.state["trackers"].get("piege", {}).get("gm") is True
                question = oracles.YesNoQuestion(3, f"Piège {marker} ?")
                asked = roll_seeded(oracles.roll_yesno, question, number)
                words = lambda moved, m=marker: f"Horloge {m}"  # noqa: E731
                plan = move_tracker("piege", words, outcome=asked.outcome or "")
                try:
                    entry = act.roll(campaign, GM_SEAT, asked, plan, secrecy=secrecy)
                except RulesError:
                    continue  # the tracker is gone (undone away)
                visibility = "gm" if gm_only else visibility
            else:
                try:
                    entry = act.undo(campaign, GM_SEAT)
                except CampaignError:
                    continue
                target = written.get(entry.target or 0)
                if target is None:
                    continue
                # An undo repeats its target's words: it is as secret as the target.
                visibility, player, marker = target.visibility, target.player, target.marker
            written[entry.id] = Written(marker, visibility, player)
        seat(directory, *(viewer.name for viewer in VIEWERS if viewer.name))
        for viewer in VIEWERS:
            entries = list(entries_for(campaign.journal, viewer, campaign.journal, campaign.state))
            state = state_for(viewer, campaign.state, campaign.journal)
            role = ["--role", viewer.role] + (["--as", viewer.name] if viewer.name else [])
            assert main(["journal", str(directory), "--json", "--last", "999", *role]) == 0
            shown_json = capsys.readouterr().out
            assert main(["journal", str(directory), "--last", "999", *role]) == 0
            shown_text = capsys.readouterr().out
            everything = "\n".join(
                [
                    shown_json,
                    shown_text,
                    export_markdown(campaign, "fr", viewer=viewer),
                    "".join(toml_pieces(campaign, viewer=viewer)),
                    json.dumps(state, default=str),
                    repr(entries),
                ]
            )
            for ident, item in written.items():
                if item.seen_by(viewer):
                    continue
                assert item.marker not in everything, (viewer, ident, item)
                for entry in entries:
                    if entry.id == ident:  # announced at most: nothing of its content
                        assert entry.redacted
                        assert entry.roll is None
                        assert entry.changes == ()
                        assert entry.text == ""
            if viewer != GM and campaign.state["trackers"].get("menace", {}).get("gm"):
                assert "menace" not in json.dumps(state["trackers"])
            if viewer != GM:  # what the GM's tracker went through, while it was theirs
                secret = {ident for ident, item in written.items() if item.visibility == "gm"}
                assert not secret & {entry.id for entry in entries if not entry.redacted}


def test_a_blind_roll_is_silent_unless_announced(tmp_path: Path, capsys) -> None:
    """Peers leak this: a 'blind' roll still announces itself. Here the others learn
    nothing of it — not even from the entries' numbers — unless the GM announces it."""
    directory = tmp_path / "c"
    with Campaign.create(directory, system="resolution") as campaign:
        act.note(campaign, GM_SEAT, "avant")
        record = roll_seeded(resolution.roll, resolution.ResolutionTest(score=3), 5)
        act.roll(campaign, GM_SEAT, record, "aveugle", secrecy=Secrecy("gm"))
        act.note(campaign, GM_SEAT, "après")
        act.roll(campaign, GM_SEAT, record, "annoncé", secrecy=Secrecy("gm", announced=True))
    assert main(["journal", str(directory), "--json"]) == 0
    data = json.loads(capsys.readouterr().out)
    assert [e["kind"] for e in data["entries"]] == ["note", "note", "secret"]
    assert all("id" not in e for e in data["entries"])  # gaps would count the secrets
    assert data["entries"][2] == {
        "time": data["entries"][2]["time"],
        "kind": "secret",  # as an announced note's: never which kind it holds
        "secret": "gm",
    }
    assert main(["journal", str(directory), "--lang", "fr"]) == 0
    text = capsys.readouterr().out
    assert "aveugle" not in text
    assert "annoncé" not in text
    assert "🔒 Entrée secrète du MJ" in text
    assert text.splitlines()[0] == directory.name  # no count of entries either


def test_a_private_entry_needs_its_player(tmp_path: Path, capsys) -> None:
    directory = tmp_path / "c"
    assert main(["new", str(directory), "--system", "resolution"]) == 0
    assert main(["note", str(directory), "secret", "--visibility", "private"]) == 2
    assert "--as NAME" in capsys.readouterr().err
    assert main(["journal", str(directory), "--role", "player"]) == 2
    assert "--as NAME" in capsys.readouterr().err


def test_secrecy_is_decided_when_written_and_kept(tmp_path: Path) -> None:
    """An entry touching a GM-only tracker is stored as a GM entry: undoing the
    tracker's creation, or unmarking it, does not make its past public."""
    with Campaign.create(tmp_path / "c", system="resolution") as campaign:
        made = act.set_value(
            campaign, GM_SEAT, ("trackers", "menace"), {"name": "Menace", "value": 0, "gm": True}
        )
        moved = act.set_value(campaign, GM_SEAT, ("trackers", "menace", "value"), 3)
        table = act.set_value(
            campaign, GM_SEAT, ("tables", "secrets"), {"name": "S", "entries": ["x"], "gm": True}
        )
        assert [made.visibility, moved.visibility, table.visibility] == ["gm"] * 3
        act.set_value(campaign, GM_SEAT, ("trackers", "menace", "gm"), False)
        undone = act.undo(campaign, GM_SEAT)  # of the unmarking: itself a GM entry, its target was
        assert undone.visibility == "gm"
        seen = {
            e.id for e in entries_for(campaign.journal, AUDIENCE, campaign.journal, campaign.state)
        }
        assert not seen & {made.id, moved.id, table.id, undone.id}
        assert "secrets" not in state_for(AUDIENCE, campaign.state, campaign.journal)["tables"]
