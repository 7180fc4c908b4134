"""meneur.serve — the table served to other terminals and to browsers.

- ``web`` — ``meneur web``: the read-only view (``meneur watch``) in a browser, with
  textual-serve; each page runs its own view in a process of its own.

These servers run the same app as ``meneur`` and ``meneur watch``, for other screens;
who may see what is decided below them (``meneur.core.visibility``,
``meneur.play.views``), never here.
"""

import warnings

# asyncssh still defines its DSA key types with cryptography's, which warns that DSA is
# deprecated the moment asyncssh is imported: five lines of another library's
# deprecation on the GM's terminal at every `meneur serve`. meneur offers no DSA key.
warnings.filterwarnings("ignore", message="DSA is deprecated", module=r"asyncssh\.")
