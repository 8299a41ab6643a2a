"""The real service for the SDK's tests: `node --import tsx app/main.ts` (what `npm start` runs)
on the embedded store in a temporary DATA_DIR, workspaces made with the operator CLI
(`node bin/confab.js`, which reaches the running server through its admin socket), mail read
from DATA_DIR/outbox. Nothing here imports the service's code."""

from __future__ import annotations

import email
import email.policy
import json
import os
import re
import shutil
import subprocess
import sys
import tempfile
import threading
import time
import uuid
from concurrent.futures import Future, ThreadPoolExecutor
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Dict, List, Optional

import httpx
import pytest

ROOT = Path(__file__).resolve().parents[3]
SDK_DIR = ROOT / "sdks" / "python"
NODE = shutil.which("node") or "node"
CHAT = "/api/v1/chat"


@dataclass
class Workspace:
    workspace_id: str
    owner_id: str
    api_key: str
    owner_email: str


@dataclass
class Mail:
    to: str
    subject: str
    text: str


class Service:
    def __init__(self, url: str, data_dir: Path, env: Dict[str, str], cert_file: Path, key_file: Path) -> None:
        self.url = url
        self.base_url = f"{url}/api/v1"
        self.data_dir = data_dir
        self.env = env
        self.cert_file = cert_file
        self.key_file = key_file
        self.venv: Optional[Future] = None

    def cli(self, *args: str) -> Any:
        out = subprocess.run([NODE, "bin/confab.js", *args], cwd=ROOT, env=self.env, capture_output=True, text=True, timeout=120)
        if out.returncode != 0:
            raise RuntimeError(f"confab {' '.join(args)} exited {out.returncode}: {out.stderr}{out.stdout}")
        return json.loads(out.stdout.strip().splitlines()[-1])

    def workspace(self, plan: str) -> Workspace:
        owner = f"owner-{uuid.uuid4().hex[:10]}@example.com"
        out = self.cli("workspace", "create", "--name", f"SDK {plan}", "--plan", plan, "--owner-email", owner)
        return Workspace(out["workspaceId"], out["ownerId"], out["apiKey"], owner)

    def api_key(self, workspace_id: str, *extra: str) -> str:
        return self.cli("apikey", "create", "--workspace", workspace_id, *extra)["apiKey"]

    def mails(self, to: Optional[str] = None) -> List[Mail]:
        outbox = self.data_dir / "outbox"
        found: List[Mail] = []
        for path in sorted(outbox.glob("*.eml")) if outbox.exists() else []:
            msg = email.message_from_bytes(path.read_bytes(), policy=email.policy.default)
            body = msg.get_body(preferencelist=("plain", "html"))
            mail = Mail(str(msg["to"] or ""), str(msg["subject"] or ""), body.get_content() if body else "")
            if to is None or to.lower() in mail.to.lower():
                found.append(mail)
        return found

    def wait_for_code(self, to: str, count: int, timeout: float = 10.0) -> str:
        """The 6-digit code of the `count`-th mail to `to`."""
        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline:
            mails = self.mails(to)
            if len(mails) >= count:
                match = re.search(r"\b(\d{6})\b", mails[count - 1].text)
                assert match, f"no code in mail {mails[count - 1].subject!r}"
                return match.group(1)
            time.sleep(0.1)
        raise AssertionError(f"no mail #{count} to {to} within {timeout} s")

    def chat(self, bot_id: str, messages: int = 1) -> Dict[str, Any]:
        """A visitor conversation through the public chat API: the first message creates a response."""
        with httpx.Client(base_url=f"{self.url}{CHAT}", timeout=30) as http:
            started = http.post(f"/{bot_id}/sessions", json={"channel": "web"})
            assert started.status_code == 201, started.text
            session = started.json()
            for n in range(messages):
                said = http.post(f"/{bot_id}/sessions/{session['sessionId']}/messages", json={"message": f"Ann {n}"})
                assert said.status_code == 200, said.text
            return session


PYTHON = "/usr/bin/python3" if Path("/usr/bin/python3").exists() else sys.executable


def build_venv(tmp: Path) -> Path:
    """A fresh venv with the SDK pip-installed offline (Debian's setuptools and httpx, no index)."""
    tmp.mkdir(parents=True, exist_ok=True)
    # Install from a copy: a setuptools build writes build/ and *.egg-info next to the sources.
    source = tmp / "confab-sdk"
    shutil.copytree(SDK_DIR, source, ignore=shutil.ignore_patterns("tests", "build", "*.egg-info", "__pycache__"))
    venv = tmp / "venv"
    subprocess.run([PYTHON, "-m", "venv", "--system-site-packages", str(venv)], check=True, capture_output=True)
    python = venv / "bin" / "python"
    install = subprocess.run(
        [str(python), "-m", "pip", "install", "--no-index", "--no-build-isolation", "--disable-pip-version-check", str(source)],
        capture_output=True, text=True,
    )
    if install.returncode != 0:
        raise RuntimeError(f"pip install failed:\n{install.stdout}{install.stderr}")
    return python


def _make_certificate(directory: Path) -> tuple[Path, Path]:
    key, cert = directory / "key.pem", directory / "cert.pem"
    subprocess.run(
        [
            "openssl", "req", "-x509", "-newkey", "ec", "-pkeyopt", "ec_paramgen_curve:prime256v1", "-nodes",
            "-keyout", str(key), "-out", str(cert), "-days", "2", "-subj", "/CN=localhost",
            "-addext", "subjectAltName=IP:127.0.0.1,DNS:localhost",
        ],
        check=True, capture_output=True,
    )
    return cert, key


def _wait_for_url(proc: subprocess.Popen, log: List[str], timeout: float) -> str:
    """The server logs one JSON line with its url once listening (PORT=0 picks a free port)."""
    found: Dict[str, str] = {}
    ready = threading.Event()

    def read() -> None:
        assert proc.stdout is not None
        for line in proc.stdout:
            log.append(line)
            if not ready.is_set() and '"url"' in line:
                try:
                    found["url"] = json.loads(line)["url"]
                    ready.set()
                except (ValueError, KeyError):
                    pass
        ready.set()

    threading.Thread(target=read, daemon=True).start()
    if not ready.wait(timeout) or "url" not in found:
        raise RuntimeError("the server did not start:\n" + "".join(log[-50:]))
    return found["url"]


@pytest.fixture(scope="session")
def service():
    tmp = Path(tempfile.mkdtemp(prefix="confab-pysdk-"))
    data_dir = tmp / "data"
    cert, key = _make_certificate(tmp)
    env = {k: v for k, v in os.environ.items() if k not in ("DATABASE_URL", "EVENTSTORE_URL", "MONGODB_URL", "SMTP_URL", "PUBLIC_URL")}
    env.update(
        DATA_DIR=str(data_dir),
        PORT="0",
        HOST="127.0.0.1",
        LOG_LEVEL="info",
        RATE_LIMIT_PER_MINUTE="100000",
        WEBHOOK_ALLOW_HOSTS="127.0.0.1",
        LLM_ALLOW_HOSTS="127.0.0.1",
        WEBHOOK_RETRY_DELAYS_MS="200,400,800",
        WEBHOOK_TIMEOUT_MS="3000",
        NODE_EXTRA_CA_CERTS=str(cert),
    )
    proc = subprocess.Popen([NODE, "--import", "tsx", "app/main.ts"], cwd=ROOT, env=env, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True)
    log: List[str] = []
    # The packaging test's venv is built while the server starts (two cores, two slow jobs).
    builder = ThreadPoolExecutor(1)
    venv_future = builder.submit(build_venv, tmp / "pip")
    try:
        url = _wait_for_url(proc, log, 180)
        service = Service(url, data_dir, env, cert, key)
        service.venv = venv_future
        yield service
    finally:
        builder.shutdown(wait=True)
        proc.terminate()
        try:
            proc.wait(15)
        except subprocess.TimeoutExpired:
            proc.kill()
        shutil.rmtree(tmp, ignore_errors=True)


@dataclass
class Workspaces:
    sync: Workspace
    async_: Workspace
    free: Workspace
    # more keys of `sync`: one without account:write (the workspace's first key has it), one read-only
    no_account_key: str
    read_only_key: str


@pytest.fixture(scope="session")
def workspaces(service: Service) -> Workspaces:
    # The CLI takes seconds per call: run what does not depend on each other at once.
    with ThreadPoolExecutor(3) as pool:
        sync, async_, free = pool.map(service.workspace, ["pro", "pro", "free"])
        keys = list(pool.map(lambda args: service.api_key(*args), [
            (sync.workspace_id, "--scopes", "read,write"),
            (sync.workspace_id, "--scopes", "read"),
        ]))
    return Workspaces(sync, async_, free, *keys)


@pytest.fixture
def client(service: Service, workspaces: Workspaces):
    from confab import Confab

    with Confab(api_key=workspaces.sync.api_key, base_url=service.base_url, timeout=30) as c:
        yield c


@pytest.fixture
async def aclient(service: Service, workspaces: Workspaces):
    from confab import AsyncConfab

    async with AsyncConfab(api_key=workspaces.async_.api_key, base_url=service.base_url, timeout=30) as c:
        yield c
