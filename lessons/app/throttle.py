"""Codes that resist guessing: wrong class, teacher or recovery codes slow their sender down.

Each client (an IPv4 address, or an IPv6 /64, which one machine can fill with addresses) has a
count of wrong codes in a row for each kind of code. After ``k`` wrong codes its next try waits
``min(base * 2**(k-1), 16 * base)`` before it is checked: 1, 2, 4, 8, 16, 16 ... seconds with
the default ``base`` of 1 s (the server holds the request, so a learner who mistyped just sees a
slower answer). Tries of one client are checked one at a time, so sending many at once gains
nothing. The ``lockout_after``-th wrong code in a row (10) locks the client out of that code for
``900 * base`` seconds (15 minutes): every try is refused unchecked, the right code too, and the
page says when to try again. A wrong code after a lockout locks again; a right code, or a day
without wrong codes, clears the count.

How long guessing takes. One client gets 10 tries in its first 95 s, then one per lockout: at
most 10 + 96 tries a day, 38,690 a year. Suppose a guesser had 1,024 clients (a /22 of
addresses, more than a school network hands out): 4.0e7 tries a year. A class code has 6 of 31
characters (31**6 = 8.9e8 codes): finding it takes 11 years on average (a 3.4 % chance in a
school year of 40 weeks), and 11,500 years from one machine. The teacher code has 8 (31**8 =
8.5e11 codes): 10,800 years on average with 1,024 clients; recovery codes have 8 too.
``guessing_years`` computes these figures.
"""

from __future__ import annotations

import asyncio
import ipaddress
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Final, Literal

BASE_DELAY: Final = 1.0
"""Seconds the try after the first wrong code waits; it doubles with each wrong code."""
MAX_DELAY_FACTOR: Final = 16
"""The longest wait before a try, in ``base`` units (16 s by default)."""
LOCKOUT_AFTER: Final = 10
"""Wrong codes in a row that lock a client out."""
LOCKOUT_FACTOR: Final = 900
"""How long a lockout lasts, in ``base`` units (15 minutes by default)."""
FORGET_SECONDS: Final = 24 * 3600.0
"""A client's wrong codes are forgotten after a day without one."""
MAX_WAITING: Final = 4
"""Tries of one client that may wait at once; more are refused at once."""
KEEP_CLIENTS: Final = 10_000
"""Clients remembered before the quiet ones are forgotten early."""

Outcome = Literal["right", "wrong", "locked"]


@dataclass(frozen=True)
class Verdict:
    """A try's outcome: the code was right, wrong, or not checked because the client is locked
    out (or sent too many tries at once); ``retry_after`` is how long its next try will wait
    (wrong) or be refused (locked), in seconds; ``failures`` counts its wrong codes in a row."""

    outcome: Outcome
    retry_after: float = 0.0
    failures: int = 0


@dataclass
class _Client:
    failures: int = 0
    last_failure: float = 0.0
    waiting: int = 0
    lock: asyncio.Lock = field(default_factory=asyncio.Lock)


def client_key(address: str) -> str:
    """Who is guessing: an IPv4 address as it is, an IPv6 address by its /64 network."""
    try:
        ip = ipaddress.ip_address(address.split("%")[0])
    except ValueError:
        return address
    if isinstance(ip, ipaddress.IPv6Address) and ip.ipv4_mapped is None:
        return str(ipaddress.IPv6Network((ip, 64), strict=False))
    return str(ip.ipv4_mapped or ip) if isinstance(ip, ipaddress.IPv6Address) else str(ip)


@dataclass
class Backoff:
    """The wrong-code counts of a server's clients, per client and kind of code."""

    base: float = BASE_DELAY
    lockout_after: int = LOCKOUT_AFTER
    clock: Callable[[], float] = time.monotonic
    _clients: dict[tuple[str, str], _Client] = field(default_factory=dict)

    @property
    def lockout(self) -> float:
        return self.base * LOCKOUT_FACTOR

    def delay(self, failures: int) -> float:
        """How long after its ``failures``-th wrong code in a row a client waits before its next try."""
        if failures <= 0:
            return 0.0
        if failures >= self.lockout_after:
            return self.lockout
        return float(min(self.base * 2 ** (failures - 1), self.base * MAX_DELAY_FACTOR))

    def wait(self, key: tuple[str, str]) -> float:
        """Seconds until ``key`` (client, kind of code) may try again; 0 if now."""
        client = self._client(key)
        return max(0.0, client.last_failure + self.delay(client.failures) - self.clock())

    def locked(self, key: tuple[str, str]) -> bool:
        return self._client(key).failures >= self.lockout_after and self.wait(key) > 0

    def failed(self, key: tuple[str, str]) -> Verdict:
        """Count a wrong code of ``key``; what its sender is told."""
        client = self._client(key)
        client.failures += 1
        client.last_failure = self.clock()
        outcome: Outcome = "locked" if client.failures >= self.lockout_after else "wrong"
        return Verdict(outcome, self.delay(client.failures), client.failures)

    def succeeded(self, key: tuple[str, str]) -> None:
        self._clients.pop(key, None)

    async def check(self, key: tuple[str, str], right: Callable[[], bool]) -> Verdict:
        """Check a try of ``key`` with ``right()`` once its wait is over (tries of one key one at a
        time), or refuse it unchecked while the key is locked out or has too many tries waiting."""
        client = self._client(key)
        if self.locked(key) or client.waiting >= MAX_WAITING:
            return Verdict("locked", max(self.wait(key), self.base), client.failures)
        client.waiting += 1
        try:
            async with client.lock:
                if self.locked(key):
                    return Verdict("locked", self.wait(key), client.failures)
                wait = self.wait(key)
                if wait > 0:
                    await asyncio.sleep(wait)
                if right():
                    self.succeeded(key)
                    return Verdict("right")
                return self.failed(key)
        finally:
            client.waiting -= 1

    def _client(self, key: tuple[str, str]) -> _Client:
        now = self.clock()
        client = self._clients.get(key)
        if client is not None and client.failures and now - client.last_failure > FORGET_SECONDS:
            client.failures = 0
        if client is None:
            if len(self._clients) >= KEEP_CLIENTS:
                self._forget_quiet(now)
            client = self._clients[key] = _Client()
        return client

    def _forget_quiet(self, now: float) -> None:
        """Drop the clients that are not locked out and have nothing waiting."""
        for key, client in list(self._clients.items()):
            if client.waiting == 0 and now - client.last_failure >= self.delay(client.failures):
                del self._clients[key]


def guessing_years(code_length: int, clients: int = 1, alphabet: int = 31, lockout_after: int = LOCKOUT_AFTER,
                   lockout_seconds: float = BASE_DELAY * LOCKOUT_FACTOR) -> float:
    """The years ``clients`` guessers at the allowed rate take, on average, to find a code of
    ``code_length`` characters (half of all codes tried)."""
    per_day = lockout_after + 24 * 3600 / lockout_seconds
    return float(alphabet ** code_length / 2 / (per_day * 365 * clients))
