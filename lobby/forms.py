"""The create-table form, built from the engine's option specs so every option is on it."""

from __future__ import annotations

from typing import Any

from django import forms
from django.utils.translation import gettext as _

from accounts.coins import stake_levels
from games.banakil import InvalidOptions, Options
from games.banakil.options import SPECS, OptionSpec

from .labels import MODE_LABELS, OPTION_HELP, OPTION_LABELS


def _field(spec: OptionSpec) -> forms.Field:
    label = OPTION_LABELS.get(spec.name, spec.name)
    help_text = OPTION_HELP.get(spec.name, "")
    if spec.kind is bool:
        return forms.BooleanField(
            label=label, required=False, initial=spec.default, help_text=help_text
        )
    if spec.choices:
        choices = [
            (c, MODE_LABELS.get(c, str(c)) if spec.name == "players" else str(c))
            for c in spec.choices
        ]
        return forms.TypedChoiceField(
            label=label, choices=choices, coerce=int, initial=spec.default, help_text=help_text
        )
    if spec.name == "target":
        return forms.IntegerField(
            label=label,
            required=False,
            min_value=spec.minimum,
            max_value=spec.maximum,
            help_text=help_text,
            widget=forms.NumberInput(attrs={"placeholder": "222 / 150"}),
        )
    return forms.IntegerField(
        label=label,
        initial=spec.default,
        min_value=spec.minimum,
        max_value=spec.maximum,
        help_text=help_text,
    )


class TableForm(forms.Form):
    """Cleans to ``cleaned_data["game_options"]``, an engine ``Options``."""

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        for spec in SPECS:
            self.fields[spec.name] = _field(spec)
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
        values = {spec.name: data.get(spec.name) for spec in SPECS}
        values["target"] = values["target"] or 0
        for spec in SPECS:
            if spec.kind is bool:
                values[spec.name] = bool(values[spec.name])
        try:
            data["game_options"] = Options.from_dict(values)
        except InvalidOptions as error:
            raise forms.ValidationError(
                _("A table option has a bad value: %(detail)s") % {"detail": error.message},
                code=error.code,
            ) from None
        return data
