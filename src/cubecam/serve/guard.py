"""Who the server lets in: the table's own page, never another site, nor a stranger on the Wi-Fi.

- The ``Host`` header must name this server, so that a page elsewhere whose name is made to
  point at 127.0.0.1 (DNS rebinding) cannot read the score log.
- A request sent by a page (``Origin``) must come from the page's own origin, so that a
  form on another site cannot post a photo or a turn.
- Served to the network, the server makes an access code when it starts; the address it
  prints carries it (``/?code=...``), opening that address gives the phone a cookie, and
  every request without the cookie is refused.
- Every answer carries a Content-Security-Policy that fits the page, ``nosniff`` and frame
  denial.

>>> Access.served("127.0.0.2").code is None, Access.served("0.0.0.0").code is not None
(True, True)
>>> host_name("[::1]:8000"), host_name("Example.LAN:80"), host_name("127.0.0.1")
('::1', 'example.lan', '127.0.0.1')
"""

from __future__ import annotations

import hmac
import secrets
import socket
from dataclasses import dataclass
from urllib.parse import parse_qs

from starlette.datastructures import Headers
from starlette.requests import cookie_parser
from starlette.responses import JSONResponse, RedirectResponse, Response
from starlette.types import ASGIApp, Message, Receive, Scope, Send

from cubecam.serve.network import ANY_HOSTS, is_loopback, local_addresses

LOOPBACK_HOSTS = frozenset({"127.0.0.1", "localhost", "::1"})
"""The names this machine answers to on its loopback."""
COOKIE = "cubecam_access"
SECURITY_HEADERS = (
    (
        b"content-security-policy",
        b"default-src 'self'; img-src 'self' blob: data:; object-src 'none'; "
        b"base-uri 'none'; form-action 'self'; frame-ancestors 'none'",
    ),
    (b"x-content-type-options", b"nosniff"),
    (b"x-frame-options", b"DENY"),
    (b"referrer-policy", b"no-referrer"),
)


@dataclass(frozen=True)
class Access:
    """The host names the server answers to, and its access code when served to the network."""

    names: frozenset[str]
    code: str | None = None

    @classmethod
    def served(cls, host: str) -> Access:
        """The access for a server listening on ``host``: loopback names only on this machine;
        the address, the machine's names and a fresh code on the network."""
        if is_loopback(host):
            return cls(LOOPBACK_HOSTS | {host.lower()})
        machine = socket.gethostname().lower()
        names = {host.lower(), machine, f"{machine}.local", socket.getfqdn().lower()}
        if host in ANY_HOSTS:
            names |= LOOPBACK_HOSTS | set(local_addresses())
        else:
            names |= set(_addresses(host))
        return cls(frozenset(names), secrets.token_urlsafe(16))


def _addresses(host: str) -> list[str]:
    """The addresses a host name stands for (none when it does not resolve)."""
    try:
        return [str(info[4][0]) for info in socket.getaddrinfo(host, None)]
    except OSError:
        return []


def host_name(host: str) -> str:
    """The name in a ``Host`` header, without its port or an IPv6 address's brackets."""
    host = host.strip().lower()
    if host.startswith("["):
        return host[1 : host.find("]")] if "]" in host else host
    name, _, port = host.rpartition(":")
    return name if name and port.isdigit() else host


class Guard:
    """The middleware that checks every request as the module says, and adds the headers."""

    def __init__(self, app: ASGIApp, access: Access) -> None:
        self.app = app
        self.access = access

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return

        async def send_with_headers(message: Message) -> None:
            if message["type"] == "http.response.start":
                message["headers"] = [*message.get("headers", []), *SECURITY_HEADERS]
            await send(message)

        response = self._refusal(scope)
        if response is None:
            await self.app(scope, receive, send_with_headers)
        else:
            await response(scope, receive, send_with_headers)

    def _refusal(self, scope: Scope) -> Response | None:
        """The answer to a request that may not pass (None when it may)."""
        headers = Headers(scope=scope)
        host = headers.get("host", "")
        if host_name(host) not in self.access.names:
            return _refused(400, "this server does not answer to that name: open its own address")
        scheme = scope.get("scheme", "http")
        origin = headers.get("origin")
        if origin is not None and origin.lower() != f"{scheme}://{host.lower()}":
            return _refused(403, "requests from other sites are refused: use cubecam's own page")
        code = self.access.code
        if code is None:
            return None
        given = parse_qs(scope.get("query_string", b"").decode("latin-1")).get("code")
        if scope["path"] == "/" and given:
            if not hmac.compare_digest(given[0].encode(), code.encode()):
                return _refused(403, "that access code is wrong: scan the QR code cubecam printed")
            opened = RedirectResponse("/", status_code=303)
            opened.set_cookie(COOKIE, code, httponly=True, samesite="lax", secure=scheme == "https")
            return opened
        cookie = cookie_parser(headers.get("cookie", "")).get(COOKIE, "")
        if not hmac.compare_digest(cookie.encode(), code.encode()):
            return _refused(
                401, "open the address cubecam serve printed (with its code), or scan its QR code"
            )
        return None


def _refused(status: int, detail: str) -> JSONResponse:
    headers = {"WWW-Authenticate": 'Cookie realm="cubecam"'} if status == 401 else None
    return JSONResponse({"detail": detail}, status_code=status, headers=headers)
