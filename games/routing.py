from django.urls import re_path

from .consumers import TableConsumer

# Any id segment reaches the consumer, which refuses what names no table (4404): an int
# converter would leave ``-1`` unrouted (a traceback in the handshake).
websocket_urlpatterns = [re_path(r"^ws/table/(?P<table_id>[^/]*)/$", TableConsumer.as_asgi())]
