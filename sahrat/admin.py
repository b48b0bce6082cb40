"""The admin site's own words: Sahrat's, in the reader's language (not Django's)."""

from django.contrib import admin
from django.utils.translation import gettext_lazy as _

admin.site.site_header = _("Sahrat admin")
admin.site.site_title = _("Sahrat admin")
admin.site.index_title = _("Tables, matches, coins and players")
