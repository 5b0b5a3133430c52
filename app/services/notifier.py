"""The notices' sender (issue "Play-by-web life" §1; what a user chooses and reads: notices.py): the background
thread that turns commits into your-turn notices and deliveries, and sends them in the app, by e-mail over SMTP,
by a webhook.

Nothing here runs inside a move's transaction: the app's ``announce`` callback (called after every commit) pokes
the :class:`Notifier`, whose thread writes the notices and the deliveries and sends them, retrying with growing
pauses; a slow or dead mail server or webhook never delays or fails a move. A player hears that it is their turn
only when they are not on the table's page at that moment (the live publisher knows whose event stream is
connected); with several server processes each one knows only its own watchers, so a player watching through
another process may get a notice they did not need (never the other way round). A digest is claimed before it is
written (a conditional update of the user's ``last_digest_at``), so two processes never send the same digest twice.
"""

from __future__ import annotations

import logging
import smtplib
from collections.abc import Callable, Collection
from datetime import datetime, timedelta
from email.message import EmailMessage
from typing import Any

import orjson
from sqlalchemy import func, select, update
from sqlalchemy.exc import IntegrityError
from sqlalchemy.orm import Session, sessionmaker

from app import i18n
from app.config import Settings
from app.db import rowcount
from app.i18n import _, ngettext
from app.models import GameTable, Move, User, utcnow
from app.models.pbw import Delivery, Notice, NoticeSettings
from app.services import webhooks
from app.services.notices import aware, unsubscribe_token, waiting_tables
from app.services.worker import EMPTY, Worker
from engines import registry

log = logging.getLogger("siglo.notices")
TICK_SECONDS = 30.0  # how often the sender looks for due digests and retries without being poked


def _language_of(db: Session, user_id: int) -> str | None:
    """The language a user's notices are written in: their own choice, else English (a notice has no browser)."""
    return db.scalar(select(User.language).where(User.id == user_id))


def _title(table: GameTable) -> str:
    game = registry.get_game(table.game_id)
    return f"{table.name} ({game.title_in(i18n.current()) if game else table.game_id})"


def _state_of(db: Session, table: GameTable) -> dict[str, Any]:
    from app.services.play import load  # play's moves poke the notifier: imported when used

    return load(db, table).state


def _seats_of(table: GameTable, state: dict[str, Any], user_id: int, lang: str) -> str:
    """The seats the user is to play, as every reader names them now (the powers he leads once an auction has
    given them: public; else "Player n"), as the table's page does (issues 27/28)."""
    game = registry.get_game(table.game_id)
    roles = [s.role for s in table.seats if s.user_id == user_id and s.role in (table.active_roles or [])]
    if game is None:
        return ", ".join(roles)
    return ", ".join(game.seat_label(state, role, lang) for role in roles)


# what the sender looks at after every poke (``Notifier.round``)
FIRST_PENDING = select(func.min(Delivery.next_at)).where(Delivery.status == "pending")
DIGESTS_WAITING = select(NoticeSettings.user_id, NoticeSettings.last_digest_at, NoticeSettings.digest_hours).where(
    NoticeSettings.mode == "digest",
    NoticeSettings.user_id.in_(select(Notice.user_id).where(Notice.digested.is_(False))),
)


def _told_since_they_moved(db: Session, table: GameTable, user_id: int) -> bool:
    """The user was told of his turn at the table after his seats' last move there: while several seats act at once
    (a face-down choice, a deployment done simultaneously) the others' moves are no news to him."""
    told = db.scalar(
        select(func.max(Notice.seq)).where(
            Notice.user_id == user_id, Notice.table_id == table.id, Notice.kind == "turn"
        )
    )
    if told is None:
        return False
    roles = [s.role for s in table.seats if s.user_id == user_id]
    moved = db.scalar(select(func.max(Move.seq)).where(Move.table_id == table.id, Move.role.in_(roles)))
    return moved is None or told > moved


def _due_digests(db: Session, now: datetime) -> list[int]:
    """The digest users with news whose N hours since their last digest are up, by id."""
    return sorted(
        user_id for user_id, last, hours in db.execute(DIGESTS_WAITING) if now >= aware(last) + timedelta(hours=hours)
    )


# ----- the sender -----
class Notifier(Worker):
    """The background thread that turns commits into notices and sends them (see the module); ``poke(table_id)``
    after a commit (never inside one): look at who is to act at this table."""

    thread_name = "siglo-notices"

    def __init__(
        self, sessions: sessionmaker[Session], settings: Settings, viewers: Callable[[int], set[int]], secret: str
    ):
        super().__init__()
        self._sessions = sessions
        self._settings = settings
        self._viewers = viewers
        self._secret = secret

    def poke(self, table_id: int, to_act: Collection[int] | None = None) -> None:
        """After a commit (never inside one): look at who is to act at this table. ``to_act``: those users, the
        mover left out, when the commit knew them; when every one of them is on the table's page (or there is
        none: a hot-seat table, the mover to act again, a bot) no notice can be due and the sender is not woken
        (issue 15: its round reads the table, the move and the deliveries)."""
        if to_act is not None and not set(to_act) - self._viewers(table_id):
            return
        super().poke(table_id)

    def _run(self) -> None:
        wait = TICK_SECONDS
        while True:
            table_id = self._next(wait)
            # every poke queued meanwhile: one round of digests and deliveries for them all
            pending = [0 if table_id is EMPTY else table_id, *self._drain()]
            try:
                for table_id in dict.fromkeys(t for t in pending if t):
                    try:
                        self.on_commit(table_id)
                    except Exception:  # one table's failure must not drop the others' notices
                        log.exception("notices failed (table %s)", table_id)
                wait = self.round()
            except Exception:  # notices must never take the server down
                log.exception("notices failed")
                wait = TICK_SECONDS
            if None in pending:  # stopped (after the pokes queued before the stop)
                return

    def round(self, now: datetime | None = None) -> float:
        """The digests and deliveries that are due, then the seconds until the next look (at most the tick).
        What is due — the digest users whose hours are up, the earliest pending delivery — is read in one
        transaction (issue 26: it was three, one each for the digests, the due deliveries and the wait, after
        every poke); the work, when there is any, opens its own, and only then is the wait read again (a sent
        or retried delivery moved it)."""
        now = now or utcnow()
        with self._sessions() as db:
            digests = _due_digests(db, now)
            first = db.scalar(FIRST_PENDING)
        if digests or (first is not None and aware(first) <= now):
            if digests:
                self.flush_digests(now, digests)
            self.deliver_due(now)
            with self._sessions() as db:
                first = db.scalar(FIRST_PENDING)
        if first is None:
            return TICK_SECONDS
        return min(TICK_SECONDS, max(0.01, (aware(first) - utcnow()).total_seconds()))

    # --- notices ---
    def on_commit(self, table_id: int, now: datetime | None = None) -> list[Notice]:
        """A notice for every player to act at the table who is not on its page (and did not just move), unless he
        was told since his last move there (``_told_since_they_moved``)."""
        now = now or utcnow()
        made = []
        with self._sessions() as db:
            table = db.get(GameTable, table_id)
            if table is None or table.status != "active" or table.flagged:
                return []
            mover = db.scalar(select(Move.user_id).where(Move.table_id == table.id, Move.seq == table.seq))
            watching = self._viewers(table.id)
            users = {
                s.user_id
                for s in table.seats  # a seat a bot plays for its timed-out player: no notice
                if s.user_id is not None and not s.bot and s.role in (table.active_roles or [])
            }
            to_tell = [u for u in sorted(users - watching - {mover}) if not _told_since_they_moved(db, table, u)]
            state = _state_of(db, table) if to_tell else {}
            for user_id in to_tell:
                with i18n.use(_language_of(db, user_id)) as lang:  # written in its reader's language
                    text = _("Your turn at {table} as {seat}.").format(
                        table=_title(table), seat=_seats_of(table, state, user_id, lang)
                    )
                notice = Notice(
                    user_id=user_id, table_id=table.id, seq=table.seq, kind="turn", text=text, created_at=now
                )
                db.add(notice)
                try:
                    db.commit()
                except IntegrityError:  # already told (the same news twice)
                    db.rollback()
                    continue
                made.append(notice)
                prefs = db.get(NoticeSettings, user_id)
                if prefs is None or prefs.mode == "every":
                    self._queue_message(db, prefs, db.get_one(User, user_id), notice.text, [table], now)
                    notice.digested = True
                    db.commit()
        return made

    def flush_digests(self, now: datetime | None = None, due: list[int] | None = None) -> int:
        """One message per digest user with news, once their N hours since the last digest are up; it lists
        every table waiting for them. ``due``: those users, when the caller has just read them (``round``).
        Returns how many digests were queued."""
        now = now or utcnow()
        sent = 0
        with self._sessions() as db:
            for user_id in _due_digests(db, now) if due is None else due:
                prefs = db.get(NoticeSettings, user_id)
                if prefs is None or prefs.mode != "digest":  # changed since it was read
                    continue
                # claim the digest: of several processes, the one whose update finds it still due sends it
                claimed = db.execute(
                    update(NoticeSettings)
                    .where(
                        NoticeSettings.user_id == user_id,
                        NoticeSettings.mode == "digest",
                        NoticeSettings.last_digest_at <= now - timedelta(hours=prefs.digest_hours),
                    )
                    .values(last_digest_at=now)
                    .execution_options(synchronize_session=False)
                )
                if rowcount(claimed) != 1:
                    db.rollback()
                    continue
                waiting = waiting_tables(db, user_id)
                if waiting:
                    with i18n.use(_language_of(db, user_id)):
                        text = (
                            ngettext(
                                "{n} table waiting for you: ", "{n} tables waiting for you: ", len(waiting)
                            ).format(n=len(waiting))
                            + "; ".join(_title(t) for t in waiting)
                            + "."
                        )
                    self._queue_message(db, prefs, db.get_one(User, user_id), text, waiting, now)
                    sent += 1
                db.execute(
                    update(Notice).where(Notice.user_id == user_id, Notice.digested.is_(False)).values(digested=True)
                )
                db.commit()
        return sent

    def tell(
        self, user_id: int, table: GameTable, text: str | Callable[[], str], path: str, kind: str = "invite"
    ) -> None:
        """A notice of something else than a turn (an invitation to a rematch), sent at once in any mode. ``text``
        may be a function that writes it: it is called in the recipient's language."""
        now = utcnow()
        with self._sessions() as db:
            if callable(text):
                with i18n.use(_language_of(db, user_id)):
                    text = text()
            db.add(
                Notice(
                    user_id=user_id,
                    table_id=table.id,
                    seq=table.seq,
                    kind=kind,
                    text=text,
                    link=path,
                    digested=True,
                    created_at=now,
                )
            )
            try:
                db.commit()
            except IntegrityError:
                db.rollback()
                return
            self._queue_message(
                db, db.get(NoticeSettings, user_id), db.get_one(User, user_id), text, [table], now, path=path
            )
            db.commit()
        self.poke(0)  # wake the sender

    def _link(self, path: str) -> str:
        return self._settings.public_url.rstrip("/") + path

    def _queue_message(
        self,
        db: Session,
        prefs: NoticeSettings | None,
        user: User,
        text: str,
        tables: list[GameTable],
        now: datetime,
        path: str | None = None,
    ) -> None:
        if prefs is None:
            return
        links = [(t, self._link(path or f"/tables/{t.id}")) for t in tables]
        subject = f"Siglo de Oro: {text}"[:200]
        with i18n.use(user.language):
            yours, no_more = _("Your notices: {url}"), _("No more e-mail: {url}")
        if prefs.email and not prefs.email_off and self._settings.smtp_host:
            body = "\n".join(
                [text, ""]
                + [f"{_title(t)}: {url}" for t, url in links]
                + [
                    "",
                    yours.format(url=self._link("/notices")),
                    no_more.format(url=self._link("/notices/unsubscribe/" + unsubscribe_token(self._secret, user.id))),
                ]
            )
            db.add(
                Delivery(
                    user_id=user.id,
                    channel="email",
                    target=prefs.email,
                    subject=subject,
                    body=body,
                    next_at=now,
                    created_at=now,
                )
            )
        if prefs.webhook_url:
            body = text + "\n" + "\n".join(url for _, url in links)
            if prefs.webhook_format == "chat":
                payload: dict[str, Any] = {"content": body, "text": body}  # Discord reads content, Slack text
            else:
                payload = {
                    "event": "digest" if prefs.mode == "digest" else "your_turn",
                    "user": user.username,
                    "text": text,
                    "tables": [{"id": t.id, "name": t.name, "game": t.game_id, "url": url} for t, url in links],
                }
            db.add(
                Delivery(
                    user_id=user.id,
                    channel="webhook",
                    target=prefs.webhook_url,
                    subject=subject,
                    body=orjson.dumps(payload).decode(),
                    next_at=now,
                    created_at=now,
                )
            )

    # --- deliveries ---
    def deliver_due(self, now: datetime | None = None) -> int:
        """Send every pending delivery that is due; a failure waits and retries (doubling the pause) until
        ``notice_attempts`` are used up. Each is claimed first, so two processes never send one twice."""
        now = now or utcnow()
        done = 0
        with self._sessions() as db:
            due = list(
                db.scalars(
                    select(Delivery)
                    .where(Delivery.status == "pending", Delivery.next_at <= now)
                    .order_by(Delivery.id)
                    .limit(100)
                )
            )
            for d in due:
                tries = d.attempts
                lease = now + timedelta(seconds=self._settings.notice_timeout_seconds * 3)
                claimed = db.execute(
                    update(Delivery)
                    .where(Delivery.id == d.id, Delivery.status == "pending", Delivery.attempts == tries)
                    .values(attempts=tries + 1, next_at=lease)
                )
                db.commit()
                if rowcount(claimed) != 1:
                    continue
                db.refresh(d)
                try:
                    self._send(d)
                except Exception as exc:  # noqa: BLE001 (any failure of one delivery is logged on it and retried)
                    d.error = f"{type(exc).__name__}: {exc}"[:1000]
                    if d.attempts >= self._settings.notice_attempts:
                        d.status = "failed"
                    else:
                        pause = self._settings.notice_retry_seconds * 2 ** (d.attempts - 1)
                        d.next_at = utcnow() + timedelta(seconds=pause)
                    log.warning("delivery %s (%s) failed, attempt %s: %s", d.id, d.channel, d.attempts, d.error)
                else:
                    d.status, d.sent_at, d.error = "sent", utcnow(), None
                    done += 1
                db.commit()
        return done

    def _send(self, d: Delivery) -> None:
        s = self._settings
        if d.channel == "webhook":
            r = webhooks.post(d.target, d.body, s.notice_timeout_seconds, s.webhook_allowed_hosts)
            r.raise_for_status()
            return
        msg = EmailMessage()
        msg["From"], msg["To"], msg["Subject"] = s.smtp_sender or f"siglo@{s.smtp_host}", d.target, d.subject
        unsub = self._link("/notices/unsubscribe/" + unsubscribe_token(self._secret, d.user_id))
        msg["List-Unsubscribe"] = f"<{unsub}>"
        msg["List-Unsubscribe-Post"] = "List-Unsubscribe=One-Click"
        msg.set_content(d.body)
        smtp_class = smtplib.SMTP_SSL if s.smtp_tls == "ssl" else smtplib.SMTP
        with smtp_class(s.smtp_host, s.smtp_port, timeout=s.notice_timeout_seconds) as smtp:
            if s.smtp_tls == "starttls":
                smtp.starttls()
            if s.smtp_user:
                smtp.login(s.smtp_user, s.smtp_password)
            smtp.send_message(msg)
