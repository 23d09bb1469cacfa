"""The server's own certificate: made once for this machine's addresses, its key kept private."""

from __future__ import annotations

import ipaddress
from pathlib import Path

from cryptography import x509

from cubecam.serve.certificate import certificate, subject_names


def test_a_certificate_is_made_once_for_the_addresses_given(tmp_path: Path) -> None:
    made = certificate(tmp_path, ("192.168.1.20", "laptop.local"))
    cert = x509.load_pem_x509_certificate(made.cert.read_bytes())
    names = cert.extensions.get_extension_for_class(x509.SubjectAlternativeName).value
    assert names.get_values_for_type(x509.DNSName) == ["laptop.local", "localhost"]
    assert set(names.get_values_for_type(x509.IPAddress)) == {
        ipaddress.ip_address("127.0.0.1"),
        ipaddress.ip_address("192.168.1.20"),
    }
    assert made.key.stat().st_mode & 0o077 == 0
    again = certificate(tmp_path, ("laptop.local", "127.0.0.1"))
    assert again == made and again.cert.read_bytes() == made.cert.read_bytes()
    assert len(made.fingerprint.split(":")) == 32 and made.fingerprint in made.how_to_accept()


def test_a_new_address_is_added_to_the_kept_certificate_with_its_key(tmp_path: Path) -> None:
    made = certificate(tmp_path, ("192.168.1.20",))
    key = made.key.read_bytes()
    wider = certificate(tmp_path, ("Laptop.LAN",))
    assert wider.fingerprint != made.fingerprint and wider.key.read_bytes() == key
    cert = x509.load_pem_x509_certificate(wider.cert.read_bytes())
    assert subject_names(cert) == {"localhost", "laptop.lan", "127.0.0.1", "192.168.1.20"}
    assert certificate(tmp_path, ("192.168.1.20", "laptop.lan")) == wider
