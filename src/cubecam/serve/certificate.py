"""The server's own TLS certificate, made once and kept in the data folder.

Browsers give the live camera only to a secure page, so ``cubecam serve`` serves HTTPS
wherever it serves the network (any ``--host`` but this machine's own loopback). Nobody
outside the table vouches for this machine, so the certificate is signed by itself: a
phone's browser warns once, and the player accepts it there.
"""

from __future__ import annotations

import datetime
import ipaddress
from dataclasses import dataclass
from pathlib import Path

from cryptography import x509
from cryptography.exceptions import UnsupportedAlgorithm
from cryptography.hazmat.primitives import hashes, serialization
from cryptography.hazmat.primitives.asymmetric import ec
from cryptography.hazmat.primitives.asymmetric.types import PrivateKeyTypes
from cryptography.x509.oid import NameOID

from cubecam.errors import InputError
from cubecam.user_files import read_user_bytes, write_user_file

CERT_FILE = "cert.pem"
KEY_FILE = "key.pem"
# Apple's devices refuse a server certificate valid for longer than 825 days.
VALID_DAYS = 825


@dataclass(frozen=True)
class Certificate:
    """The certificate and key files, and the fingerprint a player can compare on the phone."""

    cert: Path
    key: Path
    fingerprint: str

    def how_to_accept(self) -> str:
        """What to do on a phone the first time it opens the page."""
        return (
            "The page is served over HTTPS with a certificate this machine made for itself,\n"
            "so a phone's browser warns the first time. Tap 'Advanced' (or 'Show Details'),\n"
            "then 'Proceed' (or 'visit this website'). The certificate's SHA-256 fingerprint,\n"
            "shown under the padlock or in the warning's details, is:\n"
            f"  {self.fingerprint}"
        )


def certificate(folder: Path, addresses: tuple[str, ...] = ()) -> Certificate:
    """The certificate kept in ``folder``, valid for ``localhost``, 127.0.0.1 and ``addresses``
    (IP addresses or host names). It is made there first when it is missing or out of date,
    and made again with the same key, for the names it had and ``addresses``, when it lacks
    one of them (a new host name or LAN address: the phones then accept it once more).

    >>> import tempfile
    >>> folder = Path(tempfile.mkdtemp())
    >>> certificate(folder).fingerprint == certificate(folder, ("127.0.0.1",)).fingerprint
    True
    >>> certificate(folder, ("laptop.lan",)).fingerprint == certificate(folder).fingerprint
    True
    >>> sorted(subject_names(x509.load_pem_x509_certificate((folder / CERT_FILE).read_bytes())))
    ['127.0.0.1', 'laptop.lan', 'localhost']
    """
    cert_path, key_path = folder / CERT_FILE, folder / KEY_FILE
    wanted = {_canonical(address) for address in addresses}
    key = None
    if cert_path.is_file() and key_path.is_file():
        cert, kept = _kept(cert_path, key_path)
        if cert.not_valid_after_utc > _now() + datetime.timedelta(days=1):
            named = subject_names(cert)
            if wanted <= named:
                return Certificate(cert_path, key_path, _fingerprint(cert))
            wanted |= named
            key = kept if isinstance(kept, ec.EllipticCurvePrivateKey) else None
    if key is None:
        key = ec.generate_private_key(ec.SECP256R1())
    cert = _self_signed(key, tuple(sorted(wanted)))
    private = key.private_bytes(
        serialization.Encoding.PEM, serialization.PrivateFormat.PKCS8, serialization.NoEncryption()
    )
    write_user_file(key_path, private, "HTTPS key", private=True)
    write_user_file(cert_path, cert.public_bytes(serialization.Encoding.PEM), "HTTPS certificate")
    return Certificate(cert_path, key_path, _fingerprint(cert))


def _kept(cert_path: Path, key_path: Path) -> tuple[x509.Certificate, PrivateKeyTypes]:
    """The kept certificate and its key, checked: each must read, and be the other's."""
    problem = f"{cert_path.name} is not a certificate"
    try:
        cert = x509.load_pem_x509_certificate(read_user_bytes(cert_path, "HTTPS certificate"))
        problem = f"{key_path.name} is not a private key"
        key = serialization.load_pem_private_key(read_user_bytes(key_path, "HTTPS key"), None)
        problem = f"{key_path.name} is not the key of {cert_path.name}"
        if key.public_key() != cert.public_key():
            raise ValueError(problem)
    except (ValueError, TypeError, UnsupportedAlgorithm, InputError):
        raise InputError(
            f"the HTTPS certificate in {cert_path.parent} is damaged ({problem}): delete "
            f"{cert_path.name} and {key_path.name} there and cubecam serve makes a new one "
            "(phones then accept it once more)"
        ) from None
    return cert, key


def subject_names(cert: x509.Certificate) -> set[str]:
    """The host names and IP addresses a certificate is valid for."""
    names = cert.extensions.get_extension_for_class(x509.SubjectAlternativeName).value
    return {
        *names.get_values_for_type(x509.DNSName),
        *map(str, names.get_values_for_type(x509.IPAddress)),
    }


def _canonical(address: str) -> str:
    """An address as a certificate names it: an IP address in its short form, a name in
    lower case."""
    try:
        return str(ipaddress.ip_address(address.strip("[]")))
    except ValueError:
        return address.lower().rstrip(".")


def _self_signed(key: ec.EllipticCurvePrivateKey, addresses: tuple[str, ...]) -> x509.Certificate:
    name = x509.Name([x509.NameAttribute(NameOID.COMMON_NAME, "cubecam")])
    ips, hosts = {ipaddress.ip_address("127.0.0.1")}, {"localhost"}
    for address in addresses:
        try:
            ips.add(ipaddress.ip_address(address))
        except ValueError:
            hosts.add(address)
    names = [
        *(x509.DNSName(host) for host in sorted(hosts)),
        *(x509.IPAddress(ip) for ip in sorted(ips, key=str)),
    ]
    now = _now()
    return (
        x509.CertificateBuilder()
        .subject_name(name)
        .issuer_name(name)
        .public_key(key.public_key())
        .serial_number(x509.random_serial_number())
        .not_valid_before(now - datetime.timedelta(hours=1))
        .not_valid_after(now + datetime.timedelta(days=VALID_DAYS))
        .add_extension(x509.SubjectAlternativeName(names), critical=False)
        .add_extension(x509.BasicConstraints(ca=False, path_length=None), critical=True)
        .add_extension(
            x509.ExtendedKeyUsage([x509.oid.ExtendedKeyUsageOID.SERVER_AUTH]), critical=False
        )
        .sign(key, hashes.SHA256())
    )


def _fingerprint(cert: x509.Certificate) -> str:
    return cert.fingerprint(hashes.SHA256()).hex(":").upper()


def _now() -> datetime.datetime:
    return datetime.datetime.now(datetime.UTC)
