from django.utils import translation

from tournaments.refusals import MESSAGES, TournamentRefusal


def test_every_tournament_refusal_has_an_english_and_an_arabic_message():
    for code in MESSAGES:
        refusal = TournamentRefusal(code)
        with translation.override("en"):
            english = refusal.message
        with translation.override("ar"):
            arabic = refusal.message
        assert english and arabic and english != arabic, code
        assert any("\u0600" <= ch <= "\u06ff" for ch in arabic), code
