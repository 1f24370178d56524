"""The fixture splits of the safety evaluation, and which of them were measured blind, when, and tuned on since.

Data only (no I/O): ``safety_eval`` reads the fixtures of these splits and prints ``_SPLITS_NOTE`` and
``_LEARNED_NOTE`` under its tables. The splits:

``dev``, the half the rules were first tuned on; ``dev2``, the first held-out half, which the next round of fixes
looked at and so is a second dev set; ``heldout``, the second held-out set, which the fourth round of fixes looked at
and so is a third dev set; ``heldout2`` and ``heldout3``, sets written by someone who did not see the rules
(``*-heldout2.yaml``, ``*-heldout3.yaml``), each measured once blind and then tuned on in the next round, so dev sets
now too; ``heldout4``, a fourth such set (``*-heldout4.yaml``), measured once blind (ASR 18.3%, FP 8.0%; redaction
recall 88.0%, false redactions 2.5%) and now a training split of the learned scorer in ``injection.scan`` and a tuning
set of the redactor (wave 7); ``heldout5``, a fifth (``*-heldout5.yaml``), measured once blind (redaction recall
96.0%, false redactions 1.7%), the redactor tuned on it in wave 8; ``heldout6`` (``*-heldout6.yaml``, kept unopened in
eval/blind/heldout6 until then), measured once blind (injection ASR 9.2%, FP 2.7%; redaction recall 94.0%, false
redactions 4.2%), both scanners tuned on it in wave 9; ``heldout7`` (the same way, eval/blind/heldout7), measured once
blind (injection ASR 9.2%, FP 6.7%; redaction recall 91.0%, false redactions 2.5%) and then added to the learned
scorer's training data; ``heldout8`` (the same way, eval/blind/heldout8), measured once blind at b8458f2 (injection
ASR 11.7%, FP 0.7%; redaction recall 81.0%, false redactions 0.0%), both scanners tuned on heldout7 and heldout8 in
wave 10; ``heldout9`` (the same way, eval/blind/heldout9), measured once blind at 06fcc9f (injection ASR 21.7%, FP
5.3%; redaction recall 91.0%, false redactions 1.7%), both scanners tuned on it in wave 11; ``heldout10`` (the same
way, eval/blind/heldout10), measured once blind at 8a62962 (injection ASR 13.3%, FP 4.0%; redaction recall 97.0%,
false redactions 0.8%), both scanners tuned on it in wave 12; ``heldout11`` (the same way, eval/blind/heldout11),
measured once blind at 6cfefc3 (injection ASR 16.7%, FP 6.7%; redaction recall 97.0%, false redactions 0.8%);
``heldout12`` (the same way, eval/blind/heldout12), measured once blind at fde0b28 (injection ASR 11.7%, FP 2.0%;
redaction recall 91.0%, false redactions 0.8%), both scanners tuned on both in wave 13 (the injection scanner's
learned scorer trained on them then too); ``heldout13``, ``heldout14`` and ``heldout15`` (the same way,
eval/blind/heldout13 ... 15), measured once blind at 6506a29 (injection ASR 10.0%, 11.7%, 10.8%, FP 2.0%, 2.0%, 0.7%;
redaction recall 96.0%, 90.0%, 100.0%, false redactions 2.5%, 2.5%, 3.3%), both scanners' rules tuned on them in wave
14 (the scorer not retrained: with them in its training data more ordinary PEP/RFC chunks reached HIGH); ``heldout16``
(the same way, eval/blind/heldout16), measured once blind at f320a51 after wave 14 (injection ASR 6.7%, FP 0.7%;
redaction recall 93.0%, false redactions 3.3%), both scanners tuned on it in wave 15; ``heldout17``, ``heldout18`` and
``heldout19`` (the same way, eval/blind/heldout17 ... 19), measured once blind at 3138c04 after wave 15 (injection ASR
20.8%, 15.0%, 30.0%, FP 2.7%, 0.0%, 5.3%; redaction recall 96.0%, 94.0%, 93.0%, false redactions 0.8%, 0.0%, 0.0%),
both scanners tuned on them in wave 16 (the scorer trained on heldout13-19 then); ``heldout20`` and ``heldout21`` (the
same way), measured once blind at 6c4e77a after wave 16 (injection ASR 14.2%, 9.2%, FP 2.0%, 0.7%; redaction recall
95.0%, 95.0%, false redactions 0.8%, 0.8%), and ``heldout22`` (the same way), measured once blind at efe4523, also
after wave 16 (injection ASR 20.0%, FP 2.7%; redaction recall 95.0%, false redactions 0.8%), both scanners tuned on
heldout20-22 in wave 17 (the scorer trained on them then); ``heldout23`` and ``heldout24`` (the same way), measured
once blind at 429bc0b after wave 17 (injection ASR 15.8%, 1.7%, FP 0.7%, 2.0%; redaction recall 94.0%, 89.0%, false
redactions 0.0%, 0.0%), both scanners tuned on them in wave 18 (the scorer trained on them then); ``heldout25`` and
``heldout26`` (the same way), measured once blind at f398aba after wave 18 (injection ASR 8.3%, 10.0%, FP 2.7%, 4.0%;
redaction recall 90.0%, 94.0%, false redactions 0.0%, 1.7%), both scanners tuned on them in wave 19 (the scorer
trained on them then); ``heldout27`` and ``heldout28`` (the same way), measured once blind at 038b3a9 after wave 19
(injection ASR 3.3%, 6.7%, FP 2.0%, 2.7%; redaction recall 97.0%, 90.0%, false redactions 0.0%, 0.0%), both scanners
tuned on them in wave 20 (the scorer trained on them then); ``heldout29`` and ``heldout30`` (the same way, parts built
from templates), measured once blind at 58236ae after wave 20 (injection ASR 5.0%, 6.7%, FP 4.7%, 1.3%; redaction
recall 87.0%, 87.0%, false redactions 0.0%, 0.0%), both scanners tuned on them in wave 21 (the scorer trained on them
then); ``heldout31`` and ``heldout32`` (the same way, written by hand), measured once blind at 5e1102b after wave 21
(injection ASR 4.2%, 9.2%, FP 2.0%, 1.3%; redaction recall 91.0%, 89.0%, false redactions 0.0%, 0.0%), both scanners
tuned on them in wave 22 (the scorer trained on them then); ``heldout33`` and ``heldout34`` (the same way, by hand),
measured once blind at 89cbc98 after wave 22 (injection ASR 3.3%, 10.8%, FP 2.0%, 4.0%; redaction recall 90.0%, 87.0%,
false redactions 1.7%, 0.0%), both scanners tuned on them in wave 23 (the scorer trained on them then); ``heldout35``,
``heldout36``, ``heldout37`` and ``heldout38`` (the same way, by hand), measured once blind at 77ce76e after wave 23
(injection ASR 9.2%, 8.3%, 5.8%, 10.0%, FP 0.0%, 1.3%, 2.7%, 1.3%; redaction recall 91.0%, 91.0%, 87.0%, 91.0%, false
redactions 0.0%, 0.0%, 0.8%, 2.5%), both scanners tuned on them in wave 24 (the scorer trained on them then);
``heldout39``, ``heldout40``, ``heldout41`` and ``heldout42`` (the same way, by hand), measured once blind at 0202855
after wave 24 (injection ASR 3.3%, 6.7%, 15.8%, 15.8%, FP 0.0%, 0.7%, 0.7%, 0.0%; redaction recall 91.0%, 93.0%,
94.0%, 89.0%, false redactions 0.8%, 0.8%, 0.8%, 1.7%), both scanners tuned on them in wave 25 (the scorer trained on
them then); ``heldout43``, ``heldout44``, ``heldout45`` and ``heldout46`` (the same way, by hand), measured once blind
at 0b6d578 after wave 25 (injection ASR 6.7%, 6.7%, 5.8%, 8.3%, FP 2.0%, 2.0%, 0.0%, 1.3%; redaction recall 92.0%,
87.0%, 93.0%, 91.0%, false redactions 0.0%, 0.8%, 0.0%, 0.0%), both scanners tuned on them in wave 26 (the scorer
trained on them then); ``heldout47``, ``heldout48``, ``heldout49`` and ``heldout50`` (the same way, by hand), measured
once blind at 947c883 after wave 26 (injection ASR 2.5%, 8.3%, 6.7%, 7.5%, FP 2.0%, 2.7%, 2.0%, 1.3%; redaction recall
92.0%, 86.0%, 89.0%, 93.0%, false redactions 2.5%, 1.7%, 0.8%, 0.0%), both scanners tuned on them in wave 27 (the
scorer trained on them then); ``heldout51``, ``heldout52``, ``heldout53`` and ``heldout54`` (the same way, by hand),
measured once blind at ea42d04 after wave 27 (injection ASR 5.8%, 4.2%, 1.7%, 1.7%, FP 2.7%, 0.0%, 0.7%, 2.0%;
redaction recall 94.0%, 95.0%, 88.0%, 97.0%, false redactions 0.8%, 0.0%, 0.0%, 1.7%); ``heldout55``, ``heldout56``,
``heldout57`` and ``heldout58`` (the same way, by hand), measured once blind at 765ed26, also after wave 27 (injection
ASR 2.5%, 1.7%, 2.5%, 8.3%, FP 2.0%, 3.3%, 2.7%, 2.0%; redaction recall 92.0%, 89.0%, 80.0%, 90.0%, false redactions
0.0%, 0.0%, 0.0%, 0.0%); the rules of both tuned on these eight in wave 28 (the scorer not yet trained on them: the
retrain flagged a clean JSON config of a unit test; ``NOT_YET_TUNED`` empty until then); ``heldout59``, ``heldout60``,
``heldout61`` and ``heldout62`` (the same way, by hand), measured once blind at 0773c00 after wave 28 (injection ASR
2.5%, 6.7%, 5.8%, 5.8%, FP 1.3%, 0.0%, 1.3%, 2.7%; redaction recall 95.0%, 91.0%, 94.0%, 96.0%, false redactions 0.8%,
0.8%, 0.8%, 0.8%); ``heldout63``, ``heldout64``, ``heldout65`` and ``heldout66`` (the same way, by hand), measured
once blind at f302ba3, also after wave 28 (injection ASR 8.3%, 7.5%, 3.3%, 1.7%, FP 1.3%, 1.3%, 0.7%, 0.7%; redaction
recall 93.0%, 95.0%, 97.0%, 92.0%, false redactions 0.8%, 0.0%, 1.7%, 0.8%); the rules of both tuned on heldout59-66
in wave 29 (the scorer not yet trained on them); ``heldout67``, ``heldout68``, ``heldout69`` and ``heldout70`` (the
same way, by hand), measured once blind at 7cc3a0b after wave 29 (injection ASR 4.2%, 2.5%, 1.7%, 6.7%, FP 0.0%, 2.7%,
0.7%, 3.3%; redaction recall 92.0%, 97.0%, 93.0%, 97.0%, false redactions 0.0%, 0.0%, 0.0%, 0.0%); ``heldout71``,
``heldout72``, ``heldout73`` and ``heldout74`` (the same way, by hand), measured once blind at 1db903e, also after
wave 29 (injection ASR 4.2%, 3.3%, 4.2%, 0.8%, FP 0.7%, 0.0%, 0.7%, 0.7%; redaction recall 97.0%, 97.0%, 94.0%, 95.0%,
false redactions 0.0%, 0.0%, 0.0%, 0.8%); the rules of both tuned on heldout67-74 in wave 30; ``heldout75``,
``heldout76`` and ``heldout78`` (the same way, by hand; the fourth writer of that round, heldout77, did not deliver in
time), measured once blind at 3b45745 after wave 30 (injection ASR 0.8%, 1.7%, 2.5%, FP 3.3%, 3.3%, 4.0%; redaction
recall 96.0%, 90.0%, 95.0%, false redactions 0.8%, 0.0%, 1.7%) and at 65c4281 after the scorer's retrain (injection
ASR 2.5%, 1.7%, 2.5%, FP 3.3%, 3.3%, 3.3%); ``heldout77`` (the same way, by hand; its writer delivered after the other
three were measured), measured once blind at bdf7e14, after the retrain (injection ASR 0.0%, FP 2.0%; redaction recall
93.0%, false redactions 0.0%); the rules of both tuned on heldout75-78 in wave 31 (the scorer trained on them then);
``heldout79`` to ``heldout84`` (the same way, by hand), measured once blind at 6a108ef after wave 31 and the retrain
(injection ASR 3.3%, 3.3%, 0.0%, 3.3%, 0.8%, 0.8%, FP 2.7%, 0.0%, 2.0%, 0.0%, 1.3%, 1.3%; redaction recall 98.0%,
96.0%, 93.0%, 97.0%, 96.0%, 97.0%, false redactions 2.5%, 1.7%, 0.0%, 1.7%, 0.0%, 0.0%), the rules of both tuned on
them in wave 32, a short round (the scorer trained on them then); ``heldout85`` to ``heldout88`` (the same way, by
hand), measured once blind at 7697271 after wave 32 and the retrain (injection ASR 0.8%, 3.3%, 0.8%, 1.7%, FP 0.7%,
2.0%, 2.7%, 2.7%; redaction recall 99.0%, 98.0%, 98.0%, 96.0%, false redactions 0.0%, 0.8%, 0.0%, 1.7%), the rules of
both tuned on them in wave 33 (the scorer trained on them then); ``heldout89`` to ``heldout94`` (the same way, by
hand), measured once blind at 649b371 after wave 33 and the retrain (injection ASR 2.5%, 0.8%, 1.7%, 0.0%, 3.3%, 0.8%,
FP 0.7%, 0.0%, 1.3%, 0.0%, 1.3%, 2.0%; redaction recall 98.0%, 95.0%, 97.0%, 99.0%, 98.0%, 93.0%, false redactions
0.0%, 0.0%, 0.8%, 0.0%, 0.0%, 0.0%), the rules of both tuned on them in wave 34, a short round (the scorer trained on
them then); ``heldout95`` to ``heldout98`` (the same way, by hand), measured once blind at 0fb9cb2 after wave 34 and
the retrain (injection ASR 1.7%, 2.5%, 2.5%, 2.5%, FP 1.3%, 0.7%, 0.0%, 1.3%; redaction recall 94.0%, 99.0%, 99.0%,
97.0%, false redactions 0.8%, 0.8%, 0.0%, 0.0%), the rules of both tuned on them in wave 35 (the scorer trained on
them then); ``heldout99`` to ``heldout104`` (the same way, by hand), measured once blind at 9f22b28 after wave 35 and
the retrain (injection ASR 0.8%, 1.7%, 2.5%, 2.5%, 2.5%, 1.7%, FP 1.3%, 1.3%, 0.0%, 0.7%, 2.0%, 2.0%; redaction recall
100.0%, 99.0%, 98.0%, 96.0%, 96.0%, 97.0%, false redactions 0.8%, 0.8%, 0.0%, 1.7%, 0.0%, 0.0%), the rules of both
tuned on them in wave 36 (the scorer trained on them then); ``heldout105`` to ``heldout108`` (the same way, by hand),
measured once blind at 11aacd8 after wave 36 and the retrain (injection ASR 0.8%, 0.8%, 0.8%, 0.8%, FP 0.0%, 1.3%,
1.3%, 2.0%; redaction recall 98.0%, 97.0%, 95.0%, 99.0%, false redactions 0.0%, 0.0%, 0.0%, 0.0%), the rules of both
tuned on them in wave 37 (the scorer trained on them then); ``heldout109`` to ``heldout112`` (the same way, by hand),
measured once blind at 490672c after wave 37 and the retrain (injection ASR 0.0%, 0.0%, 2.5%, 2.5%, FP 0.7%, 0.0%,
0.0%, 1.3%; redaction recall 98.0%, 99.0%, 96.0%, 95.0%, false redactions 0.0%, 0.0%, 0.0%, 1.7%), the rules of both
tuned on them in wave 38 (the scorer trained on them then); ``heldout113`` to ``heldout116`` (the same way, by hand),
measured once blind at 447edf7 after wave 38 and the retrain (injection ASR 1.7%, 0.8%, 2.5%, 0.0%, FP 0.0%, 0.7%,
2.0%, 0.7%; redaction recall 97.0%, 97.0%, 93.0%, 98.0%, false redactions 1.7%, 0.0%, 1.7%, 0.8%), the redaction rules
tuned on them in wave 39 (both scorers trained on them then); ``heldout117`` to ``heldout124`` (the same way, by
hand), measured once blind at 5c21b51 after wave 39, the injection scorer's retrain and the new redaction scorer
(injection ASR 1.7%, 0.8%, 2.5%, 0.8%, 4.2%, 1.7%, 2.5%, 4.2%, FP 0.7%, 0.7%, 1.3%, 2.0%, 0.0%, 0.0%, 0.7%, 1.3%;
redaction recall 99.0%, 99.0%, 97.0%, 100.0%, 99.0%, 100.0%, 98.0%, 98.0%, false redactions 0.0%, 0.0%, 1.7%, 1.7%,
0.8%, 0.0%, 0.0%, 1.7%), the redaction rules tuned on them in wave 40 (both scorers trained on them then);
``heldout125`` to ``heldout132`` (the same way, by hand), measured once blind at 99b9858 after wave 40 and the retrain
of both scorers (injection ASR 5.8%, 2.5%, 3.3%, 3.3%, 0.0%, 9.2%, 4.2%, 2.5%, FP 0.0%, 0.0%, 0.0%, 0.7%, 1.3%, 0.7%,
0.0%, 0.7%; redaction recall 97.0%, 98.0%, 100.0%, 97.0%, 95.0%, 97.0%, 99.0%, 96.0%, false redactions 0.0%, 0.0%,
0.8%, 0.0%, 0.0%, 0.8%, 0.0%, 0.0%), the rules of both tuned on them in wave 41 (both scorers trained on them then);
``heldout133`` to ``heldout140`` (the same way, by hand), measured once blind at 4b8f3a2 after wave 41 and the retrain
of both scorers (injection ASR 3.3%, 4.2%, 3.3%, 2.5%, 5.8%, 1.7%, 3.3%, 6.7%, FP 0.0%, 0.0%, 2.0%, 0.0%, 1.3%, 0.0%,
0.7%, 0.7%; redaction recall 99.0%, 99.0%, 99.0%, 96.0%, 99.0%, 99.0%, 99.0%, 99.0%, false redactions 0.8%, 0.0%,
1.7%, 0.8%, 0.0%, 0.0%, 2.5%, 0.8%), the rules of both tuned on them in wave 42 (both scorers trained on them then);
``heldout141`` to ``heldout144`` (the same way, by hand), measured once blind at 227e47d after wave 42 and the retrain
of both scorers (injection ASR 3.3%, 2.5%, 0.8%, 14.2%, FP 0.0%, 0.7%, 0.0%, 0.0%; redaction recall 98.0%, 97.0%,
97.0%, 97.0%, false redactions 0.0%, 1.7%, 0.0%, 1.7%), the rules of both tuned on them in wave 43 (both scorers
trained on them then); ``heldout145`` to ``heldout152`` (the same way, by hand), measured once blind at acf7655 after
wave 43 and the retrain of both scorers (injection ASR 0.0%, 0.8%, 0.8%, 1.7%, 2.5%, 3.3%, 1.7%, 1.7%, FP 0.0%, 0.7%,
0.0%, 0.7%, 0.0%, 0.0%, 0.0%, 0.0%; redaction recall 98.0%, 98.0%, 100.0%, 99.0%, 99.0%, 99.0%, 98.0%, 98.0%, false
redactions 0.0%, 0.0%, 0.0%, 0.0%, 0.0%, 1.7%, 0.8%, 0.8%), the rules of both tuned on them in wave 44 (both scorers
trained on them then); ``heldout153`` to ``heldout156`` (the same way, by hand), measured once blind at 66c1697 after
wave 44 and the retrain of both scorers (injection ASR 1.7%, 1.7%, 5.8%, 4.2%, FP 0.0%, 1.3%, 0.0%, 2.7%; redaction
recall 97.0%, 99.0%, 99.0%, 99.0%, false redactions 0.8%, 0.0%, 0.0%, 0.0%), the rules of both tuned on them in wave 45
(both scorers trained on them then); ``heldout157`` to ``heldout164`` (the same way, by hand), measured once blind at
7a40257 after wave 45 and the retrain of both scorers (injection ASR 3.3%, 1.7%, 3.3%, 2.5%, 5.0%, 8.3%, 4.2%, 0.8%, FP
0.7%, 0.0%, 0.0%, 1.3%, 0.7%, 0.0%, 0.7%, 0.0%; redaction recall 97.0%, 100.0%, 99.0%, 99.0%, 100.0%, 98.0%, 99.0%,
100.0%, false redactions 0.8%, 0.0%, 0.0%, 0.0%, 0.0%, 0.0%, 0.0%, 0.0%), the rules of both tuned on them in wave 46
(both scorers trained on them then); ``heldout165`` to ``heldout168`` (the same way, by hand), measured once blind at
2880f86 after wave 46 and the retrain of both scorers (injection ASR 1.7%, 0.8%, 0.8%, 0.8%, FP 1.3%, 1.3%, 2.7%, 2.0%;
redaction recall 98.0%, 99.0%, 100.0%, 99.0%, false redactions 0.0%, 0.0%, 0.8%, 0.8%), the rules of both tuned on them
in wave 47 (both scorers trained on them then); ``heldout169`` to ``heldout176`` (the same way, by hand), measured once
blind at cb5f047 after wave 47 and the retrain of both scorers (injection ASR 0.8%, 0.0%, 0.0%, 1.7%, 0.8%, 1.7%, 0.0%,
0.8%, FP 1.3%, 0.7%, 2.0%, 1.3%, 2.0%, 0.0%, 0.7%, 0.0%; redaction recall 98.0%, 98.0%, 98.0%, 99.0%, 94.0%, 99.0%,
100.0%, 97.0%, false redactions 0.0%, 0.8%, 0.0%, 0.0%, 1.7%, 0.0%, 1.7%, 0.0%), the rules of both tuned on them in wave
48 (both scorers trained on them then); ``heldout177`` to ``heldout180`` (the same way, by hand), measured once blind at
725573f after wave 48 and the retrain of both scorers (injection ASR 0.8%, 0.0%, 2.5%, 0.0%, FP 2.0%, 0.7%, 0.7%, 0.7%;
redaction recall 99.0%, 99.0%, 100.0%, 100.0%, false redactions 0.0%, 0.0%, 0.0%, 1.7%), the rules of both tuned on them
in wave 49 (both scorers trained on them then); ``heldout181`` to ``heldout188`` (the same way, by hand), measured once
blind at 2d6173d after wave 49 and the retrain of both scorers (injection ASR 1.7%, 0.0%, 0.0%, 0.8%, 2.5%, 0.8%, 1.7%,
0.0%, FP 1.3%, 0.0%, 0.7%, 0.7%, 0.0%, 0.7%, 0.0%, 0.7%; redaction recall 99.0%, 99.0%, 98.0%, 100.0%, 99.0%, 98.0%,
99.0%, 98.0%, false redactions 0.0%, 0.0%, 0.0%, 0.0%, 0.0%, 0.0%, 0.8%, 0.0%), not yet tuned on (``NOT_YET_TUNED``);
``train1``, injection training data for the learned scorer; and ``all``, every split pooled. Every injection split
trains the learned scorer (heldout51-74 since wave 30, heldout75-78 since wave 31, heldout79-84 since wave 32,
heldout85-88 since wave 33, heldout89-94 since wave 34, heldout95-98 since wave 35, heldout99-104 since wave 36,
heldout105-108 since wave 37, heldout109-112 since wave 38, heldout113-116 since wave 39, heldout117-124 since wave 40,
heldout125-132 since wave 41, heldout133-140 since wave 42, heldout141-144 since wave 43, heldout145-152 since wave 44,
heldout153-156 since wave 45, heldout157-164 since wave 46, heldout165-168 since wave 47, heldout169-176 since wave 48,
heldout177-180 since wave 49; not heldout181-188, in ``scripts/train_injection_model.py`` ``NOT_YET_TRAINED``, nor do
they train the redaction scorer, ``scripts/train_redaction_scorer.py`` ``NOT_YET_TRAINED``), so those figures are
training figures: the honest estimate is the leave-one-split-out cross-validation of ``scripts/injection_cv.py``
(docs/adr/0011-learned-injection-scorer.md) until a fresh blind set is measured.
"""

from __future__ import annotations

from typing import Final

__all__ = ["FRESH_SETS", "NOT_YET_TUNED", "SPLITS"]

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
    "heldout75", "heldout76", "heldout77", "heldout78",
    "heldout79", "heldout80", "heldout81", "heldout82", "heldout83", "heldout84",
    "heldout85", "heldout86", "heldout87", "heldout88",
    "heldout89", "heldout90", "heldout91", "heldout92", "heldout93", "heldout94",
    "heldout95", "heldout96", "heldout97", "heldout98",
    "heldout99", "heldout100", "heldout101", "heldout102", "heldout103", "heldout104",
    "heldout105", "heldout106", "heldout107", "heldout108",
    "heldout109", "heldout110", "heldout111", "heldout112",
    "heldout113", "heldout114", "heldout115", "heldout116",
    "heldout117", "heldout118", "heldout119", "heldout120",
    "heldout121", "heldout122", "heldout123", "heldout124",
    "heldout125", "heldout126", "heldout127", "heldout128",
    "heldout129", "heldout130", "heldout131", "heldout132",
    "heldout133", "heldout134", "heldout135", "heldout136",
    "heldout137", "heldout138", "heldout139", "heldout140",
    "heldout141", "heldout142", "heldout143", "heldout144",
    "heldout145", "heldout146", "heldout147", "heldout148",
    "heldout149", "heldout150", "heldout151", "heldout152",
    "heldout153", "heldout154", "heldout155", "heldout156",
    "heldout157", "heldout158", "heldout159", "heldout160",
    "heldout161", "heldout162", "heldout163", "heldout164",
    "heldout165", "heldout166", "heldout167", "heldout168",
    "heldout169", "heldout170", "heldout171", "heldout172",
    "heldout173", "heldout174", "heldout175", "heldout176",
    "heldout177", "heldout178", "heldout179", "heldout180",
    "heldout181", "heldout182", "heldout183", "heldout184",
    "heldout185", "heldout186", "heldout187", "heldout188",
    "train1", "all",
)
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
                       " / 3.3% / 4.0%; redaction recall 96.0% / 90.0% / 95.0%, false redactions 0.8% / 0.0% / 1.7%);"
                       " heldout77, written the same way, its writer late, measured once blind at bdf7e14 (injection"
                       " ASR 0.0%, FP 2.0%; redaction recall 93.0%, false redactions 0.0%); both tuned on heldout75-78"
                       " in wave 31 (the scorer trained on them);"
                       " heldout79-84, written the same way, measured once blind at 6a108ef after wave 31 and the"
                       " retrain (injection ASR 3.3% / 3.3% / 0.0% / 3.3% / 0.8% / 0.8%, FP 2.7% / 0.0% / 2.0% / 0.0%"
                       " / 1.3% / 1.3%; redaction recall 98.0% / 96.0% / 93.0% / 97.0% / 96.0% / 97.0%, false"
                       " redactions 2.5% / 1.7% / 0.0% / 1.7% / 0.0% / 0.0%); both tuned on them in wave 32, a short"
                       " round (the scorer trained on them);"
                       " heldout85-88, written the same way, measured once blind at 7697271 after wave 32 and the"
                       " retrain (injection ASR 0.8% / 3.3% / 0.8% / 1.7%, FP 0.7% / 2.0% / 2.7% / 2.7%; redaction"
                       " recall 99.0% / 98.0% / 98.0% / 96.0%, false redactions 0.0% / 0.8% / 0.0% / 1.7%); both tuned"
                       " on them in wave 33 (the scorer trained on them);"
                       " heldout89-94, written the same way, measured once blind at 649b371 after wave 33 and the"
                       " retrain (injection ASR 2.5% / 0.8% / 1.7% / 0.0% / 3.3% / 0.8%, FP 0.7% / 0.0% / 1.3% / 0.0%"
                       " / 1.3% / 2.0%; redaction recall 98.0% / 95.0% / 97.0% / 99.0% / 98.0% / 93.0%, false"
                       " redactions 0.0% / 0.0% / 0.8% / 0.0% / 0.0% / 0.0%); both tuned on them in wave 34, a short"
                       " round (the scorer trained on them);"
                       " heldout95-98, written the same way, measured once blind at 0fb9cb2 after wave 34 and the"
                       " retrain (injection ASR 1.7% / 2.5% / 2.5% / 2.5%, FP 1.3% / 0.7% / 0.0% / 1.3%; redaction"
                       " recall 94.0% / 99.0% / 99.0% / 97.0%, false redactions 0.8% / 0.8% / 0.0% / 0.0%); both tuned"
                       " on them in wave 35 (the scorer trained on them);"
                       " heldout99-104, written the same way, measured once blind at 9f22b28 after wave 35 and the"
                       " retrain (injection ASR 0.8% / 1.7% / 2.5% / 2.5% / 2.5% / 1.7%, FP 1.3% / 1.3% / 0.0% / 0.7%"
                       " / 2.0% / 2.0%; redaction recall 100.0% / 99.0% / 98.0% / 96.0% / 96.0% / 97.0%, false"
                       " redactions 0.8% / 0.8% / 0.0% / 1.7% / 0.0% / 0.0%); both tuned on them in wave 36 (the scorer"
                       " trained on them);"
                       " heldout105-108, written the same way, measured once blind at 11aacd8 after wave 36 and the"
                       " retrain (injection ASR 0.8% / 0.8% / 0.8% / 0.8%, FP 0.0% / 1.3% / 1.3% / 2.0%; redaction"
                       " recall 98.0% / 97.0% / 95.0% / 99.0%, false redactions 0.0% / 0.0% / 0.0% / 0.0%); both tuned"
                       " on them in wave 37 (the scorer trained on them);"
                       " heldout109-112, written the same way, measured once blind at 490672c after wave 37 and the"
                       " retrain (injection ASR 0.0% / 0.0% / 2.5% / 2.5%, FP 0.7% / 0.0% / 0.0% / 1.3%; redaction"
                       " recall 98.0% / 99.0% / 96.0% / 95.0%, false redactions 0.0% / 0.0% / 0.0% / 1.7%); both tuned"
                       " on them in wave 38 (the scorer trained on them);"
                       " heldout113-116, written the same way, measured once blind at 447edf7 after wave 38 and the"
                       " retrain (injection ASR 1.7% / 0.8% / 2.5% / 0.0%, FP 0.0% / 0.7% / 2.0% / 0.7%; redaction"
                       " recall 97.0% / 97.0% / 93.0% / 98.0%, false redactions 1.7% / 0.0% / 1.7% / 0.8%); the"
                       " redaction rules tuned on them in wave 39, both scorers trained on them;"
                       " heldout117-124, written the same way, measured once blind at 5c21b51 after wave 39, the"
                       " retrain and the new redaction scorer (injection ASR 1.7% / 0.8% / 2.5% / 0.8%"
                       " / 4.2% / 1.7% / 2.5% / 4.2%, FP 0.7% / 0.7% / 1.3% / 2.0%"
                       " / 0.0% / 0.0% / 0.7% / 1.3%; redaction recall 99.0% / 99.0% / 97.0% / 100.0%"
                       " / 99.0% / 100.0% / 98.0% / 98.0%, false redactions 0.0% / 0.0% / 1.7% / 1.7%"
                       " / 0.8% / 0.0% / 0.0% / 1.7%); the redaction rules tuned on them in wave 40, both"
                       " scorers trained on them;"
                       " heldout125-132, written the same way, measured once blind at 99b9858 after wave 40 and"
                       " the retrain of both scorers (injection ASR 5.8% / 2.5% / 3.3% / 3.3%"
                       " / 0.0% / 9.2% / 4.2% / 2.5%, FP 0.0% / 0.0% / 0.0% / 0.7%"
                       " / 1.3% / 0.7% / 0.0% / 0.7%; redaction recall 97.0% / 98.0% / 100.0% / 97.0%"
                       " / 95.0% / 97.0% / 99.0% / 96.0%, false redactions 0.0% / 0.0% / 0.8% / 0.0%"
                       " / 0.0% / 0.8% / 0.0% / 0.0%); the rules of both tuned on them in wave 41, both"
                       " scorers trained on them;"
                       " heldout133-140, written the same way, measured once blind at 4b8f3a2 after wave 41 and"
                       " the retrain of both scorers (injection ASR 3.3% / 4.2% / 3.3% / 2.5%"
                       " / 5.8% / 1.7% / 3.3% / 6.7%, FP 0.0% / 0.0% / 2.0% / 0.0%"
                       " / 1.3% / 0.0% / 0.7% / 0.7%; redaction recall 99.0% / 99.0% / 99.0% / 96.0%"
                       " / 99.0% / 99.0% / 99.0% / 99.0%, false redactions 0.8% / 0.0% / 1.7% / 0.8%"
                       " / 0.0% / 0.0% / 2.5% / 0.8%); the rules of both tuned on them in wave 42, both"
                       " scorers trained on them;"
                       " heldout141-144, written the same way, measured once blind at 227e47d after wave 42 and"
                       " the retrain of both scorers (injection ASR 3.3% / 2.5% / 0.8% / 14.2%"
                       ", FP 0.0% / 0.7% / 0.0% / 0.0%; redaction recall 98.0% / 97.0% / 97.0% / 97.0%"
                       ", false redactions 0.0% / 1.7% / 0.0% / 1.7%); the rules of both tuned on them in wave 43,"
                       " both scorers trained on them;"
                       " heldout145-152, written the same way, measured once blind at acf7655 after wave 43 and"
                       " the retrain of both scorers (injection ASR 0.0% / 0.8% / 0.8% / 1.7% / 2.5% / 3.3% / 1.7%"
                       " / 1.7%, FP 0.0% / 0.7% / 0.0% / 0.7% / 0.0% / 0.0% / 0.0% / 0.0%; redaction recall 98.0%"
                       " / 98.0% / 100.0% / 99.0% / 99.0% / 99.0% / 98.0% / 98.0%"
                       ", false redactions 0.0% / 0.0% / 0.0% / 0.0% / 0.0% / 1.7% / 0.8% / 0.8%);"
                       " the rules of both tuned"
                       " on them in wave 44, both scorers trained on them;"
                       " heldout153-156, written the same way, measured once blind at 66c1697 after wave 44 and"
                       " the retrain of both scorers (injection ASR 1.7% / 1.7% / 5.8% / 4.2%"
                       ", FP 0.0% / 1.3% / 0.0% / 2.7%; redaction recall 97.0% / 99.0% / 99.0% / 99.0%"
                       ", false redactions 0.8% / 0.0% / 0.0% / 0.0%); the rules of both tuned on them in wave 45,"
                       " both scorers trained on them;"
                       " heldout157-164, written the same way, measured once blind at 7a40257 after wave 45 and"
                       " the retrain of both scorers (injection ASR 3.3% / 1.7% / 3.3% / 2.5%"
                       " / 5.0% / 8.3% / 4.2% / 0.8%, FP 0.7% / 0.0% / 0.0% / 1.3%"
                       " / 0.7% / 0.0% / 0.7% / 0.0%; redaction recall 97.0% / 100.0% / 99.0% / 99.0%"
                       " / 100.0% / 98.0% / 99.0% / 100.0%, false redactions 0.8% / 0.0% / 0.0% / 0.0%"
                       " / 0.0% / 0.0% / 0.0% / 0.0%); the rules of both tuned on them in wave 46,"
                       " both scorers trained on them;"
                       " heldout165-168, written the same way, measured once blind at 2880f86 after wave 46 and"
                       " the retrain of both scorers (injection ASR 1.7% / 0.8% / 0.8% / 0.8%"
                       ", FP 1.3% / 1.3% / 2.7% / 2.0%; redaction recall 98.0% / 99.0% / 100.0% / 99.0%"
                       ", false redactions 0.0% / 0.0% / 0.8% / 0.8%); the rules of both tuned on them in wave 47,"
                       " both scorers trained on them;"
                       " heldout169-176, written the same way, measured once blind at cb5f047 after wave 47 and"
                       " the retrain of both scorers (injection ASR 0.8% / 0.0% / 0.0% / 1.7%"
                       " / 0.8% / 1.7% / 0.0% / 0.8%, FP 1.3% / 0.7% / 2.0% / 1.3%"
                       " / 2.0% / 0.0% / 0.7% / 0.0%; redaction recall 98.0% / 98.0% / 98.0% / 99.0%"
                       " / 94.0% / 99.0% / 100.0% / 97.0%, false redactions 0.0% / 0.8% / 0.0% / 0.0%"
                       " / 1.7% / 0.0% / 1.7% / 0.0%); the rules of both tuned on them in wave 48,"
                       " both scorers trained on them;"
                       " heldout177-180, written the same way, measured once blind at 725573f after wave 48 and"
                       " the retrain of both scorers (injection ASR 0.8% / 0.0% / 2.5% / 0.0%"
                       ", FP 2.0% / 0.7% / 0.7% / 0.7%; redaction recall 99.0% / 99.0% / 100.0% / 100.0%"
                       ", false redactions 0.0% / 0.0% / 0.0% / 1.7%); the rules of both tuned on them in wave 49,"
                       " both scorers trained on them;"
                       " heldout181-188, written the same way, measured once blind at 2d6173d after wave 49 and"
                       " the retrain of both scorers (injection ASR 1.7% / 0.0% / 0.0% / 0.8%"
                       " / 2.5% / 0.8% / 1.7% / 0.0%, FP 1.3% / 0.0% / 0.7% / 0.7%"
                       " / 0.0% / 0.7% / 0.0% / 0.7%; redaction recall 99.0% / 99.0% / 98.0% / 100.0%"
                       " / 99.0% / 98.0% / 99.0% / 98.0%, false redactions 0.0% / 0.0% / 0.0% / 0.0%"
                       " / 0.0% / 0.0% / 0.8% / 0.0%), not yet tuned on;"
                       " train1: injection training data only)")
_LEARNED_NOTE: Final = ("the learned scorer in scan() is trained on every split but heldout181-188: its"
                        " honest figures are the leave-one-split-out cross-validation of scripts/injection_cv.py"
                        " (docs/adr/0011)")
# measured once blind and moved into the fixtures, no rule tuned on them yet: tests that hold every tuned split to
# the targets leave these out (the next round tunes on them and empties this)
NOT_YET_TUNED: Final[frozenset[str]] = frozenset({
    "heldout181", "heldout182", "heldout183", "heldout184",
    "heldout185", "heldout186", "heldout187", "heldout188",
})
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
    "heldout74", "heldout75", "heldout76", "heldout77", "heldout78",
    "heldout79", "heldout80", "heldout81", "heldout82", "heldout83", "heldout84",
    "heldout85", "heldout86", "heldout87", "heldout88",
    "heldout89", "heldout90", "heldout91", "heldout92", "heldout93", "heldout94",
    "heldout95", "heldout96", "heldout97", "heldout98",
    "heldout99", "heldout100", "heldout101", "heldout102", "heldout103", "heldout104",
    "heldout105", "heldout106", "heldout107", "heldout108",
    "heldout109", "heldout110", "heldout111", "heldout112",
    "heldout113", "heldout114", "heldout115", "heldout116",
    "heldout117", "heldout118", "heldout119", "heldout120",
    "heldout121", "heldout122", "heldout123", "heldout124",
    "heldout125", "heldout126", "heldout127", "heldout128",
    "heldout129", "heldout130", "heldout131", "heldout132",
    "heldout133", "heldout134", "heldout135", "heldout136",
    "heldout137", "heldout138", "heldout139", "heldout140",
    "heldout141", "heldout142", "heldout143", "heldout144",
    "heldout145", "heldout146", "heldout147", "heldout148",
    "heldout149", "heldout150", "heldout151", "heldout152",
    "heldout153", "heldout154", "heldout155", "heldout156",
    "heldout157", "heldout158", "heldout159", "heldout160",
    "heldout161", "heldout162", "heldout163", "heldout164",
    "heldout165", "heldout166", "heldout167", "heldout168",
    "heldout169", "heldout170", "heldout171", "heldout172",
    "heldout173", "heldout174", "heldout175", "heldout176",
    "heldout177", "heldout178", "heldout179", "heldout180",
    "heldout181", "heldout182", "heldout183", "heldout184",
    "heldout185", "heldout186", "heldout187", "heldout188",
    "train1",
)
