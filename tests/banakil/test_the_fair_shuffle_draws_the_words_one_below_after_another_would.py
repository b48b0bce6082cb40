"""``fair.shuffle`` reads the words of all its draws from the stream in one go (issue 14: the deal
is part of every round's cost). It must take the same words in the same order as one
``Stream.below(i + 1)`` after another, Fisher–Yates as docs/fair-shuffle.md states it, including
when a draw refuses a word and takes the next one. A refusal happens under one time in 2**32 / n
with real words, so the word range is narrowed here (``fair._WORDS``, read by both ``below`` and
``shuffle``) until refusals are common.
"""

import random

import pytest

from games import fair


def one_below_after_another(items: list[int], secret: str, purpose: str, seed: str) -> list[int]:
    out = list(items)
    stream = fair.Stream(secret, purpose, seed)
    for i in range(len(out) - 1, 0, -1):
        j = stream.below(i + 1)
        out[i], out[j] = out[j], out[i]
    return out


@pytest.mark.parametrize("words", [2**32, 2**32 - 5, 3 * 2**30, 2**31 + 12345, 2**30])
def test_the_shuffle_takes_the_words_one_below_after_another_would(monkeypatch, words):
    monkeypatch.setattr(fair, "_WORDS", words)
    rng = random.Random(words)
    for _ in range(60):
        items = list(range(rng.choice([0, 1, 2, 3, 7, 30, 106])))
        secret = f"{rng.getrandbits(256):064x}"
        expected = one_below_after_another(items, secret, "restock:2", "a|b")
        assert fair.shuffle(items, secret, "restock:2", "a|b") == expected
