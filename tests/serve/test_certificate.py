"""The server's own certificate: made once for this machine's addresses, its key kept private."""

from __future__ import annotations

import ipaddress
from pathlib import Path

import pytest
from cryptography import x509

from cubecam.errors import InputError
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


def _cut(data: bytes) -> bytes:
    return data[: len(data) // 2]


@pytest.mark.parametrize("damage", [lambda _: b"", _cut, lambda _: b"not PEM\n" * 20])
@pytest.mark.parametrize("name", ["cert.pem", "key.pem"])
def test_a_damaged_certificate_or_key_is_one_line_saying_what_to_delete(
    tmp_path: Path, name: str, damage
) -> None:
    certificate(tmp_path)
    (tmp_path / name).write_bytes(damage((tmp_path / name).read_bytes()))
    with pytest.raises(InputError) as refused:
        certificate(tmp_path)
    said = str(refused.value)
    assert f"damaged ({name} is not a" in said and "\n" not in said
    assert said.endswith(
        "delete cert.pem and key.pem there and cubecam serve makes a new one "
        "(phones then accept it once more)"
    )


def test_a_key_of_another_certificate_is_refused(tmp_path: Path) -> None:
    certificate(tmp_path / "one")
    certificate(tmp_path / "two")
    (tmp_path / "one" / "key.pem").write_bytes((tmp_path / "two" / "key.pem").read_bytes())
    with pytest.raises(InputError, match=r"damaged \(key.pem is not the key of cert.pem\)"):
        certificate(tmp_path / "one")
