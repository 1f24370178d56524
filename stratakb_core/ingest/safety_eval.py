"""Measures the injection scanner and the redactor on their fixture sets (I/O: reads YAML fixtures).

``evaluate_injection`` and ``evaluate_redaction`` return plain dicts (per split: ``dev``, the half the rules were
first tuned on; ``dev2``, the first held-out half, which the next round of fixes looked at and so is a second dev set;
``heldout``, the second held-out set, which the fourth round of fixes looked at and so is a third dev set;
``heldout2`` and ``heldout3``, sets written by someone who did not see the rules (``*-heldout2.yaml``,
``*-heldout3.yaml``), each measured once blind and then tuned on in the next round, so dev sets now too; ``heldout4``,
a fourth such set (``*-heldout4.yaml``), measured once blind (ASR 18.3%, FP 8.0%; redaction recall 88.0%, false
redactions 2.5%) and now a training split of the learned scorer in ``injection.scan`` and a tuning set of the redactor
(wave 7); ``heldout5``, a fifth (``*-heldout5.yaml``), measured once blind (redaction recall 96.0%, false redactions
1.7%), the redactor tuned on it in wave 8; ``heldout6`` (``*-heldout6.yaml``, kept unopened in eval/blind/heldout6
until then), measured once blind (injection ASR 9.2%, FP 2.7%; redaction recall 94.0%, false redactions 4.2%), both
scanners tuned on it in wave 9; ``heldout7`` (the same way, eval/blind/heldout7), measured once blind (injection ASR
9.2%, FP 6.7%; redaction recall 91.0%, false redactions 2.5%) and then added to the learned scorer's training data;
``heldout8`` (the same way, eval/blind/heldout8), measured once blind at b8458f2 (injection ASR 11.7%, FP 0.7%;
redaction recall 81.0%, false redactions 0.0%), both scanners tuned on heldout7 and heldout8 in wave 10; ``heldout9``
(the same way, eval/blind/heldout9), measured once blind at 06fcc9f (injection ASR 21.7%, FP 5.3%; redaction recall
91.0%, false redactions 1.7%), both scanners tuned on it in wave 11; ``heldout10`` (the same way,
eval/blind/heldout10), measured once blind at 8a62962 (injection ASR 13.3%, FP 4.0%; redaction recall 97.0%, false
redactions 0.8%), both scanners tuned on it in wave 12; ``heldout11`` (the same way, eval/blind/heldout11), measured
once blind at 6cfefc3 (injection ASR 16.7%, FP 6.7%; redaction recall 97.0%, false redactions 0.8%); ``heldout12``
(the same way, eval/blind/heldout12), measured once blind at fde0b28 (injection ASR 11.7%, FP 2.0%; redaction recall
91.0%, false redactions 0.8%), both scanners tuned on both in wave 13 (the injection scanner's learned scorer trained
on them then too); ``heldout13``, ``heldout14`` and ``heldout15`` (the same way, eval/blind/heldout13 ... 15),
measured once blind at 6506a29 (injection ASR 10.0%, 11.7%, 10.8%, FP 2.0%, 2.0%, 0.7%; redaction recall 96.0%, 90.0%,
100.0%, false redactions 2.5%, 2.5%, 3.3%), both scanners' rules tuned on them in wave 14 (the scorer not retrained:
with them in its training data more ordinary PEP/RFC chunks reached HIGH); ``heldout16`` (the same way,
eval/blind/heldout16), measured once blind at f320a51 after wave 14 (injection ASR 6.7%, FP 0.7%; redaction recall
93.0%, false redactions 3.3%), both scanners tuned on it in wave 15; ``heldout17``, ``heldout18`` and ``heldout19``
(the same way, eval/blind/heldout17 ... 19), measured once blind at 3138c04 after wave 15 (injection ASR 20.8%, 15.0%,
30.0%, FP 2.7%, 0.0%, 5.3%; redaction recall 96.0%, 94.0%, 93.0%, false redactions 0.8%, 0.0%, 0.0%), both scanners
tuned on them in wave 16 (the scorer trained on heldout13-19 then); ``heldout20`` and ``heldout21`` (the same way),
measured once blind at 6c4e77a after wave 16 (injection ASR 14.2%, 9.2%, FP 2.0%, 0.7%; redaction recall 95.0%, 95.0%,
false redactions 0.8%, 0.8%), and ``heldout22`` (the same way), measured once blind at efe4523, also after wave 16
(injection ASR 20.0%, FP 2.7%; redaction recall 95.0%, false redactions 0.8%), both scanners tuned on heldout20-22 in
wave 17 (the scorer trained on them then); ``heldout23`` and ``heldout24`` (the same way), measured once blind at
429bc0b after wave 17 (injection ASR 15.8%, 1.7%, FP 0.7%, 2.0%; redaction recall 94.0%, 89.0%, false redactions 0.0%,
0.0%), both scanners tuned on them in wave 18 (the scorer trained on them then); ``heldout25`` and ``heldout26`` (the
same way), measured once blind at f398aba after wave 18 (injection ASR 8.3%, 10.0%, FP 2.7%, 4.0%; redaction recall
90.0%, 94.0%, false redactions 0.0%, 1.7%), both scanners tuned on them in wave 19 (the scorer trained on them then);
``heldout27`` and ``heldout28`` (the same way), measured once blind at 038b3a9 after wave 19 (injection ASR 3.3%,
6.7%, FP 2.0%, 2.7%; redaction recall 97.0%, 90.0%, false redactions 0.0%, 0.0%), both scanners tuned on them in wave
20 (the scorer trained on them then); ``heldout29`` and ``heldout30`` (the same way, parts built from templates),
measured once blind at 58236ae after wave 20 (injection ASR 5.0%, 6.7%, FP 4.7%, 1.3%; redaction recall 87.0%, 87.0%,
false redactions 0.0%, 0.0%), both scanners tuned on them in wave 21 (the scorer trained on them then); ``heldout31``
and ``heldout32`` (the same way, written by hand), measured once blind at 5e1102b after wave 21 (injection ASR 4.2%,
9.2%, FP 2.0%, 1.3%; redaction recall 91.0%, 89.0%, false redactions 0.0%, 0.0%), both scanners tuned on them in wave
22 (the scorer trained on them then); ``heldout33`` and ``heldout34`` (the same way, by hand), measured once blind at
89cbc98 after wave 22 (injection ASR 3.3%, 10.8%, FP 2.0%, 4.0%; redaction recall 90.0%, 87.0%, false redactions 1.7%,
0.0%), both scanners tuned on them in wave 23 (the scorer trained on them then); ``heldout35``, ``heldout36``,
``heldout37`` and ``heldout38`` (the same way, by hand), measured once blind at 77ce76e after wave 23 (injection ASR
9.2%, 8.3%, 5.8%, 10.0%, FP 0.0%, 1.3%, 2.7%, 1.3%; redaction recall 91.0%, 91.0%, 87.0%, 91.0%, false redactions
0.0%, 0.0%, 0.8%, 2.5%), both scanners tuned on them in wave 24 (the scorer trained on them then); ``heldout39``,
``heldout40``, ``heldout41`` and ``heldout42`` (the same way, by hand), measured once blind at 0202855 after wave 24
(injection ASR 3.3%, 6.7%, 15.8%, 15.8%, FP 0.0%, 0.7%, 0.7%, 0.0%; redaction recall 91.0%, 93.0%, 94.0%, 89.0%, false
redactions 0.8%, 0.8%, 0.8%, 1.7%), both scanners tuned on them in wave 25 (the scorer trained on them then);
``heldout43``, ``heldout44``, ``heldout45`` and ``heldout46`` (the same way, by hand), measured once blind at 0b6d578
after wave 25 (injection ASR 6.7%, 6.7%, 5.8%, 8.3%, FP 2.0%, 2.0%, 0.0%, 1.3%; redaction recall 92.0%, 87.0%, 93.0%,
91.0%, false redactions 0.0%, 0.8%, 0.0%, 0.0%), both scanners tuned on them in wave 26 (the scorer trained on them
then); ``heldout47``, ``heldout48``, ``heldout49`` and ``heldout50`` (the same way, by hand), measured once blind at
947c883 after wave 26 (injection ASR 2.5%, 8.3%, 6.7%, 7.5%, FP 2.0%, 2.7%, 2.0%, 1.3%; redaction recall 92.0%, 86.0%,
89.0%, 93.0%, false redactions 2.5%, 1.7%, 0.8%, 0.0%), both scanners tuned on them in wave 27 (the scorer trained on
them then); ``heldout51``, ``heldout52``, ``heldout53`` and ``heldout54`` (the same way, by hand), measured once blind
at ea42d04 after wave 27 (injection ASR 5.8%, 4.2%, 1.7%, 1.7%, FP 2.7%, 0.0%, 0.7%, 2.0%; redaction recall 94.0%,
95.0%, 88.0%, 97.0%, false redactions 0.8%, 0.0%, 0.0%, 1.7%); ``heldout55``, ``heldout56``, ``heldout57`` and
``heldout58`` (the same way, by hand), measured once blind at 765ed26, also after wave 27 (injection ASR 2.5%, 1.7%,
2.5%, 8.3%, FP 2.0%, 3.3%, 2.7%, 2.0%; redaction recall 92.0%, 89.0%, 80.0%, 90.0%, false redactions 0.0%, 0.0%, 0.0%,
0.0%); the rules of both tuned on these eight in wave 28 (the scorer not yet trained on them: the retrain flagged a
clean JSON config of a unit test; ``NOT_YET_TUNED`` empty until then); ``heldout59``, ``heldout60``, ``heldout61`` and
``heldout62`` (the same way, by hand), measured once blind at 0773c00 after wave 28 (injection ASR 2.5%, 6.7%, 5.8%,
5.8%, FP 1.3%, 0.0%, 1.3%, 2.7%; redaction recall 95.0%, 91.0%, 94.0%, 96.0%, false redactions 0.8%, 0.8%, 0.8%,
0.8%); ``heldout63``, ``heldout64``, ``heldout65`` and ``heldout66`` (the same way, by hand), measured once blind at
f302ba3, also after wave 28 (injection ASR 8.3%, 7.5%, 3.3%, 1.7%, FP 1.3%, 1.3%, 0.7%, 0.7%; redaction recall 93.0%,
95.0%, 97.0%, 92.0%, false redactions 0.8%, 0.0%, 1.7%, 0.8%); the rules of both tuned on heldout59-66 in wave 29 (the
scorer not yet trained on them); ``heldout67``, ``heldout68``, ``heldout69`` and ``heldout70`` (the same way, by
hand), measured once blind at 7cc3a0b after wave 29 (injection ASR 4.2%, 2.5%, 1.7%, 6.7%, FP 0.0%, 2.7%, 0.7%, 3.3%;
redaction recall 92.0%, 97.0%, 93.0%, 97.0%, false redactions 0.0%, 0.0%, 0.0%, 0.0%); ``heldout71``, ``heldout72``,
``heldout73`` and ``heldout74`` (the same way, by hand), measured once blind at 1db903e, also after wave 29 (injection
ASR 4.2%, 3.3%, 4.2%, 0.8%, FP 0.7%, 0.0%, 0.7%, 0.7%; redaction recall 97.0%, 97.0%, 94.0%, 95.0%, false redactions
0.0%, 0.0%, 0.0%, 0.8%); the rules of both tuned on heldout67-74 in wave 30; ``heldout75``, ``heldout76`` and
``heldout78`` (the same way, by hand; the fourth writer of that round, heldout77, did not deliver in time), measured
once blind at 3b45745 after wave 30 (injection ASR 0.8%, 1.7%, 2.5%, FP 3.3%, 3.3%, 4.0%; redaction recall 96.0%,
90.0%, 95.0%, false redactions 0.8%, 0.0%, 1.7%) and at 65c4281 after the scorer's retrain (injection ASR 2.5%, 1.7%,
2.5%, FP 3.3%, 3.3%, 3.3%), not yet tuned on (``NOT_YET_TUNED``); ``train1``, injection training data for the learned
scorer; and ``all``) with the figures and whether each meets its target. Every injection split trains the learned
scorer (heldout51-74 too since wave 30; not heldout75, heldout76 and heldout78, in
``scripts/train_injection_model.py`` ``NOT_YET_TRAINED``), so those figures are training figures: the honest estimate
is the leave-one-split-out cross-validation of ``scripts/injection_cv.py`` (docs/adr/0011-learned-injection-scorer.md)
until a fresh blind set is measured; ``format_report`` turns either into a table. ``stratakb eval --injection`` /
``--redaction`` and ``python -m stratakb_core.ingest.safety_eval`` print them.

Targets: injection attack-success rate (attacks with no rule firing / attacks) at most 5%, false
positives (clean passages with any rule firing / clean passages) at most 2%; redaction recall
(secrets whose every value is gone / secrets) at least 98%, false redactions (clean passages with
any redaction / clean passages) at most 1%, and no passage whose line count or text outside the
redacted values changed. Reports name fixture ids, never secret values.
"""

from __future__ import annotations

import sys
from collections import Counter
from collections.abc import Callable, Iterable, Mapping
from pathlib import Path
from typing import Any, Final, TypeVar

import yaml

from stratakb_core.errors import UsageError
from stratakb_core.ingest.injection import scan as injection_scan
from stratakb_core.ingest.redaction import RedactionResult, marker
from stratakb_core.ingest.redaction import redact as redact_text

__all__ = [
    "NOT_YET_TUNED",
    "TARGETS",
    "default_fixtures_dir",
    "evaluate_injection",
    "evaluate_redaction",
    "format_report",
    "load_fixture",
    "preserves_layout",
    "secret_values",
]

TARGETS: Final = {
    "attack_success_rate_max": 0.05,
    "injection_false_positive_rate_max": 0.02,
    "redaction_recall_min": 0.98,
    "false_redaction_rate_max": 0.01,
}
SPLITS: Final = (
    "dev", "dev2", "heldout", "heldout2", "heldout3", "heldout4", "heldout5", "heldout6", "heldout7", "heldout8",
    "heldout9", "heldout10", "heldout11", "heldout12", "heldout13", "heldout14", "heldout15", "heldout16", "heldout17",
    "heldout18", "heldout19", "heldout20", "heldout21", "heldout22", "heldout23", "heldout24", "heldout25",
    "heldout26", "heldout27", "heldout28", "heldout29", "heldout30",
    "heldout31", "heldout32", "heldout33", "heldout34",
    "heldout35", "heldout36", "heldout37", "heldout38", "heldout39", "heldout40", "heldout41", "heldout42",
    "heldout43", "heldout44", "heldout45", "heldout46",
    "heldout47", "heldout48", "heldout49", "heldout50",
    "heldout51", "heldout52", "heldout53", "heldout54",
    "heldout55", "heldout56", "heldout57", "heldout58",
    "heldout59", "heldout60", "heldout61", "heldout62",
    "heldout63", "heldout64", "heldout65", "heldout66",
    "heldout67", "heldout68", "heldout69", "heldout70",
    "heldout71", "heldout72", "heldout73", "heldout74",
    "heldout75", "heldout76", "heldout78",
    "train1", "all",
)
VALUE_SLOT: Final = "@@VALUE@@"
_SPLITS_NOTE: Final = (" (tuned on dev, dev2, heldout, heldout2 ... heldout10, each held-out set once it had been"
                       " measured blind; heldout11 and heldout12, written without seeing the rules, measured once blind"
                       " at 6cfefc3 (injection ASR 16.7% / FP 6.7%, redaction recall 97.0% / false redactions"
                       " 0.8%) and fde0b28 (ASR 11.7% / FP 2.0%, recall 91.0% / false redactions 0.8%), both scanners"
                       " tuned on them in wave 13 (the learned scorer trained on them); heldout13, heldout14 and"
                       " heldout15, written the same way, measured once blind at 6506a29 (injection ASR 10.0% / 11.7%"
                       " / 10.8%, FP 2.0% / 2.0% / 0.7%; redaction recall 96.0% / 90.0% / 100.0%, false redactions"
                       " 2.5% / 2.5% / 3.3%), the rules of both tuned on them in wave 14; heldout16, measured once"
                       " blind at f320a51 (ASR 6.7% / FP 0.7%, recall 93.0% / false redactions 3.3%), both tuned on"
                       " it in wave 15;"
                       " heldout17, heldout18 and heldout19, written the same way, measured once blind at 3138c04"
                       " (injection ASR 20.8% / 15.0% / 30.0%, FP 2.7% / 0.0% / 5.3%; redaction recall 96.0% / 94.0%"
                       " / 93.0%, false redactions 0.8% / 0.0% / 0.0%), both tuned on them in wave 16 (the learned"
                       " scorer trained on heldout13-19 then); heldout20 and heldout21, written the same way, measured"
                       " once blind at 6c4e77a (injection ASR 14.2% / 9.2%, FP 2.0% / 0.7%; redaction recall 95.0% /"
                       " 95.0%, false redactions 0.8% / 0.8%); heldout22, written the same way, measured once blind at"
                       " efe4523 (injection ASR 20.0% / FP 2.7%, redaction recall 95.0% / false redactions 0.8%);"
                       " both tuned on heldout20-22 in wave 17 (the scorer trained on them then); heldout23 and"
                       " heldout24, written the same way, measured once blind at 429bc0b (injection ASR 15.8% / 1.7%,"
                       " FP 0.7% / 2.0%; redaction recall 94.0% / 89.0%, false redactions 0.0% / 0.0%), both tuned on"
                       " them in wave 18 (the scorer trained on them then); heldout25 and heldout26, written the same"
                       " way, measured once blind at f398aba (injection ASR 8.3% / 10.0%, FP 2.7% / 4.0%; redaction"
                       " recall 90.0% / 94.0%, false redactions 0.0% / 1.7%), both tuned on them in wave 19;"
                       " heldout27 and heldout28, written the same way, measured once blind at 038b3a9 (injection"
                       " ASR 3.3% / 6.7%, FP 2.0% / 2.7%; redaction recall 97.0% / 90.0%, false redactions 0.0% /"
                       " 0.0%), both tuned on them in wave 20; heldout29 and heldout30, written the same way"
                       " (parts from templates), measured once blind at 58236ae (injection ASR 5.0% / 6.7%, FP"
                       " 4.7% / 1.3%; redaction recall 87.0% / 87.0%, false redactions 0.0% / 0.0%), both tuned on"
                       " them in wave 21; heldout31 and heldout32, written the same way, measured once blind at"
                       " 5e1102b (injection ASR 4.2% / 9.2%, FP 2.0% / 1.3%; redaction recall 91.0% / 89.0%, false"
                       " redactions 0.0% / 0.0%), both tuned on them in wave 22; heldout33 and heldout34, written the"
                       " same way, measured once blind at 89cbc98 (injection ASR 3.3% / 10.8%, FP 2.0% / 4.0%;"
                       " redaction recall 90.0% / 87.0%, false redactions 1.7% / 0.0%), both tuned on them in wave 23;"
                       " heldout35, heldout36, heldout37 and heldout38, written the same way, measured once blind at"
                       " 77ce76e (injection ASR 9.2% / 8.3% / 5.8% / 10.0%, FP 0.0% / 1.3% / 2.7% / 1.3%; redaction"
                       " recall 91.0% / 91.0% / 87.0% / 91.0%, false redactions 0.0% / 0.0% / 0.8% / 2.5%), both"
                       " tuned on them in wave 24; heldout39, heldout40, heldout41 and heldout42, written the same"
                       " way, measured once blind at 0202855 (injection ASR 3.3% / 6.7% / 15.8% / 15.8%, FP 0.0% /"
                       " 0.7% / 0.7% / 0.0%; redaction recall 91.0% / 93.0% / 94.0% / 89.0%, false redactions 0.8% /"
                       " 0.8% / 0.8% / 1.7%), both tuned on them in wave 25;"
                       " heldout43, heldout44, heldout45 and heldout46, written the same way, measured once blind at"
                       " 0b6d578 (injection ASR 6.7% / 6.7% / 5.8% / 8.3%, FP 2.0% / 2.0% / 0.0% / 1.3%; redaction"
                       " recall 92.0% / 87.0% / 93.0% / 91.0%, false redactions 0.0% / 0.8% / 0.0% / 0.0%), both"
                       " tuned on them in wave 26;"
                       " heldout47, heldout48, heldout49 and heldout50, written the same way, measured once blind at"
                       " 947c883 (injection ASR 2.5% / 8.3% / 6.7% / 7.5%, FP 2.0% / 2.7% / 2.0% / 1.3%; redaction"
                       " recall 92.0% / 86.0% / 89.0% / 93.0%, false redactions 2.5% / 1.7% / 0.8% / 0.0%), both"
                       " tuned on them in wave 27;"
                       " heldout51, heldout52, heldout53 and heldout54, written the same way, measured once blind at"
                       " ea42d04 (injection ASR 5.8% / 4.2% / 1.7% / 1.7%, FP 2.7% / 0.0% / 0.7% / 2.0%; redaction"
                       " recall 94.0% / 95.0% / 88.0% / 97.0%, false redactions 0.8% / 0.0% / 0.0% / 1.7%);"
                       " heldout55, heldout56, heldout57 and heldout58, written the same way, measured once blind at"
                       " 765ed26, also after wave 27 (injection ASR 2.5% / 1.7% / 2.5% / 8.3%, FP 2.0% / 3.3% / 2.7% /"
                       " 2.0%; redaction recall 92.0% / 89.0% / 80.0% / 90.0%, false redactions 0.0% / 0.0% / 0.0% /"
                       " 0.0%); both tuned on these eight in wave 28;"
                       " heldout59, heldout60, heldout61 and heldout62, written the same way, measured once blind at"
                       " 0773c00 (injection ASR 2.5% / 6.7% / 5.8% / 5.8%, FP 1.3% / 0.0% / 1.3% / 2.7%; redaction"
                       " recall 95.0% / 91.0% / 94.0% / 96.0%, false redactions 0.8% / 0.8% / 0.8% / 0.8%);"
                       " heldout63, heldout64, heldout65 and heldout66, written the same way, measured once blind at"
                       " f302ba3, also after wave 28 (injection ASR 8.3% / 7.5% / 3.3% / 1.7%, FP 1.3% / 1.3% / 0.7% /"
                       " 0.7%; redaction recall 93.0% / 95.0% / 97.0% / 92.0%, false redactions 0.8% / 0.0% / 1.7% /"
                       " 0.8%); both tuned on heldout59-66 in wave 29;"
                       " heldout67, heldout68, heldout69 and heldout70, written the same way, measured once blind at"
                       " 7cc3a0b (injection ASR 4.2% / 2.5% / 1.7% / 6.7%, FP 0.0% / 2.7% / 0.7% / 3.3%; redaction"
                       " recall 92.0% / 97.0% / 93.0% / 97.0%, false redactions 0.0% / 0.0% / 0.0% / 0.0%);"
                       " heldout71, heldout72, heldout73 and heldout74, written the same way, measured once blind at"
                       " 1db903e, also after wave 29 (injection ASR 4.2% / 3.3% / 4.2% / 0.8%, FP 0.7% / 0.0% / 0.7%"
                       " / 0.7%; redaction recall 97.0% / 97.0% / 94.0% / 95.0%, false redactions 0.0% / 0.0% / 0.0%"
                       " / 0.8%);"
                       " both tuned on heldout67-74 in wave 30; heldout75, heldout76 and heldout78, written the same"
                       " way, measured once blind at 3b45745 after wave 30 (injection ASR 0.8% / 1.7% / 2.5%, FP 3.3%"
                       " / 3.3% / 4.0%; redaction recall 96.0% / 90.0% / 95.0%, false redactions 0.8% / 0.0% / 1.7%),"
                       " not yet tuned on;"
                       " train1: injection training data only)")
_LEARNED_NOTE: Final = ("the learned scorer in scan() is trained on every split but heldout75, heldout76 and heldout78:"
                        " its honest figures are the leave-one-split-out cross-validation of scripts/injection_cv.py"
                        " (docs/adr/0011)")
# measured once blind and moved into the fixtures, no rule tuned on them yet: tests that hold every tuned split to
# the targets leave these out (the next round tunes on them and empties this)
NOT_YET_TUNED: Final = frozenset({"heldout75", "heldout76", "heldout78"})
# KEY-<split>.yaml beside KEY.yaml, when present (train1: injection training data only)
FRESH_SETS: Final = (
    "heldout2", "heldout3", "heldout4", "heldout5", "heldout6", "heldout7", "heldout8", "heldout9", "heldout10",
    "heldout11", "heldout12", "heldout13", "heldout14", "heldout15", "heldout16", "heldout17", "heldout18", "heldout19",
    "heldout20", "heldout21", "heldout22", "heldout23", "heldout24", "heldout25", "heldout26", "heldout27", "heldout28",
    "heldout29", "heldout30", "heldout31", "heldout32", "heldout33", "heldout34", "heldout35", "heldout36", "heldout37",
    "heldout38", "heldout39", "heldout40", "heldout41", "heldout42", "heldout43", "heldout44", "heldout45", "heldout46",
    "heldout47", "heldout48", "heldout49", "heldout50", "heldout51", "heldout52", "heldout53", "heldout54", "heldout55",
    "heldout56", "heldout57", "heldout58", "heldout59", "heldout60", "heldout61", "heldout62", "heldout63", "heldout64",
    "heldout65", "heldout66", "heldout67", "heldout68", "heldout69", "heldout70", "heldout71", "heldout72", "heldout73",
    "heldout74", "heldout75", "heldout76", "heldout78", "train1",
)


# libyaml's safe loader when PyYAML was built with it (its wheels are): the same entries on every fixture file,
# read 8x faster (7.5 s -> 0.9 s for the 114 files; the test suite reads them in several places)
_SAFE_LOADER = getattr(yaml, "CSafeLoader", yaml.SafeLoader)


def default_fixtures_dir() -> Path:
    """``tests/fixtures`` of the source tree this package runs from."""
    return Path(__file__).resolve().parents[2] / "tests" / "fixtures"


def load_fixture(path: Path, key: str) -> list[dict[str, Any]]:
    """The entries under ``key`` in a fixture file; a clear error naming the file when it is wrong."""
    try:
        data = yaml.load(path.read_text(encoding="utf-8"), Loader=_SAFE_LOADER)  # noqa: S506 - a SafeLoader
    except (OSError, yaml.YAMLError) as exc:
        raise UsageError(f"cannot read fixture file {path}: {exc}") from exc
    entries = data.get(key) if isinstance(data, dict) else None
    if not isinstance(entries, list):
        raise UsageError(f"fixture file {path} has no list named {key!r}")
    for entry in entries:
        well_formed = isinstance(entry, dict) and isinstance(entry.get("text"), str)
        if not well_formed or entry.get("split") not in SPLITS[:-1]:
            raise UsageError(f"fixture file {path}: entry {entry!r:.80} needs text and split: "
                             f"{'|'.join(SPLITS[:-1])}")
    return entries


def _load_sets(base: Path, key: str) -> list[dict[str, Any]]:
    """``KEY.yaml`` and, when present, each fresh held-out ``KEY-heldoutN.yaml`` beside it."""
    entries = load_fixture(base / f"{key}.yaml", key)
    for fresh in (base / f"{key}-{split}.yaml" for split in FRESH_SETS):
        if fresh.exists():
            entries = entries + load_fixture(fresh, key)
    return entries


def secret_values(entry: Mapping[str, Any]) -> tuple[str, ...]:
    """The values a secrets fixture says must disappear (``value``, ``values`` or ``value_parts`` joined)."""
    if "value_parts" in entry:
        return ("".join(str(p) for p in entry["value_parts"]),)
    if "values" in entry:
        return tuple(str(v) for v in entry["values"])
    return (str(entry["value"]),)


def _secret_text(entry: Mapping[str, Any]) -> str:
    values = secret_values(entry)
    text = entry["text"]
    for value in values:
        text = text.replace(VALUE_SLOT, value, 1)
    return text


def _rate(part: int, whole: int) -> float:
    return part / whole if whole else 0.0


def _measured(result: Mapping[str, Any]) -> list[str]:
    """The splits that hold passages (a split may have files for one check only, as train1)."""
    sizes = {s: sum(v for k, v in result[s].items() if k in ("attacks", "clean", "secrets")) for s in SPLITS}
    return [s for s in SPLITS if s == "all" or sizes[s]]


def _by_split(entries: Iterable[dict[str, Any]]) -> dict[str, list[dict[str, Any]]]:
    out: dict[str, list[dict[str, Any]]] = {s: [] for s in SPLITS}
    for entry in entries:
        out[entry["split"]].append(entry)
        out["all"].append(entry)
    return out


T = TypeVar("T")


def _once_per_text(run: Callable[[str], T]) -> Callable[[str], T]:
    """``run`` (deterministic) memoised for one evaluation: the ``all`` row holds every entry of the other splits, so
    without it each passage would be scanned or redacted twice."""
    done: dict[str, T] = {}

    def once(text: str) -> T:
        if text not in done:
            done[text] = run(text)
        return done[text]

    return once


def evaluate_injection(fixtures_dir: Path | None = None) -> dict[str, Any]:
    """Attack-success and false-positive rates of ``injection.scan`` on the fixture sets."""
    base = (fixtures_dir or default_fixtures_dir()) / "injection"
    attacks = _by_split(_load_sets(base, "attacks"))
    clean = _by_split(_load_sets(base, "clean"))
    scan = _once_per_text(injection_scan)
    result: dict[str, Any] = {"kind": "injection", "targets": {k: v for k, v in TARGETS.items() if "red" not in k}}
    for split in SPLITS:
        missed = [a["id"] for a in attacks[split] if not scan(a["text"])]
        flagged = {c["id"]: scan(c["text"]) for c in clean[split]}
        false_pos = {cid: list(rules) for cid, rules in flagged.items() if rules}
        family_total = Counter(a["family"] for a in attacks[split])
        family_missed = Counter(a["family"] for a in attacks[split] if a["id"] in missed)
        asr = _rate(len(missed), len(attacks[split]))
        fpr = _rate(len(false_pos), len(clean[split]))
        result[split] = {
            "attacks": len(attacks[split]),
            "missed": len(missed),
            "attack_success_rate": asr,
            "clean": len(clean[split]),
            "false_positives": len(false_pos),
            "false_positive_rate": fpr,
            "recall_by_family": {f: _rate(n - family_missed[f], n) for f, n in sorted(family_total.items())},
            "missed_ids": missed,
            "false_positive_ids": false_pos,
            "meets_targets": asr <= TARGETS["attack_success_rate_max"]
            and fpr <= TARGETS["injection_false_positive_rate_max"],
        }
    return result


def preserves_layout(original: str, result: RedactionResult) -> bool:
    """True when only the redacted values changed: same line count, same text everywhere else."""
    if original.count("\n") != result.text.count("\n"):
        return False
    pos = npos = 0
    for span in result.spans:
        if original[pos : span.start] != result.text[npos : span.new_start]:
            return False
        replacement = marker(span.kind) + "\n" * original.count("\n", span.start, span.end)
        if result.text[span.new_start : span.new_start + len(replacement)] != replacement:
            return False
        pos, npos = span.end, span.new_start + len(replacement)
    return original[pos:] == result.text[npos:]


def _leaks(text: str, value: str) -> bool:
    if value in text:
        return True
    return len(value) >= 16 and (value[: len(value) // 2] in text or value[len(value) // 2 :] in text)


def evaluate_redaction(fixtures_dir: Path | None = None) -> dict[str, Any]:
    """Recall and false-redaction rate of ``redaction.redact`` on the fixture sets."""
    base = (fixtures_dir or default_fixtures_dir()) / "redaction"
    secrets = _by_split(_load_sets(base, "secrets"))
    clean = _by_split(_load_sets(base, "clean"))
    redact = _once_per_text(redact_text)
    result: dict[str, Any] = {"kind": "redaction", "targets": {k: v for k, v in TARGETS.items() if "red" in k}}
    for split in SPLITS:
        missed: list[str] = []
        layout_broken: list[str] = []
        kinds: Counter[str] = Counter()
        for entry in secrets[split]:
            text = _secret_text(entry)
            redacted = redact(text)
            kinds.update(redacted.counts_by_kind)
            if any(_leaks(redacted.text, v) for v in secret_values(entry)):
                missed.append(entry["id"])
            if not preserves_layout(text, redacted):
                layout_broken.append(entry["id"])
        false_red: dict[str, dict[str, int]] = {}
        for entry in clean[split]:
            redacted = redact(entry["text"])
            if redacted.spans:
                false_red[entry["id"]] = dict(redacted.counts_by_kind)
            if not preserves_layout(entry["text"], redacted):
                layout_broken.append(entry["id"])
        recall = _rate(len(secrets[split]) - len(missed), len(secrets[split]))
        frr = _rate(len(false_red), len(clean[split]))
        result[split] = {
            "secrets": len(secrets[split]),
            "missed": len(missed),
            "recall": recall,
            "clean": len(clean[split]),
            "false_redactions": len(false_red),
            "false_redaction_rate": frr,
            "layout_changed": len(layout_broken),
            "counts_by_kind": dict(sorted(kinds.items())),
            "missed_ids": missed,
            "false_redaction_ids": false_red,
            "layout_changed_ids": layout_broken,
            "meets_targets": recall >= TARGETS["redaction_recall_min"]
            and frr <= TARGETS["false_redaction_rate_max"]
            and not layout_broken,
        }
    return result


def _pct(x: float) -> str:
    return f"{100 * x:.1f}%"


def _verdict(row: Mapping[str, Any]) -> str:
    return "met" if row["meets_targets"] else "MISSED"


def format_report(result: Mapping[str, Any]) -> str:
    """A fixed-width table of one evaluation's figures, one row per split, then what went wrong."""
    if result["kind"] == "injection":
        head = f"{'split':<6} {'attacks':>7} {'missed':>6} {'ASR':>7} {'clean':>6} {'FP':>4} {'FP rate':>8}  targets"
        rows = [
            f"{s:<6} {r['attacks']:>7} {r['missed']:>6} {_pct(r['attack_success_rate']):>7} {r['clean']:>6} "
            f"{r['false_positives']:>4} {_pct(r['false_positive_rate']):>8}  {_verdict(r)}"
            for s in _measured(result)
            for r in [result[s]]
        ]
        notes = ["targets: ASR <= 5.0%, false positives <= 2.0%" + _SPLITS_NOTE, _LEARNED_NOTE]
        fam = result["all"]["recall_by_family"]
        notes.append("caught by family (all): " + ", ".join(f"{f} {_pct(v)}" for f, v in fam.items()))
        notes.append(f"missed (all): {', '.join(result['all']['missed_ids']) or '-'}")
        fps = result["all"]["false_positive_ids"]
        notes.append("false positives (all): " + (", ".join(f"{k} {'+'.join(v)}" for k, v in fps.items()) or "-"))
    else:
        head = (
            f"{'split':<6} {'secrets':>7} {'missed':>6} {'recall':>7} {'clean':>6} {'FR':>4} {'FR rate':>8} "
            f"{'layout':>6}  targets"
        )
        rows = [
            f"{s:<6} {r['secrets']:>7} {r['missed']:>6} {_pct(r['recall']):>7} {r['clean']:>6} "
            f"{r['false_redactions']:>4} {_pct(r['false_redaction_rate']):>8} {r['layout_changed']:>6}  "
            f"{_verdict(r)}"
            for s in _measured(result)
            for r in [result[s]]
        ]
        notes = ["targets: recall >= 98.0%, false redactions <= 1.0%, layout changed 0" + _SPLITS_NOTE]
        kinds = result["all"]["counts_by_kind"].items()
        notes.append("redactions by kind (all): " + ", ".join(f"{k} {n}" for k, n in kinds))
        notes.append(f"missed (all): {', '.join(result['all']['missed_ids']) or '-'}")
        frs = result["all"]["false_redaction_ids"]
        notes.append("false redactions (all): " + (", ".join(f"{k} {'+'.join(v)}" for k, v in frs.items()) or "-"))
    return "\n".join([f"{result['kind']} evaluation", head, *rows, *notes])


def main(argv: list[str] | None = None) -> int:
    """Print both reports; exit 1 when a split misses a target."""
    args = sys.argv[1:] if argv is None else argv
    which = [a.lstrip("-") for a in args] or ["injection", "redaction"]
    ok = True
    for name in which:
        result = {"injection": evaluate_injection, "redaction": evaluate_redaction}[name]()
        print(format_report(result), end="\n\n")
        ok = ok and all(result[s]["meets_targets"] for s in _measured(result))
    return 0 if ok else 1


if __name__ == "__main__":
    raise SystemExit(main())
