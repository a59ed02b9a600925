#!/usr/bin/env python3
"""Sends each conformance case of bench/README.md ("Hostile clients") to HOST:PORT over a raw socket and
prints the statuses it got and whether the server closed the connection, so the answers of homeward and
nginx can be compared. Usage: probe.py PORT [HOST]"""
import re
import socket
import sys

H = "Host: a\r\n"
CASES = [
    ("RFC9112-2.2-BareLFInHeaders", "GET /healthz HTTP/1.1\n" + "Host: a\n\n"),
    ("RFC9112-2.2-BareCRInHeader", "GET /healthz HTTP/1.1\r\nHost: a\r\nX: a\rb\r\n\r\n"),
    ("RFC9112-2.2-LeadingEmptyLinesIgnored", "\r\n\r\nGET /healthz HTTP/1.1\r\n" + H + "\r\n"),
    ("RFC9112-3-InvalidMethodToken", "G(T /healthz HTTP/1.1\r\n" + H + "\r\n"),
    ("RFC9112-3-DoubleSpaceInRequestLine", "GET  /healthz HTTP/1.1\r\n" + H + "\r\n"),
    ("RFC9112-3-SpaceInTarget", "GET /health z HTTP/1.1\r\n" + H + "\r\n"),
    ("RFC9112-3-MissingVersion", "GET /healthz\r\n" + H + "\r\n"),
    ("RFC9112-2.3-LowercaseVersion", "GET /healthz http/1.1\r\n" + H + "\r\n"),
    ("RFC9112-2.3-HTTP2VersionIs505", "GET /healthz HTTP/2.0\r\n" + H + "\r\n"),
    ("RFC9112-2.3-HTTP12IsServedAs11", "GET /healthz HTTP/1.2\r\n" + H + "\r\n"),
    ("RFC9112-3.2-MissingHost", "GET /healthz HTTP/1.1\r\n\r\n"),
    ("RFC9112-3.2-DuplicateHost", "GET /healthz HTTP/1.1\r\nHost: a\r\nHost: b\r\n\r\n"),
    ("RFC9112-3.2-HTTP10WithoutHost", "GET /healthz HTTP/1.0\r\n\r\n"),
    ("RFC9112-3.2.2-AbsoluteForm", "GET http://a/healthz HTTP/1.1\r\n" + H + "\r\n"),
    ("RFC9112-3.2.4-AsteriskFormForGet", "GET * HTTP/1.1\r\n" + H + "\r\n"),
    ("RFC9112-5.1-SpaceBeforeColon", "GET /healthz HTTP/1.1\r\n" + H + "X-A : b\r\n\r\n"),
    ("RFC9112-5.1-HeaderWithoutColon", "GET /healthz HTTP/1.1\r\n" + H + "X-A\r\n\r\n"),
    ("RFC9112-5.1-EmptyHeaderName", "GET /healthz HTTP/1.1\r\n" + H + ": b\r\n\r\n"),
    ("RFC9112-5.2-ObsFold", "GET /healthz HTTP/1.1\r\n" + H + "X-A: b\r\n c\r\n\r\n"),
    ("RFC9110-5.5-NULInValue", "GET /healthz HTTP/1.1\r\n" + H + "X-A: b\x00c\r\n\r\n"),
    ("RFC9110-5.5-ControlCharInValue", "GET /healthz HTTP/1.1\r\n" + H + "X-A: b\x01c\r\n\r\n"),
    ("RFC9110-8.6-ContentLengthNotNumeric", "POST /healthz HTTP/1.1\r\n" + H + "Content-Length: abc\r\n\r\n"),
    ("RFC9110-8.6-ContentLengthNegative", "POST /healthz HTTP/1.1\r\n" + H + "Content-Length: -1\r\n\r\n"),
    ("RFC9110-8.6-ContentLengthPlusSign", "POST /healthz HTTP/1.1\r\n" + H + "Content-Length: +1\r\n\r\nx"),
    ("RFC9110-8.6-DifferingContentLengths", "POST /healthz HTTP/1.1\r\n" + H + "Content-Length: 1\r\nContent-Length: 2\r\n\r\nxx"),
    ("RFC9112-6.1-TransferEncodingAndContentLength",
     "POST /healthz HTTP/1.1\r\n" + H + "Content-Length: 3\r\nTransfer-Encoding: chunked\r\n\r\n0\r\n\r\n"),
    ("RFC9112-6.1-ChunkedNotLast", "POST /healthz HTTP/1.1\r\n" + H + "Transfer-Encoding: chunked, gzip\r\n\r\n0\r\n\r\n"),
    ("RFC9112-6.1-UnknownTransferCoding", "POST /healthz HTTP/1.1\r\n" + H + "Transfer-Encoding: gzip, chunked\r\n\r\n0\r\n\r\n"),
    ("RFC9112-6.1-TransferEncodingInHTTP10", "POST /healthz HTTP/1.0\r\nTransfer-Encoding: chunked\r\n\r\n0\r\n\r\n"),
    ("RFC9112-7.1-ChunkSizeOverflow", "POST /healthz HTTP/1.1\r\n" + H + "Transfer-Encoding: chunked\r\n\r\nffffffffffffffffff\r\nx\r\n0\r\n\r\n"),
    ("RFC9112-7.1-ChunkSizeNotHex", "POST /healthz HTTP/1.1\r\n" + H + "Transfer-Encoding: chunked\r\n\r\nzz\r\nx\r\n0\r\n\r\n"),
    ("RFC9112-7.1-ChunkDataWithoutCRLF", "POST /healthz HTTP/1.1\r\n" + H + "Transfer-Encoding: chunked\r\n\r\n1\r\nxy0\r\n\r\n"),
    ("RFC9112-7.1-ValidChunkedBody", "POST /healthz HTTP/1.1\r\n" + H + "Transfer-Encoding: chunked\r\n\r\n1;ext=1\r\nx\r\n0\r\n\r\n"),
    ("RFC9112-9.3-HTTP10KeepAlive", "GET /healthz HTTP/1.0\r\nConnection: keep-alive\r\n\r\n"),
    ("RFC9112-9.3.2-Pipelining", "GET /healthz HTTP/1.1\r\n" + H + "\r\nGET /healthz HTTP/1.1\r\n" + H + "\r\n"),
    ("RFC9112-9.6-ConnectionClose", "GET /healthz HTTP/1.1\r\n" + H + "Connection: close\r\n\r\n"),
]


def probe(port, host, payload, wait=1.5):
    family = socket.AF_INET6 if ":" in host else socket.AF_INET
    with socket.socket(family, socket.SOCK_STREAM) as sock:
        sock.settimeout(wait)
        sock.connect((host, port))
        sock.sendall(payload.encode("latin-1"))
        received = b""
        closed = False
        try:
            while True:
                chunk = sock.recv(65536)
                if not chunk:
                    closed = True
                    break
                received += chunk
        except (socket.timeout, ConnectionResetError):
            pass
    statuses = [match.decode() for match in re.findall(rb"HTTP/1\.[01] (\d{3}) ", received)]
    return statuses, closed


if __name__ == "__main__":
    port = int(sys.argv[1])
    host = sys.argv[2] if len(sys.argv) > 2 else "127.0.0.1"
    for name, payload in CASES:
        statuses, closed = probe(port, host, payload)
        print(f"{name:48} {','.join(statuses) or '-':12} {'closed' if closed else 'open'}")
