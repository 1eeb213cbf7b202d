"""Per-variant routing on pluggy's own hook callers.

A per-variant hook (one that takes ``variant``) answers, for a variant, from
the plugin that registered it, the plugins that say they override it
(``PATIENCE_OVERRIDES``) and the default plugin. Two things make it so,
both pluggy's own machinery:

- at registration (:func:`guard_plugin`) each implementation a plugin gives
  of a per-variant hook is wrapped so that it answers only for the
  variants it is routed to, inside the boundary (its output kept off
  stdout, its time counted, its exits caught, its answer checked). So a
  direct ``pm.hook.patience_deal(variant=V, ...)`` gives ``V``'s answer;
- a routed call (:func:`route`) is ``pm.subset_hook_caller(name,
  remove_plugins=...)`` without the implementations of other variants'
  plugins, as pytest scopes conftest hooks: pluggy runs it, so wrappers
  (``wrapper=True`` and ``hookwrapper=True``), ``tryfirst``/``trylast``,
  ``pm.add_hookcall_monitoring`` and ``pm.trace`` work as for any hook.

Other plugins' wrappers run on every variant's calls and may observe them;
one that changes the answer for a shipped variant (its deal, verdict, cell
counts or score) is refused: the answer stays what the variant's own plugin
gave, and the plugin is disabled with one :class:`PluginLoadWarning` line
naming it.
"""

from __future__ import annotations

import sys
import time
import types
from collections.abc import Callable, Generator, Iterable
from typing import Any

import pluggy

from patience.errors import InvalidCodeError, InvalidDealError, PatienceError, PluginError
from patience.formats.codes import GameCode
from patience.i18n import N_, current_language
from patience.legality import Verdict
from patience.plugins import _boundary
from patience.plugins.registry import PluginLoadWarning, Registry, line, registry_of, resolve_pm, variants
from patience.position import Position
from patience.scoring import ScoreState
from patience.texts import _, ngettext, pgettext
from patience.variant import Variant, normalise_name

__all__ = [
    "DEFAULT_PLUGIN",
    "OVERRIDES_ATTRIBUTE",
    "VARIANT_HOOKS",
    "Route",
    "cell_counts",
    "check_cells",
    "guard_plugin",
    "listed_variants",
    "resolve_code",
    "route",
    "rules_are_data",
]

DEFAULT_PLUGIN = "patience.defaults"
#: A plugin (module or object) may set this to the names of other plugins' variants it overrides.
OVERRIDES_ATTRIBUTE = "PATIENCE_OVERRIDES"
#: The hooks that take a ``variant`` and answer for it from the plugin that registered it.
VARIANT_HOOKS = ("patience_deal", "patience_move_legality", "patience_cell_counts", "patience_score_action")


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


def _instance(kind: type) -> Callable[[object], object | None]:
    return lambda value: value if isinstance(value, kind) else None


#: For each per-variant hook: what its answer must be, and a check that returns it (normalised) or None.
_ANSWERS: types.MappingProxyType[str, tuple[str, Callable[[object], object | None]]] = types.MappingProxyType(
    {
        "patience_deal": (N_("a patience.Position"), _instance(Position)),
        "patience_move_legality": (N_("a patience.Verdict"), _instance(Verdict)),
        "patience_cell_counts": (N_("(cell counts, default) such as ((4, 3), 4)"), _check_cell_counts),
        "patience_score_action": (N_("a patience.ScoreState"), _instance(ScoreState)),
    }
)


def _overrides(plugin: object) -> tuple[str, ...]:
    names = getattr(plugin, OVERRIDES_ATTRIBUTE, ())
    if isinstance(names, str):
        names = (names,)
    return tuple(normalise_name(name) if name != "*" else "*" for name in names)


def _routes_to(plugin_name: str, overrides: tuple[str, ...], owner: str, variant: Variant) -> bool:
    """Whether a plugin's implementations answer for ``variant`` (whose plugin is ``owner``)."""
    return plugin_name in (DEFAULT_PLUGIN, owner) or "*" in overrides or variant.name in overrides


# -- the guards, put around a plugin's implementations at registration --------------------------


def guard_plugin(pm: pluggy.PluginManager, plugin_name: str) -> None:
    """Wrap every implementation ``plugin_name`` gives of a per-variant hook, as the module docstring says.

    The wrapped function takes ``variant`` first whatever the
    implementation takes (pluggy passes what ``argnames`` lists), so that it
    can tell which variant is asked about; the implementation is then called
    with the arguments it asked for.
    """
    if plugin_name == DEFAULT_PLUGIN:
        return  # the engine's own code: nothing to route, guard or time
    registry = registry_of(pm)
    for caller in pm.get_hookcallers(pm.get_plugin(plugin_name)) or ():
        if caller.name not in _ANSWERS:
            continue
        for hookimpl in caller.get_hookimpls():
            if hookimpl.plugin_name != plugin_name or getattr(hookimpl.function, "_patience_guarded", False):
                continue
            function, argnames = hookimpl.function, hookimpl.argnames
            if hookimpl.wrapper or hookimpl.hookwrapper:
                guarded = _guard_wrapper(pm, registry, hookimpl, caller.name, function, old_style=hookimpl.hookwrapper)
            else:
                guarded = _guard_impl(pm, registry, hookimpl, caller.name, function)
            guarded._patience_guarded = True  # type: ignore[attr-defined]
            # pluggy calls ``function(*[kwargs[name] for name in argnames])``: the variant comes first.
            hookimpl.function = guarded  # type: ignore[misc]
            hookimpl.argnames = ("variant", *argnames)  # type: ignore[misc]


def _guard_impl(
    pm: pluggy.PluginManager,
    registry: Registry,
    hookimpl: pluggy.HookImpl,
    hook_name: str,
    function: Callable[..., Any],
) -> Callable[..., Any]:
    """A plugin's implementation, answering only for its variants, inside the boundary, its answer checked."""
    plugin_name, plugin = hookimpl.plugin_name, hookimpl.plugin
    expected, check = _ANSWERS[hook_name]
    overrides = _overrides(plugin)
    answered = registry.answered_by
    # The plugin's times, looked up at its first call (a plugin appears in the timings once called).
    kept: list[_boundary.PluginTimes] = []

    def guarded(variant: Variant, *args: Any, **kwargs: Any) -> Any:
        owner = variant.plugin or registry.owner(pm, variant)
        if not _routes_to(plugin_name, overrides, owner, variant):
            return None
        sigints = _boundary.sigints()
        start = time.perf_counter()
        # _boundary.plugin_output() without a context manager's cost: this is the solver's hot path.
        if not isinstance(sys.stdout, _boundary.StdoutGuard):
            _boundary.guard_stdout()
        entered = _boundary.IN_PLUGIN.set(True)
        try:
            result = function(*args, **kwargs)
        except PatienceError:
            raise
        except Exception as error:
            failure = f"{type(error).__name__}: {line(error)}"
            raise PluginError(_failed_in(plugin_name, hook_name, failure)) from error
        except BaseException as error:  # SystemExit, KeyboardInterrupt, a BaseException of its own
            if not _boundary.plugins_own(error, sigints):
                raise  # the user's Ctrl-C
            raise PluginError(_failed_in(plugin_name, hook_name, _boundary.exit_reason(error))) from None
        finally:
            _boundary.IN_PLUGIN.reset(entered)
            if not kept:
                kept.append(registry.times_of(plugin_name))
            times = kept[0]
            times.add_hook(hook_name, time.perf_counter() - start)
            if not times.warned and times.total > times.next_check:
                registry.check_slow(plugin_name)
        if result is None:
            return None
        checked = check(result)
        if checked is None:
            raise PluginError(_wrong_answer(plugin_name, hook_name, result, expected))
        answered[hook_name] = plugin_name
        return checked

    return guarded


def _guard_wrapper(
    pm: pluggy.PluginManager,
    registry: Registry,
    hookimpl: pluggy.HookImpl,
    hook_name: str,
    function: Callable[..., Any],
    *,
    old_style: bool,
) -> Callable[..., Generator[None, Any, Any]]:
    """A plugin's wrapper, free on its own variants' calls and on other plugins' ones, watched on a shipped one's.

    Watched, it runs as pluggy would run it, and the answer it would give
    back is compared with the one it was given: a different one is refused.
    """
    plugin_name = hookimpl.plugin_name

    def watched(variant: Variant) -> bool:
        return plugin_name not in registry.shipped and registry.is_shipped(pm, variant)

    if old_style:

        def old(variant: Variant, *args: Any, **kwargs: Any) -> Generator[None, Any, None]:
            if not watched(variant):
                yield from function(*args, **kwargs)
                return
            wrapper = function(*args, **kwargs)
            next(wrapper)
            outcome: pluggy.Result[Any] = yield
            error, answer = outcome.exception, None if outcome.exception is not None else outcome.get_result()
            try:
                wrapper.send(outcome)
            except StopIteration:
                pass
            else:
                wrapper.close()
            changed = outcome.exception is not error or (error is None and outcome.get_result() != answer)
            if changed:
                if error is not None:
                    outcome.force_exception(error)
                else:
                    outcome.force_result(answer)
                _refuse(pm, registry, hookimpl.plugin, plugin_name, hook_name, variant)

        return old

    def new(variant: Variant, *args: Any, **kwargs: Any) -> Generator[None, Any, Any]:
        if not watched(variant):
            return (yield from function(*args, **kwargs))
        wrapper = function(*args, **kwargs)
        next(wrapper)
        try:
            answer = yield
        except BaseException as error:
            # The implementations raised: the wrapper sees it, as under pluggy, but may not answer instead.
            try:
                wrapper.throw(error)
            except StopIteration:
                _refuse(pm, registry, hookimpl.plugin, plugin_name, hook_name, variant)
            except BaseException:
                pass
            raise
        try:
            wrapper.send(answer)
        except StopIteration as stop:
            given = stop.value
        else:
            wrapper.close()
            given = answer
        if given is not answer and given != answer:
            _refuse(pm, registry, hookimpl.plugin, plugin_name, hook_name, variant)
        return answer

    return new


def _refuse(
    pm: pluggy.PluginManager, registry: Registry, plugin: object, plugin_name: str, hook: str, variant: Variant
) -> None:
    registry.disable(
        pm,
        plugin_name,
        plugin,
        _("plugin {plugin} would change what {hook} answers for {title}, a variant that ships with patience").format(
            plugin=repr(plugin_name), hook=hook, title=_title(variant.title)
        ),
    )


def _wrong_answer(plugin_name: str, hook_name: str, result: object, expected: str) -> str:
    shown = repr(result)
    shown = shown if len(shown) <= 60 else shown[:57] + "..."
    return _("plugin {plugin}: {hook} returned {answer}, not {expected}").format(
        plugin=repr(plugin_name), hook=hook_name, answer=shown, expected=_(expected)
    )


def _failed_in(plugin: str, hook: str, failure: str) -> str:
    return _("plugin {plugin} failed in {hook}: {failure}").format(plugin=repr(plugin), hook=hook, failure=failure)


# -- routed calls -------------------------------------------------------------------------------


class Route:
    """A per-variant hook as called for one variant: a pluggy hook caller without other variants' plugins.

    Calling it (or :attr:`caller`, the pluggy hook caller itself) runs
    pluggy's call: the wrappers, then the implementations that answer for the
    variant until one does (the hooks are ``firstresult``); ``None`` when
    none does. An answer of the wrong type, or an exception other than a
    :class:`PatienceError`, is a :class:`PluginError` naming the plugin.
    """

    def __init__(self, pm: pluggy.PluginManager, hook_name: str, caller: pluggy.HookCaller, plugins: list[str]) -> None:
        self.pm = pm
        self.hook_name = hook_name
        self.caller = caller
        """The pluggy hook caller (``pm.subset_hook_caller(...)``, or ``pm.hook.<name>`` when nothing is left out)."""
        self.plugins = plugins
        """The plugins that may decide this variant's answer, first called first: wrappers that may change it,
        then the implementations that answer for it (the defaults last)."""
        hookexec = caller._hookexec

        def call(**kwargs: Any) -> Any:
            # What ``caller(**kwargs)`` does, through the plugin manager's hook execution (so monitoring,
            # tracing and wrappers see it), without the checks for the arguments a caller may omit: the
            # engine passes every argument, and this is the solver's hot path.
            return hookexec(hook_name, list(caller._hookimpls), kwargs, True)

        self.call = call
        """Call the hook with every argument of its spec, as :attr:`caller` would, a little faster."""

    @property
    def answered_by(self) -> str:
        """The plugin whose implementation answered this hook last (empty when only the defaults have)."""
        return registry_of(self.pm).answered_by.get(self.hook_name, "")

    def __call__(self, **kwargs: Any) -> Any:
        """Call the hook through pluggy."""
        return self.call(**kwargs)


def route(hook_name: str, variant: Variant, pm: pluggy.PluginManager | None = None) -> Route:
    """The per-variant hook ``hook_name`` as called for ``variant``.

    Its implementations are those of the plugin that registered ``variant``
    (``variant.plugin``, or the plugin that registers a variant of that name
    when it is empty), of the plugins that name it (or ``"*"``) in their
    ``PATIENCE_OVERRIDES``, and the built-in defaults; every plugin's
    wrappers run around them. The route is kept until a plugin is
    registered or unregistered.
    """
    if hook_name not in _ANSWERS:
        raise ValueError(f"{hook_name} is not a per-variant hook")
    pm = resolve_pm(pm)
    registry = registry_of(pm)
    owner = registry.owner(pm, variant)
    key = (hook_name, variant.name, owner)
    found = registry.routes.get(key)
    if found is not None:
        return found
    caller: pluggy.HookCaller = getattr(pm.hook, hook_name)
    impls = caller.get_hookimpls()
    wrapping = {impl.plugin_name for impl in impls if impl.wrapper or impl.hookwrapper}
    answering = {
        impl.plugin_name
        for impl in impls
        if not (impl.wrapper or impl.hookwrapper)
        and _routes_to(impl.plugin_name, _overrides(impl.plugin), owner, variant)
    }
    # A plugin with a wrapper here stays (its wrapper may watch); its other implementations answer None.
    removed = [impl.plugin for impl in impls if impl.plugin_name not in answering | wrapping]
    shipped = registry.is_shipped(pm, variant)
    plugins = [
        impl.plugin_name
        for impl in reversed(impls)  # pluggy calls the last one first
        if (
            (impl.wrapper or impl.hookwrapper) and not (shipped and impl.plugin_name not in registry.shipped)
        )  # refused if it tried
        or (not (impl.wrapper or impl.hookwrapper) and impl.plugin_name in answering)
    ]
    made = Route(pm, hook_name, pm.subset_hook_caller(hook_name, remove_plugins=removed), plugins)
    registry.routes[key] = made
    return made


def forget_routes(pm: pluggy.PluginManager) -> None:
    """Drop ``pm``'s kept routes (a plugin was registered or unregistered)."""
    registry_of(pm).routes.clear()


def rules_are_data(variant: Variant, pm: pluggy.PluginManager | None = None) -> bool:
    """Whether ``variant``'s legality comes from its declared rules alone.

    True when nothing routed to ``variant`` may decide
    ``patience_move_legality`` but the default (no plugin's implementation
    for it, no wrapper that may change its verdicts): the game and the
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
    import warnings

    table = variants(pm)
    listed: dict[str, Variant] = {}
    for name, variant in table.items():
        try:
            cell_counts(variant, pm)
        except PluginError as error:
            warnings.warn(
                _("the variant {name} is left out of the list: {error}").format(name=repr(name), error=error),
                PluginLoadWarning,
                stacklevel=2,
            )
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


def _title(title: str, *, capital: bool = False) -> str:
    """A variant's title as a sentence names it: in Hungarian after its article (``az Eight Off``)."""
    if current_language() != "hu":
        return title
    from patience.i18n.hungarian import with_article

    return with_article(title, capital=capital)


def _or_list(counts: Iterable[int]) -> str:
    """``(8, 4, 2)`` as ``8, 4 or 2``."""
    words = [str(c) for c in counts]
    if len(words) == 1:
        return words[0]
    # Translators: the last of a list of choices: "8, 4 or 2" is "{items} or {last}" with items "8, 4".
    return pgettext("list", "{items} or {last}").format(items=", ".join(words[:-1]), last=words[-1])
