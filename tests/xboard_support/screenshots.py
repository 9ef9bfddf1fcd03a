"""Render each variant's start position in XBoard and save PNG screenshots.

    python -m tests.xboard_support.screenshots docs/screenshots [VARIANT ...]
    python -m tests.xboard_support.screenshots --variants FILE docs/screenshots VARIANT ...

Needs xboard and Xvfb, nothing else: Xvfb keeps its screen in an XWD file
(``-fbdir``), which is cropped to the XBoard window and written as PNG here.
The engine is XBoard's first engine, so the board, pieces and position are
those of its ``setup``/``piece`` answer.
"""
from __future__ import annotations

import os
import shutil
import struct
import subprocess
import sys
import tempfile
import time
import zlib
from pathlib import Path

from tests.xboard_support.xbmatch import SETTINGS, engine_launcher, find_xboard

VARIANTS = ('pemba', 'zanzibar-s', 'zanzibar-s-promo', 'zanzibar-xl', 'maasai', 'oblong44')


def read_xwd(path: Path) -> tuple[int, int, list[bytes]]:
    """Width, height and RGB rows of a 24/32-bit TrueColor XWD file."""
    data = path.read_bytes()
    endian = '>' if struct.unpack('>I', data[4:8])[0] == 7 else '<'
    h = struct.unpack(endian + '25I', data[:100])
    header_size, width, height = h[0], h[4], h[5]
    byte_order, bpp, bytes_per_line, ncolors = h[7], h[11], h[12], h[19]
    if bpp != 32:
        raise ValueError(f'{bpp} bits per pixel not handled')
    start = header_size + 12 * ncolors
    rows = []
    for y in range(height):
        line = data[start + y * bytes_per_line:start + y * bytes_per_line + 4 * width]
        if byte_order == 0:           # LSBFirst: B G R X
            b, g, r = line[0::4], line[1::4], line[2::4]
        else:                         # MSBFirst: X R G B
            r, g, b = line[1::4], line[2::4], line[3::4]
        row = bytearray(3 * width)
        row[0::3], row[1::3], row[2::3] = r, g, b
        rows.append(bytes(row))
    return width, height, rows


def crop(width: int, rows: list[bytes]) -> tuple[int, list[bytes]]:
    """Cut away the black (empty) screen around the window."""
    used = [y for y, r in enumerate(rows) if r.strip(b'\0')]
    if not used:
        return width, rows
    rows = rows[used[0]:used[-1] + 1]
    left = min(len(r) - len(r.lstrip(b'\0')) for r in rows if r.strip(b'\0')) // 3
    right = max(len(r.rstrip(b'\0')) for r in rows) // 3 + 1
    right = min(right, width)
    return right - left, [r[3 * left:3 * right] for r in rows]


def write_png(path: Path, width: int, rows: list[bytes]) -> None:
    def chunk(kind: bytes, body: bytes) -> bytes:
        return struct.pack('>I', len(body)) + kind + body + \
            struct.pack('>I', zlib.crc32(kind + body) & 0xffffffff)
    raw = b''.join(b'\0' + r for r in rows)
    png = b'\x89PNG\r\n\x1a\n' + chunk(b'IHDR', struct.pack('>IIBBBBB', width, len(rows), 8, 2, 0, 0, 0)) \
        + chunk(b'IDAT', zlib.compress(raw, 9)) + chunk(b'IEND', b'')
    path.write_bytes(png)


def free_display() -> int:
    for n in range(140, 200):
        if not Path(f'/tmp/.X{n}-lock').exists() and not Path(f'/tmp/.X11-unix/X{n}').exists():
            return n
    raise RuntimeError('no free X display number')


def shoot(variant: str, out: Path, size: str = 'Small', wait: float = 3.0,
          engine_args: tuple = ()) -> Path:
    work = Path(tempfile.mkdtemp(prefix='xbshot-'))
    try:
        (work / 'home').mkdir()
        settings = work / 'xboard.settings'
        shutil.copyfile(SETTINGS, settings)
        eng = engine_launcher(work)
        n = free_display()
        xvfb = subprocess.Popen(['Xvfb', f':{n}', '-screen', '0', '2000x2000x24',
                                 '-fbdir', str(work)], stderr=subprocess.DEVNULL)
        try:
            for _ in range(100):
                if (work / 'Xvfb_screen0').exists():
                    break
                time.sleep(0.05)
            env = dict(os.environ, DISPLAY=f':{n}', HOME=str(work / 'home'))
            debug = work / 'xboard.debug'
            xb = subprocess.Popen([find_xboard(), '-settingsFile', str(settings),
                                   '-saveSettingsOnExit', 'false', '-debug',
                                   '-nameOfDebugFile', str(debug),
                                   '-fcp', ' '.join([str(eng), *engine_args]),
                                   '-fd', str(work), '-variant', variant, '-size', size,
                                   '-showCoords', 'true', '-popupExitMessage', 'false'],
                                  cwd=work, env=env, stdout=subprocess.DEVNULL,
                                  stderr=subprocess.DEVNULL)
            try:
                # the board is drawn once the engine's setup has been read
                end = time.monotonic() + 60
                while time.monotonic() < end:
                    if debug.exists() and '<first : pong' in debug.read_text(errors='replace'):
                        break
                    time.sleep(0.1)
                time.sleep(wait)
                width, _, rows = read_xwd(work / 'Xvfb_screen0')
                width, rows = crop(width, rows)
                out.parent.mkdir(parents=True, exist_ok=True)
                write_png(out, width, rows)
            finally:
                xb.terminate()
                xb.wait(10)
        finally:
            xvfb.terminate()
            xvfb.wait(10)
    finally:
        shutil.rmtree(work, ignore_errors=True)
    return out


# XBoard sizes squares for 8 files; these give 50-80 pixel squares
SIZES = {'oblong44': 'Small'}


def main(argv: list[str]) -> int:
    engine_args: tuple = ()
    if argv[:1] == ['--variants']:          # variants of a file (no spaces in its path)
        engine_args, argv = ('--variants', str(Path(argv[1]).resolve())), argv[2:]
    outdir = Path(argv[0]) if argv else Path('docs/screenshots')
    for v in argv[1:] or VARIANTS:
        print(shoot(v, outdir / f'{v}.png', SIZES.get(v, 'Large'), engine_args=engine_args))
    return 0


if __name__ == '__main__':
    sys.exit(main(sys.argv[1:]))
