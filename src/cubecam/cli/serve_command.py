"""``cubecam serve``: the phone page on this machine (or the local network)."""

from __future__ import annotations

from pathlib import Path

import click

from cubecam import paths
from cubecam.cli.options import db_option
from cubecam.cubesets import load_cubeset


@click.command()
@click.option(
    "--host",
    default="127.0.0.1",
    show_default=True,
    help="Address or host name to listen on; 0.0.0.0 (or this machine's LAN address or name) "
    "serves phones on the same Wi-Fi.",
)
@click.option(
    "--port",
    default=8000,
    show_default=True,
    type=click.IntRange(1, 65535),
    help="The port to listen on.",
)
@db_option
@click.option(
    "--set",
    "cubesets",
    metavar="NAME",
    multiple=True,
    help="Play with your own set (one you calibrated): each game whose set it is like, "
    "the word hunt with a set of dice. Repeat it for several.",
)
@click.option(
    "--tls/--no-tls",
    default=None,
    help="Serve HTTPS, with a certificate made once and kept in the data folder (a phone's "
    "browser opens the live camera only on a secure page). Default: HTTPS on any --host that "
    "serves the network (0.0.0.0, a LAN address or name), plain HTTP on this machine alone "
    "(localhost, 127.0.0.0/8, ::1).",
)
@click.option(
    "--data-dir",
    type=click.Path(file_okay=False, path_type=Path),
    help="Where photos are kept (default: the user's data folder).",
)
def serve(
    host: str,
    port: int,
    db_path: Path | None,
    cubesets: tuple[str, ...],
    tls: bool | None,
    data_dir: Path | None,
) -> None:
    """Serve the phone page: photo in, annotated layout and tally out."""
    from cubecam.serve import create_app
    from cubecam.serve.certificate import certificate
    from cubecam.serve.guard import Access
    from cubecam.serve.network import (
        ANY_HOSTS,
        check_can_listen,
        is_loopback,
        lan_address,
        page_urls,
        qr_text,
    )
    from cubecam.serve.server import serve as serve_app

    own = [load_cubeset(name) for name in cubesets]
    check_can_listen(host, port)
    access = Access.served(host)
    data = data_dir or paths.data_dir()
    app = create_app(data, db_path, own, access=access)
    secure = not is_loopback(host) if tls is None else tls
    address = lan_address() if host in ANY_HOSTS else host
    cert = certificate(paths.tls_dir(data), (address,) if address else ()) if secure else None
    urls = page_urls(host, port, access.code, "https" if secure else "http")
    click.echo(f"cubecam: serving the page at {urls[0]}")
    if access.code:
        click.echo(
            "Open it on a phone on the same Wi-Fi, or scan (the code in it lets the phone in):"
        )
        click.echo(qr_text(urls[0]))
        if len(urls) > 1:
            click.echo(f"On this machine: {urls[-1]}")
    else:
        click.echo("Only this machine can open it; --host 0.0.0.0 serves phones on the same Wi-Fi.")
    if cert is None:
        serve_app(app, host, port)
    else:
        click.echo(cert.how_to_accept())
        serve_app(app, host, port, ssl_certfile=str(cert.cert), ssl_keyfile=str(cert.key))


COMMANDS = [serve]
