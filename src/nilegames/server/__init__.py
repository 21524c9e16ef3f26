"""The web server: a lobby of tables, moves over REST, live views over WebSockets.

``create_app`` (in :mod:`nilegames.server.app`) builds the FastAPI application; the
``nilegames serve`` command runs it with uvicorn.  docs/web-api.md is the contract with
the page.
"""
