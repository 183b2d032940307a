"""Mail for accounts (address confirmation, password resets), through the standard library.

``MAJIANG_SMTP_URL`` says where: ``smtp://[user:password@]host[:port]`` (plain, port 25),
``smtp+starttls://...`` (STARTTLS, port 587) or ``smtps://...`` (TLS, port 465). Without it the
mail, link included, is written to the server's log instead, for a server run by its player.
"""

from __future__ import annotations

import logging
import smtplib
import ssl
from email.message import EmailMessage
from urllib.parse import unquote, urlsplit

from majiang.server.settings import Settings

log = logging.getLogger("majiang.mail")

#: the schemes of MAJIANG_SMTP_URL and their default ports
SCHEMES = {"smtp": 25, "smtp+starttls": 587, "smtps": 465}


def send_mail(settings: Settings, to: str, subject: str, body: str) -> None:
    """Send a plain-text mail to ``to`` (or log it when no SMTP server is set)."""
    message = EmailMessage()
    message["From"] = settings.mail_from
    message["To"] = to
    message["Subject"] = subject
    message.set_content(body)
    if not settings.smtp_url:
        log.warning("no MAJIANG_SMTP_URL: the mail to %s is not sent:\n%s", to, body)
        return
    url = urlsplit(settings.smtp_url)
    if url.scheme not in SCHEMES:
        raise ValueError(
            f"MAJIANG_SMTP_URL must start with smtp://, smtp+starttls:// or smtps://, "
            f"got {settings.smtp_url.split(':')[0]!r}"
        )
    host, port = url.hostname or "localhost", url.port or SCHEMES[url.scheme]
    smtp: smtplib.SMTP
    if url.scheme == "smtps":
        smtp = smtplib.SMTP_SSL(host, port, context=ssl.create_default_context(), timeout=30)
    else:
        smtp = smtplib.SMTP(host, port, timeout=30)
    with smtp:
        if url.scheme == "smtp+starttls":
            smtp.starttls(context=ssl.create_default_context())
        if url.username:
            smtp.login(unquote(url.username), unquote(url.password or ""))
        smtp.send_message(message)
