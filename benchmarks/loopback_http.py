"""A small HTTP/1.1 client on asyncio streams, to loopback only: ``serve_load.py``'s
devices (one keep-alive connection each, JSON in and out, chunked answers read).
"""

from __future__ import annotations

import asyncio
import json
import socket
from typing import Any

__all__ = ["HOST", "Http", "free_port", "read_body", "read_head"]

HOST = "127.0.0.1"


def free_port() -> int:
    """A loopback port nobody listens on now."""
    with socket.socket() as probe:
        probe.bind((HOST, 0))
        return int(probe.getsockname()[1])


class Http:
    """One keep-alive connection to the server."""

    def __init__(self, port: int) -> None:
        self.port = port
        self.reader: asyncio.StreamReader | None = None
        self.writer: asyncio.StreamWriter | None = None

    async def request(
        self, method: str, path: str, key: str | None = None, body: Any = None
    ) -> tuple[int, Any]:
        """One request; the status and the JSON answer."""
        if self.writer is None:
            self.reader, self.writer = await asyncio.open_connection(HOST, self.port)
        data = b"" if body is None else json.dumps(body).encode()
        head = [f"{method} {path} HTTP/1.1", f"Host: {HOST}", f"Content-Length: {len(data)}"]
        if key is not None:
            head.append(f"X-Tablelog-Key: {key}")
        if body is not None:
            head.append("Content-Type: application/json")
        self.writer.write(("\r\n".join(head) + "\r\n\r\n").encode() + data)
        assert self.reader is not None
        status, headers = await read_head(self.reader)
        raw = await read_body(self.reader, headers)
        return status, json.loads(raw)

    def close(self) -> None:
        if self.writer is not None:
            self.writer.close()


async def read_head(reader: asyncio.StreamReader) -> tuple[int, dict[str, str]]:
    """An answer's status and headers (names in lower case)."""
    status = int((await reader.readline()).split()[1])
    headers = {}
    while (line := await reader.readline()) not in (b"\r\n", b""):
        name, _, value = line.decode().partition(":")
        headers[name.strip().lower()] = value.strip()
    return status, headers


async def read_body(reader: asyncio.StreamReader, headers: dict[str, str]) -> bytes:
    """An answer's body, by its length or chunked."""
    if "content-length" in headers:
        return await reader.readexactly(int(headers["content-length"]))
    parts = []
    while size := int((await reader.readline()).strip(), 16):  # chunked
        parts.append(await reader.readexactly(size))
        await reader.readline()
    await reader.readline()
    return b"".join(parts)
