"""One settings object, read once from the environment (prefix SIGLO_, plus DATABASE_URL)."""

from __future__ import annotations

import secrets
from functools import lru_cache
from pathlib import Path

from pydantic import AliasChoices, Field
from pydantic_settings import BaseSettings, SettingsConfigDict


class Settings(BaseSettings):
    model_config = SettingsConfigDict(env_prefix="SIGLO_", env_file=".env", extra="ignore", populate_by_name=True)

    database_url: str = Field(
        "sqlite:///./siglo.db",
        validation_alias=AliasChoices("DATABASE_URL", "SIGLO_DATABASE_URL"),
        description="SQLAlchemy URL; sqlite:///file.db (embedded default) or postgresql+psycopg://user:pw@host/db",
    )
    secret_key: str = Field("", description="Signs session cookies; generated into .siglo-secret when empty")
    secret_file: Path = Field(Path(".siglo-secret"), description="Where a generated secret key is kept")
    secure_cookies: bool = Field(False, description="Mark cookies Secure (set behind HTTPS)")
    session_days: int = Field(30, description="Lifetime of a login session")
    login_attempts: int = Field(10, description="Failed logins allowed per username or address per window")
    login_window_seconds: int = Field(300, description="The login rate-limit window")
    registrations_per_hour: int = Field(20, ge=1, description="Accounts one address may register per hour")
    chat_per_minute: int = Field(20, ge=1, description="Chat messages one person may send per minute")
    imports_per_hour: int = Field(30, ge=1, description="Records one person may import per hour")
    trusted_proxies: list[str] = Field(
        default_factory=list,
        description="Addresses of reverse proxies whose X-Forwarded-For/-Proto are "
        'believed, as a JSON list (e.g. ["127.0.0.1"]); none by default',
    )
    bots_enabled: bool = Field(True, description="Run bot seats' turns in the background")
    bot_delay_seconds: float = Field(0.3, description="Pause before a bot moves, so people can follow")
    max_concurrent_requests: int | None = Field(
        None,
        ge=1,
        description="Requests at work at once per process; the "
        "rest queue. Default: 2 on SQLite, 4 on PostgreSQL (measured: "
        "bench/README.md › Target 3, fifth pass)",
    )
    max_body_bytes: int = Field(1_000_000, description="Largest request body accepted")
    extra_games: list[str] = Field(
        default_factory=list, description='More engines to register, as JSON list of "module:ATTR"'
    )
    content_dir: Path | None = Field(
        None,
        description="Folder with one subfolder per game id whose content files "
        "replace the packaged ones (validated at start-up)",
    )
    # ----- play by web: your-turn notices (app.services.notices) -----
    public_url: str = Field("http://127.0.0.1:8000", description="The site's address, for links in notices")
    smtp_host: str = Field("", description="SMTP server for e-mail notices; e-mail is off when empty")
    smtp_port: int = Field(587, description="SMTP port")
    smtp_tls: str = Field("starttls", pattern="^(none|starttls|ssl)$", description="none | starttls | ssl")
    smtp_user: str = Field("", description="SMTP login (none when empty)")
    smtp_password: str = Field("", description="SMTP password")
    smtp_sender: str = Field("", description="From: address of e-mail notices")
    notice_timeout_seconds: float = Field(10.0, gt=0, description="Timeout of one SMTP or webhook delivery")
    notice_attempts: int = Field(5, ge=1, description="Deliveries tried this often (with growing pauses)")
    notice_retry_seconds: float = Field(60.0, ge=0, description="Pause before the first retry (doubling)")
    # ----- play by web: clocks in days (app.services.clocks, app.services.clock_checker) -----
    vacation_days_per_year: int = Field(
        21, ge=0, le=366, description="Vacation days each player may take per calendar year (all their clocks pause)"
    )
    clock_timezone: str = Field(
        "UTC",
        description="The time zone whose Saturday and Sunday a clock's weekend "
        "pause covers (an IANA name such as Europe/Madrid)",
    )
    clock_check_seconds: float = Field(
        60.0, gt=0, description="How often the clock checker looks for reminders and time-outs"
    )
    webhook_allowed_hosts: list[str] = Field(
        default_factory=list,
        description="Webhook hosts that may be internal addresses (a bridge "
        "on your own network), as a JSON list; none by default",
    )

    def admission_limit(self) -> int:
        """Requests at work at once (``app.middleware.Admission``): the setting, else what measured best on its
        database — SQLite lets one transaction write at a time, so requests admitted beyond 2 only queue for the
        file while holding a thread; PostgreSQL writes tables in parallel and each request waits on its round
        trips, so 4 keep the one core busy."""
        if self.max_concurrent_requests is not None:
            return self.max_concurrent_requests
        return 2 if self.database_url.startswith("sqlite") else 4

    def resolved_secret(self) -> str:
        if self.secret_key:
            return self.secret_key
        if self.secret_file.exists():
            return self.secret_file.read_text().strip()
        key = secrets.token_urlsafe(48)
        self.secret_file.write_text(key)
        self.secret_file.chmod(0o600)
        return key


@lru_cache
def get_settings() -> Settings:
    return Settings()
