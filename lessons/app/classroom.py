"""A class's settings: where its progress lives, the code learners type to join, the teacher's code;
and the progress files learners hand in.

The codes and the secret that signs learners' cookies are kept in the class folder, so a teacher
who restarts the server mid-lesson keeps the same codes and nobody has to join again. Codes are
unambiguous to read aloud or off a projector (no 0/O, 1/I/L): a class code has 6 characters, a
teacher code 8, long enough that guessing them at the rate the gate allows takes years
(``throttle``). The names learners took live beside them (``identity.Roster``).

A learner of the browser edition keeps their progress in their browser and hands it in as a file;
the teacher's page reads such files (``read_handed_in``) with every check a learner's own file
gets, and shows them beside the class, without writing them into the class folder.
"""

from __future__ import annotations

import hmac
import json
import os
import secrets
from collections.abc import Sequence
from dataclasses import dataclass
from functools import cached_property
from pathlib import Path
from typing import TYPE_CHECKING, Final

from batak_core.errors import clip
from batak_core.i18n import _
from batak_core.teaching.class_report import LearnerSummary, learner_summary
from batak_core.teaching.progress import read_upload

if TYPE_CHECKING:
    from .identity import Roster

CODE_ALPHABET: Final = "ABCDEFGHJKMNPQRSTUVWXYZ23456789"
CODE_LENGTH: Final = 6
"""A new class code's characters (31**6 codes: see ``throttle`` for how long guessing takes)."""
TEACHER_CODE_LENGTH: Final = 8
"""A new teacher code's characters (31**8 codes)."""
SETTINGS_FILE: Final = "classroom.json"
HANDED_IN_LIMIT: Final = 100
"""The most progress files the teacher's page reads at once (a class or two)."""
FILE_NAME_LIMIT: Final = 80
"""The most characters of a handed-in file's name that the page shows."""


def new_code(length: int = CODE_LENGTH) -> str:
    return "".join(secrets.choice(CODE_ALPHABET) for _ in range(length))


def normalise_code(typed: str) -> str:
    """What a learner typed, as a code: case, spaces and dashes do not matter."""
    return "".join(typed.split()).replace("-", "").upper()


def check_code(code: str) -> str:
    """A class code given on the command line, normalised; ValueError says what a code may be."""
    normal = normalise_code(code)
    if not 4 <= len(normal) <= 12 or any(c not in CODE_ALPHABET for c in normal):
        raise ValueError(_("a class code has 4 to 12 of the characters {alphabet} "
                           "(no 0, O, 1, I or L, which are easy to misread)").format(alphabet=CODE_ALPHABET))
    return normal


def default_class_dir() -> Path:
    base = os.environ.get("XDG_DATA_HOME") or str(Path.home() / ".local" / "share")
    return Path(base) / "batak-tutor" / "classroom"


@dataclass(frozen=True)
class Classroom:
    """One class: its folder (progress per learner), its codes and its cookie secret."""

    directory: Path
    class_code: str
    teacher_code: str
    secret: bytes

    @classmethod
    def open(cls, directory: Path, class_code: str | None = None, teacher_code: str | None = None) -> Classroom:
        """The class kept in ``directory`` (created on first use); given codes replace the kept ones."""
        directory.mkdir(parents=True, exist_ok=True)
        settings_path = directory / SETTINGS_FILE
        kept: dict[str, str] = {}
        try:
            loaded = json.loads(settings_path.read_text(encoding="utf-8"))
            if isinstance(loaded, dict):
                kept = {k: v for k, v in loaded.items() if isinstance(v, str)}
        except (OSError, ValueError):
            pass  # a missing or damaged settings file just means new codes
        room = cls(directory,
                   check_code(class_code) if class_code else _kept_code(kept, "class_code"),
                   check_code(teacher_code) if teacher_code else _kept_code(kept, "teacher_code", TEACHER_CODE_LENGTH),
                   bytes.fromhex(kept["secret"]) if _is_secret(kept.get("secret")) else secrets.token_bytes(32))
        if room.class_code == room.teacher_code:
            raise ValueError(_("the class code and the teacher code must differ"))
        room._save(settings_path)
        return room

    def is_class_code(self, typed: str) -> bool:
        return hmac.compare_digest(normalise_code(typed).encode(), self.class_code.encode())

    def is_teacher_code(self, typed: str) -> bool:
        return hmac.compare_digest(normalise_code(typed).encode(), self.teacher_code.encode())

    @cached_property
    def roster(self) -> Roster:
        """The names taken in this class (read from the class folder once)."""
        from .identity import Roster

        return Roster.of_class(self.directory)

    @property
    def session(self) -> str:
        """Changes when the class code does, so a cookie from an earlier class no longer admits."""
        return hmac.new(self.secret, self.class_code.encode(), "sha256").hexdigest()[:16]

    def _save(self, path: Path) -> None:
        data = {"class_code": self.class_code, "teacher_code": self.teacher_code, "secret": self.secret.hex()}
        temporary = path.with_suffix(".tmp")
        try:
            temporary.write_text(json.dumps(data, indent=1), encoding="utf-8")
            temporary.chmod(0o600)  # the secret signs cookies: only the teacher's account reads it
            os.replace(temporary, path)
        except OSError:
            temporary.unlink(missing_ok=True)
            raise


def _kept_code(kept: dict[str, str], key: str, length: int = CODE_LENGTH) -> str:
    try:
        return check_code(kept[key])
    except (KeyError, ValueError):
        return new_code(length)


def _is_secret(value: str | None) -> bool:
    try:
        return value is not None and len(bytes.fromhex(value)) == 32
    except ValueError:
        return False


@dataclass(frozen=True)
class HandedIn:
    """A progress file a learner handed in: its name, and the learner's line of the class report, or
    why the file could not be read (then ``summary`` is None)."""

    file: str
    summary: LearnerSummary | None = None
    problem: str | None = None


def read_handed_in(files: Sequence[tuple[str, bytes]]) -> list[HandedIn]:
    """Each of ``files`` (name, content), at most ``HANDED_IN_LIMIT`` of them, read as a progress file;
    never raises. Only reads: a file that holds no name shows with an empty one, and nothing is written."""
    handed_in = []
    for name, content in files[:HANDED_IN_LIMIT]:
        shown = clip(name, FILE_NAME_LIMIT)
        try:
            progress = read_upload(content)
        except ValueError as error:
            handed_in.append(HandedIn(shown, problem=str(error)))
            continue
        handed_in.append(HandedIn(shown, learner_summary(progress.learner or "", progress)))
    return handed_in
