"""``tablelog serve`` started without ``--game``: what a new user is told on the terminal.

The server itself is not run (``uvicorn.run`` is replaced): only what ``serve`` prints
before it listens."""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

import pytest
from click.testing import CliRunner

from tablelog.cli import serve as serving
from tablelog.cli.main import cli
from tablelog.cli.web.links import Keys, Role, load_key
from tests.cli.clitools import run_json

PLAYERS = ["-p", "Anna", "-p", "Bo", "-p", "Cai", "-p", "Dina"]


@pytest.fixture
def started(monkeypatch: pytest.MonkeyPatch) -> list[dict[str, Any]]:
    import uvicorn

    calls: list[dict[str, Any]] = []
    monkeypatch.setattr(uvicorn, "run", lambda app, **kw: calls.append(kw))
    monkeypatch.setattr(serving, "_taken", lambda host, port: None)  # port 8000 may be in use
    return calls


def test_a_host_that_is_not_this_machine_is_one_sentence_before_serving(
    runner: CliRunner, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    import uvicorn

    calls: list[dict[str, Any]] = []
    monkeypatch.setattr(uvicorn, "run", lambda app, **kw: calls.append(kw))
    result = runner.invoke(  # 192.0.2.1: an address kept for documentation, no machine's
        cli, ["serve", "--key-file", str(tmp_path / "k"), "--no-qr", "--host", "192.0.2.1"]
    )
    assert result.exit_code == 2 and calls == []
    assert result.output.strip().endswith(
        "Error: cannot listen on 192.0.2.1 (Cannot assign requested address): --host takes"
        " an address of this machine, like 127.0.0.1 or 0.0.0.0"
    )


def test_an_address_of_a_name_this_machine_lacks_is_skipped(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """As uvicorn's server binds (asyncio skips an address the machine has not enabled,
    ``localhost``'s ::1 without IPv6): the name is refused only if none of it is ours."""
    import socket

    def two(host: str, port: int, **kw: Any) -> list[tuple[Any, ...]]:
        inet = (socket.AF_INET, socket.SOCK_STREAM, 6, "")
        return [(*inet, ("192.0.2.1", port)), (*inet, ("127.0.0.1", port))]

    monkeypatch.setattr(socket, "getaddrinfo", two)
    assert serving._taken("both", 0) is None
    with socket.socket() as holder:
        holder.bind(("127.0.0.1", 0))
        holder.listen()
        port = holder.getsockname()[1]
        said = serving._taken("both", port)
    assert said is not None and said.startswith(f"cannot listen on both port {port} (")


def test_a_port_in_use_is_one_sentence_before_serving(
    runner: CliRunner, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    import socket

    import uvicorn

    calls: list[dict[str, Any]] = []
    monkeypatch.setattr(uvicorn, "run", lambda app, **kw: calls.append(kw))
    with socket.socket() as holder:
        holder.bind(("127.0.0.1", 0))
        holder.listen()
        port = holder.getsockname()[1]
        result = runner.invoke(
            cli, ["serve", "--key-file", str(tmp_path / "k"), "--no-qr", "--port", str(port)]
        )
    assert result.exit_code == 2 and calls == []
    assert result.output.strip().endswith(
        f"Error: cannot listen on 127.0.0.1 port {port} (Address already in use): another"
        " program, perhaps another tablelog serve, holds it; choose another port with --port"
    )
    assert "serving" not in result.output


def serve(runner: CliRunner, key: Path, *args: str) -> str:
    result = runner.invoke(cli, ["serve", "--key-file", str(key), "--no-qr", *args])
    assert result.exit_code == 0, result.output
    return result.output


def test_a_new_database_says_where_to_start_a_game(
    runner: CliRunner, tmp_path: Path, started: list[dict[str, Any]]
) -> None:
    out = serve(runner, tmp_path / "serve.key")
    assert "No unfinished game in this database: start one at http://127.0.0.1:8000/" in out
    assert started == [{"host": "127.0.0.1", "port": 8000, "access_log": False,
                        "log_level": "warning"}]  # fmt: skip


def test_the_latest_unfinished_game_gets_its_links_and_the_others_the_recorders(
    runner: CliRunner, tmp_path: Path, started: list[dict[str, Any]]
) -> None:
    for seed in ("1", "2", "3"):
        result = runner.invoke(cli, ["new", "karnoffel", *PLAYERS, "--seed", seed])
        assert result.exit_code == 0, result.output
    over = runner.invoke(cli, ["new", "nordekasino", *PLAYERS, "--seed", "4"])
    assert over.exit_code == 0
    for _ in range(400):  # game 4 played to its end: it is not offered
        shown = run_json(runner, "show", "4")
        if shown["over"]:
            break
        move = run_json(runner, "moves", "4")["moves"][0]
        assert runner.invoke(cli, ["play", "4", move["notation"]]).exit_code == 0
    assert run_json(runner, "show", "4")["over"]
    key = tmp_path / "serve.key"
    out = serve(runner, key, "--port", "8765")
    keys = Keys(load_key(key))
    uids = {g["game"]: g["uid"] for g in run_json(runner, "list")["games"]}
    assert "game 3: Karnöffel, Anna, Bo, Cai, Dina, at event" in out
    for seat, name in enumerate(["Anna", "Bo", "Cai", "Dina"]):  # game 3: every link
        secret = keys.secret(uids[3], Role("seat", seat))
        assert f"  {name}: http://127.0.0.1:8765/t/3#k={secret}" in out
    for gid in (2, 1):  # the others: the recorder's link
        secret = keys.secret(uids[gid], Role("recorder"))
        assert re.search(rf"game {gid}: Karnöffel, .*: http://127.0.0.1:8765/t/{gid}#k={secret}",
                         out)  # fmt: skip
    assert "game 4" not in out and "/t/4" not in out
    assert out.index("game 3") < out.index("game 2") < out.index("game 1")
    with_game = serve(runner, key, "--game", "1")  # --game: that game's links only
    assert "game 1: Karnöffel" in with_game and "/t/3" not in with_game
