"""Release files of a built binary: names, archives, checksums, checks.

    python packaging/release.py name                     cazaux-engine-0.2.0-linux-x86_64
    python packaging/release.py archive BINARY [--out DIR] [--expect-arch ARCH]
    python packaging/release.py sums DIR                 DIR/SHA256SUMS
    python packaging/release.py check-tag TAG            TAG must be v<version>
    python packaging/release.py glibc PATH [--max 2.28]  newest glibc symbol needed

Every file is named by version, operating system and architecture:
``cazaux-engine-VERSION-windows-x64.zip`` (the one-folder build: the folder
``cazaux-engine-VERSION-windows-x64`` with ``cazaux-engine.exe`` and its
``_internal`` folder), ``cazaux-engine-VERSION-macos-arm64.tar.gz``,
``...-macos-x86_64.tar.gz`` and ``...-linux-x86_64.tar.gz`` (the one-file
binary in a folder of that name; tar keeps its executable bit).  Each
archive's folder also holds ``variants/``, the example variant files of the
repository (Shako, Metamachy), for ``--variants`` or the option VariantPath.
``--expect-arch`` stops when the machine is not the architecture the
release job meant to build on (a runner label that changed its hardware).
The release workflow (.github/workflows/release.yml) runs these commands.
"""
from __future__ import annotations

import argparse
import hashlib
import os
import platform
import re
import shutil
import subprocess
import sys
import tarfile
import zipfile

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(HERE)
SUMS = 'SHA256SUMS'


def version() -> str:
    """The package's version, read from cazaux_engine/__init__.py (nothing imported)."""
    with open(os.path.join(ROOT, 'cazaux_engine', '__init__.py'), encoding='utf-8') as f:
        return re.search(r"^__version__ = '([^']+)'", f.read(), re.M).group(1)


def system_name(system: str | None = None) -> str:
    """'windows', 'macos' or 'linux' for ``sys.platform`` (or ``system``)."""
    system = system or sys.platform
    if system == 'win32':
        return 'windows'
    if system == 'darwin':
        return 'macos'
    if system.startswith('linux'):
        return 'linux'
    raise SystemExit(f'error: no release is made for {system}')


def arch_name(machine: str | None = None, system: str | None = None) -> str:
    """The architecture as the release names it: x64 on Windows (as Windows
    says it), x86_64 and arm64 elsewhere (as macOS says it; Linux's aarch64
    is arm64 too)."""
    m = (machine or platform.machine()).lower()
    if m in ('amd64', 'x86_64', 'x64'):
        return 'x64' if system_name(system) == 'windows' else 'x86_64'
    if m in ('arm64', 'aarch64'):
        return 'arm64'
    raise SystemExit(f'error: no release is made for the architecture {m}')


def release_name(system: str | None = None, machine: str | None = None) -> str:
    """``cazaux-engine-VERSION-OS-ARCH``, e.g. ``cazaux-engine-0.2.0-windows-x64``."""
    return f'cazaux-engine-{version()}-{system_name(system)}-{arch_name(machine, system)}'


def is_onedir(binary: str) -> bool:
    """A one-folder build keeps its libraries in ``_internal`` beside the executable."""
    return os.path.isdir(os.path.join(os.path.dirname(binary), '_internal'))


def variant_files() -> list[str]:
    """The example variant files of the repository, shipped with every archive."""
    folder = os.path.join(ROOT, 'variants')
    return [os.path.join(folder, f) for f in sorted(os.listdir(folder)) if f.endswith('.json')]


def archive(binary: str, out: str, system: str | None = None, machine: str | None = None) -> str:
    """Pack the build of ``binary`` into ``out``; return the archive's path.

    The one-folder build goes into a .zip (Windows' own format), the one-file
    binary into a .tar.gz; either way inside a folder named like the archive,
    with the example variant files in its ``variants/``.
    """
    name = release_name(system, machine)
    os.makedirs(out, exist_ok=True)
    extra = [(f, f'{name}/variants/{os.path.basename(f)}') for f in variant_files()]
    if is_onedir(binary):
        folder = os.path.dirname(os.path.abspath(binary))
        path = os.path.join(out, name + '.zip')
        with zipfile.ZipFile(path, 'w', zipfile.ZIP_DEFLATED) as z:
            for d, dirs, files in os.walk(folder):
                dirs.sort()
                for f in sorted(files):
                    full = os.path.join(d, f)
                    rel = os.path.relpath(full, folder).replace(os.sep, '/')
                    z.write(full, f'{name}/{rel}')
            for full, arcname in extra:
                z.write(full, arcname)
        return path
    path = os.path.join(out, name + '.tar.gz')

    def owned_by_nobody(mode: int):
        def fix(info: tarfile.TarInfo) -> tarfile.TarInfo:
            info.mode = mode
            info.uid = info.gid = 0
            info.uname = info.gname = ''
            return info
        return fix
    with tarfile.open(path, 'w:gz') as t:
        t.add(binary, f'{name}/{os.path.basename(binary)}', filter=owned_by_nobody(0o755))
        for full, arcname in extra:
            t.add(full, arcname, filter=owned_by_nobody(0o644))
    return path


def sha256(path: str) -> str:
    h = hashlib.sha256()
    with open(path, 'rb') as f:
        for block in iter(lambda: f.read(1 << 20), b''):
            h.update(block)
    return h.hexdigest()


def write_sums(folder: str) -> str:
    """Write ``folder/SHA256SUMS`` for the files of ``folder`` (``sha256sum -c``
    reads it: ``HEX  NAME`` per line, sorted by name); return its text."""
    names = sorted(n for n in os.listdir(folder)
                   if n != SUMS and os.path.isfile(os.path.join(folder, n)))
    text = ''.join(f'{sha256(os.path.join(folder, n))}  {n}\n' for n in names)
    with open(os.path.join(folder, SUMS), 'w', encoding='ascii', newline='\n') as f:
        f.write(text)
    return text


GLIBC = re.compile(r'\bGLIBC_(\d+(?:\.\d+)+)\b')


def newest_glibc(objdump_text: str) -> tuple[int, ...] | None:
    """The newest ``GLIBC_x.y`` version named in ``objdump -T`` output.

    >>> newest_glibc('0 DF *UND* 0 GLIBC_2.2.5 memcpy\\n0 DF *UND* 0 GLIBC_2.17 clock\\n')
    (2, 17)
    >>> newest_glibc('no versions here') is None
    True
    """
    found = [tuple(int(x) for x in v.split('.')) for v in GLIBC.findall(objdump_text)]
    return max(found) if found else None


def glibc_needed(path: str) -> dict[str, tuple[int, ...]]:
    """File (relative to ``path``) -> the newest glibc version it needs, for
    every ELF file at or under ``path`` (with binutils' objdump)."""
    files = [path] if os.path.isfile(path) else [
        os.path.join(d, f) for d, _, fs in os.walk(path) for f in sorted(fs)]
    out = {}
    for f in files:
        with open(f, 'rb') as fh:
            if fh.read(4) != b'\x7fELF':
                continue
        p = subprocess.run(['objdump', '-T', f], capture_output=True, text=True,
                           stdin=subprocess.DEVNULL)
        v = newest_glibc(p.stdout)
        if v:
            out[os.path.relpath(f, path) if f != path else os.path.basename(f)] = v
    return out


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split('\n\n')[0])
    sub = ap.add_subparsers(dest='command', required=True)
    sub.add_parser('name', help='the release name of this platform')
    a = sub.add_parser('archive', help='pack a built binary (and its folder)')
    a.add_argument('binary')
    a.add_argument('--out', default=os.path.join(ROOT, 'dist', 'release'))
    a.add_argument('--expect-arch', help='stop unless this machine is ARCH (x64, x86_64, arm64)')
    s = sub.add_parser('sums', help='write SHA256SUMS of the files of a folder')
    s.add_argument('folder')
    c = sub.add_parser('check-tag', help='stop unless TAG is v<version>')
    c.add_argument('tag')
    g = sub.add_parser('glibc', help='the newest glibc symbol version the ELF files need')
    g.add_argument('path')
    g.add_argument('--max', help='stop if any file needs a newer glibc than this (e.g. 2.28)')
    args = ap.parse_args(argv)

    if args.command == 'name':
        print(release_name())
    elif args.command == 'archive':
        if args.expect_arch and arch_name() != args.expect_arch:
            print(f'error: this machine is {arch_name()}, not {args.expect_arch}',
                  file=sys.stderr)
            return 1
        path = archive(args.binary, args.out)
        print(f'{path} ({os.path.getsize(path) / 2**20:.1f} MB)')
    elif args.command == 'sums':
        print(write_sums(args.folder), end='')
    elif args.command == 'check-tag':
        if args.tag != f'v{version()}':
            print(f'error: the tag {args.tag} is not v{version()} (cazaux_engine.__version__)',
                  file=sys.stderr)
            return 1
        print(f'{args.tag}: the version of the sources')
    elif args.command == 'glibc':
        if not shutil.which('objdump'):
            print('error: objdump (binutils) is needed', file=sys.stderr)
            return 2
        needed = glibc_needed(args.path)
        if not needed:
            print(f'error: no ELF file that uses glibc at {args.path}', file=sys.stderr)
            return 1
        newest = max(needed.values())
        worst = sorted(f for f, v in needed.items() if v == newest)
        print(f'newest glibc needed: {".".join(map(str, newest))} ({", ".join(worst[:5])}); '
              f'{len(needed)} ELF files')
        if args.max and newest > tuple(int(x) for x in args.max.split('.')):
            print(f'error: needs glibc {".".join(map(str, newest))}, newer than {args.max}',
                  file=sys.stderr)
            return 1
    return 0


if __name__ == '__main__':
    sys.exit(main())
