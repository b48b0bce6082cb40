"""The create-table form, built from the game's option specs (``games.registry``) so every
option of every game is on it; the engine's ``Options`` stays the authority on what is valid."""

from __future__ import annotations

from typing import Any

from django import forms
from django.utils.translation import gettext as _

from accounts.coins import stake_levels
from games import registry
from games.option_spec import OptionSpec

#: an optional yes/no (``rated``) on the form: left to the table, yes or no
CHOICE_OF_BOOL = {"": None, "yes": True, "no": False}


def _field(game: registry.Game, spec: OptionSpec) -> forms.Field:
    label = _(game.option_labels.get(spec.name, spec.name))
    help_text = _(game.option_help[spec.name]) if spec.name in game.option_help else ""
    if spec.kind is bool and spec.optional:
        return forms.TypedChoiceField(
            label=label,
            choices=[
                (key, _(game.choice_labels.get((spec.name, value), key)))
                for key, value in CHOICE_OF_BOOL.items()
            ],
            coerce=CHOICE_OF_BOOL.get,
            empty_value=None,
            required=False,
            initial="",
            help_text=help_text,
        )
    if spec.kind is bool:
        return forms.BooleanField(
            label=label, required=False, initial=spec.default, help_text=help_text
        )
    if spec.choices:
        values = spec.choices if spec.default in spec.choices else (spec.default, *spec.choices)
        choices = [
            (c, _(game.choice_labels[spec.name, c]) if (spec.name, c) in game.choice_labels else c)
            for c in values
        ]
        return forms.TypedChoiceField(
            label=label,
            choices=choices,
            coerce=int if spec.kind is int else str,
            initial=spec.default,
            help_text=help_text,
            # a platform option left out (bot_level) takes its default
            required=spec.engine,
            empty_value=None,
        )
    if spec.kind is int and spec.default == 0 and spec.name != "stake":
        # 0 means "the engine's default for this mode or variant": leave it empty
        return forms.IntegerField(
            label=label,
            required=False,
            min_value=spec.minimum,
            max_value=spec.maximum,
            help_text=help_text,
        )
    return forms.IntegerField(
        label=label,
        # an option that may be off (the turn clock): left empty, it is off
        required=not spec.optional,
        initial=spec.default,
        min_value=spec.minimum,
        max_value=spec.maximum,
        help_text=help_text,
    )


class TableForm(forms.Form):
    """Cleans to ``cleaned_data["game_options"]``, the game engine's ``Options``."""

    def __init__(self, *args: Any, game: str = registry.DEFAULT, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.game = registry.get(game)
        for spec in self.game.specs:
            self.fields[spec.name] = _field(self.game, spec)
        stake = self.fields["stake"]
        self.fields["stake"] = forms.TypedChoiceField(
            label=stake.label,
            help_text=stake.help_text,
            coerce=int,
            initial=0,
            choices=[(0, _("Free table"))] + [(level, str(level)) for level in stake_levels()],
            error_messages={
                "invalid_choice": _("A coin table's stake must be one of the stake levels.")
            },
        )

    def clean(self) -> dict[str, Any]:
        data = super().clean() or {}
        if self.errors:
            return data
        values = {}
        for spec in self.game.specs:
            value = data.get(spec.name)
            if spec.kind is bool and not spec.optional:
                value = bool(value)
            elif value is None and not spec.optional:
                value = spec.default
            values[spec.name] = value
        if values.get("rated") and not values.get("stake"):
            # the engine refuses these too; the form says it in the reader's language
            if values.get("bots"):
                self.add_error("rated", _("A rated table seats no bots: turn bots off first."))
                return data
            if values.get("turn_seconds") is None:
                self.add_error("rated", _("A rated table needs a turn clock."))
                return data
        try:
            data["game_options"] = self.game.options(values)
        except self.game.invalid_options as error:
            raise forms.ValidationError(
                _("A table option has a bad value: %(detail)s")
                % {"detail": _(getattr(error, "message", str(error)))},
                code=getattr(error, "code", "bad_option"),
            ) from None
        return data
