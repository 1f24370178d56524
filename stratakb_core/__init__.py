"""StrataKB core: selection, policy, parsing, chunking, embedding, the store and search.

Plain Python; never imports dagster. The CLI, the Dagster assets, the MCP server and the tests
are drivers of the functions in this package.
"""

__version__ = "0.1.0"
