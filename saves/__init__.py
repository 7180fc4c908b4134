"""meneur.saves — campaigns on disk: format, atomic writes, journal, undo, export.

The only code that touches campaign files. A campaign is a directory::

    campaign.toml        state: name, system, options, characters, trackers, lists,
                         random tables, note edits, undo history (schema_version 1)
    journal/000001.toml  the journal, 250 entries a chunk, appended and never rewritten
    backups/             the last versions of campaign.toml
    .lock                held by the one process that may write

Every change is written at once, atomically (temporary file, fsync, rename, fsync of
the directory). The journal is also the write-ahead log of state changes: an entry
carrying changes is durable before campaign.toml is rewritten, and opening a campaign
rolls forward any change campaign.toml has not caught up with. ``docs/save-format.md``
documents the files for other tools. Nothing here imports textual.
"""
