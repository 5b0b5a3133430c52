"""The ASGI application object for uvicorn (`app.asgi:app`)."""

from app.main import create_app, tune_garbage_collector

app = create_app()
tune_garbage_collector()
