"""The messages of the command line and the terminal game, in the language in use (domain ``patience_cli``).

``_("...")``, ``ngettext(singular, plural, n)``, ``pgettext(context, message)`` and
``npgettext(context, singular, plural, n)`` translate when they are called, so
a message is marked where it is written and ``python3 tasks.py catalogs``
extracts it.
"""

from __future__ import annotations

from patience.i18n import Domain

__all__ = ["DOMAIN", "_", "ngettext", "npgettext", "pgettext"]

DOMAIN = Domain("patience_cli")
_ = DOMAIN.gettext
ngettext = DOMAIN.ngettext
pgettext = DOMAIN.pgettext
npgettext = DOMAIN.npgettext
