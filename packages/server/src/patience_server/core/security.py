"""Players' tokens: ``ID.SECRET``, kept only as a SHA-256 hash and compared in constant time."""

from __future__ import annotations

import hashlib
import hmac
import secrets

__all__ = ["TOKEN_LENGTH", "hash_token", "new_secret", "placeholder_hash", "read_bearer", "token_matches", "token_of"]

#: What an unknown id's token is compared against, so that an unknown id and a wrong secret take as long.
_DUMMY_HASH = "0" * 64


def hash_token(token: str) -> str:
    """The SHA-256 of a token, as stored."""
    return hashlib.sha256(token.encode("utf-8", "replace")).hexdigest()


def new_secret() -> str:
    """The secret half of a new token (32 random bytes, URL-safe)."""
    return secrets.token_urlsafe(32)


def placeholder_hash() -> str:
    """A random stand-in for a token hash, stored until the player's id (which the token starts with) is known."""
    return secrets.token_hex(32)


def token_of(ident: int, secret: str) -> str:
    """The token of player ``ident``: ``ID.SECRET``."""
    return f"{ident}.{secret}"


#: The longest token read: an id of at most 19 digits, the dot, a secret of 43 characters, and room to spare.
TOKEN_LENGTH = 128


def read_bearer(authorization: str | None, max_id: int) -> tuple[int, str] | None:
    """The player id and the whole token of an ``Authorization: Bearer ID.SECRET`` header; else ``None``.

    The id must be a plain ASCII number from 0 to ``max_id`` (the largest
    id the database can hold), so that no query is ever sent with an id the
    database would refuse to compare.
    """
    scheme, _, token = (authorization or "").partition(" ")
    token = token.strip(" ")
    ident, _, secret = token.partition(".")
    # isascii: "²" and other digits of other scripts pass isdigit() but not int().
    if scheme.lower() != "bearer" or not secret or len(token) > TOKEN_LENGTH:
        return None
    if not (ident.isascii() and ident.isdigit()) or len(ident) > len(str(max_id)) or int(ident) > max_id:
        return None
    return int(ident), token


def token_matches(stored_hash: str | None, token: str) -> bool:
    """Whether ``token`` is the one ``stored_hash`` was made from (``None``: no such player), in constant time."""
    stored = stored_hash if stored_hash is not None else _DUMMY_HASH
    return hmac.compare_digest(stored, hash_token(token)) and stored_hash is not None
