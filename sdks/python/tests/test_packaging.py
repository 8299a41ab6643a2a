"""A new user's path: `pip install` the SDK into a fresh venv (offline: Debian's setuptools and
httpx, no index) and run the README's examples against the started service."""

from __future__ import annotations

import os
import re
import subprocess
import time
from pathlib import Path

import pytest

from conftest import SDK_DIR


def readme_block(heading: str) -> str:
    """The first ```python block after a `## heading` of the SDK's README."""
    text = (SDK_DIR / "README.md").read_text()
    section = text[text.index(f"## {heading}\n"):]
    return re.search(r"```python\n(.*?)```", section, re.S).group(1)  # type: ignore[union-attr]


@pytest.fixture(scope="module")
def venv_python(service) -> Path:
    return service.venv.result(timeout=300)  # built by conftest.build_venv while the server started


def run(python: Path, code: str, service, api_key: str, cwd: Path) -> str:
    env = {**os.environ, "CONFAB_API_KEY": api_key, "CONFAB_BASE_URL": service.base_url}
    env.pop("PYTHONPATH", None)
    out = subprocess.run([str(python), "-c", code], cwd=cwd, env=env, capture_output=True, text=True, timeout=120)
    assert out.returncode == 0, out.stdout + out.stderr
    return out.stdout


def test_pip_install_and_the_readme_examples(venv_python: Path, service, workspaces, tmp_path: Path) -> None:
    where = run(venv_python, "import confab, pathlib; p = pathlib.Path(confab.__file__).parent; print(p); print((p / 'py.typed').exists())", service, "k", tmp_path)
    location, typed = where.split()
    assert "site-packages" in location and str(SDK_DIR) not in location and typed == "True"

    out = run(venv_python, readme_block("Quickstart"), service, workspaces.async_.api_key, tmp_path)
    assert re.search(r"^created \w+ Support$", out, re.M) and "calls this month:" in out

    from confab import Confab

    with Confab(api_key=workspaces.async_.api_key, base_url=service.base_url) as c:
        bot = c.chatbots.create(name="For the async example")
        service.chat(bot["id"])
        deadline = time.monotonic() + 15
        while c.responses.list(bot["id"]).total < 1:  # the example prints the newest bot's responses
            assert time.monotonic() < deadline
            time.sleep(0.1)
        try:
            out = run(venv_python, readme_block("The async client"), service, workspaces.async_.api_key, tmp_path)
            assert len(out.split()) == 1, out
        finally:
            c.chatbots.delete(bot["id"])
