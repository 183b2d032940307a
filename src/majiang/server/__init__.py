"""The game server: FastAPI over the core, SQLAlchemy for persistence. The only place (with
``web``) that knows HTTP, websockets and SQL."""
