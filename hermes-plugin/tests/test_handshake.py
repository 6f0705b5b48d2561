"""Listener, hello/hello.ack, versions, ping/pong, auth, revocation, TLS guard."""

import json
import os
import stat

import pytest
import websockets

from iris_hermes.settings import InsecureListenerError, Settings, is_loopback, load
from iris_hermes.tokens import FILE_NAME, TokenStore, hash_token

from conftest import make_adapter, open_client


async def test_hello_ack_announces_caps_extensions_channels_and_status(gateway):
    c = await open_client(gateway.url, gateway.token)
    ack = await c.expect("hello.ack")
    caps = ack["payload"]["server_caps"]
    assert caps["picker_answered"] is True and caps["turn_interrupted"] is True and caps["instance_id"] is True
    assert caps["streaming"] and caps["pickers"]
    assert ack["payload"]["sync_cursor"] >= 0 and ack["payload"]["last_pushed_cursor"] == 0
    default = [ch for ch in ack["payload"]["channels"] if ch["is_default"]]
    assert default == [{"chat_id": "iris:default", "name": "Default", "kind": "default",
                        "is_default": True, "parent_chat_id": None}]
    status = await c.expect("status")
    assert status["payload"] == {"state": "online"}
    await c.close()


async def test_instance_id_is_kept_across_reconnects_and_changes_across_restarts(tmp_path):
    state = tmp_path / "iris"
    adapter = make_adapter(state)
    assert await adapter.connect()
    token = TokenStore(state).create("laptop")
    ids = []
    try:
        for _ in range(2):  # two connections to one process: a blip
            c = await open_client(f"ws://127.0.0.1:{adapter.port}", token)
            ids.append((await c.expect("hello.ack"))["payload"]["instance_id"])
            await c.close()
    finally:
        await adapter.disconnect()
    again = make_adapter(state)
    assert await again.connect()
    try:
        c = await open_client(f"ws://127.0.0.1:{again.port}", token)
        ids.append((await c.expect("hello.ack"))["payload"]["instance_id"])
        await c.close()
    finally:
        await again.disconnect()
    assert isinstance(ids[0], str) and ids[0]
    assert ids[0] == ids[1] and ids[2] != ids[0]


async def test_bad_token_gets_auth_error_and_close(gateway):
    c = await open_client(gateway.url, "iris_wrong")
    err = await c.expect("error")
    assert err["payload"]["code"] == "auth"
    with pytest.raises(websockets.ConnectionClosed):
        await c.ws.recv()


async def test_unknown_major_version_is_refused_but_socket_stays(gateway):
    c = await gateway.client()
    await c.ws.send(json.dumps({"v": 2, "id": 5, "type": "ping", "payload": {}}))
    err = await c.expect("error", lambda f: f.get("id") == 5)
    assert err["payload"]["code"] == "unsupported"
    fid = await c.send("ping", {"ts": 42})
    pong = await c.expect("pong")
    assert pong["id"] == fid and pong["payload"]["ts"] == 42
    await c.close()


async def test_malformed_frame_and_unknown_type_keep_connection(gateway):
    c = await gateway.client()
    await c.ws.send("{not json")
    assert (await c.expect("error"))["payload"]["code"] == "unsupported"
    await c.send("no.such.type", {})
    await c.send("ping", {"ts": 1})
    await c.expect("pong")
    await c.close()


async def test_first_frame_must_be_hello(gateway):
    ws = await websockets.connect(gateway.url)
    await ws.send(json.dumps({"v": 1, "type": "ping", "payload": {}}))
    err = json.loads(await ws.recv())
    assert err["type"] == "error" and err["payload"]["code"] == "unsupported"


async def test_revoked_token_closes_open_connection(gateway, tmp_path):
    c = await gateway.client()
    TokenStore(tmp_path / "iris").revoke("laptop")
    err = await c.expect("error")
    assert err["payload"]["code"] == "auth"
    with pytest.raises(websockets.ConnectionClosed):
        await c.ws.recv()


def test_token_file_keeps_only_hashes_mode_0600(tmp_path):
    store = TokenStore(tmp_path)
    token = store.create("phone")
    raw = store.path.read_text()
    assert token not in raw and hash_token(token) in raw
    assert stat.S_IMODE(os.stat(store.path).st_mode) == 0o600
    assert store.authenticate(token).name == "phone"
    assert store.revoke("phone") and store.authenticate(token) is None


def test_cli_create_list_revoke(tmp_path, capsys):
    from iris_hermes.cli import main

    assert main(["--state-dir", str(tmp_path), "token", "create", "laptop"]) == 0
    token = capsys.readouterr().out.strip()
    assert token.startswith("iris_")
    assert main(["--state-dir", str(tmp_path), "token", "list"]) == 0
    assert capsys.readouterr().out.split() == ["laptop"]
    assert main(["--state-dir", str(tmp_path), "token", "revoke", "laptop"]) == 0
    assert TokenStore(tmp_path).authenticate(token) is None
    assert main(["--state-dir", str(tmp_path), "token", "revoke", "laptop"]) == 1


def test_cli_uses_the_state_dir_set_in_config_yaml(hermes_home, tmp_path, capsys):
    from iris_hermes.cli import main

    state = tmp_path / "configured-state"
    (hermes_home / "config.yaml").write_text(
        f"platforms:\n  iris:\n    enabled: true\n    extra:\n      state_dir: {state}\n"
    )
    assert main(["token", "create", "tablet"]) == 0
    token = capsys.readouterr().out.strip()
    assert TokenStore(state).authenticate(token).name == "tablet"
    assert not (hermes_home / "iris" / FILE_NAME).exists()


def test_plain_listener_beyond_loopback_is_refused_unless_allowed():
    with pytest.raises(InsecureListenerError, match="allow_insecure"):
        Settings(host="0.0.0.0").check()
    Settings(host="0.0.0.0", allow_insecure=True).check()
    Settings(host="0.0.0.0", tls_cert="c.pem", tls_key="k.pem").check()
    Settings(host="127.0.0.1").check()
    assert is_loopback("::1") and is_loopback("localhost") and not is_loopback("192.168.1.2")


def test_env_overrides_extra():
    s = load({"host": "127.0.0.1", "port": 1}, env={"IRIS_PORT": "9001", "IRIS_ALLOW_INSECURE": "1"})
    assert s.port == 9001 and s.allow_insecure


def test_hermes_refusing_an_insecure_listener_logs_why(caplog):
    from gateway.config import PlatformConfig
    from gateway.platform_registry import platform_registry

    config = PlatformConfig(enabled=True, extra={"host": "0.0.0.0"})
    assert platform_registry.create_adapter("iris", config) is None
    # Hermes itself only says "Platform 'Iris' config validation failed".
    assert "refusing a plain ws:// listener on 0.0.0.0" in caplog.text
    assert "allow_insecure: true" in caplog.text


async def test_port_0_listens_on_a_free_port_not_the_default(tmp_path):
    assert load({"port": 0}, env={}).port == 0 and load({}, env={}).port == 8765
    adapter = make_adapter(tmp_path / "iris")
    assert await adapter.connect()
    try:
        assert adapter.port not in (0, 8765)
    finally:
        await adapter.disconnect()


async def test_adapter_refuses_insecure_bind_as_fatal_error(tmp_path):
    adapter = make_adapter(tmp_path / "iris", host="0.0.0.0")
    assert await adapter.connect() is False
    assert adapter.fatal_error_code == "insecure_listener" and not adapter.fatal_error_retryable


async def test_tls_listener_serves_wss(tmp_path):
    import ssl
    import subprocess

    cert, key = tmp_path / "c.pem", tmp_path / "k.pem"
    subprocess.run(["openssl", "req", "-x509", "-newkey", "rsa:2048", "-nodes", "-keyout", str(key),
                    "-out", str(cert), "-days", "1", "-subj", "/CN=localhost",
                    "-addext", "subjectAltName=IP:127.0.0.1"], check=True, capture_output=True)
    adapter = make_adapter(tmp_path / "iris", host="127.0.0.1", tls_cert=str(cert), tls_key=str(key))
    assert await adapter.connect()
    try:
        token = TokenStore(tmp_path / "iris").create("laptop")
        ctx = ssl.create_default_context(cafile=str(cert))
        c = await open_client(f"wss://127.0.0.1:{adapter.port}", token, ssl=ctx)
        await c.expect("hello.ack")
        await c.close()
    finally:
        await adapter.disconnect()


async def test_shutdown_sends_status_restarting(tmp_path):
    adapter = make_adapter(tmp_path / "iris")
    assert await adapter.connect()
    token = TokenStore(tmp_path / "iris").create("laptop")
    c = await open_client(f"ws://127.0.0.1:{adapter.port}", token)
    await c.expect("hello.ack")
    await c.expect("status")
    await adapter.disconnect()
    status = await c.expect("status")
    assert status["payload"] == {"state": "restarting"}


async def test_deliveries_after_disconnect_are_refused_not_crashing(tmp_path):
    adapter = make_adapter(tmp_path / "iris")
    assert await adapter.connect()
    await adapter.disconnect()
    result = await adapter.send("iris:default", "late")
    assert result.success is False
    assert (await adapter.send_exec_approval("iris:default", "rm -rf x", "k")).success is False
