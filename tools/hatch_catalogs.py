"""A hatchling build hook that compiles a distribution's gettext catalogs (``.po``) into ``.mo`` files.

Each distribution's ``pyproject.toml`` names it::

    [tool.hatch.build.hooks.custom]
    path = "../../tools/hatch_catalogs.py"
    dependencies = ["babel==2.19.0"]

It runs for wheels and editable installs alike: every
``src/<package>/locale/<language>/LC_MESSAGES/<domain>.po`` is compiled
into the ``.mo`` beside it (the source tree holds the compiled catalogs,
ignored by git, so that an editable install reads them where they are),
and the ``.mo`` files go into the wheel. A catalog that does not compile
fails the build with its file and Babel's reason.

``python tools/hatch_catalogs.py DIR ...`` compiles the catalogs of the
distributions in those folders without a build: ``tasks.py`` does so at
every set-up, so that a changed ``.po`` is read at the next start.
"""

from __future__ import annotations

import sys
from pathlib import Path
from typing import Any

try:
    from hatchling.builders.hooks.plugin.interface import BuildHookInterface
except ImportError:  # run as a script by tasks.py (no build going on): only compile_catalogs is needed
    BuildHookInterface = object


def compile_catalogs(root: Path) -> list[Path]:
    """Compile every ``.po`` under ``root/src/*/locale`` into its ``.mo`` (when missing or older); the ``.mo`` paths."""
    from babel.messages.mofile import write_mo
    from babel.messages.pofile import read_po

    compiled: list[Path] = []
    for po in sorted(root.glob("src/*/locale/*/LC_MESSAGES/*.po")):
        mo = po.with_suffix(".mo")
        if not mo.exists() or mo.stat().st_mtime < po.stat().st_mtime:
            with po.open("rb") as handle:
                catalog = read_po(handle, locale=po.parent.parent.name, domain=po.stem)
            with mo.open("wb") as handle:
                write_mo(handle, catalog, use_fuzzy=False)
        compiled.append(mo)
    return compiled


class CatalogsBuildHook(BuildHookInterface):  # type: ignore[misc]
    """Compile the catalogs before the wheel (or the editable install) is made, and ship the ``.mo`` files."""

    PLUGIN_NAME = "custom"

    def initialize(self, version: str, build_data: dict[str, Any]) -> None:
        """Compile, then list the ``.mo`` files as artifacts: git ignores them, the wheel must not."""
        root = Path(self.root)
        compiled = compile_catalogs(root)
        build_data.setdefault("artifacts", []).extend(str(mo.relative_to(root)) for mo in compiled)


if __name__ == "__main__":
    for folder in sys.argv[1:]:
        compile_catalogs(Path(folder))
