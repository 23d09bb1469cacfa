"""``cubecam serve``: the phone page and the JSON API behind it."""

from cubecam.serve.app import create_app

__all__ = ["create_app"]
