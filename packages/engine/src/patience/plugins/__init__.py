"""The plugin layer: hook specs, the default plugin, the registry of plugins and variants, and routing.

- :mod:`~patience.plugins.hookspecs`: the hooks a plugin implements (``hookimpl`` marks them);
- :mod:`~patience.plugins.defaults`: the default plugin, answering every per-variant hook from the
  variant's :class:`~patience.rules.Rules`, registered like any other (``trylast``);
- :mod:`~patience.plugins.manager`: :func:`make_plugin_manager` and the process-wide one, loading the
  ``patience`` entry points (shipped variants first);
- :mod:`~patience.plugins.registry`: the :class:`Registry` each plugin manager holds (failures,
  times, shipped plugins, variants, routes), and variant registration;
- :mod:`~patience.plugins.routing`: a variant's hook calls through pluggy's own hook callers.

Every public name is importable from here and from :mod:`patience`.
"""

from __future__ import annotations

from patience.plugins._boundary import SLOW_PLUGIN_SECONDS, SLOW_PLUGIN_SHARE, PluginTimes
from patience.plugins.hookspecs import CellCounts, hookimpl, hookspec
from patience.plugins.manager import (
    ENTRY_POINT_GROUP,
    SHIPPED_DISTRIBUTION,
    PatiencePluginManager,
    get_plugin_manager,
    hook_implementers,
    make_plugin_manager,
    one_line_warnings,
    plugin_failures,
    plugin_timings,
    shipped_plugins,
    unknown_hooks,
)
from patience.plugins.registry import PluginLoadWarning, Registrar, Registry, get_variant, variants
from patience.plugins.routing import (
    DEFAULT_PLUGIN,
    OVERRIDES_ATTRIBUTE,
    VARIANT_HOOKS,
    Route,
    cell_counts,
    check_cells,
    listed_variants,
    resolve_code,
    route,
    rules_are_data,
)

__all__ = [
    "DEFAULT_PLUGIN",
    "ENTRY_POINT_GROUP",
    "OVERRIDES_ATTRIBUTE",
    "SHIPPED_DISTRIBUTION",
    "SLOW_PLUGIN_SECONDS",
    "SLOW_PLUGIN_SHARE",
    "VARIANT_HOOKS",
    "CellCounts",
    "PatiencePluginManager",
    "PluginLoadWarning",
    "PluginTimes",
    "Registrar",
    "Registry",
    "Route",
    "cell_counts",
    "check_cells",
    "get_plugin_manager",
    "get_variant",
    "hook_implementers",
    "hookimpl",
    "hookspec",
    "listed_variants",
    "make_plugin_manager",
    "one_line_warnings",
    "plugin_failures",
    "plugin_timings",
    "resolve_code",
    "route",
    "rules_are_data",
    "shipped_plugins",
    "unknown_hooks",
    "variants",
]
