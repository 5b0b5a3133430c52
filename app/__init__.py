"""Siglo de Oro: the FastAPI server (pages, JSON API, live updates) around the engines."""
