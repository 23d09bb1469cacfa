"""Checks on what a client uploads: size, declared type, and that the bytes really are a picture."""

from __future__ import annotations

from fastapi import UploadFile

from cubecam.errors import BadImage, InputError

MAX_PHOTO_BYTES = 20 * 1024 * 1024
PHOTO_TYPES = frozenset(
    {"image/jpeg", "image/png", "image/webp", "image/heic", "image/heif", "image/bmp"}
)
_CHUNK = 1024 * 1024


class UploadTooLarge(InputError):
    """An upload over the size limit (answered with HTTP 413)."""


def read_photo_upload(upload: UploadFile, limit: int = MAX_PHOTO_BYTES) -> bytes:
    """The bytes of an uploaded photo, refusing other content types and anything over ``limit``.

    Whether the bytes decode as an image is checked by whoever decodes them
    (``cubecam.vision.load_image``), which raises :class:`~cubecam.errors.BadImage`.
    """
    content_type = (upload.content_type or "").split(";")[0].strip().lower()
    if content_type not in PHOTO_TYPES:
        shown = content_type or "no content type"
        raise BadImage(
            f"{upload.filename or 'the upload'} is not a photo ({shown}): send a JPEG or PNG"
        )
    return read_upload(upload, "photo", limit)


def read_upload(upload: UploadFile, what: str, limit: int) -> bytes:
    """The bytes of an upload (``what`` it is: a photo, a word list), refusing an empty one and
    reading no further than ``limit``."""
    data = bytearray()
    while chunk := upload.file.read(_CHUNK):
        data += chunk
        if len(data) > limit:
            raise UploadTooLarge(
                f"the {what} is over {limit // (1024 * 1024)} MB: send a smaller one"
            )
    if not data:
        raise InputError(f"the {what} is empty (0 bytes)")
    return bytes(data)
