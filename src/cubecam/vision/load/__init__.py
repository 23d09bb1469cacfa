"""The load stage: :mod:`.decode` reads a photo (EXIF orientation applied, bad files
refused) at the size it is worked at, and :mod:`.evaluate` checks it on labelled folders."""
