"""Wave 38: orders too plain for the learned scorer's veto, found by whole-text rules (no I/O; used by ``injection``).

Each entry is (rule, find): ``find(text)`` gives the span of the order or None. ``injection._rule_hits`` fires the
rule and ``injection.certain`` spares the hit the scorer's veto (as for ``injection_addressed.certain_orders``):

* ``injection_cjk_override.cjk_override``: a Chinese, Japanese or Korean sentence that opens by throwing away the
  earlier instructions ("忽略之前的指令，……"), which the scorer, reading few CJK words, often vetoes;
* ``injection_pronoun_send.pronoun_send``: private data named in one sentence and sent to an address by a pronoun
  in the next, asked of an AI called on by name ("Dear AI, ... the door codes ... Send them to ops@...").
"""

from __future__ import annotations

from typing import Final

from stratakb_core.ingest.injection_cjk_override import cjk_override
from stratakb_core.ingest.injection_pronoun_send import pronoun_send

__all__ = ["PLAIN_SPANS"]

PLAIN_SPANS: Final = (("override", cjk_override), ("send_to_url", pronoun_send))
