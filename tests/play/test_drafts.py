"""A note not yet written when the app had to stop, kept per campaign until written or
dropped (meneur.play.drafts)."""

from __future__ import annotations

from pathlib import Path

from meneur.play import drafts


def test_a_draft_is_kept_per_campaign_until_forgotten(tmp_path: Path) -> None:
    one, two = tmp_path / "one", tmp_path / "two"
    assert drafts.kept(one) is None
    assert drafts.keep(one, drafts.Draft("Le col\n\nest **fermé**", edits=4))
    assert drafts.keep(two, drafts.Draft("Au village"))
    assert drafts.kept(one) == drafts.Draft("Le col\n\nest **fermé**", edits=4)
    assert drafts.kept(two) == drafts.Draft("Au village")
    drafts.forget(one)
    assert drafts.kept(one) is None
    assert drafts.kept(two) == drafts.Draft("Au village")


def test_an_unreadable_or_foreign_draft_is_no_draft(tmp_path: Path) -> None:
    campaign = tmp_path / "camp"
    drafts.keep(campaign, drafts.Draft("texte"))
    (kept,) = (Path(drafts.data_dir()) / drafts.DRAFTS).iterdir()
    kept.write_text('campaign = "/ailleurs"\ntext = "texte"\n')
    assert drafts.kept(campaign) is None
    kept.write_bytes(b"\xff\xfe not toml")
    assert drafts.kept(campaign) is None
