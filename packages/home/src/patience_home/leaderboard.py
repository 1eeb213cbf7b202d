"""The leaderboard service's client: register, start the day's attempt, send its record, read the board.

Front ends (the REPL's ``patience daily`` and the window) call these
functions; they use only the standard library, so any front end can. Every
failure is a :class:`LeaderboardError` with one line to show: the server
could not be reached (:class:`ServerUnreachable`), or it answered with an
error (``status`` is the HTTP status, ``action`` the first illegal action of
a refused record). ::

    client = Client("http://127.0.0.1:8000")
    token = client.register("ada")            # keep it: save_player(url, "ada", token)
    client = Client(url, token)
    started = client.start_attempt("2026-12-24", "freecell", 4)
    ... play started.code, then:
    accepted = client.send_record("2026-12-24", started.attempt, format_record(record))
    accepted.rank

The players' tokens are kept in the data directory
(:func:`saved_player` / :func:`save_player`), by server URL and name, with
the attempts they started and any record the server could not be sent
(:func:`save_unsent` / :func:`unsent_records`), so nothing is lost.
"""

from __future__ import annotations

import http.client
import json
import os
import urllib.error
import urllib.parse
import urllib.request
from pathlib import Path
from typing import Any

from attrs import frozen

from patience.errors import PatienceError
from patience_home.paths import TOKENS_FILE, move_aside, tokens_path
from patience_home.texts import _

__all__ = [
    "BATCH",
    "PAGE",
    "SERVER_ENV",
    "TIMEOUT",
    "TIMEOUT_ENV",
    "TOKENS_FILE",
    "Accepted",
    "Client",
    "Entry",
    "LeaderboardError",
    "ServerUnreachable",
    "Started",
    "Unsent",
    "forget_unsent",
    "save_attempt",
    "save_player",
    "save_unsent",
    "saved_attempt",
    "saved_player",
    "server_url",
    "unsent_records",
    "use_player",
]

#: The most entries the server answers in one page of a leaderboard (``?limit=``).
PAGE = 500

#: The environment variable that names the server when ``--server`` is not given.
SERVER_ENV = "PATIENCE_SERVER"
#: The environment variable that sets how many seconds the client waits for an answer (default 10).
TIMEOUT_ENV = "PATIENCE_SERVER_TIMEOUT"
#: Seconds the client waits for the server's answer unless :data:`TIMEOUT_ENV` says otherwise.
TIMEOUT = 10.0


def _timeout() -> float:
    """:data:`TIMEOUT_ENV` when it is a positive number of seconds, else :data:`TIMEOUT`."""
    text = os.environ.get(TIMEOUT_ENV, "").strip()
    try:
        seconds = float(text)
    except ValueError:
        return TIMEOUT
    return seconds if 0 < seconds < 3600 else TIMEOUT


#: The most actions a client sends in one batch (the server takes up to 500).
BATCH = 200


class LeaderboardError(PatienceError):
    """The server refused a request: ``status`` is its HTTP status, ``action`` the failing action of a record.

    ``code`` is the refusal's ``error_code`` (``name_taken``,
    ``rate_limited``, ``unavailable`` ..., ``docs/server.md``), ``None`` when
    the answer had none.
    """

    def __init__(
        self,
        message: str,
        status: int | None = None,
        action: int | None = None,
        code: str | None = None,
        applied: int | None = None,
    ) -> None:
        super().__init__(message)
        self.status = status
        self.action = action
        self.code = code
        #: How many actions the attempt has on the server, when it refused a batch for a gap.
        self.applied = applied

    @property
    def passing(self) -> bool:
        """True for a refusal worth trying again later: no answer, a rate limit, the service unavailable or failing."""
        return (
            self.status is None
            or self.status >= 500
            or self.status == 429
            or self.code in ("rate_limited", "unavailable")
        )

    @property
    def already_recorded(self) -> bool:
        """True when a record was refused because its attempt has one already (``409`` ``action_conflict``).

        The server keeps an attempt's first accepted record: a record sent
        again after an answer that never arrived finds itself on the board.
        """
        return self.status == 409 and self.code == "action_conflict"


class ServerUnreachable(LeaderboardError):
    """No answer from the server (not running, wrong address, timed out)."""


@frozen
class Started:
    """The answer to starting an attempt: its id, and the deal to play."""

    attempt: int
    deal: int
    code: str


@frozen
class Accepted:
    """What the server made of a record it accepted (it computes every value itself)."""

    result: str
    score: int
    moves: int
    undos: int
    cards_home: int
    #: ``None`` while the result waits for the operator's review (a timing no person reaches).
    rank: int | None


@frozen
class Entry:
    """One line of a day's leaderboard; ``rank`` is ``None`` for a result waiting for review."""

    rank: int | None
    name: str
    result: str
    score: int
    moves: int
    undos: int
    cards_home: int
    seconds: float | None = None
    """The server's seconds from the attempt's start to its last action received (``None``: kept without)."""
    hints: int = 0
    """The hints the attempt took."""
    status: str = "ranked"
    """``ranked``, or ``review`` while its timing waits for the operator."""


def server_url(option: str | None = None) -> str | None:
    """The server to use: ``option`` (``--server``) if given, else ``$PATIENCE_SERVER``, else ``None``."""
    url = option if option else os.environ.get(SERVER_ENV, "")
    url = url.strip().rstrip("/")
    return url or None


class Client:
    """Talks to one leaderboard server at ``url`` (``http://host:port``), as the player whose token is given."""

    def __init__(self, url: str, token: str | None = None, *, timeout: float | None = None) -> None:
        parsed = urllib.parse.urlsplit(url)
        if parsed.scheme not in ("http", "https") or not parsed.netloc:
            raise LeaderboardError(
                _("{url} is not a server address: give one like http://127.0.0.1:8000").format(url=repr(url))
            )
        self.url = url.rstrip("/")
        self.token = token
        self.timeout = _timeout() if timeout is None else timeout

    def _call(self, method: str, path: str, body: Any = None, *, text: str | None = None) -> Any:
        headers = {"Accept": "application/json"}
        data: bytes | None = None
        if body is not None:
            data = json.dumps(body).encode()
            headers["Content-Type"] = "application/json"
        elif text is not None:
            data = text.encode("utf-8")
            headers["Content-Type"] = "text/plain; charset=utf-8"
        if self.token is not None:
            headers["Authorization"] = f"Bearer {self.token}"
        request = urllib.request.Request(self.url + path, data=data, method=method, headers=headers)
        try:
            with urllib.request.urlopen(request, timeout=self.timeout) as response:
                return json.loads(response.read() or b"null")
        except urllib.error.HTTPError as error:
            try:
                answer = json.loads(error.read())
            except (ValueError, OSError):
                answer = {}
            message = answer.get("error") if isinstance(answer, dict) else None
            action = answer.get("action") if isinstance(answer, dict) else None
            code = answer.get("error_code") if isinstance(answer, dict) else None
            applied = answer.get("applied") if isinstance(answer, dict) else None
            raise LeaderboardError(
                str(
                    message or _("the server answered {status} {reason}").format(status=error.code, reason=error.reason)
                ),
                error.code,
                action if isinstance(action, int) else None,
                code if isinstance(code, str) else None,
                applied if isinstance(applied, int) and not isinstance(applied, bool) else None,
            ) from None
        except (urllib.error.URLError, OSError, ValueError, http.client.HTTPException) as error:
            # OSError covers a timeout and a connection reset; HTTPException an answer cut short.
            reason = getattr(error, "reason", error)
            raise ServerUnreachable(
                _("cannot reach the server at {url}: {reason}").format(url=self.url, reason=reason)
            ) from None

    def health(self) -> bool:
        """True when the server answers and reaches its database."""
        try:
            self._call("GET", "/api/v1/health")
        except LeaderboardError:
            return False
        return True

    def register(self, name: str) -> str:
        """Register ``name``; the token the server gives (shown once: keep it with :func:`save_player`)."""
        answer = self._call("POST", "/api/v1/players", {"name": name})
        return str(answer["token"])

    def start_attempt(self, date: str, variant: str, cells: int) -> Started:
        """Start the player's one attempt at the daily deal (409 when already started)."""
        answer = self._call("POST", f"/api/v1/daily/{date}/attempts", {"variant": variant, "cells": cells})
        return Started(int(answer["attempt"]), int(answer["deal"]), str(answer["code"]))

    def send_actions(
        self, date: str, attempt: int, first: int, actions: list[str], offsets: list[int] | None = None
    ) -> int:
        """Send actions ``first``, ``first + 1``, ... of the attempt as played: how many the server has applied."""
        body: dict[str, Any] = {"first": first, "actions": actions}
        if offsets is not None:
            body["offsets"] = offsets
        answer = self._call("POST", f"/api/v1/daily/{date}/attempts/{attempt}/actions", body)
        return int(answer["applied"])

    def stream(self, date: str, attempt: int, actions: list[str] | tuple[str, ...], applied: int = 0) -> int:
        """Send the attempt's ``actions`` after the ``applied`` ones the server has, in batches: its new count.

        A gap (the server has fewer than ``applied``) or a resend (it has
        more) is mended from the count the server gives: order is kept and
        nothing is sent twice. Raises :class:`LeaderboardError` as the
        server's answers do.
        """
        done = applied
        for _tries in range(3 + len(actions) // BATCH):
            if done >= len(actions):
                return done
            batch = list(actions[done : done + BATCH])
            try:
                done = self.send_actions(date, attempt, done + 1, batch)
            except LeaderboardError as error:
                if error.applied is None or error.applied == done:
                    raise
                done = error.applied
        return done

    def hint(self, date: str, attempt: int) -> tuple[str | None, bool, int]:
        """The server's hint for the attempt where its streamed actions stand: ``(move, lost, hints)``."""
        answer = self._call("POST", f"/api/v1/daily/{date}/attempts/{attempt}/hints")
        move = answer.get("move")
        return (str(move) if move is not None else None, bool(answer["lost"]), int(answer["hints"]))

    def send_record(self, date: str, attempt: int, record_text: str) -> Accepted:
        """Send the attempt's game record (the format of :mod:`patience.formats.records`); the server replays it."""
        answer = self._call("PUT", f"/api/v1/daily/{date}/attempts/{attempt}/record", text=record_text)
        return Accepted(
            str(answer["result"]),
            int(answer["score"]),
            int(answer["moves"]),
            int(answer["undos"]),
            int(answer["cards_home"]),
            None if answer["rank"] is None else int(answer["rank"]),
        )

    def leaderboard(self, date: str, variant: str, cells: int, *, limit: int | None = None) -> list[Entry]:
        """The day's ranked results for ``variant`` and ``cells``: the top ``limit``, or every one for ``None``.

        The server answers a page at a time (at most :data:`PAGE` entries),
        so this asks for pages, each after the last rank it got, until it
        has ``limit`` or a page comes back short.
        """
        entries: list[Entry] = []
        while limit is None or len(entries) < limit:
            wanted = PAGE if limit is None else min(PAGE, limit - len(entries))
            after = entries[-1].rank or 0 if entries else 0
            page = self.leaderboard_page(date, variant, cells, after=after, limit=wanted)
            entries.extend(page)
            # The results waiting for review (no rank) follow the last ranked one: nothing comes after them.
            if len(page) < wanted or any(entry.rank is None for entry in page):
                break
        return entries

    def leaderboard_page(
        self, date: str, variant: str, cells: int, *, after: int = 0, limit: int = PAGE
    ) -> list[Entry]:
        """One page of the day's ranked results: at most ``limit`` entries (1 to :data:`PAGE`) after rank ``after``."""
        query = urllib.parse.urlencode({"variant": variant, "cells": cells, "limit": limit, "after": after})
        answer = self._call("GET", f"/api/v1/daily/{date}/leaderboard?{query}")
        return [
            Entry(
                None if row["rank"] is None else int(row["rank"]),
                str(row["name"]),
                str(row["result"]),
                int(row["score"]),
                int(row["moves"]),
                int(row["undos"]),
                int(row["cards_home"]),
                None if row.get("seconds") is None else float(row["seconds"]),
                int(row.get("hints") or 0),
                str(row.get("status") or "ranked"),
            )
            for row in answer
        ]


def _read_tokens() -> dict[str, Any]:
    """Every server's entry, as ``{url: {"name": current, "players": {name: {"token", "attempts", "unsent"}}}}``.

    A file written before players were kept by name (one ``name`` and
    ``token`` per server) is read as that one player. A damaged file is moved
    aside (a warning says where) rather than read as empty and overwritten.
    """
    path = tokens_path()
    try:
        text = path.read_text(encoding="utf-8")
    except FileNotFoundError:
        return {}
    except OSError as error:
        raise LeaderboardError(
            _("cannot read {path}: {error}").format(path=path, error=error.strerror or error)
        ) from None
    try:
        data = json.loads(text)
        if not isinstance(data, dict):
            raise ValueError(_("not a JSON object"))
    except ValueError as error:
        import warnings

        aside = move_aside(path)
        if aside is None:
            raise LeaderboardError(
                _("{path} is damaged ({error}) and cannot be moved aside").format(path=path, error=error)
            ) from None
        warnings.warn(
            _("{path} was damaged ({error}); it was moved to {aside}").format(path=path, error=error, aside=aside),
            stacklevel=2,
        )
        return {}
    return {url: _entry(value) for url, value in data.items() if isinstance(value, dict)}


def _entry(value: dict[str, Any]) -> dict[str, Any]:
    """One server's entry in the current shape (an old one-player entry becomes that player's)."""
    players = value.get("players")
    if not isinstance(players, dict):
        players = {}
    name, token = value.get("name"), value.get("token")
    if isinstance(name, str) and isinstance(token, str) and name not in players:
        old: dict[str, Any] = {"token": token}
        if isinstance(value.get("attempts"), dict):
            old["attempts"] = value["attempts"]
        players[name] = old
    players = {k: v for k, v in players.items() if isinstance(k, str) and isinstance(v, dict)}
    current = name if isinstance(name, str) and name in players else next(iter(players), None)
    return {"name": current, "players": players}


def _player_entry(tokens: dict[str, Any], url: str, name: str | None) -> dict[str, Any] | None:
    entry = tokens.get(url.rstrip("/"))
    if not isinstance(entry, dict):
        return None
    who = name if name is not None else entry.get("name")
    player = entry["players"].get(who) if isinstance(who, str) else None
    return player if isinstance(player, dict) else None


def saved_player(url: str, name: str | None = None) -> tuple[str, str] | None:
    """The (name, token) kept for ``url``: the player ``name``, else the one used last; ``None`` if none."""
    entry = _read_tokens().get(url.rstrip("/"))
    if not isinstance(entry, dict):
        return None
    who = name if name is not None else entry.get("name")
    player = entry["players"].get(who) if isinstance(who, str) else None
    if isinstance(player, dict) and isinstance(player.get("token"), str):
        return str(who), player["token"]
    return None


def save_player(url: str, name: str, token: str) -> Path:
    """Keep ``name`` and ``token`` for ``url`` and make it the player used there; the file's path.

    Other players kept for that server stay (their tokens and attempts are
    never dropped): ``--name`` picks among them.
    """
    tokens = _read_tokens()
    entry = tokens.setdefault(url.rstrip("/"), {"name": None, "players": {}})
    player = entry["players"].setdefault(name, {})
    player["token"] = token
    entry["name"] = name
    return _write_tokens(tokens)


def use_player(url: str, name: str) -> Path:
    """Make the kept player ``name`` the one used on ``url`` (it must be kept: see :func:`saved_player`)."""
    tokens = _read_tokens()
    entry = tokens.get(url.rstrip("/"))
    if not isinstance(entry, dict) or name not in entry["players"]:
        raise LeaderboardError(_("no player {name} is kept for {url}").format(name=repr(name), url=url))
    entry["name"] = name
    return _write_tokens(tokens)


def saved_attempt(url: str, key: str, name: str | None = None) -> int | None:
    """The attempt id kept for ``key`` (``"2026-12-24 freecell 4"``) of the player on ``url`` (to resume it)."""
    player = _player_entry(_read_tokens(), url, name)
    attempts = player.get("attempts") if player is not None else None
    value = attempts.get(key) if isinstance(attempts, dict) else None
    return value if isinstance(value, int) else None


def save_attempt(url: str, key: str, attempt: int, name: str | None = None) -> Path:
    """Keep the id of the attempt the player started on ``url`` for ``key`` (an unfinished game is sent later)."""
    tokens = _read_tokens()
    player = _player_entry(tokens, url, name)
    if player is None:
        raise LeaderboardError(_("no player is kept for {url}: register first").format(url=url))
    attempts = player.setdefault("attempts", {})
    if not isinstance(attempts, dict):
        attempts = player["attempts"] = {}
    attempts[key] = attempt
    return _write_tokens(tokens)


@frozen
class Unsent:
    """A record that could not be sent: kept until the server takes it."""

    url: str
    name: str
    date: str
    attempt: int
    record: str


def save_unsent(url: str, name: str, date: str, attempt: int, record_text: str) -> Path:
    """Keep the record of ``attempt`` that the server at ``url`` did not get (it was unreachable), to send later."""
    tokens = _read_tokens()
    player = _player_entry(tokens, url, name)
    if player is None:
        raise LeaderboardError(_("no player {name} is kept for {url}").format(name=repr(name), url=url))
    unsent = player.setdefault("unsent", {})
    if not isinstance(unsent, dict):
        unsent = player["unsent"] = {}
    unsent[str(attempt)] = {"date": date, "record": record_text}
    return _write_tokens(tokens)


def unsent_records(url: str) -> list[Unsent]:
    """Every record kept for ``url`` because it could not be sent, all players, oldest attempt first."""
    entry = _read_tokens().get(url.rstrip("/"))
    found: list[Unsent] = []
    if not isinstance(entry, dict):
        return found
    for name, player in entry["players"].items():
        unsent = player.get("unsent")
        if not isinstance(unsent, dict):
            continue
        for attempt, kept in unsent.items():
            if attempt.isdigit() and isinstance(kept, dict):
                date, record = kept.get("date"), kept.get("record")
                if isinstance(date, str) and isinstance(record, str):
                    found.append(Unsent(url.rstrip("/"), name, date, int(attempt), record))
    return sorted(found, key=lambda kept: kept.attempt)


def forget_unsent(url: str, name: str, attempt: int) -> Path:
    """Drop the kept record of ``attempt`` once the server has answered for it."""
    tokens = _read_tokens()
    player = _player_entry(tokens, url, name)
    unsent = player.get("unsent") if player is not None else None
    if isinstance(unsent, dict):
        unsent.pop(str(attempt), None)
    return _write_tokens(tokens)


def _write_tokens(tokens: dict[str, Any]) -> Path:
    path = tokens_path()
    path.parent.mkdir(parents=True, exist_ok=True)
    temporary = path.with_suffix(".tmp")
    # Written aside and renamed, so a crash never leaves half a file where the tokens were.
    fd = os.open(temporary, os.O_WRONLY | os.O_CREAT | os.O_TRUNC, 0o600)
    with os.fdopen(fd, "w", encoding="utf-8") as handle:
        json.dump(tokens, handle, indent=1)
    os.replace(temporary, path)
    return path
