"""The site is Arabic first and both languages must be complete: every string the code and the
templates mark for translation has its Arabic in ``locale/ar``. ``makemessages`` (what ``make
messages`` runs) is run into a copy of the Arabic catalogue, and gettext's own ``msgattrib``
lists what the copy then holds untranslated or fuzzy: a string added to the code without its
Arabic, or one whose English changed since it was translated."""

from __future__ import annotations

import shutil
import subprocess
from pathlib import Path

import pytest
from django.conf import settings
from django.core.management import call_command
from django.test.utils import override_settings

from sahrat.testing.pytest_plugin import not_installed

GETTEXT = ("xgettext", "msgmerge", "msgattrib")

#: what ``make messages`` leaves out, and the catalogue itself (read from its copy instead)
IGNORED = [".venv", "games/banakil", "locale", "var", "staticfiles", "node_modules"]


def msgattrib(kind: str, po: Path) -> str:
    """The entries of ``po`` that gettext's ``msgattrib`` selects with ``kind``."""
    done = subprocess.run(
        ["msgattrib", kind, "--no-wrap", str(po)], capture_output=True, text=True, check=True
    )
    return done.stdout


def test_every_marked_string_has_its_arabic(tmp_path: Path, monkeypatch: pytest.MonkeyPatch):
    missing = [tool for tool in GETTEXT if shutil.which(tool) is None]
    if missing:
        not_installed(f"gettext's {', '.join(missing)} missing", "apt-get install gettext")
    catalogue = Path(settings.BASE_DIR) / "locale/ar/LC_MESSAGES/django.po"
    copy = tmp_path / "locale/ar/LC_MESSAGES/django.po"
    copy.parent.mkdir(parents=True)
    shutil.copy(catalogue, copy)
    # makemessages reads the tree below the working directory and writes into the ``locale``
    # found there: it runs in a mirror of the project (links to everything but the catalogue)
    tree = tmp_path / "tree"
    tree.mkdir()
    for entry in Path(settings.BASE_DIR).iterdir():
        if entry.name not in IGNORED and not entry.name.startswith("."):
            (tree / entry.name).symlink_to(entry)
    monkeypatch.chdir(tree)
    with override_settings(LOCALE_PATHS=[tmp_path / "locale"]):
        call_command(
            "makemessages",
            locale=["ar"],
            no_obsolete=True,
            no_location=True,
            symlinks=True,
            ignore_patterns=IGNORED,
            verbosity=0,
        )
    assert copy.stat().st_size >= catalogue.stat().st_size / 2  # merged, not started anew
    missing = [
        line
        for kind in ("--untranslated", "--only-fuzzy")
        for line in msgattrib(kind, copy).splitlines()
        if line.startswith("msgid ") and line != 'msgid ""'  # not the header
    ]
    assert not missing, "strings without their Arabic in locale/ar:\n" + "\n".join(missing)
