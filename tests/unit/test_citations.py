"""One citation formatter: the wire dict strata_ask returns and the text `stratakb` prints."""

from __future__ import annotations

from stratakb_core.query import Citation, citation_text


def test_a_citation_on_the_wire_has_replaced_by_and_archived_only_when_they_apply():
    plain = Citation("a.md", None, 3, 5, ("4 Term", "4.1 Notice"), "contracts")
    assert plain.as_wire() == {"file": "a.md", "page": None, "lines": "3-5", "clause_path": "4 Term > 4.1 Notice",
                               "layer": "contracts", "date": None, "date_source": None}
    old = Citation("a.md", 2, 3, 3, (), "contracts", "2024-01-31", "filename", "b.md", True)
    wire = old.as_wire()
    assert list(wire)[-2:] == ["replaced_by", "archived"]
    assert wire["clause_path"] is None and wire["replaced_by"] == "b.md" and wire["archived"] is True


def test_the_text_names_every_part_in_the_order_people_read_it():
    c = Citation("a.md", 2, 3, 4, ("4 Term",), "contracts", "2024-01-31", "filename", "b.md", True)
    assert c.text() == ("a.md, page 2, lines 3-4, 4 Term, layer contracts, dated 2024-01-31 (filename), "
                        "replaced by b.md, archived")
    assert Citation("a.md", None, 1, 1, (), "x").text() == "a.md, line 1, layer x"


def test_a_receipt_passage_is_cited_without_provenance_and_lines_only_when_known():
    assert citation_text({"file": "a.md", "page": 1, "lines": "3-4", "clause_path": "4 Term", "layer": "x"},
                         provenance=False) == "a.md, page 1, lines 3-4, 4 Term"
    assert citation_text({"file": "a.md", "lines": None}, provenance=False) == "a.md"


def test_control_characters_in_a_file_name_are_escaped_for_the_terminal():
    text = citation_text({"file": "a\x1b[31m.md", "lines": "1-1", "layer": "x"})
    assert "\x1b" not in text
