#!/usr/bin/env python3
"""Write the browser's text face: BIZ UD PGothic cut in two.

The page carries its fonts inside the wasm, and the full face is 2.4 MB
(1.43 MB with brotli). The browser gets two cuts, with their outlines
unchanged:

- BIZUDPGothic-Regular-web.ttf, inside the wasm, for the first frame:
  ASCII, Latin-1 and Latin Extended-A, Greek, Cyrillic, punctuation,
  arrows, the mathematical blocks, box drawing, shapes, kana, the CJK
  symbols, the full-width forms and every character of the app's texts
  (locales/, the sources);
- BIZUDPGothic-Regular-kanji.ttf, a file beside the page that the page
  fetches after the app has started: the other kanji of JIS X 0208
  level 1 (everyday Japanese a student may type in a title).

Both drop the vertical metrics and the glyph substitutions, which neither
egui nor the poster renderer reads. The desktop keeps the whole face. A
test (src/ui/export_glyphs.rs) checks that every character of the app's
texts is in the first cut with the desktop's outline, and some everyday
Japanese beyond them in the second (written there as escapes, so that it
is not taken from the sources).

Needs fontTools (`pip install fonttools`). Run from the repository:
    python3 scripts/subset-font.py
"""
import glob
import io
import pathlib

from fontTools import subset
from fontTools.ttLib import TTFont

ROOT = pathlib.Path(__file__).resolve().parent.parent
FULL = ROOT / "assets/fonts/BIZUDPGothic-Regular.ttf"
CUT = ROOT / "assets/fonts/BIZUDPGothic-Regular-web.ttf"
KANJI = ROOT / "assets/fonts/BIZUDPGothic-Regular-kanji.ttf"
RANGES = [
    (0x20, 0x7E), (0xA0, 0x17F), (0x370, 0x3FF), (0x400, 0x4FF),
    (0x2000, 0x209F), (0x2100, 0x23FF), (0x2460, 0x24FF), (0x2500, 0x27BF),
    (0x3000, 0x30FF), (0xFF00, 0xFFEF),
]


def level_one_kanji():
    """The kanji of JIS X 0208 rows 16 to 47, through EUC-JP."""
    out = set()
    for row in range(0xB0, 0xD0):
        for cell in range(0xA1, 0xFF):
            try:
                out.add(bytes([row, cell]).decode("euc_jp"))
            except UnicodeDecodeError:
                pass
    return out


def app_characters():
    out = set()
    for pattern in ["locales/*", "src/**/*.rs", "crates/**/*.rs"]:
        for name in glob.glob(str(ROOT / pattern), recursive=True):
            out |= set(pathlib.Path(name).read_text(encoding="utf-8"))
    return out


def cut(chars, path):
    font = TTFont(FULL, recalcTimestamp=False)
    options = subset.Options()
    options.layout_features = []
    options.name_IDs = ["*"]
    options.notdef_outline = True
    options.drop_tables += ["vmtx", "vhea", "GSUB", "VORG"]
    cutter = subset.Subsetter(options)
    cutter.populate(unicodes=[ord(c) for c in chars])
    cutter.subset(font)
    data = io.BytesIO()
    font.save(data)
    path.write_bytes(data.getvalue())
    print(f"{path.relative_to(ROOT)}: {len(font.getBestCmap())} characters, {len(data.getvalue())} bytes")


def main():
    first = {chr(c) for lo, hi in RANGES for c in range(lo, hi + 1)} | app_characters()
    cut(first, CUT)
    cut(level_one_kanji() - first, KANJI)


if __name__ == "__main__":
    main()
