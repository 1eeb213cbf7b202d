"""The messages of ``patience_solver`` in the language in use: its gettext domain (docs/languages.md).

``_("...")``, ``ngettext(singular, plural, n)``, ``pgettext(context, message)`` and
``npgettext(context, singular, plural, n)`` translate when they are called, so
a message is marked where it is written and ``python3 tasks.py catalogs``
extracts it.
"""

from __future__ import annotations

from patience.i18n import Domain

__all__ = ["DOMAIN", "_", "ngettext", "npgettext", "pgettext"]

DOMAIN = Domain("patience_solver")
_ = DOMAIN.gettext
ngettext = DOMAIN.ngettext
pgettext = DOMAIN.pgettext
npgettext = DOMAIN.npgettext
