"""Director PINs, stored only as salted scrypt hashes: ``scrypt$n$r$p$salt$hash`` (hex).

>>> stored = hash_pin("4321")
>>> stored.startswith("scrypt$")
True
>>> check_pin("4321", stored), check_pin("1234", stored)
(True, False)

The PIN protects corrections of finished results and restores, not secrets: scrypt with a
random salt keeps a copied database from giving the PIN away; the comparison is constant-time.
"""

from __future__ import annotations

import hashlib
import hmac
import secrets

from gin_scorer.store.errors import PinError

# scrypt cost: 2**14 * 8 * 128 B = 16 MiB of memory, ~40 ms — slow to guess, quick to type.
N, R, P = 2**14, 8, 1
_SALT_BYTES = 16
_HASH_BYTES = 32
MIN_LENGTH = 4
MAX_LENGTH = 64


def validate_pin(pin: str) -> None:
    """Raise :class:`PinError` if ``pin`` cannot serve as a director PIN."""
    if len(pin) < MIN_LENGTH:
        raise PinError(f"a director PIN needs at least {MIN_LENGTH} characters")
    if len(pin) > MAX_LENGTH:
        raise PinError(f"a director PIN has at most {MAX_LENGTH} characters")
    if pin != pin.strip() or any(ch.isspace() for ch in pin):
        raise PinError("a director PIN cannot contain spaces")


def _scrypt(pin: str, salt: bytes, n: int, r: int, p: int) -> bytes:
    return hashlib.scrypt(
        pin.encode("utf-8"), salt=salt, n=n, r=r, p=p, dklen=_HASH_BYTES,
        maxmem=2 * 128 * n * r * p + 1024 * 1024,
    )


def hash_pin(pin: str) -> str:
    """The string to store for ``pin`` (a new random salt each time)."""
    validate_pin(pin)
    salt = secrets.token_bytes(_SALT_BYTES)
    return f"scrypt${N}${R}${P}${salt.hex()}${_scrypt(pin, salt, N, R, P).hex()}"


def check_pin(pin: str, stored: str) -> bool:
    """Whether ``pin`` matches the stored hash. A malformed stored value never matches."""
    try:
        scheme, n_text, r_text, p_text, salt, expected = stored.split("$")
        n, r, p = int(n_text), int(r_text), int(p_text)
        # Refuse costs no PIN of ours uses: a doctored value must not eat gigabytes.
        if scheme != "scrypt" or not (2 <= n <= 2**20 and 1 <= r <= 32 and 1 <= p <= 16):
            return False
        actual = _scrypt(pin, bytes.fromhex(salt), n, r, p)
        return hmac.compare_digest(actual, bytes.fromhex(expected))
    except (ValueError, MemoryError):
        return False
