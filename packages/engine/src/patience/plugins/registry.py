"""The :class:`Registry`: everything the engine keeps about one plugin manager's plugins, held by that manager.

Which plugins failed or were disabled and why, their times, which are the
shipped ones, the registered variants (worked out again only when the
registering implementations change), and each variant's routed hook calls.
Nothing of it lives at module level: two plugin managers never share it,
and it goes when its manager goes.
"""

from __future__ import annotations

import difflib
import time
import warnings
from collections.abc import Callable
from typing import TYPE_CHECKING, Any

import pluggy

from patience.errors import PluginError, UnknownVariantError
from patience.i18n import current_language
from patience.plugins import _boundary
from patience.plugins._boundary import PluginTimes
from patience.texts import _, ngettext
from patience.variant import Variant, normalise_name

if TYPE_CHECKING:
    from patience.plugins.routing import Route

__all__ = ["PluginLoadWarning", "Registrar", "Registry", "get_variant", "resolve_pm", "variants"]

#: The order the shipped variants are listed in; every other variant follows in registration order.
_ORDER = ("eight-off", "freecell", "bakers-game", "seahaven-towers")


class PluginLoadWarning(UserWarning):
    """An installed plugin could not be loaded, was disabled, or implements a hook the engine does not know."""


class _NotYet(BaseException):
    """``register.get`` asked for a variant that no plugin has registered yet in this round.

    A ``BaseException``, so that a plugin's own ``except Exception`` cannot swallow it.
    """


class Registry:
    """One plugin manager's plugins as the engine knows them (``pm.registry``)."""

    def __init__(self) -> None:
        self.failures: dict[str, str] = {}
        """Plugins that failed to load or were disabled, by name, with the reason."""
        self.times: dict[str, PluginTimes] = {}
        """Each plugin's times, by plugin name."""
        self.shipped: set[str] = set()
        """The names of the shipped plugins (loaded from the ``patience-variants`` distribution)."""
        self.registering = False
        """Whether the variants are being registered right now (``variants()`` then cannot answer)."""
        self.answered_by: dict[str, str] = {}
        """For each per-variant hook, the plugin whose implementation answered it last (the defaults not counted)."""
        self.routes: dict[tuple[str, str, str], Route] = {}
        """Each variant's routed hook calls, by (hook, variant name, variant plugin); emptied on every
        registration and unregistration."""
        self._variants: tuple[tuple[pluggy.HookImpl, ...], dict[str, Variant]] | None = None

    # -- times -------------------------------------------------------------

    def times_of(self, plugin: str) -> PluginTimes:
        """The times of ``plugin``, counted from zero the first time it is asked for."""
        times = self.times.get(plugin)
        if times is None:
            times = self.times[plugin] = PluginTimes()
        return times

    def check_slow(self, plugin: str) -> None:
        """Say once, in one warning, that ``plugin`` is slow (:meth:`PluginTimes.is_slow`).

        Never a shipped plugin: its deals are part of every command's own work
        (a loop that deals thousands of games spends most of its time there).
        """
        times = self.times.get(plugin)
        if times is None:
            return
        if plugin in self.shipped:
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

    # -- disabling ---------------------------------------------------------

    def disable(self, pm: pluggy.PluginManager, name: str, plugin: object, reason: str) -> None:
        """Unregister a plugin that broke, say so once, and keep the reason for ``patience plugins``."""
        if pm.is_registered(plugin):
            pm.unregister(plugin)
        # Translators: why `patience plugins` lists a plugin as disabled.
        self.failures[name] = _("disabled: {reason}").format(reason=reason)
        warnings.warn(_("{reason}; the plugin is disabled").format(reason=reason), PluginLoadWarning, stacklevel=4)

    # -- variants ----------------------------------------------------------

    def variants(self, pm: pluggy.PluginManager) -> dict[str, Variant]:
        """Every registered variant of ``pm`` by name, in registration order (see :func:`variants`)."""
        if self.registering:
            raise RuntimeError("get_variant() or variants() called while registering variants: use register.get(name)")
        registering = _registering(pm)
        # Registering walks every plugin, about 0.2 ms: the answer is kept for as long as the same
        # implementations register (registering or unregistering a plugin changes them).
        if self._variants is not None and _same(self._variants[0], registering):
            return dict(self._variants[1])
        table = self._register_variants(pm, registering)
        self._variants = (_registering(pm), table)
        return dict(table)

    def owner(self, pm: pluggy.PluginManager, variant: Variant) -> str:
        """The plugin that registered ``variant``: its :attr:`~Variant.plugin`, else the one registering its name."""
        if variant.plugin or self.registering:
            return variant.plugin
        # A variant object as its plugin wrote it (before registration filled in ``plugin``).
        registered = self.variants(pm).get(variant.name)
        return registered.plugin if registered is not None else ""

    def is_shipped(self, pm: pluggy.PluginManager, variant: Variant) -> bool:
        """Whether ``variant`` is one a shipped plugin registered."""
        return bool(self.shipped) and self.owner(pm, variant) in self.shipped

    def _register_variants(
        self, pm: pluggy.PluginManager, registering: tuple[pluggy.HookImpl, ...]
    ) -> dict[str, Variant]:
        """Call every plugin's ``patience_register_variants``, disabling those that break (see :func:`variants`).

        The shipped plugins register first, all of them (their variants derived
        from one another included), so that every name and code prefix they
        register is theirs before any other plugin registers one.
        """
        found: dict[str, Variant] = {}
        prefixes: dict[str, Variant] = {}
        names: dict[str, set[str]] = {}
        pending = [(impl.plugin_name, impl.plugin, impl.function) for impl in registering]
        self.registering = True
        try:
            self._register_round(pm, [p for p in pending if p[0] in self.shipped], found, prefixes, names)
            self._register_round(pm, [p for p in pending if p[0] not in self.shipped], found, prefixes, names)
        finally:
            self.registering = False
        for plugin_name, _plugin, _function in pending:
            self.check_slow(plugin_name)
        order = {name: index for index, name in enumerate(_ORDER)}
        return dict(sorted(found.items(), key=lambda item: order.get(item[0], len(order))))

    def _register_round(
        self,
        pm: pluggy.PluginManager,
        pending: _Pending,
        found: dict[str, Variant],
        prefixes: dict[str, Variant],
        names: dict[str, set[str]],
    ) -> None:
        """Register the variants of the plugins in ``pending``, again and again while one waits for another's.

        ``names`` keeps what each variant registered so far answers to, by its name (see :class:`Registrar`).
        """
        while pending:
            waiting: _Pending = []
            missing: dict[str, str] = {}
            for plugin_name, plugin, function in pending:
                registrar = Registrar(plugin_name, found, prefixes, _domain_of(function), names)
                sigints = _boundary.sigints()
                start = time.perf_counter()
                try:
                    with _boundary.no_stdout():
                        function(register=registrar)
                except _NotYet as wanted:
                    waiting.append((plugin_name, plugin, function))
                    missing[plugin_name] = str(wanted)
                    continue
                except Exception as error:  # a plugin that breaks here is disabled, the others go on
                    self.disable(pm, plugin_name, plugin, _registration_reason(plugin_name, error))
                    continue
                except BaseException as error:  # SystemExit, KeyboardInterrupt, a BaseException of its own
                    if not _boundary.plugins_own(error, sigints):
                        raise  # the user's Ctrl-C
                    self.disable(pm, plugin_name, plugin, _registration_reason(plugin_name, error))
                    continue
                finally:
                    self.times_of(plugin_name).registration += time.perf_counter() - start
                for variant in registrar.registered:
                    found[variant.name] = variant
                    prefixes[variant.prefix] = variant
            if len(waiting) == len(pending):
                for plugin_name, plugin, _function in waiting:
                    self.disable(
                        pm,
                        plugin_name,
                        plugin,
                        _(
                            "plugin {plugin} derives from the variant {variant}, which no installed plugin registers"
                        ).format(plugin=repr(plugin_name), variant=repr(missing[plugin_name])),
                    )
                return
            pending = waiting


_Pending = list[tuple[str, object, Callable[..., Any]]]


class Registrar:
    """The ``register`` argument of ``patience_register_variants``.

    ``register(variant)`` registers a variant; ``register.get(name)`` returns
    a variant another plugin registers (by name, alias or code prefix), to
    derive one from it with :meth:`Variant.derive`. The engine calls a plugin
    that asks for a variant not registered yet again after the others, so
    the order plugins load in does not matter.
    """

    def __init__(
        self,
        plugin: str,
        found: dict[str, Variant],
        prefixes: dict[str, Variant],
        domain: str = "",
        names: dict[str, set[str]] | None = None,
    ) -> None:
        self._plugin = plugin
        self._domain = domain
        self._found = found
        self._prefixes = prefixes
        # What each variant registered so far answers to, by its name: worked out once a variant, not once
        # for every variant registered after it.
        self._names: dict[str, set[str]] = {} if names is None else names
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
        known = self._names
        for other in (*self._found.values(), *self.registered):
            theirs = known.get(other.name)
            if theirs is None:
                theirs = known[other.name] = _names(other)
            shared = sorted(names & theirs)
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
        known[variant.name] = names

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


def _registering(pm: pluggy.PluginManager) -> tuple[pluggy.HookImpl, ...]:
    """The implementations of ``patience_register_variants`` that register variants, in pluggy's order."""
    return tuple(
        impl for impl in pm.hook.patience_register_variants.get_hookimpls() if not impl.wrapper and not impl.hookwrapper
    )


def _same(kept: tuple[pluggy.HookImpl, ...], now: tuple[pluggy.HookImpl, ...]) -> bool:
    return len(kept) == len(now) and all(a is b for a, b in zip(kept, now, strict=True))


def _domain_of(function: Callable[..., Any]) -> str:
    """The gettext domain of a plugin's texts: the import package of the module that registers its variants."""
    module = getattr(function, "__module__", None) or ""
    return module.partition(".")[0]


def line(error: BaseException) -> str:
    """An exception's message on one line."""
    return " ".join(str(error).split()) or type(error).__name__


def _registration_reason(plugin_name: str, error: BaseException) -> str:
    if isinstance(error, PluginError):
        return str(error)
    failure = (
        _boundary.exit_reason(error) if not isinstance(error, Exception) else f"{type(error).__name__}: {line(error)}"
    )
    return _("plugin {plugin} failed to register its variants: {failure}").format(
        plugin=repr(plugin_name), failure=failure
    )


def _tenths(seconds: float) -> str:
    """``seconds`` to one decimal as the language in use writes it: ``1.5``, German and Hungarian ``1,5``."""
    from babel.numbers import format_decimal

    language = current_language()
    return str(format_decimal(round(seconds, 1), format="0.0", locale=language if language in ("de", "hu") else "en"))


def registry_of(pm: pluggy.PluginManager) -> Registry:
    """``pm``'s registry; a plugin manager made without :func:`patience.plugins.make_plugin_manager` gets one."""
    registry = getattr(pm, "registry", None)
    if not isinstance(registry, Registry):
        registry = Registry()
        pm.registry = registry  # type: ignore[attr-defined]
    return registry


def resolve_pm(pm: pluggy.PluginManager | None) -> pluggy.PluginManager:
    """``pm``, else the process-wide plugin manager."""
    if pm is not None:
        return pm
    from patience.plugins.manager import get_plugin_manager

    return get_plugin_manager()


def variants(pm: pluggy.PluginManager | None = None) -> dict[str, Variant]:
    """Every registered variant by name, in registration order.

    A plugin whose ``patience_register_variants`` raises, or registers
    something that is not a :class:`Variant`, a name or a code prefix that
    another variant has, is disabled (unregistered) with one warning naming
    it; every other variant keeps working.
    """
    pm = resolve_pm(pm)
    return registry_of(pm).variants(pm)


def get_variant(name: str, pm: pluggy.PluginManager | None = None) -> Variant:
    """The variant called ``name`` (``eight-off``, ``Eight Off``, ``eight_off``, an alias or its code prefix).

    Inside ``patience_register_variants`` use ``register.get(name)``.
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
    # With thirty games a list of all of them is no help: name the closest one, and where to see them all.
    names = {
        normalise_name(text): variant.name
        for variant in table.values()
        for text in (variant.name, variant.title, *variant.aliases)
    }
    close = [names[match] for match in difflib.get_close_matches(key, names, n=1, cutoff=0.6)]
    if close:
        raise UnknownVariantError(
            ngettext(
                "unknown variant {name}: did you mean {close}? `patience variants` lists the {count} installed game",
                "unknown variant {name}: did you mean {close}? `patience variants` lists the {count} installed games",
                len(table),
            ).format(name=repr(name), close=close[0], count=len(table))
        )
    raise UnknownVariantError(
        ngettext(
            "unknown variant {name}: `patience variants` lists the {count} installed game",
            "unknown variant {name}: `patience variants` lists the {count} installed games",
            len(table),
        ).format(name=repr(name), count=len(table))
    )
