"""The security headers of every answer, page and API alike: :class:`SecurityHeaders`, an ASGI middleware.

Each response gets ``X-Content-Type-Options: nosniff``, ``Referrer-Policy:
no-referrer``, ``X-Frame-Options: DENY`` and a ``Content-Security-Policy``
that allows nothing (:data:`STRICT`: no script, no style, no frame, never
framed) unless the response brought its own, made with :func:`policy`:
the leaderboard page allows its one inline style by its hash. FastAPI's
interactive description (``/docs``, ``/redoc``) loads its script from a
CDN and starts it with an inline script, which contains nothing from a
request: those pages allow that CDN and their inline scripts by hash.
"""

from __future__ import annotations

import base64
import hashlib
import re
from collections.abc import Awaitable, Callable, Iterable, MutableMapping
from typing import Any

# The ASGI types, written out: core/ imports nothing of Starlette or FastAPI (docs/server.md).
Scope = MutableMapping[str, Any]
Message = MutableMapping[str, Any]
Receive = Callable[[], Awaitable[Message]]
Send = Callable[[Message], Awaitable[None]]
ASGIApp = Callable[[Scope, Receive, Send], Awaitable[None]]

__all__ = ["STRICT", "SecurityHeaders", "policy", "source_hash"]


def source_hash(text: str) -> str:
    """The CSP source that allows the inline script or style ``text``: ``'sha256-...'``."""
    digest = hashlib.sha256(text.encode("utf-8")).digest()
    return f"'sha256-{base64.b64encode(digest).decode('ascii')}'"


def policy(*, styles: Iterable[str] = (), scripts: Iterable[str] = (), origins: Iterable[str] = ()) -> str:
    """A policy that allows nothing but the given inline ``styles`` and ``scripts`` (by hash) and ``origins``.

    Every policy forbids framing the page (``frame-ancestors 'none'``), a
    ``<base>`` and form submission; ``origins`` may serve scripts, styles
    and images (FastAPI's interactive description only).
    """
    hosts = " ".join(origins)
    parts = ["default-src 'none'"]
    style = " ".join([*(source_hash(text) for text in styles), hosts]).strip()
    script = " ".join([*(source_hash(text) for text in scripts), hosts]).strip()
    if style:
        parts.append(f"style-src {style}")
    if script:
        parts.append(f"script-src {script}")
        parts.append("connect-src 'self'")
    if hosts:
        parts.append(f"img-src {hosts} data:")
    parts += ["frame-ancestors 'none'", "base-uri 'none'", "form-action 'none'"]
    return "; ".join(parts)


#: The policy of every answer that brings none: nothing may load or run, nothing may frame it.
STRICT = policy()

#: The paths of FastAPI's interactive description, whose pages load Swagger UI or ReDoc from this CDN.
_DESCRIPTION_PAGES = frozenset({"/docs", "/docs/oauth2-redirect", "/redoc"})
_CDN = ("https://cdn.jsdelivr.net", "https://fastapi.tiangolo.com")
_INLINE_SCRIPT = re.compile(rb"<script>(.*?)</script>", re.DOTALL)
_INLINE_STYLE = re.compile(rb"<style>(.*?)</style>", re.DOTALL)

_FIXED = (
    (b"x-content-type-options", b"nosniff"),
    (b"referrer-policy", b"no-referrer"),
    (b"x-frame-options", b"DENY"),
)
_CSP = b"content-security-policy"


class SecurityHeaders:
    """ASGI middleware: every HTTP response gets the security headers (see the module), its own CSP kept."""

    def __init__(self, app: ASGIApp) -> None:
        self.app = app

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        """Serve the request, the security headers added to its response's start."""
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return
        if scope.get("path") in _DESCRIPTION_PAGES:
            await self._description_page(scope, receive, send)
            return

        async def send_secured(message: Message) -> None:
            if message["type"] == "http.response.start":
                message["headers"] = _secured(message.get("headers") or [], STRICT)
            await send(message)

        await self.app(scope, receive, send_secured)

    async def _description_page(self, scope: Scope, receive: Receive, send: Send) -> None:
        """FastAPI's description page, buffered (a few KiB) so its inline scripts' hashes go into its policy."""
        messages: list[Message] = []

        async def keep(message: Message) -> None:
            messages.append(message)

        await self.app(scope, receive, keep)
        body = b"".join(m.get("body", b"") for m in messages if m["type"] == "http.response.body")
        scripts = [found.decode("utf-8") for found in _INLINE_SCRIPT.findall(body)]
        styles = [found.decode("utf-8") for found in _INLINE_STYLE.findall(body)]
        own = policy(styles=styles, scripts=scripts, origins=_CDN)
        for message in messages:
            if message["type"] == "http.response.start":
                message["headers"] = _secured(message.get("headers") or [], own)
            await send(message)


def _secured(headers: Iterable[tuple[bytes, bytes]], default_policy: str) -> list[tuple[bytes, bytes]]:
    """``headers`` with the fixed security headers and, unless they have one, ``default_policy``."""
    kept = list(headers)
    names = {name.lower() for name, _value in kept}
    kept += [(name, value) for name, value in _FIXED if name not in names]
    if _CSP not in names:
        kept.append((_CSP, default_policy.encode("ascii")))
    return kept
