"""Who a player is: names, passwords (argon2 through argon2-cffi), guest names and session tokens.

A name is shown as typed and compared by its key (``names.name_key``): case, width and look-alike characters
aside, so "Ann", "ANN" and "Аnn" (a Cyrillic А) are one player. Only
a token's SHA-256 is stored: a copy of the database gives no one a way back in. Every refusal is an ``AuthError``
whose message is said to the player as it is."""

from __future__ import annotations

import hashlib
import secrets
from datetime import timedelta

from argon2 import PasswordHasher
from argon2.exceptions import InvalidHashError, VerificationError, VerifyMismatchError

from ...errors import SpadesError
from ...language import _
from . import names

__all__ = [
    "NAME_MAX",
    "PASSWORD_MAX",
    "PASSWORD_MIN",
    "TOKEN_LIFETIME",
    "AuthError",
    "check_name",
    "check_new_name",
    "check_password_rules",
    "guest_name",
    "hash_password",
    "look_key",
    "name_key",
    "needs_rehash",
    "new_token",
    "token_hash",
    "verify_password",
]

NAME_MAX = names.NAME_MAX
PASSWORD_MIN = 8
PASSWORD_MAX = 128
TOKEN_LIFETIME_DAYS = 7  # a session token's life, as the protocol states it
TOKEN_LIFETIME = timedelta(days=TOKEN_LIFETIME_DAYS)
NAME_RULE = names.NAME_RULE

_hasher = PasswordHasher()
# Verified against when the name is unknown, so that a wrong name takes as long as a wrong password; made on first
# use, since a hash costs a fraction of a second of CPU and most processes that import this never check a password.
_DUMMY_HASH: str | None = None


def _dummy_hash() -> str:
    global _DUMMY_HASH
    if _DUMMY_HASH is None:
        _DUMMY_HASH = _hasher.hash("not a password of anyone")
    return _DUMMY_HASH


def _bad_name(error: names.BadName) -> str:
    """A name refused, as a player reads it: the rule it breaks as a sentence of its own, then the rule of names."""
    # Translators: {problem} is what is wrong with the name, {rule} the rule of names, both sentences.
    return _("{problem}. {rule}", problem=error.message[:1].upper() + error.message[1:], rule=names.name_rule())


class AuthError(SpadesError):
    """A name, password or token refused; ``code`` is the short form a client can act on."""

    def __init__(self, code: str, message: str) -> None:
        super().__init__(message)
        self.code = code


def check_name(name: str) -> str:
    """The name as it will be shown (NFC), or AuthError saying the rule: the room's one name check
    (``names.check_name``, which the protocol's name field uses too)."""
    try:
        return names.check_name(name)
    except names.BadName as error:
        raise AuthError("bad_name", _bad_name(error)) from None


def check_new_name(name: str) -> str:
    """``check_name`` for a name being taken now (register, guest): it may not read as a seat, a role of the room or
    the computer either (``names.check_new_name``)."""
    try:
        return names.check_new_name(name)
    except names.BadName as error:
        raise AuthError("bad_name", _bad_name(error)) from None


def look_key(name: str) -> str:
    """The name's second key, its look with case kept (``names.look_key``)."""
    try:
        return names.look_key(name)
    except names.BadName as error:
        raise AuthError("bad_name", _bad_name(error)) from None


def name_key(name: str) -> str:
    """The form names are stored unique under and looked up by (``names.name_key``): NFKC, case folded, and
    look-alike characters folded to one (the Unicode confusables' skeleton)."""
    try:
        return names.name_key(name)
    except names.BadName as error:
        raise AuthError("bad_name", _bad_name(error)) from None


def check_password_rules(password: str) -> None:
    if not isinstance(password, str) or not PASSWORD_MIN <= len(password) <= PASSWORD_MAX:
        raise AuthError("bad_password", _("A password is {low} to {high} characters.", low=PASSWORD_MIN,
                                          high=PASSWORD_MAX))


def hash_password(password: str) -> str:
    check_password_rules(password)
    return _hasher.hash(password)


def verify_password(stored: str | None, password: str) -> bool:
    """True when ``password`` matches the stored hash; False for a wrong one, a guest (no hash) or a bad hash."""
    if not isinstance(password, str) or len(password) > PASSWORD_MAX:
        return False
    try:
        return _hasher.verify(stored or _dummy_hash(), password) and stored is not None
    except (VerifyMismatchError, VerificationError, InvalidHashError):
        return False


def needs_rehash(stored: str) -> bool:
    """True when the hash was made with weaker parameters than today's, so it is replaced at the next login."""
    return _hasher.check_needs_rehash(stored)


def new_token() -> str:
    """An unguessable session token (256 bits), given to the client once and never stored."""
    return secrets.token_urlsafe(32)


def token_hash(token: str) -> str:
    return hashlib.sha256(token.encode("utf-8")).hexdigest()


def guest_name() -> str:
    """A guest's name, "Guest 4821" style; the store draws again while the name is taken."""
    return f"Guest {secrets.randbelow(9000) + 1000}"
