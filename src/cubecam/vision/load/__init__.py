"""The load stage: :mod:`.decode` reads a photo (EXIF orientation applied, bad files
refused) at the size it is worked at (checked on labelled folders by the lab's
:mod:`cubecam_lab.load.evaluate`)."""
