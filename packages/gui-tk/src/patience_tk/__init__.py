"""The patience Tk window: a thin front end on the engine's :class:`patience.Game`.

:class:`TableView` draws a game on a canvas and does hit testing,
:class:`Controller` turns mouse and keyboard gestures into engine calls, and
:class:`App` is the window with its menus and status bar. ``patience-tk``
(:func:`patience_tk.app.main`) opens it.
"""

from __future__ import annotations

from patience_tk.app import App, main
from patience_tk.controller import Controller
from patience_tk.dialogs import NewGameDialog
from patience_tk.view import Hit, TableView

__all__ = ["App", "Controller", "Hit", "NewGameDialog", "TableView", "main"]
