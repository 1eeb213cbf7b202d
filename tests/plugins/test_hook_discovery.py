"""The plugin manager finds exactly the hook implementations pluggy finds, with a cheaper look at a module's names.

pluggy looks each name of a plugin up statically; the manager passes over
a module's plain values (constants, classes, unmarked functions) without
that lookup. These tests hold it to pluggy's answer, name by name, on
every installed plugin and on a module made of every kind of value.
"""

from __future__ import annotations

import functools
import types

import pluggy
import pytest

from patience import hookimpl
from patience.plugins import make_plugin_manager
from patience.plugins.manager import PatiencePluginManager, _plainly_not_a_hook


def pluggys_answer(plugin: object, name: str) -> object:
    """What pluggy's own manager finds for ``name`` of ``plugin`` (None: not an implementation)."""
    return pluggy.PluginManager.parse_hookimpl_opts(pluggy.PluginManager("patience"), plugin, name)


class Holder:
    @hookimpl
    def crafted_bound(self) -> int:
        return 1

    @staticmethod
    @hookimpl
    def crafted_static() -> int:
        return 2


class CallableWithMarker:
    """Not a function: pluggy never takes it, marker or not."""

    def __init__(self) -> None:
        self.patience_impl = {"tryfirst": False}

    def __call__(self) -> int:
        return 3


def crafted_module() -> types.ModuleType:
    """A module plugin with one value of every kind pluggy tells apart."""
    module = types.ModuleType("crafted_plugin")

    @hookimpl
    def crafted_function() -> int:
        return 4

    def unmarked() -> int:
        return 5

    module.crafted_function = crafted_function  # type: ignore[attr-defined]
    module.unmarked = unmarked  # type: ignore[attr-defined]
    module.crafted_bound = Holder().crafted_bound  # type: ignore[attr-defined]
    module.crafted_static = Holder.__dict__["crafted_static"]  # type: ignore[attr-defined]
    module.crafted_partial = functools.partial(crafted_function)  # type: ignore[attr-defined]
    module.crafted_callable = CallableWithMarker()  # type: ignore[attr-defined]
    module.Holder = Holder  # type: ignore[attr-defined]
    module.CONSTANT = 7  # type: ignore[attr-defined]
    module.TEXT = "patience_impl"  # type: ignore[attr-defined]
    module.NOTHING = None  # type: ignore[attr-defined]

    def missing(name: str) -> int:
        return 6

    module.__getattr__ = missing  # type: ignore[method-assign]
    module.__annotations__ = {"CONSTANT": int}  # ModuleType's data descriptor of that name is what pluggy sees
    return module


def test_every_name_of_every_installed_plugin_is_judged_as_pluggy_judges_it() -> None:
    manager = make_plugin_manager()
    passed_over, left_to_pluggy = 0, 0
    for _name, plugin in manager.list_name_plugin():
        for attribute in dir(plugin):
            expected = pluggys_answer(plugin, attribute)
            if _plainly_not_a_hook(plugin, attribute, "patience_impl"):
                assert expected is None, f"{plugin!r}.{attribute} is an implementation pluggy finds"
                passed_over += 1
            elif isinstance(plugin, types.ModuleType) and expected is None:
                left_to_pluggy += 1
            assert (manager.parse_hookimpl_opts(plugin, attribute) is None) == (expected is None), attribute
    # Every plain name of a module plugin (its imports, constants, helpers, ``__name__`` and the like) is passed
    # over without the lookup.
    assert passed_over > 650
    assert left_to_pluggy == 0


@pytest.mark.parametrize("attribute", sorted(vars(crafted_module())))
def test_each_kind_of_module_value_is_judged_as_pluggy_judges_it(attribute: str) -> None:
    module = crafted_module()
    expected = pluggys_answer(module, attribute)
    assert (PatiencePluginManager().parse_hookimpl_opts(module, attribute) is None) == (expected is None)
    if _plainly_not_a_hook(module, attribute, "patience_impl"):
        assert expected is None


def test_a_module_plugin_registers_the_same_implementations_as_with_pluggy() -> None:
    module = crafted_module()
    ours, plain = PatiencePluginManager(), pluggy.PluginManager("patience")
    ours.register(module, name="crafted")
    plain.register(module, name="crafted")

    def implemented(manager: pluggy.PluginManager) -> set[str]:
        return {caller.name for caller in manager.get_hookcallers(module) or []}

    assert implemented(ours) == implemented(plain) == {"crafted_function", "crafted_bound", "crafted_static"}
    assert ours.hook.crafted_function() == [4]
    assert ours.hook.crafted_bound() == [1]
    assert ours.hook.crafted_static() == [2]
