"""sahrat-shuffle-v1: the fair shuffle, bit for bit (docs/fair-shuffle.md).

Every deal, every restock and every first dealer of every game come from here; an engine only
says which canonical deck it shuffles. Pure Python, no Django: the engines, the Verify pages and
``tools/verify_round.py`` all agree with this module. Never change v1: a new algorithm gets a new
name and rounds record which one they used.
"""

from __future__ import annotations

import hashlib
import hmac
import re
import secrets as _secrets
import struct
from collections.abc import Sequence
from typing import Final, TypeVar

from games.errors import GameError

ALGORITHM: Final = "sahrat-shuffle-v1"
SEED_RE: Final = re.compile(r"[A-Za-z0-9_-]{0,64}")
_SECRET_RE: Final = re.compile(r"[0-9a-f]{64}")
_WORDS: Final = 2**32  # the 32-bit words a draw reads

T = TypeVar("T")


class InvalidSeed(GameError):
    """A secret or seed that does not follow the protocol. ``code`` is stable."""


def new_secret() -> str:
    """32 bytes from the OS CSPRNG, as 64 lowercase hex characters."""
    return _secrets.token_bytes(32).hex()


def _key(secret_hex: str) -> bytes:
    if not isinstance(secret_hex, str) or not _SECRET_RE.fullmatch(secret_hex):
        raise InvalidSeed("bad_secret", "the secret must be 64 lowercase hex characters")
    return bytes.fromhex(secret_hex)


def commitment(secret_hex: str) -> str:
    """Lowercase hex SHA-256 of the 32 raw secret bytes (not of the hex text)."""
    return hashlib.sha256(_key(secret_hex)).hexdigest()


def check_seed(seed: str) -> str:
    if not isinstance(seed, str) or not SEED_RE.fullmatch(seed):
        raise InvalidSeed("bad_seed", "a seed is at most 64 of A-Z a-z 0-9 _ -")
    return seed


def client_seed(seeds: Sequence[str]) -> str:
    """Join the seats' seeds in seat order with ``|`` (empty seeds stay empty)."""
    return "|".join(check_seed(s) for s in seeds)


class Stream:
    """The HMAC-SHA256 byte stream of one (secret, purpose, client_seed)."""

    __slots__ = ("_key", "_prefix", "_counter", "_buffer")

    def __init__(self, secret_hex: str, purpose: str, client_seed: str) -> None:
        self._key = _key(secret_hex)
        self._prefix = f"{purpose}|{client_seed}|"
        self._counter = 0
        self._buffer = b""

    def read(self, n: int) -> bytes:
        while len(self._buffer) < n:
            msg = (self._prefix + str(self._counter)).encode("utf-8")
            self._buffer += hmac.digest(self._key, msg, "sha256")  # hmac.new's, one call
            self._counter += 1
        out, self._buffer = self._buffer[:n], self._buffer[n:]
        return out

    def below(self, n: int) -> int:
        """A uniform integer in [0, n) by rejection sampling on 32-bit big-endian words."""
        limit = _WORDS - (_WORDS % n)
        while True:
            x = int.from_bytes(self.read(4), "big")
            if x < limit:
                return x % n


def shuffle(items: Sequence[T], secret_hex: str, purpose: str, client_seed: str) -> list[T]:
    """Fisher–Yates (Durstenfeld) on a fresh stream; returns a new list.

    Each swap draws ``below(i + 1)``; the words those draws take are read in one go (the draw
    refuses a word under one time in 2**32 / n), any word more only when one was refused: the
    same words, in the same order, as one ``below`` after another."""
    out = list(items)
    stream = Stream(secret_hex, purpose, client_seed)
    count = len(out) - 1
    if count < 1:
        return out
    words = list(struct.unpack(f">{count}I", stream.read(4 * count)))
    k = 0
    for i in range(count, 0, -1):
        n = i + 1
        limit = _WORDS - (_WORDS % n)
        while True:  # as ``below``: refused words are skipped
            if k == len(words):
                words.append(int.from_bytes(stream.read(4), "big"))
            x = words[k]
            k += 1
            if x < limit:
                break
        j = x % n
        out[i], out[j] = out[j], out[i]
    return out


def first_dealer(secret_hex: str, client_seed: str, players: int) -> int:
    """The first dealer of a match: ``below(players)`` on round 1's ``dealer`` stream."""
    return Stream(secret_hex, "dealer", client_seed).below(players)
