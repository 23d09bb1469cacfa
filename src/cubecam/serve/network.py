"""Where phones on the same network can reach the server, and the QR code that opens it."""

from __future__ import annotations

import io
import ipaddress
import socket

import qrcode

from cubecam.errors import InputError

ANY_HOSTS = ("0.0.0.0", "::")


def is_loopback(host: str) -> bool:
    """Whether listening on ``host`` serves this machine alone: ``localhost``, 127.0.0.0/8 or
    ::1. Any other address or name serves the network.

    >>> [is_loopback(h) for h in ("localhost", "127.0.0.2", "::1", "0.0.0.0", "10.0.0.5", "pc.lan")]
    [True, True, True, False, False, False]
    """
    if host.lower().rstrip(".") == "localhost":
        return True
    try:
        return ipaddress.ip_address(host.strip("[]")).is_loopback
    except ValueError:
        return False


def local_addresses() -> list[str]:
    """This machine's IPv4 addresses other than loopback, private ones first.

    A UDP socket's ``connect`` sends nothing; it only asks the kernel which
    local address would route outward (192.0.2.1 is a documentation address).
    """
    candidates = set()
    try:
        for info in socket.getaddrinfo(socket.gethostname(), None, socket.AF_INET):
            candidates.add(str(info[4][0]))
    except OSError:
        pass
    with socket.socket(socket.AF_INET, socket.SOCK_DGRAM) as probe:
        try:
            probe.connect(("192.0.2.1", 9))
            candidates.add(probe.getsockname()[0])
        except OSError:
            pass
    return sorted(
        (a for a in candidates if not ipaddress.ip_address(a).is_loopback),
        key=lambda a: not ipaddress.ip_address(a).is_private,
    )


def lan_address() -> str | None:
    """This machine's address on the local network, or None when it has none."""
    usable = local_addresses()
    return usable[0] if usable else None


def page_urls(host: str, port: int, code: str | None = None, scheme: str = "http") -> list[str]:
    """The addresses to open the page at, the one for phones first; ``code`` is the access
    code a server on the network asks for (see :mod:`cubecam.serve.guard`)."""
    query = f"?code={code}" if code else ""
    if host in ANY_HOSTS:
        lan = lan_address()
        local = f"{scheme}://127.0.0.1:{port}/{query}"
        return [f"{scheme}://{lan}:{port}/{query}", local] if lan else [local]
    shown = f"[{host}]" if ":" in host else host
    return [f"{scheme}://{shown}:{port}/{query}"]


def qr_text(url: str) -> str:
    """A QR code of ``url`` drawn with text characters, for a terminal."""
    code = qrcode.QRCode(border=4)  # the quiet zone a reader needs, light on a dark terminal
    code.add_data(url)
    out = io.StringIO()
    code.print_ascii(out=out, invert=True)
    return out.getvalue()


def check_can_listen(host: str, port: int) -> None:
    """Raise a clear InputError when ``host:port`` cannot be listened on (in use, no such address)."""
    family = socket.AF_INET6 if ":" in host else socket.AF_INET
    with socket.socket(family, socket.SOCK_STREAM) as probe:
        probe.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
        try:
            probe.bind((host, port))
        except OSError as error:
            raise InputError(
                f"cannot listen on {host}:{port} ({error.strerror}): choose another --port or --host"
            ) from None
