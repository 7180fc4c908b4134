"""Relay the table's public feed to a chat: each new line of the story, and each new
roll with its outcome, posted as JSON to a webhook (Discord's, Slack's, or any that takes
``{"content": "…"}``).

    MENEUR_FEED="http://127.0.0.1:8000/feed?token=…" \\
    CHAT_WEBHOOK="https://chat.example/hooks/…" python3 feed_to_chat.py

Standard library only; it reconnects (with ``Last-Event-ID``) when the feed drops.
"""

from __future__ import annotations

import json
import os
import time
import urllib.request
from collections.abc import Iterator
from typing import Any


def events(url: str, last: str | None = None) -> Iterator[tuple[str, dict[str, Any]]]:
    """The feed's ``view`` events, as (id, picture), until the connection drops."""
    request = urllib.request.Request(url, headers={"Accept": "text/event-stream"})
    if last is not None:
        request.add_header("Last-Event-ID", last)
    with urllib.request.urlopen(request, timeout=60) as answer:
        fields: dict[str, str] = {}
        for raw in answer:
            line = raw.decode("utf-8").rstrip("\n")
            if not line:
                if "data" in fields:
                    yield fields.get("id", ""), json.loads(fields["data"])
                fields = {}
            elif not line.startswith(":"):
                name, _, value = line.partition(": ")
                fields[name] = value


def said(before: dict[str, Any] | None, view: dict[str, Any]) -> list[str]:
    """What is new in ``view`` since ``before``, as chat messages."""
    if before is None:
        return []
    messages = []
    old = [line["text"] for line in before.get("story", [])]
    for line in view.get("story", []):
        if line["text"] not in old:
            messages.append(" ".join(part for part in (line["text"], line["result"]) if part))
    roll = view.get("roll")
    if roll and roll != before.get("roll"):
        who = f"{roll['who']} — " if roll["who"] else ""
        messages.append(f"🎲 {who}{roll['text']}: {roll['result']} ({roll['chance']})")
    return messages


def post(webhook: str, message: str) -> None:
    body = json.dumps({"content": message}).encode("utf-8")
    request = urllib.request.Request(
        webhook, data=body, headers={"Content-Type": "application/json"}, method="POST"
    )
    with urllib.request.urlopen(request, timeout=30):
        pass


def relay(feed: str, webhook: str, *, once: bool = False) -> None:
    """Post what is new on ``feed`` to ``webhook``, forever (``once``: until the feed
    drops)."""
    last: str | None = None
    before: dict[str, Any] | None = None
    while True:
        try:
            for ident, view in events(feed, last):
                for message in said(before, view):
                    post(webhook, message)
                before, last = view, ident  # resumed from here if the feed drops
        except OSError:
            if once:
                return
            time.sleep(2)
        if once:
            return


if __name__ == "__main__":
    relay(os.environ["MENEUR_FEED"], os.environ["CHAT_WEBHOOK"])
