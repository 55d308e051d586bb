"""The room: the event's live pages on the venue's network, for the players' phones and the wall.

A front end like the app and the command line: it reads only through the services and says
things in the presentation's words. ``app.room_app`` is the ASGI application;
``gin-scorer serve`` runs it with uvicorn.
"""

DEFAULT_PORT = 8080  # where the room listens unless told otherwise (here: no heavy imports)
