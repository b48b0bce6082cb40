"""Names other players read: what a username or a display name may hold, and when two look alike.

A name is refused when it carries a control or invisible character (bidi overrides and isolates
turn the text around; zero-width characters and odd spaces hide differences), when nothing in
it can be read, when it is a bot's label in either language, or when it looks like another
player's name. "Looks like" is decided on a *skeleton* in the manner of Unicode TR39: the name
in compatibility form (NFKC: full-width letters, Arabic presentation forms and ligatures become
plain letters), decimal digits of any script as ASCII digits, without accents, Arabic diacritics
and tatweel, with the spellings Arabic readers take as one (أ إ آ ٱ → ا, ى → ي, ة → ه), case
folded, and every letter replaced by one chosen member of its group of look-alikes. The groups
come from Unicode's confusables data as shipped by ``confusable_homoglyphs``, joined across case
(so ``I``, ``l`` and ``1`` are one group, as are ``O`` and ``0``, Latin ``a`` and Cyrillic
``а``). Sequences that look like one letter (``rn`` and ``m``) are not joined.

Every user stores the skeletons of their username and of their shown name (the display name,
or the username without one) in unique columns: the database, not only the forms, keeps two
look-alikes apart.
"""

from __future__ import annotations

import re
import string
import unicodedata
from functools import cache
from typing import Any

from confusable_homoglyphs import confusables
from confusable_homoglyphs.confusables import confusables_data
from django.core.exceptions import ValidationError
from django.utils.functional import Promise
from django.utils.translation import gettext_lazy as _

MESSAGES: dict[str, Promise] = {
    "name_invisible_characters": _(
        "A name may not contain invisible or control characters (such as direction marks, "
        "zero-width characters or special spaces)."
    ),
    "name_needs_a_letter": _("A name needs at least one letter or digit."),
    "name_reserved": _("This name is kept for the bots (like “Bot 2”)."),
    "name_taken": _("This name is already taken by another player, or looks just like theirs."),
    "username_mixed_scripts": _(
        "A username may not mix look-alike letters from different alphabets."
    ),
    "username_taken": _("This username is already taken, or looks just like one that is."),
}

#: the bot labels («لاعب آلي 2», "Bot 2", "(bot)") in both languages, as words
BOT_WORDS = (("bot",), ("لاعب", "آلي"), ("لاعبآلي",))

# Invisible though not Cf/Zs: fillers that render as nothing, variation selectors, the
# combining grapheme joiner, Mongolian free variation selectors, the blank braille pattern.
_INVISIBLE = {
    0x034F,
    0x115F,
    0x1160,
    0x17B4,
    0x17B5,
    *range(0x180B, 0x1810),
    0x2800,
    0x3164,
    *range(0xFE00, 0xFE10),
    0xFFA0,
    *range(0xE0100, 0xE01F0),
}
_INVISIBLE_CATEGORIES = {"Cc", "Cf", "Co", "Cs", "Cn", "Zl", "Zp"}
_TATWEEL = "\u0640"
_ARABIC_FOLD = str.maketrans({"ٱ": "ا", "ى": "ي", "ة": "ه"})
_DIRECTION_MARKS = {"\u200e", "\u200f"}  # the data wraps right-to-left letters in them


def error(code: str) -> ValidationError:
    return ValidationError(str(MESSAGES[code]), code=code)


def is_invisible(char: str) -> bool:
    category = unicodedata.category(char)
    if category in _INVISIBLE_CATEGORIES or ord(char) in _INVISIBLE:
        return True
    return category == "Zs" and char != " "


@cache
def _groups() -> dict[str, str]:
    """Each letter that has look-alikes → the one member that stands for its group.

    Names are compared after ``_plain`` (NFKC, case folded), so a pair of look-alikes joins
    two groups only as the characters will appear then: a capital ``I`` that looks like ``l``
    joins ``i`` and ``l``; a character NFKC replaces (the long ``ſ``, a Kelvin sign) never
    appears, and its look-alikes join nothing.
    """
    parent: dict[str, str] = {}

    def find(char: str) -> str:
        root = char
        while parent.get(root, root) != root:
            root = parent[root]
        while parent.get(char, char) != root:  # path compression
            parent[char], char = root, parent[char]
        return root

    def as_compared(text: str) -> str | None:
        text = "".join(c for c in text if c not in _DIRECTION_MARKS)
        if len(text) != 1 or unicodedata.category(text).startswith("M"):
            return None
        if unicodedata.normalize("NFKC", text) != text:
            return None  # never seen: NFKC replaces it
        if text.casefold() == text:
            return text
        if text.isascii():  # a capital I looks like l, a capital O like 0
            return text.casefold()
        return None  # other capitals: never seen after case folding

    for key, homoglyphs in confusables_data.items():
        char = as_compared(key)
        if char is None:
            continue
        for homoglyph in homoglyphs:
            other = as_compared(homoglyph["c"])
            if other is not None and other != char:
                root_a, root_b = find(char), find(other)
                parent.setdefault(root_a, root_a)
                parent.setdefault(root_b, root_b)
                if root_a != root_b:
                    parent[max(root_a, root_b)] = min(root_a, root_b)

    members: dict[str, list[str]] = {}
    for char in list(parent):
        members.setdefault(find(char), []).append(char)

    def standing(char: str) -> tuple[bool, bool, bool, int]:  # an ASCII letter, else a letter
        letter = unicodedata.category(char).startswith("L")
        return (char not in string.ascii_lowercase, not char.isascii(), not letter, ord(char))

    table: dict[str, str] = {}
    for group in members.values():
        chosen = min(group, key=standing)
        table.update(dict.fromkeys(group, chosen))
    return table


def _plain(text: str) -> str:
    """NFKC, any decimal digit as ASCII, no marks, tatweel or invisible characters, Arabic
    spellings folded, case folded."""
    text = unicodedata.normalize("NFKC", text)
    text = "".join(
        str(unicodedata.decimal(c)) if unicodedata.category(c) == "Nd" else c for c in text
    )
    text = unicodedata.normalize("NFD", text)
    text = "".join(
        c
        for c in text
        if c != _TATWEEL and not unicodedata.category(c).startswith("M") and not is_invisible(c)
    )
    return text.translate(_ARABIC_FOLD).casefold()


def skeleton(text: str) -> str:
    """What a name looks like: equal skeletons, names a reader could take for each other."""
    groups = _groups()
    folded = "".join(groups.get(c, c) for c in _plain(text))
    return " ".join(folded.split())


def _words(text: str) -> list[str]:
    """The name's words (letters and digits), each without its leading and trailing digits,
    as skeletons."""
    words = re.split(r"[^\w]|_", _plain(text))
    keys = [skeleton(word.strip(string.digits)) for word in words]
    return [key for key in keys if key]


def is_bot_label(text: str) -> bool:
    words = _words(text)
    for label in BOT_WORDS:
        keys = [skeleton(word) for word in label]
        for start in range(len(words) - len(keys) + 1):
            if words[start : start + len(keys)] == keys:
                return True
    return False


def check_readable(text: str) -> None:
    """Refuse control and invisible characters, and a name with nothing to read."""
    if any(is_invisible(c) for c in text):
        raise error("name_invisible_characters")
    if not any(unicodedata.category(c)[0] in "LN" and c != _TATWEEL for c in text):
        raise error("name_needs_a_letter")


def check_username(username: str) -> None:
    """A username on its own: readable, not a bot's label, one alphabet among look-alikes."""
    check_readable(username)
    if is_bot_label(username):
        raise error("name_reserved")
    if confusables.is_dangerous(username):
        raise error("username_mixed_scripts")


def check_display_name(name: str) -> None:
    """A display name on its own (blank is allowed: the username is shown then)."""
    if name:
        check_readable(name)
        if is_bot_label(name):
            raise error("name_reserved")


def refill_keys(users: Any) -> list[tuple[Any, str]]:
    """Recompute every user's ``username_key`` and ``name_key`` (``users``: the User manager
    or queryset), for the migration that adds them and for ``manage.py name_keys`` after the
    look-alike data changed. Users are taken oldest first; when an earlier one already holds a
    key, the later keeps that key with a line separator and its id appended, which no accepted
    name produces: unique, and blocking nobody. Returns the (user, field) pairs that clashed."""
    rows = list(users.order_by("date_joined", "pk"))
    seen: dict[str, set[str]] = {"username_key": set(), "name_key": set()}
    clashes: list[tuple[Any, str]] = []
    final: dict[int, dict[str, str]] = {}
    for user in rows:
        keys = {
            "username_key": skeleton(user.username),
            "name_key": skeleton(user.display_name or user.username),
        }
        for field, key in keys.items():
            if key in seen[field]:
                key = keys[field] = f"{key}\u2028{user.pk}"
                clashes.append((user, field))
            seen[field].add(key)
        final[user.pk] = keys
    fields = ["username_key", "name_key"]
    # first a placeholder each, so no key moving between users ever meets itself mid-way
    for user in rows:
        user.username_key = user.name_key = f"\u2028{user.pk}"
    users.bulk_update(rows, fields, batch_size=500)
    for user in rows:
        for field, key in final[user.pk].items():
            setattr(user, field, key)
    users.bulk_update(rows, fields, batch_size=500)
    return clashes
