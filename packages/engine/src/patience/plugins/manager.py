"""The plugin manager: the hook specs, the default plugin, and the plugins of the ``patience`` entry-point group.

Plugins are checked where they enter: a plugin that fails to import, or
breaks while registering its variants, is left out with one warning naming
it; a hook answer of the wrong type is refused with a :class:`PluginError`
naming the plugin. A plugin's own ``SystemExit`` or ``KeyboardInterrupt``
counts as breaking (a Ctrl-C of the user's still interrupts), what it
prints goes to stderr, never to stdout, and its time is counted
(:func:`plugin_timings`): one warning names a plugin that takes more than
:data:`SLOW_PLUGIN_SECONDS` in a process, and more than
:data:`SLOW_PLUGIN_SHARE` of its CPU time.

The shipped variants (the plugins of the ``patience-variants``
distribution) win every clash: they are loaded and registered before any
other plugin, whatever order the path lists them in, so a plugin that
claims a shipped variant's name, alias, title or code prefix, or a shipped
plugin's name, is the one left out.
"""

from __future__ import annotations

import dataclasses
import functools
import importlib
import os
import re
import sys
import time
import types
import warnings
from typing import TextIO

import pluggy

from patience.plugins import _boundary, defaults, hookspecs
from patience.plugins._boundary import SLOW_PLUGIN_SECONDS, SLOW_PLUGIN_SHARE, PluginTimes
from patience.plugins.registry import PluginLoadWarning, Registry, line, registry_of, resolve_pm
from patience.plugins.routing import DEFAULT_PLUGIN, OVERRIDES_ATTRIBUTE, VARIANT_HOOKS, forget_routes, guard_plugin
from patience.texts import _, ngettext
from patience.variant import normalise_name

__all__ = [
    "ENTRY_POINT_GROUP",
    "SHIPPED_DISTRIBUTION",
    "SLOW_PLUGIN_SECONDS",
    "SLOW_PLUGIN_SHARE",
    "FoundEntryPoint",
    "PatiencePluginManager",
    "get_plugin_manager",
    "hook_implementers",
    "make_plugin_manager",
    "one_line_warnings",
    "plugin_failures",
    "plugin_timings",
    "shipped_plugins",
    "unknown_hooks",
]

ENTRY_POINT_GROUP = "patience"
#: The distribution whose plugins are the shipped variants; each of its entry points names a module of
#: :data:`SHIPPED_PACKAGE`.
SHIPPED_DISTRIBUTION = "patience-variants"
SHIPPED_PACKAGE = "patience_variants"


class PatiencePluginManager(pluggy.PluginManager):
    """pluggy's plugin manager with the engine's :class:`~patience.plugins.registry.Registry` (:attr:`registry`).

    Registering a plugin routes its per-variant implementations (see
    :mod:`patience.plugins.routing`); registering or unregistering one
    drops the kept routes, so the next call sees the change.
    """

    def __init__(self) -> None:
        super().__init__("patience")
        self.registry = Registry()
        """What the engine keeps about this manager's plugins."""

    def parse_hookimpl_opts(self, plugin: object, name: str) -> pluggy.HookimplOpts | None:
        """The options pluggy finds for ``name``; an overriding plugin's per-variant implementation is ``tryfirst``.

        A plugin that says it overrides a variant (``PATIENCE_OVERRIDES``) is
        asked before that variant's own plugin, whatever order they were
        registered in.
        """
        if _plainly_not_a_hook(plugin, name, self.project_name + "_impl"):
            return None
        opts = super().parse_hookimpl_opts(plugin, name)
        if opts is None or name not in VARIANT_HOOKS or not getattr(plugin, OVERRIDES_ATTRIBUTE, ()):
            return opts
        if opts.get("wrapper") or opts.get("hookwrapper") or opts.get("trylast"):
            return opts
        return {**opts, "tryfirst": True}

    def register(self, plugin: object, name: str | None = None) -> str | None:
        """Register ``plugin`` as pluggy does, then route its per-variant implementations."""
        registered = super().register(plugin, name)
        if registered is not None:
            forget_routes(self)
            guard_plugin(self, registered)
        return registered

    def unregister(self, plugin: object | None = None, name: str | None = None) -> object | None:
        """Unregister ``plugin`` (or the one called ``name``) as pluggy does."""
        removed = super().unregister(plugin, name)
        forget_routes(self)
        return removed


#: What pluggy can take as a hook implementation; any other value is never one.
_HOOKABLE = (types.FunctionType, types.MethodType, staticmethod, classmethod)
_ABSENT = object()


def _plainly_not_a_hook(plugin: object, name: str, marker: str) -> bool:
    """Whether ``name`` of a module plugin is a value pluggy would pass over, told without its static lookup.

    pluggy looks every name of a plugin up with :func:`inspect.getattr_static`,
    about 5 µs a name here: half of making the plugin manager. A module's
    own attribute is what that lookup finds, unless :class:`types.ModuleType`
    has a data descriptor of that name (``__annotations__``, ``__dict__``),
    which no hook is either; and pluggy passes the value over unless it is a
    function, a method, a ``staticmethod`` or a ``classmethod`` carrying the
    ``marker`` attribute (``patience_impl``), which a function keeps in its
    ``__dict__``. Whatever this cannot tell so plainly is left to pluggy.
    """
    if type(plugin) is not types.ModuleType:
        return False
    value = plugin.__dict__.get(name, _ABSENT)
    if value is _ABSENT:
        return False
    if type(value) is types.FunctionType:
        return marker not in value.__dict__
    return not isinstance(value, _HOOKABLE)


def one_line_warnings(program: str) -> None:
    """Show every :class:`PluginLoadWarning` as one ``program: warning: ...`` line on stderr from now on.

    Python's default shows a warning as two lines (where it was raised and
    the source line); a user needs only what happened, once. Other warnings
    are shown as before. The front ends call this once at start-up.
    """
    previous = warnings.showwarning

    def show(
        message: Warning | str,
        category: type[Warning],
        filename: str,
        lineno: int,
        file: TextIO | None = None,
        line: str | None = None,
    ) -> None:
        if issubclass(category, PluginLoadWarning):
            # The stream is looked up now, not at start-up, so that a redirected stderr is honoured.
            line = " ".join(str(message).split())
            # Translators: a warning about a plugin on stderr: "patience: warning: plugin 'x' not loaded ...".
            sys.stderr.write(_("{program}: warning: {message}").format(program=program, message=line) + "\n")
        else:
            previous(message, category, filename, lineno, file, line)

    warnings.showwarning = show


def make_plugin_manager(*, load_entry_points: bool = True) -> PatiencePluginManager:
    """A new plugin manager with the specs and the default plugin, and (by default) every installed plugin.

    A plugin that fails to import is left out rather than taking every
    variant down with it; :func:`plugin_failures` says which and why, and one
    :class:`PluginLoadWarning` line says so. A hook name the engine does not
    specify (a misspelt ``patience_deel``) is reported the same way.
    """
    pm = PatiencePluginManager()
    pm.add_hookspecs(hookspecs)
    pm.register(defaults.DefaultPlugin(pm), name=DEFAULT_PLUGIN)
    # A plugin's own KeyboardInterrupt is told from the user's Ctrl-C by counting SIGINTs.
    _boundary.track_sigint()
    if load_entry_points:
        _load_entry_points(pm)
    return pm


@functools.cache
def get_plugin_manager() -> PatiencePluginManager:
    """The process-wide plugin manager (the engine's one piece of global state)."""
    return make_plugin_manager()


@dataclasses.dataclass(frozen=True)
class FoundEntryPoint:
    """A ``patience`` entry point as a distribution's ``entry_points.txt`` declares it (``name = module:attr``).

    The plugins are found by reading the distributions' metadata folders on
    the path, as :mod:`importlib.metadata` finds them, without importing
    that module (and the mail parser it loads) for every command.
    """

    name: str
    value: str
    distribution: str
    """The ``Name`` in the distribution's metadata (``?`` when it has none)."""

    @property
    def module(self) -> str:
        """The module the entry point names (``patience_variants.freecell``)."""
        return self.value.partition(":")[0].strip()

    def load(self) -> object:
        """Import the module and follow the attributes after ``:``, as ``importlib.metadata.EntryPoint.load`` does."""
        match = _ENTRY_POINT_VALUE.match(self.value)
        if match is None:
            raise ValueError(f"malformed entry point value {self.value!r}")
        found: object = importlib.import_module(match["module"])
        for attribute in filter(None, (match["attr"] or "").split(".")):
            found = getattr(found, attribute)
        return found


#: An entry point's value: ``module``, then ``:attr.attr`` and ``[extras]`` if given (the packaging spec's form).
_ENTRY_POINT_VALUE = re.compile(r"(?P<module>[\w.]+)\s*(:\s*(?P<attr>[\w.]+)\s*)?((?P<extras>\[.*\])\s*)?$")


def _is_shipped(entry_point: FoundEntryPoint) -> bool:
    name = normalise_name(entry_point.distribution)
    return name == SHIPPED_DISTRIBUTION and entry_point.module.startswith(SHIPPED_PACKAGE + ".")


def _entry_points() -> list[FoundEntryPoint]:
    """The ``patience`` entry points of every distribution on the path, in the path's order.

    Every distribution, not one per name as ``importlib.metadata.entry_points()``
    gives them: a distribution that calls itself ``patience-variants`` and is
    found first must not hide the real one's entry points.
    """
    found: list[FoundEntryPoint] = []
    for folder in _metadata_folders():
        found.extend(_declared(folder))
    return found


def _metadata_folders() -> list[str]:
    """Each distribution's ``*.dist-info`` (or ``*.egg-info``) folder on ``sys.path``, as importlib orders them."""
    folders: list[str] = []
    for entry in sys.path:
        root = entry or "."
        try:
            children = os.listdir(root)
        except OSError:  # gone, not a folder, or a zip archive (whose plugins would be eggs: not supported)
            continue
        by_name: dict[str, list[str]] = {}
        for child in children:
            low = child.lower()
            if low.endswith((".dist-info", ".egg-info")):
                name = low.rpartition(".")[0].partition("-")[0]
                by_name.setdefault(re.sub(r"[-_.]+", "-", name), []).append(os.path.join(root, child))
        folders.extend(path for paths in by_name.values() for path in paths)
    return folders


def _declared(folder: str) -> list[FoundEntryPoint]:
    """The ``patience`` entry points ``folder``'s ``entry_points.txt`` declares (none when it has none)."""
    try:
        with open(os.path.join(folder, "entry_points.txt"), encoding="utf-8") as handle:
            text = handle.read()
    except OSError:
        return []
    section = None
    declared: list[tuple[str, str]] = []
    for raw in text.splitlines():
        line = raw.strip()
        if not line or line.startswith("#"):
            continue
        if line.startswith("[") and line.endswith("]"):
            section = line[1:-1].strip()
        elif section == ENTRY_POINT_GROUP:
            name, _equals, value = line.partition("=")
            declared.append((name.strip(), value.strip()))
    if not declared:
        return []
    distribution = _distribution_name(folder)
    return [FoundEntryPoint(name, value, distribution) for name, value in declared]


def _distribution_name(folder: str) -> str:
    """The ``Name:`` header of the folder's ``METADATA`` (``PKG-INFO`` for an egg), ``?`` without one."""
    for file in ("METADATA", "PKG-INFO"):
        try:
            with open(os.path.join(folder, file), encoding="utf-8") as handle:
                for line in handle:
                    if not line.strip():
                        break  # the headers end at the first empty line
                    key, colon, value = line.partition(":")
                    if colon and key.strip().lower() == "name":
                        return value.strip()
        except OSError:
            continue
    return "?"


def _load_entry_points(pm: pluggy.PluginManager) -> None:
    registry = registry_of(pm)
    failures = registry.failures
    shipped = registry.shipped
    new: list[str] = []
    found = _entry_points()
    # The shipped plugins first, whatever the path's order: each name they take stays theirs.
    found.sort(key=lambda entry_point: not _is_shipped(entry_point))
    shipped_names = {entry_point.name for entry_point in found if _is_shipped(entry_point)}
    for entry_point in found:
        dist = entry_point.distribution
        if entry_point.name in shipped_names and not _is_shipped(entry_point):
            failures[entry_point.name] = _(
                "{distribution} ({entry_point}): the plugin name {name} is taken by a plugin that ships with patience"
            ).format(distribution=dist, entry_point=entry_point.value, name=repr(entry_point.name))
            new.append(entry_point.name)
            continue
        if pm.has_plugin(entry_point.name) or pm.is_blocked(entry_point.name):
            continue
        sigints = _boundary.sigints()
        start = time.perf_counter()
        try:
            with _boundary.no_stdout():
                plugin = entry_point.load()
            pm.register(plugin, name=entry_point.name)
        except Exception as error:  # a broken plugin must not break the others
            failures[entry_point.name] = f"{dist} ({entry_point.value}): {type(error).__name__}: {line(error)}"
            new.append(entry_point.name)
            continue
        except BaseException as error:  # SystemExit, KeyboardInterrupt, a BaseException of its own
            if not _boundary.plugins_own(error, sigints):
                raise  # the user's Ctrl-C
            failures[entry_point.name] = f"{dist} ({entry_point.value}): {_boundary.exit_reason(error)}"
            new.append(entry_point.name)
            continue
        finally:
            registry.times_of(entry_point.name).load += time.perf_counter() - start
        if _is_shipped(entry_point):
            shipped.add(entry_point.name)
    if new:
        names = ", ".join(repr(name) for name in new)
        _warn(
            ngettext(
                "plugin {names} not loaded (`patience plugins` says why)",
                "plugins {names} not loaded (`patience plugins` says why)",
                len(new),
            ).format(names=names)
        )
    for name in list(registry.times):
        registry.check_slow(name)
    unknown = unknown_hooks(pm)
    if unknown:
        for name, hooks in unknown.items():
            _warn(
                ngettext(
                    "plugin {name} implements {hooks}: not a patience hook (misspelt?), never called",
                    "plugin {name} implements {hooks}: not patience hooks (misspelt?), never called",
                    len(hooks),
                ).format(name=repr(name), hooks=", ".join(hooks))
            )


def _warn(message: str) -> None:
    warnings.warn(message, PluginLoadWarning, stacklevel=3)


def plugin_timings(pm: pluggy.PluginManager | None = None) -> dict[str, PluginTimes]:
    """The time each plugin has taken in this process (loading, registration, hooks), by plugin name.

    The built-in defaults are not timed; a plugin appears once it has
    been loaded or called.
    """
    return dict(registry_of(resolve_pm(pm)).times)


def shipped_plugins(pm: pluggy.PluginManager | None = None) -> frozenset[str]:
    """The names of the shipped plugins (those of :data:`SHIPPED_DISTRIBUTION`) loaded in ``pm``."""
    return frozenset(registry_of(resolve_pm(pm)).shipped)


def plugin_failures(pm: pluggy.PluginManager | None = None) -> dict[str, str]:
    """Plugins that failed to load or were disabled at registration, by name, with the reason."""
    return dict(registry_of(resolve_pm(pm)).failures)


def unknown_hooks(pm: pluggy.PluginManager | None = None) -> dict[str, list[str]]:
    """Hook implementations the engine has no spec for (misspelt names), as plugin name -> hook names.

    pluggy keeps such implementations pending and never calls them;
    ``pm.check_pending()`` raises on the first one, this lists them all.
    """
    pm = resolve_pm(pm)
    found: dict[str, list[str]] = {}
    for name, caller in sorted(vars(pm.hook).items()):
        if isinstance(caller, pluggy.HookCaller) and not caller.has_spec():
            for impl in caller.get_hookimpls():
                if not impl.optionalhook:
                    found.setdefault(impl.plugin_name, []).append(name)
    return found


def hook_implementers(hook_name: str, pm: pluggy.PluginManager | None = None) -> list[str]:
    """Names of the plugins implementing ``hook_name`` for any variant, defaults included."""
    pm = resolve_pm(pm)
    hook = getattr(pm.hook, hook_name)
    return [impl.plugin_name for impl in hook.get_hookimpls()]
