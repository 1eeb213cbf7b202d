"""Variants written as a plugin author writes them, each one short module from the plugin guide alone.

Each module is a plugin (its hooks at module level, as ``patience_variants``'
are) that tests/plugins/test_authored_variants.py registers on a fresh plugin
manager: each must stay on the fast path (rules as data), pass both halves of
the conformance kit, and replay the solver's lines.
"""
