"""A throwaway PostgreSQL server for the tests and the benchmarks: initdb, pg_ctl, a free port.

The server binaries come from the distribution's packages (``apt-get install postgresql``
puts them in ``/usr/lib/postgresql/VERSION/bin``; ``.ci/run`` installs them). initdb refuses
to run as root, so as root the cluster is made and run by the ``postgres`` user (the package
creates it) through ``runuser``, in a temporary directory that user owns. The superuser is
``postgres``, with trust authentication on 127.0.0.1 only.
"""

from __future__ import annotations

import glob
import os
import shutil
import socket
import subprocess
import tempfile
import time
from pathlib import Path

__all__ = ["PostgresServer", "find_bin_dir", "find_runuser"]


def find_bin_dir() -> Path | None:
    """The directory of ``initdb`` and ``pg_ctl`` (the newest installed version), or None."""
    found = shutil.which("initdb")
    if found and shutil.which("pg_ctl"):
        return Path(found).parent
    candidates = glob.glob("/usr/lib/postgresql/*/bin/initdb")
    if not candidates:
        return None
    newest = max(candidates, key=lambda p: int(Path(p).parts[-3].split(".")[0]))
    return Path(newest).parent


SYSTEM_DIRS = ("/usr/sbin", "/sbin", "/usr/bin", "/bin")
"""Where distributions put ``runuser``, for a PATH without the system directories."""


def find_runuser() -> str:
    """The path of ``runuser`` (on PATH, else in a system directory), or an error saying
    what to install."""
    found = shutil.which("runuser") or shutil.which("runuser", path=os.pathsep.join(SYSTEM_DIRS))
    if found is None:
        raise RuntimeError(
            "the tests run PostgreSQL as the postgres user through runuser, which is not on"
            f" PATH nor in {', '.join(SYSTEM_DIRS)}: install util-linux (apt-get install"
            " util-linux) or run the tests as a user other than root"
        )
    return found


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        port: int = s.getsockname()[1]
        return port


class PostgresServer:
    """One cluster in a temporary directory, started on a free local port; ``stop()`` removes it.

    ``durable=False`` (the tests) turns fsync off: nothing survives a crash, and nothing
    needs to. The benchmarks keep the defaults (fsync, synchronous commit).
    """

    def __init__(self, bin_dir: Path, *, durable: bool = False) -> None:
        self.bin_dir = bin_dir
        self.root = Path(tempfile.mkdtemp(prefix="tablelog-pg-"))
        self.data = self.root / "data"
        self.port = _free_port()
        self._as: list[str] = []
        if os.geteuid() == 0:
            self._as = [find_runuser(), "-u", "postgres", "--"]
            shutil.chown(self.root, "postgres", "postgres")
        self._run("initdb", "-D", str(self.data), "-U", "postgres", "--auth=trust", "-E", "UTF8")
        options = f"-p {self.port} -c listen_addresses=127.0.0.1 -k {self.root}"
        options += " -c max_connections=200"
        if not durable:
            options += " -c fsync=off -c synchronous_commit=off -c full_page_writes=off"
        log = str(self.root / "server.log")
        self._run("pg_ctl", "-D", str(self.data), "-l", log, "-o", options, "-w", "start")

    def _run(self, tool: str, *args: str) -> None:
        command = [*self._as, str(self.bin_dir / tool), *args]
        done = subprocess.run(command, capture_output=True, text=True, cwd=self.root)
        if done.returncode != 0:
            raise RuntimeError(f"{tool} failed ({done.returncode}): {done.stderr or done.stdout}")

    def url(self, database: str = "postgres", user: str = "postgres") -> str:
        """A URL of one of the server's databases."""
        return f"postgresql://{user}@127.0.0.1:{self.port}/{database}"

    def create_database(self, name: str) -> str:
        """A fresh database; its URL (for the superuser)."""
        import psycopg

        with psycopg.connect(self.url(), autocommit=True) as conn:
            conn.execute(f'CREATE DATABASE "{name}"'.encode())
        return self.url(name)

    def stop(self) -> None:
        """Stop the server at once and remove its directory."""
        try:
            self._run("pg_ctl", "-D", str(self.data), "-m", "immediate", "-w", "stop")
        finally:
            for _ in range(5):
                shutil.rmtree(self.root, ignore_errors=True)
                if not self.root.exists():
                    break
                time.sleep(0.2)
