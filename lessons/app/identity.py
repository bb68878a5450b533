"""Who holds which name in a class: the first browser to join under a name keeps it.

A learner joins with the class code and a name. The first browser to take a name gets a signed
cookie holding the name and a random token (``gate.LEARNER_COOKIE``); the class's roster
(``names.json`` in the class folder) keeps a hash of that token, so only that browser is that
learner. Another browser typing the same name is told it is taken, unless it also gives the
learner's recovery code: a short code shown once, when the name was taken, kept here only as a
salted scrypt hash. With it a learner who changed computer gets their name (and progress) back,
and the old browser's cookie stops working. The teacher's page can free a name (``Roster.free``);
whoever joins under it next takes it, with its progress.

Names are the same name when they differ only in case, in accents or in how their letters are
composed (NFC/NFD): "Ayşe", "AYSE" and "Ayse" are one name here (``name_key``), so a classmate
cannot slip into the room under a look-alike. The roster shows a name as it was first typed, and
the learner's progress file stays keyed as before (``progress.learner_path`` of that name), so
no file moves.
"""

from __future__ import annotations

import hashlib
import hmac
import json
import os
import secrets
import time
import unicodedata
from collections.abc import Callable
from dataclasses import asdict, dataclass
from pathlib import Path
from typing import Final

from batak_core.teaching.progress import check_learner_name, learner_key

from .classroom import CODE_ALPHABET, normalise_code

ROSTER_FILE: Final = "names.json"
RECOVERY_LENGTH: Final = 8
"""Characters of a recovery code: 31**8, about 8.5e11 codes, tried at the gate's guarded rate."""
_SCRYPT: Final = {"n": 2**14, "r": 8, "p": 1}
"""scrypt's cost: about 16 MB and a few tens of milliseconds per hash, once per join."""


class NameTaken(Exception):
    """The name is held by another browser; ``name`` is how its holder typed it."""

    def __init__(self, name: str) -> None:
        super().__init__(name)
        self.name = name


def name_key(name: str) -> str:
    """Which name ``name`` is, for telling whether two learners typed the same one: NFKC, Turkish
    and English i alike and case folded (``progress.learner_key``), then accents dropped (NFD
    without its combining marks), so "Ayşe" and "AYSE" are one name. ValueError for a bad name."""
    folded = learner_key(check_learner_name(name))
    bare = "".join(c for c in unicodedata.normalize("NFD", folded) if not unicodedata.combining(c))
    return unicodedata.normalize("NFC", bare)


def new_recovery_code() -> str:
    """A recovery code as the learner reads it: two groups of four unambiguous characters."""
    code = "".join(secrets.choice(CODE_ALPHABET) for _ in range(RECOVERY_LENGTH))
    return f"{code[:4]}-{code[4:]}"


def hash_code(code: str, salt: bytes | None = None) -> str:
    """``code`` (normalised as typed codes are) as ``scrypt$salt$hash`` in hex, with a new salt unless given."""
    salt = secrets.token_bytes(16) if salt is None else salt
    digest = hashlib.scrypt(normalise_code(code).encode(), salt=salt, dklen=32, **_SCRYPT)
    return f"scrypt${salt.hex()}${digest.hex()}"


def code_matches(typed: str, stored: str) -> bool:
    """Whether ``typed`` is the code whose hash is ``stored`` (False for a damaged hash)."""
    try:
        kind, salt, _digest = stored.split("$")
        if kind != "scrypt":
            return False
        return hmac.compare_digest(hash_code(typed, bytes.fromhex(salt)), stored)
    except ValueError:
        return False


def token_hash(token: str) -> str:
    return hashlib.sha256(token.encode()).hexdigest()


@dataclass
class Holder:
    """A name taken in the class: as first typed, the hashes of its browser's token and of its
    recovery code, when it was taken and when its learner last opened a page (seconds since the epoch)."""

    name: str
    token: str
    recovery: str
    joined: float
    seen: float


class Roster:
    """The names taken in a class, kept in the class folder (only the server writes it)."""

    def __init__(self, path: Path, clock: Callable[[], float] = time.time) -> None:
        self.path = path
        self.clock = clock
        self.holders: dict[str, Holder] = {}
        try:
            loaded = json.loads(path.read_text(encoding="utf-8"))
            for key, entry in (loaded.get("names", {}) if isinstance(loaded, dict) else {}).items():
                holder = Holder(**entry)
                if name_key(holder.name) == key:
                    self.holders[key] = holder
        except (OSError, ValueError, TypeError, AttributeError):
            pass  # no roster yet, or a damaged one: names are taken again as learners join

    @classmethod
    def of_class(cls, directory: Path) -> Roster:
        return cls(directory / ROSTER_FILE)

    def holder(self, name: str) -> Holder | None:
        """Who holds ``name`` (any spelling of it), None if nobody (or for a bad name)."""
        try:
            return self.holders.get(name_key(name))
        except ValueError:
            return None

    def owns(self, name: str, token: str) -> bool:
        """Whether the browser with ``token`` holds ``name``."""
        holder = self.holder(name)
        return holder is not None and hmac.compare_digest(holder.token, token_hash(token))

    def claim(self, name: str) -> tuple[Holder, str, str]:
        """Take the free ``name`` (checked): its holder, the browser's new token and the recovery
        code to show the learner once. NameTaken if someone holds it."""
        key = name_key(name)
        if key in self.holders:
            raise NameTaken(self.holders[key].name)
        token, code, now = secrets.token_urlsafe(24), new_recovery_code(), self.clock()
        holder = Holder(check_learner_name(name), token_hash(token), hash_code(code), now, now)
        self.holders[key] = holder
        self._save()
        return holder, token, code

    def recover(self, name: str, code: str) -> tuple[Holder, str] | None:
        """``name``'s holder and a new token for this browser, if ``code`` is its recovery code
        (the browser that held it so far is then out); None otherwise."""
        holder = self.holder(name)
        if holder is None or not code_matches(code, holder.recovery):
            return None
        token = secrets.token_urlsafe(24)
        holder.token, holder.seen = token_hash(token), self.clock()
        self._save()
        return holder, token

    def free(self, key: str) -> Holder | None:
        """Let the name ``key`` (a ``name_key``) go: whoever joins under it next takes it."""
        holder = self.holders.pop(key, None)
        if holder is not None:
            self._save()
        return holder

    def seen(self, name: str, at_least: float = 60.0) -> None:
        """Note that ``name``'s learner opened a page now (written at most once a minute)."""
        holder = self.holder(name)
        now = self.clock()
        if holder is not None and now - holder.seen >= at_least:
            holder.seen = now
            self._save()

    def _save(self) -> None:
        self.path.parent.mkdir(parents=True, exist_ok=True)
        data = {"names": {key: asdict(holder) for key, holder in self.holders.items()}}
        temporary = self.path.with_suffix(".tmp")
        try:
            temporary.write_text(json.dumps(data, indent=1, ensure_ascii=False), encoding="utf-8")
            temporary.chmod(0o600)
            os.replace(temporary, self.path)
        except OSError:
            temporary.unlink(missing_ok=True)
            raise
