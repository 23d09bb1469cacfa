"""The detector's lab: labelled photos and training targets (:mod:`.dataset`, with
:mod:`.augment` and :mod:`.closeups`), the network's training (:mod:`.train`), the verifier's and
the refiner's data and training (:mod:`.verifier_dataset`, :mod:`.train_verifier`,
:mod:`.refiner_dataset`, :mod:`.train_refiner`, sharing :mod:`.patch_training`), averaging two
trained networks (:mod:`.average`) and the evaluation of found faces (:mod:`.evaluate`)."""
