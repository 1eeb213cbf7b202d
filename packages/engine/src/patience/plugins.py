"""The plugin manager: hook specs, the built-in defaults, and variants from the ``patience`` entry-point group."""

from __future__ import annotations

import functools
import importlib.metadata
import warnings

import pluggy

from patience import defaults, hookspecs
from patience.codes import GameCode
from patience.errors import InvalidCodeError, InvalidDealError, UnknownVariantError
from patience.variant import Variant, normalise_name

__all__ = [
    "DEFAULT_PLUGIN",
    "ENTRY_POINT_GROUP",
    "PluginLoadWarning",
    "cell_counts",
    "check_cells",
    "get_plugin_manager",
    "get_variant",
    "hook_implementers",
    "make_plugin_manager",
    "plugin_failures",
    "resolve_code",
    "rules_are_data",
    "variants",
]

ENTRY_POINT_GROUP = "patience"
DEFAULT_PLUGIN = "patience.defaults"


def make_plugin_manager(*, load_entry_points: bool = True) -> pluggy.PluginManager:
    """A new plugin manager with the specs and defaults, and (by default) every installed plugin.

    A plugin that fails to import is left out rather than taking every
    variant down with it; :func:`plugin_failures` says which and why.
    """
    pm = pluggy.PluginManager("patience")
    pm.add_hookspecs(hookspecs)
    pm.register(defaults, name=DEFAULT_PLUGIN)
    if load_entry_points:
        _load_entry_points(pm)
    return pm


_FAILURES: dict[int, dict[str, str]] = {}


def _load_entry_points(pm: pluggy.PluginManager) -> None:
    failures: dict[str, str] = {}
    for entry_point in importlib.metadata.entry_points(group=ENTRY_POINT_GROUP):
        if pm.has_plugin(entry_point.name) or pm.is_blocked(entry_point.name):
            continue
        try:
            plugin = entry_point.load()
            pm.register(plugin, name=entry_point.name)
        except Exception as error:  # a broken plugin must not break the others
            dist = entry_point.dist.name if entry_point.dist else "?"
            failures[entry_point.name] = f"{dist}: {type(error).__name__}: {error}"
            warnings.warn(
                f"patience plugin {entry_point.name!r} ({entry_point.value}) was not loaded: {error}",
                PluginLoadWarning,
                stacklevel=2,
            )
    _FAILURES[id(pm)] = failures


class PluginLoadWarning(UserWarning):
    """An installed plugin could not be loaded; the others still are."""


def plugin_failures(pm: pluggy.PluginManager | None = None) -> dict[str, str]:
    """Entry points of the ``patience`` group that failed to load, by name, with the reason."""
    return dict(_FAILURES.get(id(_pm(pm)), {}))


@functools.cache
def get_plugin_manager() -> pluggy.PluginManager:
    """The process-wide plugin manager (the engine's one piece of global state)."""
    return make_plugin_manager()


def _pm(pm: pluggy.PluginManager | None) -> pluggy.PluginManager:
    return pm if pm is not None else get_plugin_manager()


def variants(pm: pluggy.PluginManager | None = None) -> dict[str, Variant]:
    """Every registered variant by name, in registration order."""
    pm = _pm(pm)
    found: dict[str, Variant] = {}
    for impl in pm.hook.patience_register_variants.get_hookimpls():
        plugin_name = pm.get_name(impl.plugin) or repr(impl.plugin)

        def register(variant: Variant, _plugin: str = plugin_name) -> None:
            if not isinstance(variant, Variant):
                raise TypeError(f"plugin {_plugin} registered {variant!r}, which is not a patience.Variant")
            if variant.name in found:
                raise ValueError(
                    f"variant {variant.name!r} is registered twice: by {found[variant.name].plugin} and {_plugin}"
                )
            found[variant.name] = variant if variant.plugin else _with_plugin(variant, _plugin)

        impl.function(register=register)
    return dict(sorted(found.items(), key=lambda item: _ORDER.get(item[0], 99)))


_ORDER = {"eight-off": 0, "freecell": 1, "bakers-game": 2, "seahaven-towers": 3}


def _with_plugin(variant: Variant, plugin: str) -> Variant:
    from attrs import evolve

    return evolve(variant, plugin=plugin)


def get_variant(name: str, pm: pluggy.PluginManager | None = None) -> Variant:
    """The variant called ``name`` (``eight-off``, ``Eight Off``, ``eight_off``, an alias or its code prefix)."""
    table = variants(pm)
    key = normalise_name(name)
    for variant in table.values():
        names = {
            variant.name,
            normalise_name(variant.title),
            variant.name.replace("-", ""),
            *map(normalise_name, variant.aliases),
        }
        if key in names or key.replace("-", "") in {n.replace("-", "") for n in names} or key.upper() == variant.prefix:
            return variant
    known = ", ".join(table) or "none (is patience-variants installed?)"
    raise UnknownVariantError(f"unknown variant {name!r}: installed variants are {known}")


def cell_counts(variant: Variant, pm: pluggy.PluginManager | None = None) -> tuple[tuple[int, ...], int]:
    """The cell counts ``variant`` offers and its default, through the ``patience_cell_counts`` hook."""
    result = _pm(pm).hook.patience_cell_counts(variant=variant)
    assert result is not None
    counts, default = result
    return tuple(counts), default


def check_cells(variant: Variant, cells: int | None, pm: pluggy.PluginManager | None = None) -> int:
    """``cells`` if ``variant`` offers that many cells (its default when ``None``), else :class:`InvalidDealError`."""
    counts, default = cell_counts(variant, pm)
    if cells is None:
        return default
    if cells not in counts:
        offered = _or_list(counts)
        raise InvalidDealError(f"{variant.title} is played with {offered} cells, not {cells}")
    return cells


def resolve_code(text: str, pm: pluggy.PluginManager | None = None) -> tuple[Variant, GameCode]:
    """Decode a game code and check that its variant is installed and offers its cell count."""
    code = GameCode.parse(text)
    table = variants(pm)
    for variant in table.values():
        if variant.prefix == code.prefix:
            counts, _ = cell_counts(variant, pm)
            if code.cells not in counts:
                offered = _or_list(counts)
                raise InvalidCodeError(
                    f"{text.strip()!r}: {variant.title} is played with {offered} cells, not {code.cells}"
                )
            return variant, code
    known = ", ".join(f"{v.prefix} ({v.title})" for v in table.values())
    raise InvalidCodeError(f"{text.strip()!r}: no installed variant has code prefix {code.prefix!r}; known: {known}")


def _or_list(counts: tuple[int, ...]) -> str:
    """``(8, 4, 2)`` as ``8, 4 or 2``."""
    words = [str(c) for c in counts]
    return words[0] if len(words) == 1 else ", ".join(words[:-1]) + " or " + words[-1]


def hook_implementers(hook_name: str, pm: pluggy.PluginManager | None = None) -> list[str]:
    """Names of the plugins implementing ``hook_name``, defaults included."""
    pm = _pm(pm)
    hook = getattr(pm.hook, hook_name)
    return [pm.get_name(impl.plugin) or repr(impl.plugin) for impl in hook.get_hookimpls()]


def rules_are_data(pm: pluggy.PluginManager | None = None) -> bool:
    """Whether legality and automatic play come from the declared rules alone.

    True when no plugin overrides ``patience_move_legality``: the solver may
    then use its compiled move generator; otherwise it asks the hook.
    """
    return all(name == DEFAULT_PLUGIN for name in hook_implementers("patience_move_legality", pm))
