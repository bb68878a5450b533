"""The course as one JupyterHub user's server: ``python lessons/app/hub.py``, started by the hub
(``Spawner.cmd`` in ``jupyterhub_config.py``), never by hand.

It is the same app as ``lessons/serve.py`` (``CourseApp``: only the course's pages, no file tree,
no JupyterLab, no terminals), with these changes for the hub:

- it listens where the hub asks (``$JUPYTERHUB_SERVICE_URL``) and serves everything under the
  user's prefix (``$JUPYTERHUB_SERVICE_PREFIX``, ``/user/<name>/``);
- who may open a page is decided by the hub: JupyterHub's own identity provider for single-user
  servers (OAuth with the hub, the ``access:servers`` scope of this user's server) replaces
  Voilà's token login, so only the hub user whose server this is (and the hub's admins) get in;
- it answers the hub's version check (``HubVersionHandler``). The page's check on its kernel
  sends the ``_xsrf`` token, which the hub's login asks of a script's requests.

The progress file is the hub's business too: the spawner sets ``$BATAK_PROGRESS`` to a file of
this user's own, and the kernels inherit it.
"""

from __future__ import annotations

import os
import sys
from pathlib import Path
from typing import Any
from urllib.parse import urlsplit

import tornado.web
from jupyter_server.utils import url_path_join
from jupyterhub import __version__ as hub_version
from jupyterhub.singleuser.extension import JupyterHubIdentityProvider

ROOT = Path(__file__).resolve().parents[2]
if str(ROOT) not in sys.path:  # run as a script: make ``lessons`` importable
    sys.path.insert(0, str(ROOT))

from batak_core.i18n import _, language_from_environment, set_locale  # noqa: E402
from lessons.app.gate import Gate, machine_names  # noqa: E402
from lessons.serve import CourseApp, launch, voila_arguments, voila_config  # noqa: E402

HUB_VARIABLES = ("JUPYTERHUB_SERVICE_URL", "JUPYTERHUB_SERVICE_PREFIX", "JUPYTERHUB_API_TOKEN")


class CourseHubIdentityProvider(JupyterHubIdentityProvider):  # type: ignore[misc]
    """JupyterHub's identity provider, with its two pages (``oauth_callback``, ``logout``) under
    the user's prefix: Jupyter Server prefixes an identity provider's handlers with its base URL,
    Voilà adds them as they are, and the hub sends the OAuth callback to ``/user/<name>/``."""

    def get_handlers(self) -> list[tuple[Any, ...]]:
        return [(url_path_join(self.hub_auth.base_url, pattern), *rest)
                for pattern, *rest in super().get_handlers()]


class HubVersionHandler(tornado.web.RequestHandler):
    """``api`` answered as jupyterhub-singleuser answers it: the hub reads the version header there
    when the server comes up, and without it logs that the server is "likely < 0.8"."""

    def get(self) -> None:
        self.set_header("X-JupyterHub-Version", hub_version)
        self.finish({"version": hub_version})


class HubCourseApp(CourseApp):
    """The course app with the hub's version check answered."""

    def init_handlers(self) -> list[Any]:
        version: list[Any] = [(url_path_join(self.server_url, "api"), HubVersionHandler)]
        return version + super().init_handlers()


def hub_arguments(service_url: str, prefix: str) -> list[str]:
    """Voilà's arguments for the hub: the course app's own for one learner, with the address the hub
    gives instead of 127.0.0.1 (a hub in another container connects from outside), the user's
    prefix and the hub's login."""
    address = urlsplit(service_url)
    if address.hostname is None or address.port is None:
        raise ValueError(f"JUPYTERHUB_SERVICE_URL has no host and port: {service_url!r}")
    return [
        *voila_arguments(address.port, classroom=False, ip=address.hostname),
        f"--Voila.base_url={prefix}",
        f"--Voila.identity_provider_class={CourseHubIdentityProvider.__module__}.CourseHubIdentityProvider",
        # Voilà hands its identity provider an empty login token unless auto_token is set; the hub's
        # provider has no such setting (its token is the hub's), and traitlets deprecates the stray one.
        "--Voila.auto_token=True",
    ]


def admitted_hosts() -> frozenset[str]:
    """The names the course answers to: this machine's, and the hub's public host name when the
    hub has one (``c.JupyterHub.public_url``), since the proxy passes the browser's ``Host`` on."""
    public = urlsplit(os.environ.get("JUPYTERHUB_PUBLIC_URL", "")).hostname
    return machine_names() | ({public.lower()} if public else set())


def main() -> None:
    set_locale(language_from_environment(os.environ))
    missing = [name for name in HUB_VARIABLES if not os.environ.get(name)]
    if missing:
        # Translators: {variables} lists environment variables (JUPYTERHUB_SERVICE_URL, ...), which stay as they are.
        sys.exit(_("{variables} not set: this is the course server JupyterHub starts for each user "
                   "(see docs/jupyterhub.md); to serve the course yourself, run lessons/serve.py").format(
                       variables=", ".join(missing)))
    arguments = hub_arguments(os.environ["JUPYTERHUB_SERVICE_URL"], os.environ["JUPYTERHUB_SERVICE_PREFIX"])
    CourseApp.gate = Gate(hosts=admitted_hosts())
    launch(arguments, voila_config(), HubCourseApp)


if __name__ == "__main__":
    main()
