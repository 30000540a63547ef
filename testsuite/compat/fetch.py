"""Getting the corpus's pinned packages, and unpacking them into a private prefix.

Downloads go into one directory (the build tree's cache, or a staging
directory carried to a machine without network): Debian packages by
`apt-get download`, Python wheels and source distributions by `pip download`.
Nothing is installed: .deb files are unpacked (here, in Python, so a machine
without dpkg can do it too), wheels unzipped onto a PYTHONPATH directory,
source distributions untarred.
"""
from __future__ import annotations

import io
import subprocess
import sys
import tarfile
import zipfile
from dataclasses import dataclass
from pathlib import Path

# The platforms a GPU machine's Python 3.12 accepts, for staging its wheels from here.
MANYLINUX_PLATFORMS = ("manylinux2014_x86_64", "manylinux_2_17_x86_64",
                       "manylinux_2_27_x86_64", "manylinux_2_28_x86_64")


class FetchError(Exception):
    """A package could not be had (no network, no pip, not staged)."""


@dataclass(frozen=True)
class Deb:
    name: str
    version: str

    def file_name(self) -> str:
        # apt-get download writes NAME_VERSION_ARCH.deb with the epoch's ':' as '%3a'.
        return f"{self.name}_{self.version.replace(':', '%3a')}_"


@dataclass(frozen=True)
class PyPackage:
    name: str
    version: str
    sdist: bool = False  # the source distribution (it carries the test suite), not the wheel

    def requirement(self) -> str:
        return f"{self.name}=={self.version}"

    def file_prefixes(self) -> tuple[str, ...]:
        # Wheel names normalise '-' and '.' to '_'; sdists keep the project's spelling or lower it.
        normal = self.name.replace("-", "_").replace(".", "_")
        return tuple({f"{n}-{self.version}" for n in (normal, normal.lower(), self.name, self.name.lower())})


def find_download(directory: Path, package: Deb | PyPackage) -> Path | None:
    if not directory.is_dir():
        return None
    if isinstance(package, Deb):
        candidates = [p for p in directory.glob("*.deb") if p.name.startswith(package.file_name())]
    else:
        suffixes = (".tar.gz", ".zip") if package.sdist else (".whl",)
        candidates = [p for p in directory.iterdir()
                      if p.name.startswith(package.file_prefixes()) and p.name.endswith(suffixes)]
    return sorted(candidates)[0] if candidates else None


def download(packages: list[Deb | PyPackage], directory: Path, python_version: str | None = None) -> None:
    """Downloads what is not in directory yet. python_version: stage wheels for
    another interpreter (manylinux x86_64) instead of the running one."""
    # Absolute: pip and apt-get run inside it, where a relative -d would nest.
    directory = directory.resolve()
    directory.mkdir(parents=True, exist_ok=True)
    missing = [p for p in packages if find_download(directory, p) is None]
    debs = [p for p in missing if isinstance(p, Deb)]
    wheels = [p for p in missing if isinstance(p, PyPackage) and not p.sdist]
    sdists = [p for p in missing if isinstance(p, PyPackage) and p.sdist]
    if debs:
        _run(["apt-get", "download", *(f"{d.name}={d.version}" for d in debs)], directory)
    pip = [sys.executable, "-m", "pip", "download", "--no-deps", "--disable-pip-version-check",
           "-d", str(directory)]
    if wheels:
        target = []
        if python_version:
            target = ["--python-version", python_version, "--implementation", "cp"]
            for platform in MANYLINUX_PLATFORMS:
                target += ["--platform", platform]
        _run(pip + ["--only-binary=:all:", *target, *(w.requirement() for w in wheels)], directory)
    if sdists:
        _run(pip + [f"--no-binary={','.join(s.name for s in sdists)}",
                    *(s.requirement() for s in sdists)], directory)
    still_missing = [p for p in packages if find_download(directory, p) is None]
    if still_missing:
        raise FetchError(f"downloaded, but not found in {directory}: {still_missing}")


def _run(command: list[str], cwd: Path) -> None:
    try:
        done = subprocess.run(command, cwd=cwd, capture_output=True, text=True, timeout=900)
    except (OSError, subprocess.TimeoutExpired) as error:
        raise FetchError(f"{command[0]} {command[1]}: {error}") from error
    if done.returncode != 0:
        tail = (done.stderr or done.stdout).strip().splitlines()[-3:]
        raise FetchError(f"`{' '.join(command[:4])} ...` failed: {' / '.join(tail)}")


def unpack(packages: list[Deb | PyPackage], downloads: Path, prefix: Path) -> None:
    """Unpacks each package once: debs into prefix/, wheels into prefix/site/,
    sdists into prefix/src/. A package missing from downloads is a FetchError."""
    for package in packages:
        archive = find_download(downloads, package)
        if archive is None:
            raise FetchError(f"{package.name} {package.version} is not in {downloads} "
                             f"(stage it with testsuite/compat/stage.py)")
        marker = prefix / ".unpacked" / archive.name
        if marker.exists():
            continue
        if isinstance(package, Deb):
            _extract_deb(archive, prefix)
        elif package.sdist:
            with tarfile.open(archive) as tar:
                _extract_all(tar, prefix / "src", "data")
        else:
            with zipfile.ZipFile(archive) as wheel:
                wheel.extractall(prefix / "site")
            _restore_modes(archive, prefix / "site")
        marker.parent.mkdir(parents=True, exist_ok=True)
        marker.touch()


def _extract_deb(archive: Path, prefix: Path) -> None:
    """dpkg -x: a .deb is an ar archive whose data.tar.* member holds the files."""
    with open(archive, "rb") as f:
        if f.read(8) != b"!<arch>\n":
            raise FetchError(f"{archive} is not a Debian package")
        while header := f.read(60):
            name, size = header[:16].decode().strip(), int(header[48:58])
            member = f.read(size)
            f.read(size % 2)  # members are padded to an even size
            if name.startswith("data.tar"):
                with tarfile.open(fileobj=io.BytesIO(member)) as tar:
                    _extract_all(tar, prefix, "tar")
                return
    raise FetchError(f"{archive} has no data.tar member")


def _extract_all(tar: tarfile.TarFile, destination: Path, safety: str) -> None:
    # Extraction filters exist from Python 3.11.4 (Debian 12's 3.11.2 lacks them).
    if hasattr(tarfile, "data_filter"):
        tar.extractall(destination, filter=safety)
    else:
        tar.extractall(destination)


def _restore_modes(wheel_path: Path, site: Path) -> None:
    # zipfile drops Unix permissions; native libraries bundled in wheels must stay executable.
    with zipfile.ZipFile(wheel_path) as wheel:
        for info in wheel.infolist():
            mode = info.external_attr >> 16
            if mode:
                (site / info.filename).chmod(mode & 0o777)


def directory_size(path: Path) -> int:
    return sum(p.stat().st_size for p in path.rglob("*") if p.is_file() and not p.is_symlink())
