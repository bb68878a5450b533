"""JupyterHub for the Batak course, as a local demo: ``make hub`` (see docs/jupyterhub.md).

Every hub user lands on the course's start page, served by their own course server
(``lessons/app/hub.py``: the Voilà app of ``lessons/serve.py`` behind the hub's login), and has
their own progress file, so their quiz results and their choice of rules are theirs alone.

Demo choices, each replaced for a real school as docs/jupyterhub.md describes:
- ``SharedPasswordAuthenticator``: any user name with one shared password (printed at start).
  Anyone with the password can log in as anyone, which is what a demo needs and a school must not.
- ``SimpleLocalProcessSpawner``: every user's server is a process of the account running the
  hub, no Unix users needed, and no isolation between users at all.

Everything the hub writes (database, cookie secret, proxy pid, users' folders, the password)
goes to ``$BATAK_HUB_STATE`` (default ``.hub/`` in the repository).
"""

import os
import secrets
import sys
from pathlib import Path

from jupyterhub.spawner import Spawner

ROOT = Path(__file__).resolve().parent
STATE = Path(os.environ.get("BATAK_HUB_STATE") or ROOT / ".hub").resolve()
USERS = STATE / "users"
PROXY = ROOT / ".venv" / "node_modules" / ".bin" / "configurable-http-proxy"
USER_NAME_PATTERN = r"^[a-z0-9][a-z0-9_-]{0,31}$"
"""Lower case (the hub lowercases names anyway), and safe as a folder name."""
PASSWORD_ALPHABET = "abcdefghjkmnpqrstuvwxyz23456789"  # easy to read off a projector: no 0/o, 1/l/i


def demo_password() -> str:
    """``$BATAK_HUB_PASSWORD``, else the one kept in the state folder (made on the first start), so
    a restarted demo keeps the password the class was given."""
    given = os.environ.get("BATAK_HUB_PASSWORD")
    if given:
        return given
    kept = STATE / "demo-password"
    if not kept.exists():
        kept.write_text("".join(secrets.choice(PASSWORD_ALPHABET) for _ in range(12)) + "\n")
        kept.chmod(0o600)
    return kept.read_text().strip()


def progress_file(spawner: Spawner) -> str:
    """The user's own progress file (quiz results and rule set), in their own folder."""
    return str(USERS / spawner.user.name / "progress.json")


STATE.mkdir(parents=True, exist_ok=True)
USERS.mkdir(exist_ok=True)
password = demo_password()

c = get_config()  # type: ignore[name-defined]  # noqa: F821 - JupyterHub defines it for its config files

# the hub on this machine only; `make hub HUB_PORT=...` (--JupyterHub.bind_url) picks another port
c.JupyterHub.bind_url = "http://127.0.0.1:8000"
c.JupyterHub.db_url = f"sqlite:///{STATE / 'jupyterhub.sqlite'}"
c.JupyterHub.cookie_secret_file = str(STATE / "jupyterhub_cookie_secret")
c.ConfigurableHTTPProxy.pid_file = str(STATE / "jupyterhub-proxy.pid")
if PROXY.exists():  # installed by make from npm into .venv; otherwise the one on PATH
    c.ConfigurableHTTPProxy.command = [str(PROXY)]

c.JupyterHub.authenticator_class = "shared-password"
c.SharedPasswordAuthenticator.user_password = password
c.Authenticator.allow_all = True  # any name: the demo has no list of learners
c.Authenticator.username_pattern = USER_NAME_PATTERN

c.JupyterHub.spawner_class = "simple"  # SimpleLocalProcessSpawner
c.SimpleLocalProcessSpawner.home_dir_template = str(USERS / "{username}")
c.Spawner.cmd = [sys.executable, str(ROOT / "lessons" / "app" / "hub.py")]
c.Spawner.environment = {"BATAK_PROGRESS": progress_file}
# a cold course server takes 4-11 s here to answer (more on a busy machine or a first start)
c.Spawner.start_timeout = 120
c.Spawner.http_timeout = 120

print("Batak course hub: log in with any user name (lower-case letters, digits, - and _) and the password\n"
      f"    {password}\nState and users' progress: {STATE}", file=sys.stderr)
