"""The plugin manager: hook specs, the built-in defaults, variants from the ``patience`` entry-point group, and routing.

Routing: a per-variant hook (one that takes ``variant``) is called, for a
variant, only on the plugin that registered it, on the built-in defaults,
and on plugins that say they override it (``PATIENCE_OVERRIDES``). So a
plugin never has to check ``variant.name``, and one plugin's override costs
nothing to the other variants (:func:`rules_are_data` is per variant).

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

import contextlib
import contextvars
import functools
import importlib.metadata
import sys
import time
import warnings
import weakref
from collections.abc import Callable, Iterator
from typing import Any, TextIO

import pluggy

from patience import _boundary, defaults, hookspecs
from patience._boundary import SLOW_PLUGIN_SECONDS, SLOW_PLUGIN_SHARE, PluginTimes
from patience.errors import InvalidCodeError, InvalidDealError, PatienceError, PluginError, UnknownVariantError
from patience.formats.codes import GameCode
from patience.i18n import N_, current_language
from patience.legality import Verdict
from patience.position import Position
from patience.rules import AutoPlay, Target
from patience.scoring import ScoreState
from patience.texts import _, ngettext, pgettext
from patience.variant import Variant, normalise_name

__all__ = [
    "DEFAULT_PLUGIN",
    "ENTRY_POINT_GROUP",
    "OVERRIDES_ATTRIBUTE",
    "SHIPPED_DISTRIBUTION",
    "SLOW_PLUGIN_SECONDS",
    "SLOW_PLUGIN_SHARE",
    "VARIANT_HOOKS",
    "PluginLoadWarning",
    "PluginTimes",
    "Registrar",
    "Route",
    "cell_counts",
    "check_cells",
    "get_plugin_manager",
    "get_variant",
    "hook_implementers",
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

ENTRY_POINT_GROUP = "patience"
#: The distribution whose plugins are the shipped variants; each of its entry points names a module of
#: :data:`SHIPPED_PACKAGE`.
SHIPPED_DISTRIBUTION = "patience-variants"
SHIPPED_PACKAGE = "patience_variants"
DEFAULT_PLUGIN = "patience.defaults"
#: A plugin (module or object) may set this to the names of other plugins' variants it overrides.
OVERRIDES_ATTRIBUTE = "PATIENCE_OVERRIDES"
#: The hooks that take a ``variant`` and are routed to the plugin that registered it.
VARIANT_HOOKS = (
    "patience_deal",
    "patience_move_legality",
    "patience_cell_counts",
    "patience_score_action",
    "patience_autoplay_policy",
    "patience_double_tap_order",
)


class PluginLoadWarning(UserWarning):
    """An installed plugin could not be loaded, was disabled, or implements a hook the engine does not know."""


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


def make_plugin_manager(*, load_entry_points: bool = True) -> pluggy.PluginManager:
    """A new plugin manager with the specs and defaults, and (by default) every installed plugin.

    A plugin that fails to import is left out rather than taking every
    variant down with it; :func:`plugin_failures` says which and why, and one
    :class:`PluginLoadWarning` line says so. A hook name the engine does not
    specify (a misspelt ``patience_deel``) is reported the same way.
    """
    pm = pluggy.PluginManager("patience")
    pm.add_hookspecs(hookspecs)
    pm.register(defaults, name=DEFAULT_PLUGIN)
    _FAILURES[id(pm)] = {}
    _TIMES[id(pm)] = {}
    _SHIPPED[id(pm)] = set()
    # A plugin's own KeyboardInterrupt is told from the user's Ctrl-C by counting SIGINTs.
    _boundary.track_sigint()
    if load_entry_points:
        _load_entry_points(pm)
    return pm


_FAILURES: dict[int, dict[str, str]] = {}
#: Each plugin manager's plugin times, by plugin name.
_TIMES: dict[int, dict[str, PluginTimes]] = {}
#: Each plugin manager's shipped plugins (loaded from :data:`SHIPPED_DISTRIBUTION`), by name.
_SHIPPED: dict[int, set[str]] = {}


def _is_shipped(entry_point: importlib.metadata.EntryPoint) -> bool:
    dist = entry_point.dist
    name = normalise_name(dist.name) if dist is not None else ""
    return name == SHIPPED_DISTRIBUTION and entry_point.module.startswith(SHIPPED_PACKAGE + ".")


def _entry_points() -> list[importlib.metadata.EntryPoint]:
    """The ``patience`` entry points of every distribution on the path, in the path's order.

    Every distribution, not one per name as ``importlib.metadata.entry_points()``
    gives them: a distribution that calls itself ``patience-variants`` and is
    found first must not hide the real one's entry points.
    """
    found: list[importlib.metadata.EntryPoint] = []
    for dist in importlib.metadata.distributions():
        found.extend(entry_point for entry_point in dist.entry_points if entry_point.group == ENTRY_POINT_GROUP)
    return found


def _load_entry_points(pm: pluggy.PluginManager) -> None:
    failures = _FAILURES.setdefault(id(pm), {})
    shipped = _SHIPPED.setdefault(id(pm), set())
    new: list[str] = []
    found = _entry_points()
    # The shipped plugins first, whatever the path's order: each name they take stays theirs.
    found.sort(key=lambda entry_point: not _is_shipped(entry_point))
    shipped_names = {entry_point.name for entry_point in found if _is_shipped(entry_point)}
    for entry_point in found:
        dist = entry_point.dist.name if entry_point.dist else "?"
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
            failures[entry_point.name] = f"{dist} ({entry_point.value}): {type(error).__name__}: {_line(error)}"
            new.append(entry_point.name)
            continue
        except BaseException as error:  # SystemExit, KeyboardInterrupt, a BaseException of its own
            if not _boundary.plugins_own(error, sigints):
                raise  # the user's Ctrl-C
            failures[entry_point.name] = f"{dist} ({entry_point.value}): {_boundary.exit_reason(error)}"
            new.append(entry_point.name)
            continue
        finally:
            _times(pm, entry_point.name).load += time.perf_counter() - start
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
    for name in list(_TIMES.get(id(pm), {})):
        _check_slow(pm, name)
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


def _line(error: BaseException) -> str:
    """An exception's message on one line."""
    return " ".join(str(error).split()) or type(error).__name__


def _warn(message: str) -> None:
    warnings.warn(message, PluginLoadWarning, stacklevel=3)


def _times(pm: pluggy.PluginManager, plugin: str) -> PluginTimes:
    table = _TIMES.setdefault(id(pm), {})
    times = table.get(plugin)
    if times is None:
        times = table[plugin] = PluginTimes()
    return times


def _check_slow(pm: pluggy.PluginManager, plugin: str) -> None:
    """Say once, in one warning, that ``plugin`` is slow (:meth:`PluginTimes.is_slow`).

    Never a shipped plugin: its deals are part of every command's own work
    (a loop that deals thousands of games spends most of its time there).
    """
    times = _TIMES.get(id(pm), {}).get(plugin)
    if times is None:
        return
    if plugin in _SHIPPED.get(id(pm), ()):
        times.warned = True  # never to be named, so never asked again on the hot path
        return
    if not times.is_slow():
        return
    times.warned = True
    warnings.warn(
        _(
            "plugin {plugin} has taken {seconds} s so far"
            " (`patience plugins --timings` shows its load, registration and hook times)"
        ).format(plugin=repr(plugin), seconds=_tenths(times.total)),
        PluginLoadWarning,
        stacklevel=3,
    )


def _tenths(seconds: float) -> str:
    """``seconds`` to one decimal as the language in use writes it: ``1.5``, German and Hungarian ``1,5``."""
    from babel.numbers import format_decimal

    language = current_language()
    return str(format_decimal(round(seconds, 1), format="0.0", locale=language if language in ("de", "hu") else "en"))


def plugin_timings(pm: pluggy.PluginManager | None = None) -> dict[str, PluginTimes]:
    """The time each plugin has taken in this process (loading, registration, hooks), by plugin name.

    The built-in defaults are not timed; a plugin appears once it has
    been loaded or called.
    """
    return dict(_TIMES.get(id(_pm(pm)), {}))


def shipped_plugins(pm: pluggy.PluginManager | None = None) -> frozenset[str]:
    """The names of the shipped plugins (those of :data:`SHIPPED_DISTRIBUTION`) loaded in ``pm``."""
    return frozenset(_SHIPPED.get(id(_pm(pm)), ()))


def plugin_failures(pm: pluggy.PluginManager | None = None) -> dict[str, str]:
    """Plugins that failed to load or were disabled at registration, by name, with the reason."""
    return dict(_FAILURES.get(id(_pm(pm)), {}))


def unknown_hooks(pm: pluggy.PluginManager | None = None) -> dict[str, list[str]]:
    """Hook implementations the engine has no spec for (misspelt names), as plugin name -> hook names.

    pluggy keeps such implementations pending and never calls them;
    ``pm.check_pending()`` raises on the first one, this lists them all.
    """
    pm = _pm(pm)
    found: dict[str, list[str]] = {}
    for name, caller in sorted(vars(pm.hook).items()):
        if isinstance(caller, pluggy.HookCaller) and not caller.has_spec():
            for impl in caller.get_hookimpls():
                if not impl.optionalhook:
                    found.setdefault(impl.plugin_name, []).append(name)
    return found


@functools.cache
def get_plugin_manager() -> pluggy.PluginManager:
    """The process-wide plugin manager (the engine's one piece of global state)."""
    return make_plugin_manager()


#: The plugin manager whose hook is being called right now (so that a hook may look up variants in it).
_CALLING: contextvars.ContextVar[pluggy.PluginManager | None] = contextvars.ContextVar("patience_calling", default=None)
#: Plugin managers whose variants are being registered right now (``get_variant`` then cannot answer).
_REGISTERING: contextvars.ContextVar[frozenset[int]] = contextvars.ContextVar(
    "patience_registering", default=frozenset()
)


def _pm(pm: pluggy.PluginManager | None) -> pluggy.PluginManager:
    """``pm``; else the one calling the hook running now; else the process-wide one."""
    if pm is not None:
        return pm
    calling = _CALLING.get()
    return calling if calling is not None else get_plugin_manager()


@contextlib.contextmanager
def _calling(pm: pluggy.PluginManager) -> Iterator[None]:
    token = _CALLING.set(pm)
    try:
        yield
    finally:
        _CALLING.reset(token)


# -- registering variants ------------------------------------------------------


class _NotYet(BaseException):
    """``register.get`` asked for a variant that no plugin has registered yet in this round.

    A ``BaseException``, so that a plugin's own ``except Exception`` cannot swallow it.
    """


class Registrar:
    """The ``register`` argument of ``patience_register_variants``.

    ``register(variant)`` registers a variant; ``register.get(name)`` returns
    a variant another plugin registers (by name, alias or code prefix), to
    derive one from it with :meth:`Variant.derive`. The engine calls a plugin
    that asks for a variant not registered yet again after the others, so
    the order plugins load in does not matter.
    """

    def __init__(self, plugin: str, found: dict[str, Variant], prefixes: dict[str, Variant], domain: str = "") -> None:
        self._plugin = plugin
        self._domain = domain
        self._found = found
        self._prefixes = prefixes
        self.registered: list[Variant] = []
        """The variants this plugin registered in this call."""

    def __call__(self, variant: Variant) -> None:
        """Register ``variant`` (it is refused, and the plugin disabled, when it is not a fit)."""
        plugin = self._plugin
        if not isinstance(variant, Variant):
            raise PluginError(
                _("plugin {plugin} registered {variant}, which is not a patience.Variant").format(
                    plugin=repr(plugin), variant=repr(variant)
                )
            )
        taken = self._found.get(variant.name) or next((v for v in self.registered if v.name == variant.name), None)
        if taken is not None:
            raise PluginError(
                _("plugin {plugin} registered the variant name {name}, which plugin {other} has").format(
                    plugin=repr(plugin), name=repr(variant.name), other=repr(taken.plugin)
                )
            )
        same_prefix = self._prefixes.get(variant.prefix) or next(
            (v for v in self.registered if v.prefix == variant.prefix), None
        )
        if same_prefix is not None:
            raise PluginError(
                _(
                    "plugin {plugin} registered {name} with the code prefix {prefix},"
                    " which {other} (plugin {owner}) has"
                ).format(
                    plugin=repr(plugin),
                    name=repr(variant.name),
                    prefix=repr(variant.prefix),
                    other=repr(same_prefix.name),
                    owner=repr(same_prefix.plugin),
                )
            )
        # A name the variant answers to (alias, title, name without hyphens) that another one answers to
        # would make a name on the command line mean either: the one registered first keeps it.
        names = _names(variant)
        for other in (*self._found.values(), *self.registered):
            shared = sorted(names & _names(other))
            if shared:
                raise PluginError(
                    _(
                        "plugin {plugin} registered {name}, which answers to {alias} as {other} (plugin {owner}) does"
                    ).format(
                        plugin=repr(plugin),
                        name=repr(variant.name),
                        alias=repr(shared[0]),
                        other=repr(other.name),
                        owner=repr(other.plugin),
                    )
                )
        # The registering plugin is the variant's plugin, whatever the variant says (a derived one
        # carries its base's): the per-variant hooks are routed by it. Its texts are in that plugin's
        # catalogs unless the variant names its domain.
        self.registered.append(variant.with_plugin(plugin, self._domain))

    def get(self, name: str) -> Variant:
        """The variant called ``name`` that another plugin registers, to derive a variant of your own from.

        When no installed plugin registers it, the asking plugin is disabled
        with a warning that names the missing variant.
        """
        key = normalise_name(name)
        for variant in self._found.values():
            if variant.answers_to(key):
                return variant
        raise _NotYet(name)


def _names(variant: Variant) -> set[str]:
    """Every name ``variant`` answers to (:meth:`Variant.answers_to`): name, title, aliases, without hyphens, prefix."""
    names = {variant.name, normalise_name(variant.title), *map(normalise_name, variant.aliases)}
    return names | {name.replace("-", "") for name in names} | {variant.prefix.lower()}


def variants(pm: pluggy.PluginManager | None = None) -> dict[str, Variant]:
    """Every registered variant by name, in registration order.

    A plugin whose ``patience_register_variants`` raises, or registers
    something that is not a :class:`Variant`, a name or a code prefix that
    another variant has, is disabled (unregistered) with one warning naming
    it; every other variant keeps working.
    """
    pm = _pm(pm)
    if id(pm) in _REGISTERING.get():
        raise RuntimeError("get_variant() or variants() called while registering variants: use register.get(name)")
    registering = _registering(pm)
    cached = _VARIANTS.get(pm)
    # Registering walks every plugin, about 0.2 ms: the answer is kept for as long as the same
    # implementations register (registering or unregistering a plugin changes them).
    if cached is not None and _same(cached[0], registering):
        return dict(cached[1])
    table = _register_variants(pm, registering)
    _VARIANTS[pm] = (_registering(pm), table)
    return dict(table)


#: Each plugin manager's variants, with the implementations of ``patience_register_variants`` they came from.
_VARIANTS: weakref.WeakKeyDictionary[pluggy.PluginManager, tuple[tuple[pluggy.HookImpl, ...], dict[str, Variant]]] = (
    weakref.WeakKeyDictionary()
)


def _registering(pm: pluggy.PluginManager) -> tuple[pluggy.HookImpl, ...]:
    """The implementations of ``patience_register_variants`` that register variants, in pluggy's order."""
    return tuple(
        impl for impl in pm.hook.patience_register_variants.get_hookimpls() if not impl.wrapper and not impl.hookwrapper
    )


def _same(kept: tuple[pluggy.HookImpl, ...], now: tuple[pluggy.HookImpl, ...]) -> bool:
    return len(kept) == len(now) and all(a is b for a, b in zip(kept, now, strict=True))


_Pending = list[tuple[str, object, Callable[..., Any]]]


def _register_variants(pm: pluggy.PluginManager, registering: tuple[pluggy.HookImpl, ...]) -> dict[str, Variant]:
    """Call every plugin's ``patience_register_variants``, disabling those that break (see :func:`variants`).

    The shipped plugins register first, all of them (their variants derived
    from one another included), so that every name and code prefix they
    register is theirs before any other plugin registers one.
    """
    found: dict[str, Variant] = {}
    prefixes: dict[str, Variant] = {}
    shipped = _SHIPPED.get(id(pm), set())
    pending = [(impl.plugin_name, impl.plugin, impl.function) for impl in registering]
    token = _REGISTERING.set(_REGISTERING.get() | {id(pm)})
    try:
        _register_round(pm, [p for p in pending if p[0] in shipped], found, prefixes)
        _register_round(pm, [p for p in pending if p[0] not in shipped], found, prefixes)
    finally:
        _REGISTERING.reset(token)
    for plugin_name, _plugin, _function in pending:
        _check_slow(pm, plugin_name)
    return dict(sorted(found.items(), key=lambda item: _ORDER.get(item[0], 99)))


def _domain_of(function: Callable[..., Any]) -> str:
    """The gettext domain of a plugin's texts: the import package of the module that registers its variants."""
    module = getattr(function, "__module__", None) or ""
    return module.partition(".")[0]


def _register_round(
    pm: pluggy.PluginManager, pending: _Pending, found: dict[str, Variant], prefixes: dict[str, Variant]
) -> None:
    """Register the variants of the plugins in ``pending``, again and again while one waits for another's."""
    while pending:
        waiting: _Pending = []
        missing: dict[str, str] = {}
        for plugin_name, plugin, function in pending:
            registrar = Registrar(plugin_name, found, prefixes, _domain_of(function))
            sigints = _boundary.sigints()
            start = time.perf_counter()
            try:
                with _calling(pm), _boundary.no_stdout():
                    function(register=registrar)
            except _NotYet as wanted:
                waiting.append((plugin_name, plugin, function))
                missing[plugin_name] = str(wanted)
                continue
            except Exception as error:  # a plugin that breaks here is disabled, the others go on
                _disable(pm, plugin_name, plugin, _registration_reason(plugin_name, error))
                continue
            except BaseException as error:  # SystemExit, KeyboardInterrupt, a BaseException of its own
                if not _boundary.plugins_own(error, sigints):
                    raise  # the user's Ctrl-C
                _disable(pm, plugin_name, plugin, _registration_reason(plugin_name, error))
                continue
            finally:
                _times(pm, plugin_name).registration += time.perf_counter() - start
            for variant in registrar.registered:
                found[variant.name] = variant
                prefixes[variant.prefix] = variant
        if len(waiting) == len(pending):
            for plugin_name, plugin, _function in waiting:
                _disable(
                    pm,
                    plugin_name,
                    plugin,
                    _("plugin {plugin} derives from the variant {variant}, which no installed plugin registers").format(
                        plugin=repr(plugin_name), variant=repr(missing[plugin_name])
                    ),
                )
            return
        pending = waiting


def _registration_reason(plugin_name: str, error: BaseException) -> str:
    if isinstance(error, PluginError):
        return str(error)
    failure = (
        _boundary.exit_reason(error) if not isinstance(error, Exception) else f"{type(error).__name__}: {_line(error)}"
    )
    return _("plugin {plugin} failed to register its variants: {failure}").format(
        plugin=repr(plugin_name), failure=failure
    )


def _disable(pm: pluggy.PluginManager, name: str, plugin: object, reason: str) -> None:
    """Unregister a plugin that broke at registration, say so once, and keep the reason for ``patience plugins``."""
    if pm.is_registered(plugin):
        pm.unregister(plugin)
    # Translators: why `patience plugins` lists a plugin as disabled.
    _FAILURES.setdefault(id(pm), {})[name] = _("disabled: {reason}").format(reason=reason)
    warnings.warn(_("{reason}; the plugin is disabled").format(reason=reason), PluginLoadWarning, stacklevel=4)


_ORDER = {"eight-off": 0, "freecell": 1, "bakers-game": 2, "seahaven-towers": 3}


def get_variant(name: str, pm: pluggy.PluginManager | None = None) -> Variant:
    """The variant called ``name`` (``eight-off``, ``Eight Off``, ``eight_off``, an alias or its code prefix).

    Inside a hook, without ``pm``, it looks in the plugin manager that called
    the hook. Inside ``patience_register_variants`` use ``register.get(name)``.
    """
    table = variants(pm)
    key = normalise_name(name)
    for variant in table.values():
        if variant.answers_to(key):
            return variant
    if not table:
        raise UnknownVariantError(
            _("unknown variant {name}: installed variants are none (is patience-variants installed?)").format(
                name=repr(name)
            )
        )
    raise UnknownVariantError(
        _("unknown variant {name}: installed variants are {known}").format(name=repr(name), known=", ".join(table))
    )


# -- routing -------------------------------------------------------------------


def _check_cell_counts(value: object) -> tuple[tuple[int, ...], int] | None:
    if not isinstance(value, tuple | list) or len(value) != 2:
        return None
    counts, default = value
    if not isinstance(counts, tuple | list) or not counts:
        return None
    if not all(isinstance(c, int) and not isinstance(c, bool) and 0 <= c <= 16 for c in counts):
        return None
    if not isinstance(default, int) or isinstance(default, bool) or default not in counts:
        return None
    return tuple(counts), default


def _check_targets(value: object) -> tuple[Target, ...] | None:
    if isinstance(value, tuple | list) and all(isinstance(t, Target) for t in value):
        return tuple(value)
    return None


def _instance(kind: type) -> Callable[[object], object | None]:
    return lambda value: value if isinstance(value, kind) else None


#: For each per-variant hook: what its answer must be, and a check that returns it (normalised) or None.
_ANSWERS: dict[str, tuple[str, Callable[[object], object | None]]] = {
    "patience_deal": (N_("a patience.Position"), _instance(Position)),
    "patience_move_legality": (N_("a patience.Verdict"), _instance(Verdict)),
    "patience_cell_counts": (N_("(cell counts, default) such as ((4, 3), 4)"), _check_cell_counts),
    "patience_score_action": (N_("a patience.ScoreState"), _instance(ScoreState)),
    "patience_autoplay_policy": (N_("a patience.AutoPlay"), _instance(AutoPlay)),
    "patience_double_tap_order": (N_("a tuple of patience.Target"), _check_targets),
}


class Route:
    """A per-variant hook as called for one variant: its implementations in pluggy's call order.

    Calling it returns the first answer that is not ``None`` (the hooks are
    ``firstresult``), checked: an answer of the wrong type, or an exception
    other than a :class:`PatienceError`, becomes a :class:`PluginError`
    naming the plugin. :attr:`answered_by` names the plugin that answered last.
    """

    def __init__(self, pm: pluggy.PluginManager, hook_name: str, impls: list[pluggy.HookImpl]) -> None:
        self.pm = pm
        self.hook_name = hook_name
        self.impls = impls
        """The implementations, first called first."""
        self.answered_by = ""
        self._expected, self._check = _ANSWERS[hook_name]
        #: The plugins' times, looked up once per route: the call is on the solver's hot path.
        self._times: dict[str, PluginTimes] = {}

    @property
    def plugins(self) -> list[str]:
        """The names of the plugins this route calls, first called first."""
        return [impl.plugin_name for impl in self.impls]

    def __call__(self, **kwargs: Any) -> Any:
        """Call the implementations in order until one answers; ``None`` when none does."""
        token = _CALLING.set(self.pm)
        try:
            for impl in self.impls:
                if impl.plugin_name == DEFAULT_PLUGIN:  # the engine's own code: nothing to guard or time
                    result = impl.function(*[kwargs[name] for name in impl.argnames])
                else:
                    result = self._call_plugin(impl, kwargs)
                if result is None:
                    continue
                checked = self._check(result)
                if checked is None:
                    shown = repr(result)
                    shown = shown if len(shown) <= 60 else shown[:57] + "..."
                    raise PluginError(
                        _("plugin {plugin}: {hook} returned {answer}, not {expected}").format(
                            plugin=repr(impl.plugin_name), hook=self.hook_name, answer=shown, expected=_(self._expected)
                        )
                    )
                self.answered_by = impl.plugin_name
                return checked
            return None
        finally:
            _CALLING.reset(token)

    def _call_plugin(self, impl: pluggy.HookImpl, kwargs: dict[str, Any]) -> Any:
        """Call a plugin's implementation: its output kept off stdout, its time counted, its exits caught."""
        sigints = _boundary.sigints()
        start = time.perf_counter()
        # _boundary.plugin_output() without a context manager's cost: this is the solver's hot path.
        if not isinstance(sys.stdout, _boundary.StdoutGuard):
            _boundary.guard_stdout()
        entered = _boundary.IN_PLUGIN.set(True)
        try:
            return impl.function(*[kwargs[name] for name in impl.argnames])
        except PatienceError:
            raise
        except Exception as error:
            failure = f"{type(error).__name__}: {_line(error)}"
            raise PluginError(_failed_in(impl.plugin_name, self.hook_name, failure)) from error
        except BaseException as error:  # SystemExit, KeyboardInterrupt, a BaseException of its own
            if not _boundary.plugins_own(error, sigints):
                raise  # the user's Ctrl-C
            failure = _boundary.exit_reason(error)
            raise PluginError(_failed_in(impl.plugin_name, self.hook_name, failure)) from None
        finally:
            _boundary.IN_PLUGIN.reset(entered)
            times = self._times.get(impl.plugin_name)
            if times is None:
                times = self._times[impl.plugin_name] = _times(self.pm, impl.plugin_name)
            times.add_hook(self.hook_name, time.perf_counter() - start)
            if not times.warned and times.total > times.next_check:
                _check_slow(self.pm, impl.plugin_name)


def _overrides(plugin: object) -> tuple[str, ...]:
    names = getattr(plugin, OVERRIDES_ATTRIBUTE, ())
    if isinstance(names, str):
        names = (names,)
    return tuple(normalise_name(name) if name != "*" else "*" for name in names)


def route(hook_name: str, variant: Variant, pm: pluggy.PluginManager | None = None) -> Route:
    """The per-variant hook ``hook_name`` as called for ``variant``.

    It calls the plugin that registered ``variant`` (``variant.plugin``, or
    the plugin that registers a variant of that name when it is empty),
    the plugins that name it (or ``"*"``) in their ``PATIENCE_OVERRIDES``,
    and the built-in defaults last; no other plugin.
    """
    if hook_name not in _ANSWERS:
        raise ValueError(f"{hook_name} is not a per-variant hook")
    pm = _pm(pm)
    owner = variant.plugin
    if not owner and id(pm) not in _REGISTERING.get():
        # A variant object as its plugin wrote it (before registration filled in ``plugin``).
        registered = variants(pm).get(variant.name)
        owner = registered.plugin if registered is not None else ""
    caller: pluggy.HookCaller = getattr(pm.hook, hook_name)
    chosen = [
        impl
        for impl in reversed(caller.get_hookimpls())  # pluggy calls the last one first
        if not impl.wrapper
        and not impl.hookwrapper
        and (
            impl.plugin_name in (DEFAULT_PLUGIN, owner)
            or variant.name in _overrides(impl.plugin)
            or "*" in _overrides(impl.plugin)
        )
    ]
    # Overriders before the owner before the defaults, whatever order they were registered in
    # (sorted is stable: within each group pluggy's order, tryfirst and newest first, stays).
    chosen.sort(key=lambda impl: 2 if impl.plugin_name == DEFAULT_PLUGIN else 1 if impl.plugin_name == owner else 0)
    return Route(pm, hook_name, chosen)


def rules_are_data(variant: Variant, pm: pluggy.PluginManager | None = None) -> bool:
    """Whether ``variant``'s legality comes from its declared rules alone.

    True when no plugin routed to ``variant`` implements
    ``patience_move_legality`` (only the default does): the game and the
    solver then use the compiled rules. Decided per variant: an override
    for one variant leaves the others on the compiled path.
    """
    return route("patience_move_legality", variant, pm).plugins == [DEFAULT_PLUGIN]


def cell_counts(variant: Variant, pm: pluggy.PluginManager | None = None) -> tuple[tuple[int, ...], int]:
    """The cell counts ``variant`` offers and its default, through the ``patience_cell_counts`` hook."""
    result = route("patience_cell_counts", variant, pm)(variant=variant)
    if result is None:
        return variant.cell_counts, variant.default_cells
    counts, default = result
    return tuple(counts), default


def listed_variants(pm: pluggy.PluginManager | None = None) -> dict[str, Variant]:
    """The registered variants a list may offer: those whose plugin answers their cell counts.

    A variant whose ``patience_cell_counts`` answer is refused (a
    :class:`PluginError`) is left out, with one :class:`PluginLoadWarning`
    naming the plugin, so that one plugin's broken answer leaves every other
    variant in the list (``patience variants``, the window's New Game).
    """
    table = variants(pm)
    listed: dict[str, Variant] = {}
    for name, variant in table.items():
        try:
            cell_counts(variant, pm)
        except PluginError as error:
            _warn(_("the variant {name} is left out of the list: {error}").format(name=repr(name), error=error))
            continue
        listed[name] = variant
    return listed


def check_cells(variant: Variant, cells: int | None, pm: pluggy.PluginManager | None = None) -> int:
    """``cells`` if ``variant`` offers that many cells (its default when ``None``), else :class:`InvalidDealError`."""
    counts, default = cell_counts(variant, pm)
    if cells is None:
        return default
    if cells not in counts:
        raise InvalidDealError(
            ngettext(
                "{title} is played with {offered} cell, not {cells}",
                "{title} is played with {offered} cells, not {cells}",
                max(counts),
            ).format(title=_title(variant.title, capital=True), offered=_or_list(counts), cells=cells)
        )
    return cells


def resolve_code(text: str, pm: pluggy.PluginManager | None = None) -> tuple[Variant, GameCode]:
    """Decode a game code and check that its variant is installed and offers its cell count."""
    code = GameCode.parse(text)
    table = variants(pm)
    for variant in table.values():
        if variant.prefix == code.prefix:
            counts, _default = cell_counts(variant, pm)
            if code.cells not in counts:
                raise InvalidCodeError(
                    ngettext(
                        "{code}: {title} is played with {offered} cell, not {cells}",
                        "{code}: {title} is played with {offered} cells, not {cells}",
                        max(counts),
                    ).format(
                        code=repr(text.strip()), title=_title(variant.title), offered=_or_list(counts), cells=code.cells
                    )
                )
            return variant, code
    known = ", ".join(f"{v.prefix} ({v.title})" for v in table.values())
    raise InvalidCodeError(
        _("{code}: no installed variant has code prefix {prefix}; known: {known}").format(
            code=repr(text.strip()), prefix=repr(code.prefix), known=known
        )
    )


def _failed_in(plugin: str, hook: str, failure: str) -> str:
    return _("plugin {plugin} failed in {hook}: {failure}").format(plugin=repr(plugin), hook=hook, failure=failure)


def _title(title: str, *, capital: bool = False) -> str:
    """A variant's title as a sentence names it: in Hungarian after its article (``az Eight Off``)."""
    if current_language() != "hu":
        return title
    from patience.i18n.hungarian import with_article

    return with_article(title, capital=capital)


def _or_list(counts: tuple[int, ...]) -> str:
    """``(8, 4, 2)`` as ``8, 4 or 2``."""
    words = [str(c) for c in counts]
    if len(words) == 1:
        return words[0]
    # Translators: the last of a list of choices: "8, 4 or 2" is "{items} or {last}" with items "8, 4".
    return pgettext("list", "{items} or {last}").format(items=", ".join(words[:-1]), last=words[-1])


def hook_implementers(hook_name: str, pm: pluggy.PluginManager | None = None) -> list[str]:
    """Names of the plugins implementing ``hook_name`` for any variant, defaults included."""
    pm = _pm(pm)
    hook = getattr(pm.hook, hook_name)
    return [impl.plugin_name for impl in hook.get_hookimpls()]
