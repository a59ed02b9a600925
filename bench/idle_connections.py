"""Opens N idle keep-alive connections to 127.0.0.1:PORT (each sends one request first, so the
server holds a parsed, idle keep-alive connection), reports the server's RSS, then closes them.
Usage: idle_connections.py PORT COUNT SERVER_PID"""
import resource
import socket
import sys
import time

port, count, pid = int(sys.argv[1]), int(sys.argv[2]), sys.argv[3]
soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
resource.setrlimit(resource.RLIMIT_NOFILE, (hard, hard))


def rss_kib():
    with open(f"/proc/{pid}/status") as status:
        for line in status:
            if line.startswith("VmRSS"):
                return int(line.split()[1])
    return 0


request = b"GET /healthz HTTP/1.1\r\nHost: bench\r\n\r\n"
sockets = []
for _ in range(count):
    connection = socket.create_connection(("127.0.0.1", port))
    connection.sendall(request)
    sockets.append(connection)
for connection in sockets:
    connection.recv(4096)
time.sleep(1)
print(f"RSS with {len(sockets)} idle keep-alive connections: {rss_kib()} KiB")
for connection in sockets:
    connection.close()
time.sleep(1)
