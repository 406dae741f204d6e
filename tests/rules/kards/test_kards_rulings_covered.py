"""Every Kards ruling KRD-1 … KRD-33 has at least one test named after it in this folder."""

import re
from pathlib import Path


def test_every_ruling_has_a_test_by_name():
    names = " ".join(re.findall(r"def (test_\w+)", " ".join(p.read_text() for p in Path(__file__).parent.glob("test_*.py"))))
    covered = {int(n) for n in re.findall(r"KRD_(\d+)(?=_|\b)", names)}
    assert set(range(1, 34)) - covered == set()
