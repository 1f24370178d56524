"""Parsers for data formats: JSON, XML, XSD, and YAML with OpenAPI and AsyncAPI (no I/O).

JSON and XML become one readable text per file (indented ``key: value`` lines; a line per XML
element led by its path, with its attributes and text), chunked by size. An XSD becomes one section per complex type,
element group and top-level element, after an overview of the schema. YAML keeps the file's own
text, unless it is an OpenAPI (top-level ``openapi`` or ``swagger``) or AsyncAPI (``asyncapi``)
document: that becomes an overview section and one section per operation (``GET /pets: List
all pets``), or per channel and per operation. A schema lists its first 15 properties and says
how many more it has; the file is then flagged ``truncated`` with ``count`` = the properties left
out over the whole file, each schema counted once.

Line numbers. YAML that is not an API description keeps the file's text, so chunk lines are
file lines. Every other format here is rendered, and chunk lines are lines of the rendered text.

Resource limits (each a ParseError): an XML DTD or entity of any kind (billion laughs, external
entities: nothing is fetched or read); nesting deeper than 100 levels; a YAML document whose
aliases expand past 1,000,000 nodes (an alias bomb) or refer to themselves; a readable text more
than ten times the file's size (``readable.render_limit``); a line longer than
``decode.MAX_LINE_CHARS`` (checked while decoding).
"""

from __future__ import annotations

import json
from collections.abc import Mapping
from typing import Any, Final

import yaml
from defusedxml import DefusedXmlException
from defusedxml.ElementTree import fromstring as _xml_fromstring

from stratakb_core.errors import NoTextError, ParseError
from stratakb_core.ingest.parsing.apispec import MAX_SCHEMA_PROPERTIES, AsyncApi, OpenApi
from stratakb_core.ingest.parsing.decode import check_line_length, decode_text
from stratakb_core.ingest.parsing.headings import sections_from_headings
from stratakb_core.ingest.parsing.readable import (
    INDENT,
    BoundedLines,
    blocks_document,
    collapse,
    render_limit,
    render_value,
    single_text_document,
)
from stratakb_core.values import DocumentFlag, ParsedDocument

__all__ = [
    "MAX_DEPTH",
    "MAX_SCHEMA_PROPERTIES",
    "MAX_YAML_NODES",
    "JsonParser",
    "XmlParser",
    "XsdParser",
    "YamlParser",
]

MAX_DEPTH: Final = 100
MAX_YAML_NODES: Final = 1_000_000

_XS = "{http://www.w3.org/2001/XMLSchema}"


# ---------------------------------------------------------------------------------------------
# JSON
# ---------------------------------------------------------------------------------------------


class JsonParser:
    """JSON (.json): one readable text of indented ``key: value`` lines."""

    kind: str = "json"
    extensions: tuple[str, ...] = (".json",)

    def parse(self, data: bytes, rel_path: str) -> ParsedDocument:
        text = decode_text(data)
        if not text.strip():
            raise NoTextError("the file has no text")
        try:
            value = json.loads(text)
        except RecursionError as exc:
            raise ParseError(f"the JSON is nested deeper than {MAX_DEPTH} levels") from exc
        except ValueError as exc:
            raise ParseError(f"not valid JSON: {exc}") from exc
        _check_tree(value, budget=None, what="JSON")
        return single_text_document(render_value(value, render_limit(len(text))), self.kind)


# ---------------------------------------------------------------------------------------------
# XML and XSD
# ---------------------------------------------------------------------------------------------


def _parse_xml(data: bytes) -> Any:
    check_line_length(data)
    try:
        # No DTD at all: that refuses billion laughs and external entities before expat sees an
        # entity, so no file or URL named in one is ever opened.
        root = _xml_fromstring(data, forbid_dtd=True, forbid_entities=True, forbid_external=True)
    except DefusedXmlException as exc:
        raise ParseError(f"the XML declares a DTD or entities, which are refused ({type(exc).__name__})") from exc
    except SyntaxError as exc:  # ElementTree.ParseError
        raise ParseError(f"not well-formed XML: {exc}") from exc
    except RecursionError as exc:
        raise ParseError(f"the XML is nested deeper than {MAX_DEPTH} levels") from exc
    _check_xml_depth(root)
    return root


def _check_xml_depth(root: Any) -> None:
    stack: list[tuple[Any, int]] = [(root, 1)]
    while stack:
        element, depth = stack.pop()
        if depth > MAX_DEPTH:
            raise ParseError(f"the XML is nested deeper than {MAX_DEPTH} levels")
        stack.extend((child, depth + 1) for child in element)


def _local(tag: Any) -> str:
    if not isinstance(tag, str):  # a comment or processing instruction
        return ""
    return tag.rsplit("}", 1)[-1]


class XmlParser:
    """XML (.xml): one readable text, a line per element that has text or attributes, led by its path.

    ``catalog > book [id=bk101]`` then ``catalog > book > author: Gambardella, Matthew``: every
    line names the elements it sits in, so a chunk cut from the middle of a large file still says
    where it is; an element's attributes are on its own line. Namespaces are left out of names;
    text after a child element (mixed content) gets a line of its own under its parent's path.
    """

    kind: str = "xml"
    extensions: tuple[str, ...] = (".xml",)

    def parse(self, data: bytes, rel_path: str) -> ParsedDocument:
        root = _parse_xml(data)
        lines = BoundedLines(render_limit(len(data)))
        # (element or tail text, the path of the element it belongs to)
        stack: list[tuple[Any, str]] = [(root, "")]
        while stack:
            item, parent_path = stack.pop()
            if isinstance(item, str):
                lines.append(f"{parent_path}: {item}")
                continue
            name = _local(item.tag)
            if not name:  # a comment or processing instruction
                continue
            attrs = ", ".join(f"{_local(k)}={collapse(v)}" for k, v in item.attrib.items())
            # Descendants repeat the names in the path, not the attributes, which can be long.
            path = f"{parent_path} > {name}" if parent_path else name
            here = f"{path} [{attrs}]" if attrs else path
            own = collapse(item.text)
            if own:
                lines.append(f"{here}: {own}")
            elif attrs or not len(item):
                lines.append(here)
            # Children in reverse onto the stack, each followed by the text after it.
            for child in reversed(list(item)):
                tail = collapse(child.tail)
                if tail:
                    stack.append((tail, path))
                stack.append((child, path))
        return single_text_document("\n".join(lines) + "\n", self.kind)


class XsdParser:
    """XML Schema (.xsd): an overview, then one section per complex type, element group and top-level element."""

    kind: str = "xsd"
    extensions: tuple[str, ...] = (".xsd",)

    def parse(self, data: bytes, rel_path: str) -> ParsedDocument:
        root = _parse_xml(data)
        if _local(root.tag) != "schema":
            raise ParseError("not an XML Schema (the root element is not xs:schema)")
        blocks: list[tuple[str, list[str]]] = [(_schema_title(root), _schema_overview(root))]
        for child in root:
            kind = _local(child.tag)
            name = child.get("name")
            if kind == "complexType" and name:
                blocks.append((f"Complex type {name}", _type_body(child)))
            elif kind == "group" and name:
                blocks.append((f"Element group {name}", _type_body(child)))
            elif kind == "element" and name:
                title = f"Element {name}" + (f" (type {child.get('type')})" if child.get("type") else "")
                blocks.append((title, _type_body(child)))
        return blocks_document(blocks, self.kind)


def _schema_title(root: Any) -> str:
    namespace = root.get("targetNamespace")
    return f"Schema {namespace}" if namespace else "Schema"


def _documentation(element: Any) -> str:
    for annotation in element:
        if _local(annotation.tag) != "annotation":
            continue
        texts = [collapse("".join(doc.itertext())) for doc in annotation if _local(doc.tag) == "documentation"]
        return " ".join(t for t in texts if t)
    return ""


def _schema_overview(root: Any) -> list[str]:
    lines: list[str] = []
    doc = _documentation(root)
    if doc:
        lines.append(f"Documentation: {doc}")
    for child in root:
        kind = _local(child.tag)
        if kind in ("import", "include", "redefine"):
            where = child.get("schemaLocation") or child.get("namespace") or ""
            lines.append(f"{kind.capitalize()}: {where}")
    names = {
        "complexType": "Complex types",
        "group": "Element groups",
        "element": "Elements",
        "attributeGroup": "Attribute groups",
    }
    for kind, label in names.items():
        found = [c.get("name") for c in root if _local(c.tag) == kind and c.get("name")]
        if found:
            lines.append(f"{label}: {', '.join(found)}")
    for child in root:
        if _local(child.tag) == "simpleType" and child.get("name"):
            lines.append(f"Simple type {child.get('name')}{_simple_type(child)}")
    return lines


def _simple_type(element: Any) -> str:
    for restriction in element.iter(f"{_XS}restriction"):
        base = restriction.get("base") or ""
        values = [e.get("value") or "" for e in restriction if _local(e.tag) == "enumeration"]
        facets = [
            f"{_local(e.tag)} {e.get('value')}"
            for e in restriction
            if _local(e.tag) not in ("enumeration", "annotation")
        ]
        parts = [f"restricts {base}"] if base else []
        if values:
            parts.append("one of " + ", ".join(values))
        parts.extend(facets)
        return ": " + "; ".join(parts) if parts else ""
    return ""


def _type_body(element: Any) -> list[str]:
    lines: list[str] = []
    doc = _documentation(element)
    if doc:
        lines.append(f"Documentation: {doc}")
    for derivation in ("extension", "restriction"):
        for node in element.iter(f"{_XS}{derivation}"):
            if node.get("base"):
                lines.append(f"{derivation.capitalize()} of {node.get('base')}")
                break
    elements: list[str] = []
    for node in element.iter(f"{_XS}element"):
        if node is element:
            continue
        name = node.get("name") or node.get("ref") or ""
        details = [node.get("type")] if node.get("type") else []
        low, high = node.get("minOccurs"), node.get("maxOccurs")
        if low is not None or high is not None:
            details.append(f"{low or 1}..{high or 1}")
        child_doc = _documentation(node)
        entry = name + (f" ({', '.join(d for d in details if d)})" if details else "")
        elements.append(entry + (f": {child_doc}" if child_doc else ""))
    groups = [node.get("ref") for node in element.iter(f"{_XS}group") if node is not element and node.get("ref")]
    attributes: list[str] = []
    for node in element.iter(f"{_XS}attribute"):
        name = node.get("name") or node.get("ref") or ""
        details = [d for d in (node.get("type"), node.get("use")) if d]
        attributes.append(name + (f" ({', '.join(details)})" if details else ""))
    if elements:
        lines.append("Elements:")
        lines.extend(INDENT + e for e in elements)
    if groups:
        lines.append("Groups: " + ", ".join(g for g in groups if g))
    if attributes:
        lines.append("Attributes: " + ", ".join(attributes))
    return lines


# ---------------------------------------------------------------------------------------------
# YAML, OpenAPI, AsyncAPI
# ---------------------------------------------------------------------------------------------

_YamlLoader: type[yaml.SafeLoader] = getattr(yaml, "CSafeLoader", yaml.SafeLoader)


class YamlParser:
    """YAML (.yaml, .yml): the file's text, or an OpenAPI or AsyncAPI description rendered per operation."""

    kind: str = "yaml"
    extensions: tuple[str, ...] = (".yaml", ".yml")

    def parse(self, data: bytes, rel_path: str) -> ParsedDocument:
        text = decode_text(data)
        if not text.strip():
            raise NoTextError("the file has no text")
        documents = _load_yaml(text)
        first = documents[0] if documents else None
        api: OpenApi | AsyncApi | None = None
        if isinstance(first, Mapping) and ("openapi" in first or "swagger" in first):
            api = OpenApi(first)
        elif isinstance(first, Mapping) and "asyncapi" in first:
            api = AsyncApi(first)
        if api is None:
            return ParsedDocument(text=text, sections=sections_from_headings(text, []), kind=self.kind)
        blocks = api.blocks()
        left_out = api.truncation.left_out
        flags = (DocumentFlag("truncated", count=left_out),) if left_out else ()
        return blocks_document(blocks, self.kind, flags)


def _load_yaml(text: str) -> list[Any]:
    try:
        documents = list(yaml.load_all(text, Loader=_YamlLoader))  # noqa: S506 - a SafeLoader
    except RecursionError as exc:
        raise ParseError(f"the YAML is nested deeper than {MAX_DEPTH} levels") from exc
    except yaml.YAMLError as exc:
        raise ParseError(f"not valid YAML: {str(exc)[:300]}") from exc
    except (ValueError, TypeError) as exc:  # an explicit tag with an impossible value
        raise ParseError(f"not valid YAML: {exc}") from exc
    budget = [MAX_YAML_NODES]
    for document in documents:
        _check_tree(document, budget=budget, what="YAML")
    return documents


def _check_tree(value: Any, *, budget: list[int] | None, what: str) -> None:
    """Refuse nesting past MAX_DEPTH and, with a budget, more nodes than it holds once aliases expand.

    Walked with an explicit stack: a shared (aliased) value is walked again each time it is
    reached, which is what an alias bomb costs anyone who reads it, so the budget stops it early.
    """
    stack: list[tuple[Any, int]] = [(value, 1)]
    while stack:
        node, depth = stack.pop()
        if depth > MAX_DEPTH:
            raise ParseError(f"the {what} is nested deeper than {MAX_DEPTH} levels (or holds itself)")
        if budget is not None:
            budget[0] -= 1
            if budget[0] < 0:
                raise ParseError(f"the YAML expands to more than {MAX_YAML_NODES:,} values (an alias bomb?)")
        if isinstance(node, Mapping):
            for key, item in node.items():
                stack.append((key, depth + 1))
                stack.append((item, depth + 1))
        elif isinstance(node, list | tuple):
            stack.extend((item, depth + 1) for item in node)
