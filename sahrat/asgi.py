"""ASGI entry point: HTTP through Django, websockets through Channels (origin-checked, auth)."""

import gc
import os

from django.core.asgi import get_asgi_application

os.environ.setdefault("DJANGO_SETTINGS_MODULE", "sahrat.settings")
django_asgi_app = get_asgi_application()

from channels.routing import ProtocolTypeRouter, URLRouter  # noqa: E402

from .admission import SocketGate  # noqa: E402
from .health import HealthChecks  # noqa: E402
from .origin import SameOriginOnly  # noqa: E402
from .routing import websocket_urlpatterns  # noqa: E402
from .socket_auth import SocketAuthStack  # noqa: E402

application = ProtocolTypeRouter(
    {
        # the proxy's and the monitor's checks are answered before Django's middleware
        "http": SocketGate(HealthChecks(django_asgi_app)),
        # the gate counts sockets (and refuses new ones on a busy process) before the session
        # is read or a consumer made
        "websocket": SameOriginOnly(SocketGate(SocketAuthStack(URLRouter(websocket_urlpatterns)))),
    }
)

# What is loaded by now (Django, the apps, their modules) lives as long as the process: keep it
# out of the collector's way, so a full collection walks only what the tables create. Measured
# at 100 live tables: the longest full-collection pause 176 ms before, 82 ms after.
gc.freeze()
