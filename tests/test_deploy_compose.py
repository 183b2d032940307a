"""``compose.yaml`` and ``deploy/`` against the code they start (docs/deploy.md).

No container runtime runs where this suite does, so the file is read, not run: every
service's command must parse with the real ``majiang`` command line, every ``MAJIANG_``
variable must be one the server or the worker reads (a renamed setting or flag breaks this
test), and the services, the proxy's configuration and the image must agree on names,
addresses and ports.
"""

from __future__ import annotations

import ipaddress
import os
import re
from dataclasses import fields
from pathlib import Path
from typing import Any
from urllib.parse import urlsplit

import pytest
import yaml

from majiang.cli import build_parser
from majiang.server.app import create_app
from majiang.server.settings import Settings

ROOT = Path(__file__).resolve().parent.parent
COMPOSE = ROOT / "compose.yaml"
CADDYFILE = ROOT / "deploy" / "Caddyfile"
DOCKERFILE = ROOT / "deploy" / "Dockerfile"


def compose() -> dict[str, Any]:
    loaded: dict[str, Any] = yaml.safe_load(COMPOSE.read_text())
    return loaded


def majiang_services() -> dict[str, dict[str, Any]]:
    """Return the services that run the majiang image."""
    return {
        name: service
        for name, service in compose()["services"].items()
        if service.get("image") == "majiang:local"
    }


def environment(service: dict[str, Any]) -> dict[str, str]:
    env = service.get("environment") or {}
    assert isinstance(env, dict), "environment as a mapping (the file's style)"
    return {str(k): str(v) for k, v in env.items()}


def variables_read() -> set[str]:
    """Return the ``MAJIANG_`` variables the code reads: the settings ``Settings.from_env``
    takes (every field but the address) and those read by name in the source."""
    read = {f"MAJIANG_{f.name.upper()}" for f in fields(Settings) if f.name not in ("host", "port")}
    source = "\n".join(p.read_text() for p in (ROOT / "src" / "majiang").rglob("*.py"))
    read |= set(re.findall(r"environ(?:\.get)?[(\[]\"(MAJIANG_[A-Z0-9_]+)\"", source))
    return read


def caddy_upstreams() -> list[str]:
    match = re.search(r"reverse_proxy\s+([^{\n]+)\{", CADDYFILE.read_text())
    assert match is not None, "no reverse_proxy in the Caddyfile"
    return match.group(1).split()


def test_every_majiang_command_parses_with_the_real_command_line() -> None:
    parser = build_parser()
    kinds = {}
    for name, service in majiang_services().items():
        command = service["command"]
        assert command[0] == "majiang", name
        args = parser.parse_args(command[1:])  # an unknown flag: SystemExit, the test fails
        kinds[name] = args.command
    assert sorted(kinds.values()) == ["serve", "serve", "worker", "worker"]
    cmd = re.search(r"^CMD (\[.*\])$", DOCKERFILE.read_text(), re.M)
    assert cmd is not None
    default = yaml.safe_load(cmd.group(1))
    assert parser.parse_args(default[1:]).command == "serve"


def test_every_majiang_variable_is_one_the_code_reads() -> None:
    read = variables_read()
    assert "MAJIANG_REDIS_URL" in read and "MAJIANG_DATABASE_URL" in read  # the reader works
    for name, service in majiang_services().items():
        unknown = sorted(
            k for k in environment(service) if k.startswith("MAJIANG_") and k not in read
        )
        assert unknown == [], f"{name} sets variables nothing reads: {unknown}"


def test_the_instances_settings_load_and_agree_with_the_other_services(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    file = compose()
    services = file["services"]
    proxy = services["proxy"]["networks"]["majiang"]["ipv4_address"]
    subnet = file["networks"]["majiang"]["ipam"]["config"][0]["subnet"]
    assert ipaddress.ip_address(proxy) in ipaddress.ip_network(subnet)
    postgres = services["postgres"]["environment"]
    instances = {}
    for name, service in majiang_services().items():
        env = environment(service)
        assert env["MAJIANG_REDIS_URL"].startswith("redis://"), name  # the workers need it too
        redis_host = urlsplit(env["MAJIANG_REDIS_URL"]).hostname
        assert redis_host in services, f"{name}: Redis at {redis_host!r}, not a service"
        assert set(service["depends_on"]) <= set(services), name
        if service["command"][1] != "serve":
            continue
        for key in list(os.environ):
            if key.startswith("MAJIANG_"):
                monkeypatch.delenv(key)
        for key, value in env.items():
            monkeypatch.setenv(key, value)
        settings = Settings.from_env()  # a value of the wrong type raises here
        assert settings.redis_url and settings.bot_workers, name
        assert settings.trusted_proxies == proxy, f"{name} must believe the proxy's address"
        db = urlsplit(settings.database_url)
        assert db.scheme == "postgresql+psycopg", name
        assert (db.hostname, db.username, db.password, db.path) == (
            "postgres",
            postgres["POSTGRES_USER"],
            postgres["POSTGRES_PASSWORD"],
            "/" + postgres["POSTGRES_DB"],
        ), name
        instances[name] = (settings.instance_id, service["command"])
    ids = [instance_id for instance_id, _command in instances.values()]
    assert len(ids) == 2 and len(set(ids)) == 2 and all(ids), "two instances, two names"
    # the proxy sends to every instance, at the port it listens on
    parser = build_parser()
    expected = sorted(
        f"{name}:{parser.parse_args(command[1:]).port}"
        for name, (_id, command) in instances.items()
    )
    assert sorted(caddy_upstreams()) == expected


def test_the_proxys_health_check_is_a_route_of_the_server(tmp_path: Path) -> None:
    health = re.search(r"health_uri\s+(\S+)", CADDYFILE.read_text())
    assert health is not None
    app = create_app(Settings(database_url=f"sqlite:///{tmp_path / 'db.sqlite3'}"))
    paths = {getattr(route, "path", None) for route in app.routes}
    assert health.group(1) in paths


def test_the_image_copies_what_exists_and_exposes_the_instances_port() -> None:
    text = DOCKERFILE.read_text()
    for line in re.findall(r"^COPY (.+)$", text, re.M):
        *sources, _target = line.split()
        for source in sources:
            assert (ROOT / source).exists(), f"the Dockerfile copies {source}, which is missing"
    exposed = re.search(r"^EXPOSE (\d+)$", text, re.M)
    assert exposed is not None
    ports = {upstream.rsplit(":", 1)[1] for upstream in caddy_upstreams()}
    assert ports == {exposed.group(1)}
    for service in majiang_services().values():
        assert service["build"]["dockerfile"] == "deploy/Dockerfile"
