"""OpenAPI and AsyncAPI descriptions as titled blocks: an overview, then operations and channels (no I/O).

An OpenAPI (or Swagger 2) operation block holds its parameters, request body and responses; an
AsyncAPI channel block its messages, and each operation (AsyncAPI 2 ``publish``/``subscribe``,
AsyncAPI 3 ``operations``) a block of its own. Schemas are named by their ``$ref`` and list their
first MAX_SCHEMA_PROPERTIES properties (``allOf`` members and array items followed), then
``... and N more properties``; ``truncation.left_out`` adds up what was left out, each schema
once however often it is shown. Only local ``$ref`` (``#/...``) are followed.
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping
from dataclasses import dataclass
from typing import Any, Final

from stratakb_core.ingest.parsing.readable import INDENT, collapse, is_scalar, scalar

__all__ = ["MAX_SCHEMA_PROPERTIES", "AsyncApi", "OpenApi"]

MAX_SCHEMA_PROPERTIES: Final = 15
_HTTP_METHODS = ("get", "put", "post", "delete", "options", "head", "patch", "trace")
_MAX_REF_HOPS = 20


@dataclass
class _Truncation:
    """Properties left out of the schemas listed, each schema counted once."""

    counted: set[int]
    left_out: int = 0


class _Api:
    """What OpenAPI and AsyncAPI share: $ref lookup and schemas listed with their first properties."""

    def __init__(self, spec: Mapping[str, Any]) -> None:
        self.spec = spec
        self.truncation = _Truncation(counted=set())

    def resolve(self, value: Any) -> tuple[Any, str | None]:
        """(the value a $ref points to, the name of the last ref followed) for a local ref."""
        name: str | None = None
        for _ in range(_MAX_REF_HOPS):
            if not isinstance(value, Mapping) or not isinstance(value.get("$ref"), str):
                return value, name
            ref = value["$ref"]
            name = ref.rsplit("/", 1)[-1]
            if not ref.startswith("#/"):
                return {}, name  # another file: only its name is known here
            target: Any = self.spec
            for part in ref[2:].split("/"):
                part = part.replace("~1", "/").replace("~0", "~")
                target = target.get(part) if isinstance(target, Mapping) else None
            if target is None:
                return {}, name
            value = target
        return {}, name

    def schema_name(self, schema: Any) -> str:
        resolved, name = self.resolve(schema)
        if name:
            return name
        if not isinstance(resolved, Mapping):
            return "value"
        kind = resolved.get("type")
        if kind == "array":
            return f"array of {self.schema_name(resolved.get('items'))}"
        for combiner in ("allOf", "oneOf", "anyOf"):
            if isinstance(resolved.get(combiner), list):
                names = [self.schema_name(s) for s in resolved[combiner]]
                return f"{combiner} {', '.join(names)}"
        return str(kind) if kind else "object"

    def properties(self, schema: Any, depth: int = 0) -> tuple[list[tuple[str, Any]], list[str]]:
        """(name, schema) of the properties of schema, allOf members included, and its required names."""
        resolved, _ = self.resolve(schema)
        if not isinstance(resolved, Mapping) or depth > 5:
            return [], []
        if resolved.get("type") == "array" and "items" in resolved:
            return self.properties(resolved["items"], depth + 1)
        props: list[tuple[str, Any]] = []
        required = [str(r) for r in resolved.get("required") or [] if isinstance(r, str | int)]
        members = resolved.get("allOf")
        if isinstance(members, list):
            for member in members:
                more, more_required = self.properties(member, depth + 1)
                props.extend(more)
                required.extend(more_required)
        own = resolved.get("properties")
        if isinstance(own, Mapping):
            props.extend((str(k), v) for k, v in own.items())
        return props, required

    def _owner(self, schema: Any) -> Any:
        """The schema whose properties are listed for schema: an array's items, refs followed."""
        resolved, _ = self.resolve(schema)
        for _hop in range(_MAX_REF_HOPS):
            if not (isinstance(resolved, Mapping) and resolved.get("type") == "array" and "items" in resolved):
                break
            resolved, _ = self.resolve(resolved["items"])
        return resolved

    def schema_lines(self, schema: Any, pad: str) -> list[str]:
        """The first MAX_SCHEMA_PROPERTIES properties of schema, one a line, and how many more."""
        props, required = self.properties(schema)
        lines: list[str] = []
        for name, prop in props[:MAX_SCHEMA_PROPERTIES]:
            details = [self.schema_name(prop)]
            if name in required:
                details.append("required")
            lines.append(f"{pad}{name} ({', '.join(details)}{self._notes(prop)}")
        extra = len(props) - MAX_SCHEMA_PROPERTIES
        if extra > 0:
            lines.append(f"{pad}... and {extra} more properties")
            key = id(self._owner(schema))
            if key not in self.truncation.counted:
                self.truncation.counted.add(key)
                self.truncation.left_out += extra
        return lines

    def _notes(self, schema: Any) -> str:
        """The rest of a property's line: ``, format)``, then its description and allowed values."""
        resolved, _ = self.resolve(schema)
        if not isinstance(resolved, Mapping):
            return ")"
        fmt = f", {resolved['format']}" if resolved.get("format") else ""
        notes = f"{fmt})"
        if resolved.get("description"):
            notes += f": {collapse(str(resolved['description']))}"
        enum = resolved.get("enum")
        if isinstance(enum, list) and enum:
            notes += " [one of " + ", ".join(scalar(v) for v in enum[:20]) + "]"
        return notes

    def schemas_overview(self, schemas: Any) -> list[str]:
        """Each named schema with its first properties; a schema without properties on one line."""
        lines: list[str] = []
        if isinstance(schemas, Mapping) and schemas:
            lines.append("Schemas:")
            for name, schema in schemas.items():
                props = self.schema_lines(schema, INDENT * 2)
                if props:
                    lines.append(f"{INDENT}{name}:")
                    lines.extend(props)
                else:
                    lines.append(f"{INDENT}{name} ({self.schema_name(schema)}{self._notes(schema)}")
        return lines

    def info_lines(self) -> list[str]:
        info = self.spec.get("info")
        lines: list[str] = []
        if isinstance(info, Mapping):
            if info.get("description"):
                lines.append(f"Description: {collapse(str(info['description']))}")
            contact = info.get("contact")
            if isinstance(contact, Mapping):
                who = ", ".join(scalar(v) for v in contact.values() if is_scalar(v))
                if who:
                    lines.append(f"Contact: {who}")
            license_ = info.get("license")
            if isinstance(license_, Mapping) and license_.get("name"):
                lines.append(f"License: {license_['name']}")
        return lines

    def title(self, kind: str, version_key: str) -> str:
        info = self.spec.get("info")
        name = info.get("title") if isinstance(info, Mapping) else None
        version = info.get("version") if isinstance(info, Mapping) else None
        head = f"{kind} {scalar(self.spec.get(version_key))}"
        if name:
            head += f": {name}"
        if version is not None:
            head += f" (version {scalar(version)})"
        return head


class OpenApi(_Api):
    def blocks(self) -> list[tuple[str, list[str]]]:
        spec = self.spec
        swagger = "swagger" in spec and "openapi" not in spec
        overview = self.info_lines()
        servers = spec.get("servers")
        if isinstance(servers, list):
            for server in servers:
                if isinstance(server, Mapping) and server.get("url"):
                    note = f" ({collapse(str(server['description']))})" if server.get("description") else ""
                    overview.append(f"Server: {server['url']}{note}")
        if swagger and spec.get("host"):
            overview.append(f"Server: {spec.get('host')}{spec.get('basePath') or ''}")
        tags = spec.get("tags")
        if isinstance(tags, list):
            for tag in tags:
                if isinstance(tag, Mapping) and tag.get("name"):
                    note = f": {collapse(str(tag['description']))}" if tag.get("description") else ""
                    overview.append(f"Tag {tag['name']}{note}")
        operations = list(self._operations())
        if operations:
            overview.append("Operations:")
            overview.extend(f"{INDENT}{title}" for title, _, _, _ in operations)
        components = spec.get("components") if isinstance(spec.get("components"), Mapping) else {}
        schemes = (components or {}).get("securitySchemes") or spec.get("securityDefinitions")
        if isinstance(schemes, Mapping) and schemes:
            overview.append(
                "Security schemes: "
                + ", ".join(f"{n} ({s.get('type')})" if isinstance(s, Mapping) else str(n) for n, s in schemes.items())
            )
        schemas = (components or {}).get("schemas") if not swagger else spec.get("definitions")
        overview.extend(self.schemas_overview(schemas))
        title = self.title("Swagger", "swagger") if swagger else self.title("OpenAPI", "openapi")
        blocks: list[tuple[str, list[str]]] = [(title, overview)]
        for title, path_item, operation, _method in operations:
            blocks.append((title, self._operation_lines(path_item, operation, swagger)))
        return blocks

    def _operations(self) -> Iterator[tuple[str, Mapping[str, Any], Mapping[str, Any], str]]:
        paths = self.spec.get("paths")
        if not isinstance(paths, Mapping):
            return
        for path, item in paths.items():
            item, _ = self.resolve(item)
            if not isinstance(item, Mapping):
                continue
            for method in _HTTP_METHODS:
                operation = item.get(method)
                if not isinstance(operation, Mapping):
                    continue
                summary = operation.get("summary") or operation.get("operationId") or ""
                title = f"{method.upper()} {path}" + (f": {collapse(str(summary))}" if summary else "")
                yield title, item, operation, method

    def _operation_lines(self, path_item: Mapping[str, Any], operation: Mapping[str, Any], swagger: bool) -> list[str]:
        lines: list[str] = []
        if operation.get("operationId"):
            lines.append(f"Operation ID: {operation['operationId']}")
        if isinstance(operation.get("tags"), list) and operation["tags"]:
            lines.append("Tags: " + ", ".join(scalar(t) for t in operation["tags"]))
        if operation.get("description"):
            lines.append(f"Description: {collapse(str(operation['description']))}")
        if operation.get("deprecated"):
            lines.append("Deprecated")
        parameters = [*(path_item.get("parameters") or []), *(operation.get("parameters") or [])]
        body_schema: Any = None
        rendered: list[str] = []
        for parameter in parameters:
            parameter, _ = self.resolve(parameter)
            if not isinstance(parameter, Mapping):
                continue
            where = parameter.get("in")
            if swagger and where == "body":
                body_schema = parameter.get("schema")
                continue
            schema = parameter.get("schema", parameter if swagger else None)
            details = [str(where)] if where else []
            if parameter.get("required"):
                details.append("required")
            if schema is not None:
                details.append(self.schema_name(schema))
            line = f"{INDENT}{parameter.get('name')} ({', '.join(details)})"
            if parameter.get("description"):
                line += f": {collapse(str(parameter['description']))}"
            rendered.append(line)
        if rendered:
            lines.append("Parameters:")
            lines.extend(rendered)
        if swagger and body_schema is not None:
            lines.append(f"Request body: {self.schema_name(body_schema)}")
            lines.extend(self.schema_lines(body_schema, INDENT))
        body, _ = self.resolve(operation.get("requestBody"))
        if isinstance(body, Mapping):
            for media, content in _contents(body):
                note = ", required" if body.get("required") else ""
                schema = content.get("schema") if isinstance(content, Mapping) else None
                lines.append(f"Request body ({media}{note}): {self.schema_name(schema)}")
                lines.extend(self.schema_lines(schema, INDENT))
        responses = operation.get("responses")
        if isinstance(responses, Mapping) and responses:
            lines.append("Responses:")
            for code, response in responses.items():
                response, name = self.resolve(response)
                if not isinstance(response, Mapping):
                    continue
                description = collapse(str(response.get("description") or name or ""))
                schemas: list[tuple[str, Any]] = []
                if swagger and response.get("schema") is not None:
                    schemas.append(("", response["schema"]))
                for media, content in _contents(response):
                    if isinstance(content, Mapping) and content.get("schema") is not None:
                        schemas.append((media, content["schema"]))
                if not schemas:
                    lines.append(f"{INDENT}{code}: {description}")
                for media, schema in schemas[:1]:
                    where = f" ({media})" if media else ""
                    lines.append(f"{INDENT}{code}{where}: {self.schema_name(schema)} - {description}")
                    lines.extend(self.schema_lines(schema, INDENT * 2))
        return lines


def _contents(holder: Mapping[str, Any]) -> list[tuple[str, Any]]:
    content = holder.get("content")
    if not isinstance(content, Mapping):
        return []
    return [(str(media), value) for media, value in content.items()]


class AsyncApi(_Api):
    def blocks(self) -> list[tuple[str, list[str]]]:
        spec = self.spec
        overview = self.info_lines()
        servers = spec.get("servers")
        if isinstance(servers, Mapping):
            for name, server in servers.items():
                if isinstance(server, Mapping):
                    where = server.get("url") or server.get("host") or ""
                    overview.append(f"Server {name}: {where} ({server.get('protocol') or ''})")
        channels = spec.get("channels") if isinstance(spec.get("channels"), Mapping) else {}
        operations = spec.get("operations") if isinstance(spec.get("operations"), Mapping) else {}
        blocks: list[tuple[str, list[str]]] = []
        channel_titles: list[str] = []
        operation_blocks: list[tuple[str, list[str]]] = []
        for name, channel in (channels or {}).items():
            channel, _ = self.resolve(channel)
            if not isinstance(channel, Mapping):
                continue
            address = channel.get("address") or name
            title = f"Channel {address}"
            channel_titles.append(title)
            lines: list[str] = []
            if channel.get("description"):
                lines.append(f"Description: {collapse(str(channel['description']))}")
            params = channel.get("parameters")
            if isinstance(params, Mapping) and params:
                lines.append("Parameters: " + ", ".join(str(p) for p in params))
            messages = channel.get("messages")
            if isinstance(messages, Mapping):
                for message_name, message in messages.items():
                    lines.extend(self._message_lines(message, str(message_name)))
            blocks.append((title, lines))
            for action in ("publish", "subscribe"):  # AsyncAPI 2
                operation = channel.get(action)
                if isinstance(operation, Mapping):
                    operation_blocks.append(self._operation_block(action, str(address), operation))
        for op_name, operation in (operations or {}).items():  # AsyncAPI 3
            operation, _ = self.resolve(operation)
            if not isinstance(operation, Mapping):
                continue
            channel, channel_name = self.resolve(operation.get("channel"))
            address = channel.get("address") if isinstance(channel, Mapping) else None
            where = str(address or channel_name or "")
            action = str(operation.get("action") or op_name)
            operation_blocks.append(self._operation_block(action, where, operation, str(op_name)))
        if channel_titles:
            overview.append("Channels:")
            overview.extend(f"{INDENT}{t}" for t in channel_titles)
        if operation_blocks:
            overview.append("Operations:")
            overview.extend(f"{INDENT}{t}" for t, _ in operation_blocks)
        components = spec.get("components")
        if isinstance(components, Mapping):
            overview.extend(self.schemas_overview(components.get("schemas")))
        return [(self.title("AsyncAPI", "asyncapi"), overview), *blocks, *operation_blocks]

    def _operation_block(
        self, action: str, address: str, operation: Mapping[str, Any], name: str | None = None
    ) -> tuple[str, list[str]]:
        summary = operation.get("summary") or operation.get("operationId") or name or ""
        title = f"{action.upper()} {address}" + (f": {collapse(str(summary))}" if summary else "")
        lines: list[str] = []
        if operation.get("operationId"):
            lines.append(f"Operation ID: {operation['operationId']}")
        if operation.get("description"):
            lines.append(f"Description: {collapse(str(operation['description']))}")
        message = operation.get("message")
        if message is not None:
            lines.extend(self._message_lines(message, None))
        messages = operation.get("messages")
        if isinstance(messages, list):
            for item in messages:
                lines.extend(self._message_lines(item, None))
        return title, lines

    def _message_lines(self, message: Any, name: str | None) -> list[str]:
        resolved, ref_name = self.resolve(message)
        if not isinstance(resolved, Mapping):
            return []
        variants = resolved.get("oneOf")
        if isinstance(variants, list):
            return [line for item in variants for line in self._message_lines(item, None)]
        label = resolved.get("name") or name or ref_name
        head = f"Message {label}" if label else "Message"
        lines = [head + (f": {collapse(str(resolved['summary']))}" if resolved.get("summary") else "")]
        payload = resolved.get("payload")
        if payload is not None:
            lines.append(f"{INDENT}Payload: {self.schema_name(payload)}")
            lines.extend(self.schema_lines(payload, INDENT * 2))
        return lines
