"""Which edition of the exercises this copy of spynb belongs to: ``"teacher"`` or ``"student"``.

A checkout, the tests and the teacher's site are the teacher's edition; the
site build writes ``"student"`` here in the copy of spynb the student site
ships (``lite/editions.py``).  The environment variable ``SPYNB_EDITION``
overrides it (the tests run the student notebooks that way).
"""

EDITION = "teacher"
