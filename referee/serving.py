"""waitress as ``referee run`` serves with it, with two limits waitress lacks, so that one
client cannot hold the server (docs/serving.md says them all, and the proxy to put in front).

- **Time to send the headers.** waitress closes a connection idle for ``channel_timeout``, but
  idle counts from the last byte: a client dripping a header byte every few seconds is never
  idle and keeps its connection for ever. Here a request whose headers have not all arrived
  ``header_seconds`` after its first byte is closed.
- **Connections from one address.** waitress stops accepting anyone once ``connection_limit``
  connections are open, so one client opening that many stops the server for everybody. Here
  one address (an IPv6 network's /64, which one machine may fill alone) may hold
  ``per_address`` connections; more are closed at once.
"""

from __future__ import annotations

import ipaddress
import time
from collections import Counter

from waitress.adjustments import Adjustments
from waitress.channel import HTTPChannel
from waitress.parser import HTTPRequestParser
from waitress.server import MultiSocketServer, TcpWSGIServer
from waitress.task import ThreadedTaskDispatcher

# A browser sends its headers in one packet or two: ten seconds is ample on a weak
# signal, and short enough that dripping clients cannot pile up.
HEADER_SECONDS = 10
# A browser keeps about six connections to a server, a device a few: a hundred from one
# address is far past any household's need, and a tenth of all the server may hold, so ten
# greedy addresses would be needed to fill it.
CONNECTIONS_PER_ADDRESS = 100


class _TimedParser(HTTPRequestParser):
    """A request being read, and when its first byte came (waitress makes one per request,
    as that byte arrives)."""

    def __init__(self, adj: Adjustments):
        super().__init__(adj)
        self.first_byte_at = time.monotonic()


class _Channel(HTTPChannel):
    """One connection, counted against its address while it is open."""

    parser_class = _TimedParser

    def __init__(self, server, sock, addr, adj, map=None):
        super().__init__(server, sock, addr, adj, map)
        self.counted_as: str | None = address_key(addr)
        server.open_from[self.counted_as] += 1

    def del_channel(self, map=None):
        key, self.counted_as = getattr(self, "counted_as", None), None
        if key is not None:  # once, however often it is closed
            opened = self.server.open_from
            opened[key] -= 1
            if opened[key] <= 0:
                del opened[key]
        super().del_channel(map)


class GuardedServer(TcpWSGIServer):
    channel_class = _Channel

    def __init__(self, *args, header_seconds: float, per_address: int, **kwargs):
        self.header_seconds, self.per_address = header_seconds, per_address
        self.open_from: Counter[str] = Counter()
        super().__init__(*args, **kwargs)

    def handle_accept(self):
        try:
            accepted = self.accept()
        except OSError:  # the client gave up before it was accepted
            return
        if accepted is None:
            return
        connection, addr = accepted
        if self.per_address and self.open_from[address_key(addr)] >= self.per_address:
            connection.close()
            return
        try:
            self.set_socket_options(connection)
        except OSError:
            connection.close()
            return
        self.channel_class(self, connection, self.fix_addr(addr), self.adj, map=self._map)

    def maintenance(self, now):
        super().maintenance(now)  # the idle ones
        too_slow = time.monotonic() - self.header_seconds
        for channel in list(self.active_channels.values()):
            request = channel.request
            # A channel with a request being answered is left to finish it: the next
            # maintenance closes it if its next request's headers are still dripping.
            if (request is not None and not request.headers_finished and not channel.requests
                    and request.first_byte_at < too_slow):
                channel.will_close = True


def address_key(addr) -> str:
    """Whose connection it is, for the limit per address: the IP address, or for IPv6 its
    /64 (a home or phone is handed a whole /64)."""
    host = addr[0] if isinstance(addr, tuple) else str(addr)
    try:
        ip = ipaddress.ip_address(host.split("%", 1)[0])
    except ValueError:
        return host
    if ip.version == 6:
        if ip.ipv4_mapped is not None:  # an IPv4 client on a dual-stack socket
            return str(ip.ipv4_mapped)
        return str(ipaddress.ip_network(f"{ip}/64", strict=False))
    return str(ip)


def create_guarded_server(app, header_seconds: float = HEADER_SECONDS,
                          per_address: int = CONNECTIONS_PER_ADDRESS, **adjustments):
    """waitress's ``create_server`` for TCP, with the limits above (``per_address`` 0: none)."""
    adj = Adjustments(**adjustments)
    dispatcher = ThreadedTaskDispatcher()
    dispatcher.set_thread_count(adj.threads)
    sockets: dict = {}
    servers = [GuardedServer(app, sockets, dispatcher=dispatcher, adj=adj, sockinfo=info,
                             header_seconds=header_seconds, per_address=per_address)
               for info in adj.listen]
    if len(servers) == 1:
        return servers[0]
    return MultiSocketServer(sockets, adj, [(s.effective_host, s.effective_port)
                                            for s in servers], dispatcher, servers[-1].log_info)
