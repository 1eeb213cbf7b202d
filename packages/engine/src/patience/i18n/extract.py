"""The ``patience`` extraction method for Babel: Python's, with :func:`~patience.i18n.N_paragraphs` texts split.

``babel.cfg`` (and a plugin's own mapping file) names it::

    [extractors]
    patience = patience.i18n.extract:extract

    [patience: **.py]

Every message Babel's Python extractor finds is extracted as it finds it;
a text marked with ``N_paragraphs("...")`` is extracted as one message per
paragraph, split as :func:`~patience.i18n.paragraphs` splits it when the
text is shown, so that the catalog holds exactly the paragraphs looked up.
"""

from __future__ import annotations

from collections.abc import Collection, Iterator, Mapping
from typing import IO, Any

from patience.i18n import paragraphs

__all__ = ["PARAGRAPHS_KEYWORD", "extract"]

#: The marker whose text is extracted paragraph by paragraph.
PARAGRAPHS_KEYWORD = "N_paragraphs"


def extract(
    fileobj: IO[bytes], keywords: Collection[str], comment_tags: Collection[str], options: Mapping[str, Any]
) -> Iterator[tuple[int, str | None, str | tuple[str | None, ...], list[str]]]:
    """Babel's Python extraction, with each ``N_paragraphs`` text yielded as its paragraphs, one message each."""
    from babel.messages import extract as babel_extract

    # Babel's extractors yield (line, keyword, message or messages, comments), as its extract() reads
    # them; its type stubs say otherwise, so the results are taken as they come.
    python: Any = babel_extract.extract_python
    wanted = [*keywords, PARAGRAPHS_KEYWORD]
    for lineno, funcname, messages, comments in python(fileobj, wanted, comment_tags, dict(options)):
        if funcname != PARAGRAPHS_KEYWORD:
            yield lineno, funcname, messages, comments
            continue
        text: object = messages if isinstance(messages, str) else messages[0]
        if not isinstance(text, str):
            continue  # not a literal string: nothing to extract
        for paragraph in paragraphs(text):
            # No keyword: Babel takes the one message as it is.
            yield lineno, None, paragraph, comments
