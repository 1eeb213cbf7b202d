"""Tab completion fed by the game: its legal moves, the cards a double tap would move, and the commands."""

from __future__ import annotations

from collections.abc import Callable, Iterable

from prompt_toolkit.completion import CompleteEvent, Completer, Completion
from prompt_toolkit.document import Document

from patience import Game, Place, Redeal, variants
from patience.cardnames import display
from patience_cli.repl.controller import COMMANDS, command_help, place_into
from patience_cli.texts import _

__all__ = ["GameCompleter"]


class GameCompleter(Completer):
    """Completes the word being typed from what is legal right now.

    ``game`` is a callable so the completer follows the controller when
    ``new`` replaces the game.
    """

    def __init__(self, game: Callable[[], Game]) -> None:
        self._game = game

    def get_completions(self, document: Document, complete_event: CompleteEvent) -> Iterable[Completion]:
        """Commands, legal moves and movable cards that start with the text before the cursor."""
        text = document.text_before_cursor
        words = text.split()
        if words and words[0].lower() == "new" and (len(words) > 1 or text.endswith(" ")):
            yield from self._new_options(text)
            return
        if " " in text.strip():
            return
        prefix = text.strip()
        low = prefix.lower()
        start = -len(text)
        game = self._game()
        for name in COMMANDS:
            # The redeal is offered only where the variant has one (typed elsewhere, it is refused saying why).
            if name == "redeal" and game.variant.rules.redeal is Redeal.NONE:
                continue
            if name.startswith(low):
                yield Completion(name, start, display_meta=command_help(name))
        if game.is_over:
            return
        position = game.position
        for move in game.legal_moves:
            notation = str(move)
            # 11-3 is offered to 11 and to 113 too: the dash may be left out where it is not needed.
            if notation.startswith(low) or notation.replace("-", "").startswith(low.replace("-", "")):
                cards = " ".join(display(card) for card in position.moving_cards(move))
                # Translators: a move offered by Tab completion: the cards it moves and where to.
                meta = _("{cards} → {place}").format(cards=cards, place=place_into(move.destination))
                yield Completion(notation, start, display_meta=meta)
        for place in self._tops(game):
            card = position.card_at(place)
            tap = game.double_tap_move(place)
            if card is None or tap is None:
                continue
            name = str(card)
            shown = display(card)
            if name.lower().startswith(low) or shown.startswith(prefix):
                meta = _("double tap: {move}").format(move=tap)
                yield Completion(name, start, display=f"{name} {shown}", display_meta=meta)

    @staticmethod
    def _tops(game: Game) -> list[Place]:
        position = game.position
        places = [Place.column(i) for i, column in enumerate(position.columns) if column]
        places += [Place.cell(i) for i, card in enumerate(position.cells) if card is not None]
        return places

    def _new_options(self, text: str) -> Iterable[Completion]:
        current = "" if text.endswith(" ") else text.split()[-1]
        names = [*variants(), "--cells", "--code"]
        for name in names:
            if name.startswith(current.lower()):
                yield Completion(name, -len(current))
