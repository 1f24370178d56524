"""JSON, XML, XSD and YAML (with OpenAPI and AsyncAPI): readable text, sections, and resource limits."""

from __future__ import annotations

import sys
import time
from pathlib import Path

import pytest

from stratakb_core.errors import NoTextError, ParseError
from stratakb_core.ingest.chunking import chunk_document
from stratakb_core.ingest.parsing import parser_for
from stratakb_core.ingest.parsing.structured import JsonParser, XmlParser, XsdParser, YamlParser
from stratakb_core.values import ChunkConfig, DocumentFlag, ParsedDocument

FIXTURES = Path(__file__).resolve().parent.parent / "fixtures"


def parse(name: str, source: str | bytes) -> ParsedDocument:
    parser = parser_for(name)
    assert parser is not None
    return parser.parse(source.encode() if isinstance(source, str) else source, name)


def headings(doc: ParsedDocument) -> list[str | None]:
    return [s.heading for s in doc.sections]


def test_registry_routes_the_data_formats() -> None:
    assert isinstance(parser_for("a.json"), JsonParser)
    assert isinstance(parser_for("a.xml"), XmlParser)
    assert isinstance(parser_for("a.xsd"), XsdParser)
    assert isinstance(parser_for("a.yaml"), YamlParser)
    assert isinstance(parser_for("a.YML"), YamlParser)


# ---------------------------------------------------------------------------------------------
# JSON


def test_json_becomes_indented_key_value_lines() -> None:
    doc = parse("a.json", '{"name": "svc", "ports": [80, 443], "db": {"host": "x", "opts": [{"a": 1, "b": null}]}}')
    assert doc.text == ("name: svc\nports:\n  - 80\n  - 443\ndb:\n  host: x\n  opts:\n    - a: 1\n      b: null\n")
    assert [s.path for s in doc.sections] == [()]
    assert doc.kind == "json"


def test_json_scalars_empty_containers_and_multiline_strings() -> None:
    assert parse("a.json", '{"e": {}, "l": [], "t": true, "s": "one\\ntwo"}').text == (
        "e: {}\nl: []\nt: true\ns: one\n  two\n"
    )
    assert parse("a.json", '"just a string"').text == "just a string\n"


def test_long_json_is_chunked_by_size() -> None:
    doc = parse("a.json", "[" + ", ".join(f'"value {i}"' for i in range(500)) + "]")
    chunks = chunk_document(doc, ChunkConfig(chunk_size=300, chunk_overlap=0))
    assert len(chunks) > 10 and all(len(c.text) <= 300 for c in chunks)


@pytest.mark.parametrize("depth", [101, 5_000, 200_000])
def test_deeply_nested_json_is_a_parse_error(depth: int) -> None:
    with pytest.raises(ParseError, match="nested deeper than 100"):
        parse("a.json", "[" * depth + "]" * depth)


def test_json_nested_100_deep_is_read() -> None:
    assert parse("a.json", "[" * 99 + "1" + "]" * 99).text.strip().endswith("- 1")


def test_invalid_or_empty_json() -> None:
    with pytest.raises(ParseError, match="not valid JSON"):
        parse("a.json", "{oops}")
    with pytest.raises(NoTextError):
        parse("a.json", "  \n")


# ---------------------------------------------------------------------------------------------
# XML


def test_xml_becomes_a_line_per_element_led_by_its_path() -> None:
    doc = parse(
        "a.xml",
        '<?xml version="1.0"?>\n<catalog xmlns="urn:x"><book id="bk1"><author>Gambardella,\n Matthew</author>'
        "<title>XML Guide</title><empty/>tail text</book><!-- c --></catalog>",
    )
    assert doc.text == (
        "catalog > book [id=bk1]\n"
        "catalog > book > author: Gambardella, Matthew\n"
        "catalog > book > title: XML Guide\n"
        "catalog > book > empty\n"
        "catalog > book: tail text\n"
    )
    assert [s.path for s in doc.sections] == [()]


def test_a_chunk_from_the_middle_of_a_large_xml_says_where_it_is() -> None:
    rows = "".join(f'<row id="{i}"><name>Item {i}</name></row>' for i in range(300))
    doc = parse("a.xml", f"<catalog><items>{rows}</items></catalog>")
    for chunk in chunk_document(doc, ChunkConfig(chunk_size=300, chunk_overlap=0)):
        assert chunk.text.startswith("catalog > items > row")


@pytest.mark.parametrize(
    ("name", "source"),
    [
        ("a.json", "[" * 90 + ",".join(["1"] * 60_000) + "]" * 90),  # 180 spaces of indent per "1,"
        ("a.xml", "<a>" * 90 + "\n".join(["<b/>"] * 60_000) + "</a>" * 90),  # 90 names per "<b/>"
    ],
)
def test_a_file_whose_readable_text_would_explode_is_a_parse_error(name: str, source: str) -> None:
    with pytest.raises(ParseError, match="more than 10 times the file's size"):
        parse(name, source)


BILLION_LAUGHS = """<?xml version="1.0"?>
<!DOCTYPE lolz [
 <!ENTITY lol "lol">
 <!ENTITY lol2 "&lol;&lol;&lol;&lol;&lol;&lol;&lol;&lol;&lol;&lol;">
 <!ENTITY lol3 "&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;">
 <!ENTITY lol4 "&lol3;&lol3;&lol3;&lol3;&lol3;&lol3;&lol3;&lol3;&lol3;&lol3;">
 <!ENTITY lol5 "&lol4;&lol4;&lol4;&lol4;&lol4;&lol4;&lol4;&lol4;&lol4;&lol4;">
 <!ENTITY lol6 "&lol5;&lol5;&lol5;&lol5;&lol5;&lol5;&lol5;&lol5;&lol5;&lol5;">
 <!ENTITY lol7 "&lol6;&lol6;&lol6;&lol6;&lol6;&lol6;&lol6;&lol6;&lol6;&lol6;">
 <!ENTITY lol8 "&lol7;&lol7;&lol7;&lol7;&lol7;&lol7;&lol7;&lol7;&lol7;&lol7;">
 <!ENTITY lol9 "&lol8;&lol8;&lol8;&lol8;&lol8;&lol8;&lol8;&lol8;&lol8;&lol8;">
]>
<lolz>&lol9;</lolz>
"""


@pytest.mark.parametrize("name", ["bomb.xml", "bomb.xsd"])
def test_billion_laughs_is_a_parse_error_at_once(name: str) -> None:
    started = time.perf_counter()
    with pytest.raises(ParseError, match="DTD or entities"):
        parse(name, BILLION_LAUGHS)
    assert time.perf_counter() - started < 0.5


@pytest.mark.parametrize("name", ["xxe.xml", "xxe.xsd"])
def test_an_external_entity_is_a_parse_error_and_its_file_is_never_opened(name: str, tmp_path: Path) -> None:
    secret = tmp_path / "secret.txt"
    secret.write_text("TOP-SECRET-CONTENT")
    opened: list[str] = []

    def audit(event: str, args: tuple[object, ...]) -> None:
        if event == "open" and args and str(args[0]) == str(secret):
            opened.append(event)

    sys.addaudithook(audit)  # audit hooks cannot be removed; this one only looks at that one path
    source = f'<?xml version="1.0"?>\n<!DOCTYPE r [<!ENTITY x SYSTEM "file://{secret}">]>\n<r>&x;</r>\n'
    with pytest.raises(ParseError) as refused:
        parse(name, source)
    assert "TOP-SECRET" not in str(refused.value)
    assert opened == []


@pytest.mark.parametrize(
    "source",
    [
        '<?xml version="1.0"?><!DOCTYPE r SYSTEM "http://example.com/r.dtd"><r/>',  # external DTD
        "<r><unclosed></r>",
        "not xml at all",
    ],
)
def test_other_refused_xml(source: str) -> None:
    with pytest.raises(ParseError):
        parse("a.xml", source)


def test_deeply_nested_xml_is_a_parse_error() -> None:
    with pytest.raises(ParseError, match="nested deeper than 100"):
        parse("a.xml", "<a>" * 101 + "</a>" * 101)


# ---------------------------------------------------------------------------------------------
# XSD

PURCHASE_ORDER = """<?xml version="1.0"?>
<xs:schema xmlns:xs="http://www.w3.org/2001/XMLSchema" targetNamespace="urn:po">
  <xs:annotation><xs:documentation>Purchase order schema.</xs:documentation></xs:annotation>
  <xs:element name="purchaseOrder" type="PurchaseOrderType"/>
  <xs:complexType name="PurchaseOrderType">
    <xs:annotation><xs:documentation>An order a customer
      places.</xs:documentation></xs:annotation>
    <xs:sequence>
      <xs:element name="shipTo" type="USAddress"/>
      <xs:element ref="comment" minOccurs="0"/>
      <xs:element name="items" type="Items" maxOccurs="unbounded"/>
    </xs:sequence>
    <xs:attribute name="orderDate" type="xs:date" use="required"/>
  </xs:complexType>
  <xs:group name="AddressGroup">
    <xs:sequence><xs:element name="street" type="xs:string"/></xs:sequence>
  </xs:group>
  <xs:simpleType name="Color">
    <xs:restriction base="xs:string"><xs:enumeration value="red"/><xs:enumeration value="blue"/></xs:restriction>
  </xs:simpleType>
</xs:schema>
"""


def test_xsd_has_one_section_per_complex_type_element_group_and_element() -> None:
    doc = parse("po.xsd", PURCHASE_ORDER)
    assert headings(doc) == [
        "Schema urn:po",
        "Element purchaseOrder (type PurchaseOrderType)",
        "Complex type PurchaseOrderType",
        "Element group AddressGroup",
    ]
    complex_type = doc.sections[2]
    assert doc.text[complex_type.start : complex_type.end] == (
        "Complex type PurchaseOrderType\nDocumentation: An order a customer places.\nElements:\n"
        "  shipTo (USAddress)\n  comment (0..1)\n  items (Items, 1..unbounded)\n"
        "Attributes: orderDate (xs:date, required)\n\n"
    )
    assert "Simple type Color: restricts xs:string; one of red, blue" in doc.text


def test_an_xsd_chunk_stays_in_its_type() -> None:
    doc = parse("po.xsd", PURCHASE_ORDER)
    chunks = chunk_document(doc, ChunkConfig())
    assert [c.clause_path for c in chunks] == headings(doc)


def test_an_xml_file_that_is_not_a_schema_is_refused_as_xsd() -> None:
    with pytest.raises(ParseError, match="not an XML Schema"):
        parse("a.xsd", "<catalog/>")


# ---------------------------------------------------------------------------------------------
# YAML


def test_other_yaml_keeps_the_files_text_as_one_section() -> None:
    source = "# Settings\nname: svc\nports: [80, 443]\n"
    doc = parse("a.yaml", source)
    assert doc.text == source
    assert [s.path for s in doc.sections] == [()]
    assert chunk_document(doc, ChunkConfig())[0].line_start == 1


def test_multi_document_yaml_is_read() -> None:
    assert parse("a.yml", "a: 1\n---\nb: 2\n").text == "a: 1\n---\nb: 2\n"


def alias_bomb(levels: int = 9) -> str:
    lines = ["a0: &a0 [lol, lol, lol, lol, lol, lol, lol, lol, lol]"]
    lines += [f"a{i}: &a{i} [{', '.join([f'*a{i - 1}'] * 9)}]" for i in range(1, levels)]
    return "\n".join(lines) + "\n"


def test_a_yaml_alias_bomb_is_a_parse_error_quickly() -> None:
    started = time.perf_counter()
    with pytest.raises(ParseError, match="alias bomb"):
        parse("bomb.yaml", alias_bomb())
    assert time.perf_counter() - started < 3.0


def test_a_yaml_value_that_holds_itself_is_a_parse_error() -> None:
    with pytest.raises(ParseError, match="holds itself"):
        parse("a.yaml", "a: &a [1, *a]\n")


@pytest.mark.parametrize("source", ["[" * 500 + "]" * 500, "a: [unclosed\n", "!!timestamp 2026-02-30\n"])
def test_deep_or_invalid_yaml_is_a_parse_error(source: str) -> None:
    with pytest.raises(ParseError):
        parse("a.yaml", source)


# ---------------------------------------------------------------------------------------------
# OpenAPI and AsyncAPI


def test_openapi_has_an_overview_then_one_section_per_operation() -> None:
    doc = parse("orders-openapi.yaml", (FIXTURES / "orders-openapi.yaml").read_bytes())
    assert headings(doc) == [
        "OpenAPI 3.0.3: Order Service API (version 2.1.0)",
        "GET /orders: List orders",
        "POST /orders: Place an order",
        "DELETE /orders/{orderId}: Cancel an order",
    ]
    post = doc.text[doc.sections[2].start : doc.sections[2].end]
    assert "Request body (application/json, required): NewOrder\n  customerId (string, required)" in post
    assert "201 (application/json): Order - The order was placed." in post
    assert "default (application/json): Error - Something went wrong." in post
    delete = doc.text[doc.sections[3].start : doc.sections[3].end]
    assert "orderId (path, required, string): The order's id." in delete  # a path-level parameter


def test_a_schema_lists_15_properties_and_the_file_counts_the_rest_once() -> None:
    doc = parse("orders-openapi.yaml", (FIXTURES / "orders-openapi.yaml").read_bytes())
    # Order has 18 properties; it is shown three times (overview, list, create), counted once.
    assert doc.text.count("... and 3 more properties") == 3
    assert "trackingNumber (string)" in doc.text
    assert "giftMessage" not in doc.text
    assert doc.flags == (DocumentFlag("truncated", count=3),)


def test_truncation_counts_every_schema_cut_over_the_whole_file() -> None:
    def props(prefix: str, n: int) -> str:
        return "\n".join(f"        {prefix}{i}: {{type: string}}" for i in range(n))

    source = (
        "openapi: 3.1.0\ninfo: {title: T, version: '1'}\npaths: {}\ncomponents:\n  schemas:\n"
        f"    Big:\n      type: object\n      properties:\n{props('b', 20)}\n"
        f"    Bigger:\n      type: object\n      properties:\n{props('c', 40)}\n"
        f"    Small:\n      type: object\n      properties:\n{props('s', 15)}\n"
    )
    doc = parse("api.yaml", source)
    assert doc.flags == (DocumentFlag("truncated", count=5 + 25),)
    assert "s14 (string)" in doc.text


def test_swagger_2_operations_and_body_parameters() -> None:
    source = """swagger: '2.0'
info: {title: Pets, version: '1.0'}
host: api.example.com
basePath: /v1
paths:
  /pets:
    post:
      summary: Add a pet
      parameters:
        - in: body
          name: pet
          required: true
          schema: {$ref: '#/definitions/Pet'}
      responses:
        '200': {description: OK, schema: {$ref: '#/definitions/Pet'}}
definitions:
  Pet:
    type: object
    required: [name]
    properties:
      name: {type: string}
"""
    doc = parse("swagger.yaml", source)
    assert headings(doc) == ["Swagger 2.0: Pets (version 1.0)", "POST /pets: Add a pet"]
    assert "Request body: Pet\n  name (string, required)" in doc.text
    assert "200: Pet - OK" in doc.text
    assert "Server: api.example.com/v1" in doc.text


def test_asyncapi_has_an_overview_then_channels_and_operations() -> None:
    source = """asyncapi: 3.0.0
info: {title: Accounts, version: 1.0.0}
channels:
  userSignedUp:
    address: user/signedup
    description: Users who signed up.
    messages:
      signedUp: {$ref: '#/components/messages/UserSignedUp'}
operations:
  sendUserSignedUp:
    action: send
    channel: {$ref: '#/channels/userSignedUp'}
    summary: Tell others a user signed up.
components:
  messages:
    UserSignedUp:
      payload:
        type: object
        properties:
          email: {type: string, format: email}
"""
    doc = parse("events.yaml", source)
    assert headings(doc) == [
        "AsyncAPI 3.0.0: Accounts (version 1.0.0)",
        "Channel user/signedup",
        "SEND user/signedup: Tell others a user signed up.",
    ]
    assert "Message signedUp\n  Payload: object\n    email (string, email)" in doc.text


def test_asyncapi_2_publish_and_subscribe_are_operations() -> None:
    source = """asyncapi: 2.6.0
info: {title: Accounts, version: 1.0.0}
channels:
  user/signedup:
    subscribe:
      operationId: onSignup
      message:
        name: UserSignedUp
        payload: {type: object, properties: {name: {type: string}}}
"""
    doc = parse("events.yml", source)
    assert headings(doc)[1:] == ["Channel user/signedup", "SUBSCRIBE user/signedup: onSignup"]
    assert "Message UserSignedUp\n  Payload: object\n    name (string)" in doc.text


# ---------------------------------------------------------------------------------------------
# Line length


@pytest.mark.parametrize("name", ["a.json", "a.xml", "a.xsd", "a.yaml"])
def test_a_10_mb_single_line_is_a_parse_error(name: str) -> None:
    started = time.perf_counter()
    with pytest.raises(ParseError, match="longer than 1,000,000 characters"):
        parse(name, '"' + "x" * 10_000_000 + '"')
    assert time.perf_counter() - started < 1.0
