"""The MCP server (a driver): tools, roles, the answer contract and prompt over stdio and HTTP."""
