"""Director PINs, stored only as salted scrypt hashes: ``scrypt$n$r$p$salt$hash$public`` (hex).

>>> stored = hash_pin("4321")
>>> stored.startswith("scrypt$")
True
>>> check_pin("4321", stored), check_pin("1234", stored)
(True, False)

The PIN protects corrections of finished results and restores, not secrets: scrypt with a
random salt keeps a copied database from giving the PIN away; the comparison is constant-time.

The PIN also keys the seal: director actions are signed with an Ed25519 key whose seed is
``scrypt(pin, salt="gin-scorer seal key:" + salt)`` — never the stored hash, so the file alone
cannot sign — and the stored string ends with that key's public half, so ``verify`` checks a
signature without the PIN. Strings stored before the seal (six fields, no public key) are
still accepted by :func:`check_pin`; they cannot sign.

>>> stored.count("$"), public_key(stored) is not None
(6, True)
>>> key = signing_key("4321", stored)
>>> key is not None and signing_key("1234", stored) is None
True
"""

from __future__ import annotations

import hashlib
import hmac
import secrets
from typing import TYPE_CHECKING

from gin_scorer.core.wording import said
from gin_scorer.store.errors import PinError

if TYPE_CHECKING:
    from cryptography.hazmat.primitives.asymmetric.ed25519 import Ed25519PrivateKey

# scrypt cost: 2**14 * 8 * 128 B = 16 MiB of memory, ~40 ms — slow to guess, quick to type.
N, R, P = 2**14, 8, 1
_SALT_BYTES = 16
_HASH_BYTES = 32
MIN_LENGTH = 4
MAX_LENGTH = 64


def validate_pin(pin: str) -> None:
    """Raise :class:`PinError` if ``pin`` cannot serve as a director PIN."""
    if len(pin) < MIN_LENGTH:
        raise PinError(said("a director PIN needs at least {0} characters", MIN_LENGTH))
    if len(pin) > MAX_LENGTH:
        raise PinError(said("a director PIN has at most {0} characters", MAX_LENGTH))
    if pin != pin.strip() or any(ch.isspace() for ch in pin):
        raise PinError(said("a director PIN cannot contain spaces"))


def _scrypt(pin: str, salt: bytes, n: int, r: int, p: int) -> bytes:
    return hashlib.scrypt(
        pin.encode("utf-8"),
        salt=salt,
        n=n,
        r=r,
        p=p,
        dklen=_HASH_BYTES,
        maxmem=2 * 128 * n * r * p + 1024 * 1024,
    )


_KEY_SALT = b"gin-scorer seal key:"


def _key_from(pin: str, salt: bytes, n: int, r: int, p: int) -> Ed25519PrivateKey:
    # Loaded here, not at start-up: a command that is given no PIN never needs it.
    from cryptography.hazmat.primitives.asymmetric.ed25519 import Ed25519PrivateKey

    return Ed25519PrivateKey.from_private_bytes(_scrypt(pin, _KEY_SALT + salt, n, r, p))


def _public_hex(key: Ed25519PrivateKey) -> str:
    from cryptography.hazmat.primitives.serialization import Encoding, PublicFormat

    return key.public_key().public_bytes(Encoding.Raw, PublicFormat.Raw).hex()


def hash_pin(pin: str) -> str:
    """The string to store for ``pin`` (a new random salt each time)."""
    validate_pin(pin)
    salt = secrets.token_bytes(_SALT_BYTES)
    public = _public_hex(_key_from(pin, salt, N, R, P))
    return f"scrypt${N}${R}${P}${salt.hex()}${_scrypt(pin, salt, N, R, P).hex()}${public}"


def _parse(stored: str) -> tuple[int, int, int, bytes, bytes, bytes | None]:
    """``(n, r, p, salt, hash, public key or None)``; ValueError when malformed."""
    fields = stored.split("$")
    if len(fields) not in (6, 7) or fields[0] != "scrypt":
        raise ValueError("not a PIN hash")
    n, r, p = int(fields[1]), int(fields[2]), int(fields[3])
    # Refuse costs no PIN of ours uses: a doctored value must not eat gigabytes.
    if not (2 <= n <= 2**20 and 1 <= r <= 32 and 1 <= p <= 16):
        raise ValueError("unsupported scrypt cost")
    public = bytes.fromhex(fields[6]) if len(fields) == 7 else None
    if public is not None and len(public) != 32:
        raise ValueError("not an Ed25519 public key")
    return n, r, p, bytes.fromhex(fields[4]), bytes.fromhex(fields[5]), public


def check_pin(pin: str, stored: str) -> bool:
    """Whether ``pin`` matches the stored hash. A malformed stored value never matches."""
    try:
        n, r, p, salt, expected, _public = _parse(stored)
        actual = _scrypt(pin, salt, n, r, p)
        return hmac.compare_digest(actual, expected)
    except (ValueError, MemoryError):
        return False


def public_key(stored: str) -> bytes | None:
    """The raw Ed25519 public key a stored PIN string carries (``None``: none, or malformed)."""
    try:
        return _parse(stored)[5]
    except ValueError:
        return None


def signing_key(pin: str, stored: str) -> Ed25519PrivateKey | None:
    """The key that signs director actions allowed by ``pin``, when ``stored`` carries a
    public key and the key derived from ``pin`` matches it; ``None`` otherwise."""
    try:
        n, r, p, salt, _expected, public = _parse(stored)
        if public is None:
            return None
        key = _key_from(pin, salt, n, r, p)
    except (ValueError, MemoryError):
        return None
    return key if hmac.compare_digest(bytes.fromhex(_public_hex(key)), public) else None
