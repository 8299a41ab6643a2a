"""What an index would publish: the wheel and the sdist built offline with the system's
setuptools (no `build` package, no network), each carrying the package metadata users and
tools read (summary, license, classifiers, project URLs, Python and httpx ranges) and the
`py.typed` marker that makes type checkers use the SDK's hints."""

from __future__ import annotations

import shutil
import subprocess
import tarfile
import zipfile
from email.message import Message
from email.parser import Parser
from pathlib import Path

import pytest

from conftest import PYTHON, SDK_DIR


@pytest.fixture(scope="module")
def dist(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """dist/ with a wheel and an sdist, built from a copy (a build writes build/ and *.egg-info)."""
    tmp = tmp_path_factory.mktemp("distribution")
    source = tmp / "confab-sdk"
    shutil.copytree(SDK_DIR, source, ignore=shutil.ignore_patterns("tests", "build", "*.egg-info", "__pycache__"))
    out = tmp / "dist"
    # The output folder is read before building: setuptools rewrites sys.argv while it builds.
    script = (
        "import sys; out = sys.argv[1]; from setuptools import build_meta as b; "
        "print(b.build_wheel(out)); print(b.build_sdist(out))"
    )
    built = subprocess.run([PYTHON, "-c", script, str(out)], cwd=source, capture_output=True, text=True, timeout=180)
    if built.returncode != 0 and "No module named 'setuptools'" in built.stderr:
        pytest.skip("setuptools is not installed for this interpreter")
    assert built.returncode == 0, built.stdout + built.stderr
    return out


def metadata(text: str) -> Message:
    return Parser().parsestr(text)


def wheel_files(dist: Path) -> tuple[list[str], Message]:
    (wheel,) = dist.glob("confab-*.whl")
    with zipfile.ZipFile(wheel) as z:
        names = z.namelist()
        (meta,) = [n for n in names if n.endswith(".dist-info/METADATA")]
        return names, metadata(z.read(meta).decode())


def sdist_files(dist: Path) -> tuple[list[str], Message, list[str]]:
    """Its files, its PKG-INFO and its requirements (older setuptools, such as Debian's 66, leave
    Requires-Dist out of an sdist's PKG-INFO and write them to *.egg-info/requires.txt only)."""
    (sdist,) = dist.glob("confab-*.tar.gz")
    with tarfile.open(sdist) as t:
        top = {m.name.split("/", 1)[1]: m for m in t.getmembers() if "/" in m.name}

        def read(name: str) -> str:
            return t.extractfile(top[name]).read().decode()  # type: ignore[union-attr]

        meta = metadata(read("PKG-INFO"))
        requirements = meta.get_all("Requires-Dist") or read("confab.egg-info/requires.txt").split()
        return list(top), meta, requirements


def assert_httpx_range(requirements: list[str]) -> None:
    """One dependency, httpx from 0.23 (Debian's, the oldest tested) up to, not including, 1.0."""
    assert [r.replace(" ", "").replace("(", "").replace(")", "") for r in requirements] in (
        ["httpx<1,>=0.23"],
        ["httpx>=0.23,<1"],
    )


def assert_complete(meta: Message) -> None:
    assert meta["Name"] == "confab"
    assert "Confab External API" in meta["Summary"]
    assert meta["License"] == "MIT"
    assert meta["Requires-Python"] == ">=3.10"
    classifiers = meta.get_all("Classifier")
    for c in (
        "License :: OSI Approved :: MIT License",
        "Typing :: Typed",
        "Programming Language :: Python :: 3.10",
        "Programming Language :: Python :: 3.13",
        "Intended Audience :: Developers",
    ):
        assert c in classifiers, c
    urls = dict(u.split(", ", 1) for u in meta.get_all("Project-URL"))
    assert set(urls) >= {"Homepage", "Documentation"} and all(u.startswith("https://") for u in urls.values())
    assert meta["Description-Content-Type"] == "text/markdown"
    assert "pip install" in meta.get_payload()  # the README is the long description


def test_the_wheel_has_complete_metadata_and_py_typed(dist: Path) -> None:
    names, meta = wheel_files(dist)
    assert_complete(meta)
    assert_httpx_range(meta.get_all("Requires-Dist"))
    assert "confab/py.typed" in names and "confab/resources/__init__.py" in names
    assert not any(n.startswith("tests/") for n in names)


def test_the_sdist_has_complete_metadata_and_py_typed(dist: Path) -> None:
    names, meta, requirements = sdist_files(dist)
    assert_complete(meta)
    assert_httpx_range(requirements)
    assert {"confab/py.typed", "pyproject.toml", "README.md"} <= set(names)
