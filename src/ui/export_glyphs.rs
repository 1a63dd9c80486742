//! The test that every character an exported picture can write is drawn
//! with its own glyph: each is drawn in the face the exports use for it
//! ([`crate::draw::font::face_of`]) and compared with a reference drawing
//! of the same character in another font known to be right (Ubuntu Light,
//! the face egui draws the screen with; Hack where Ubuntu has no glyph and
//! the export did not use Hack; simple strokes for ⌊ ⌋ ⌈ ⌉, which only
//! Hack has).
//!
//! The comparison: both glyphs are scaled to fill a small square (keeping
//! their proportions), blurred, and correlated. A glyph must be at least
//! somewhat like its reference, and more like it than like its mirror
//! images wherever neither is symmetric: ≤ drawn as ≥, or ⌊ as ⌋, fails.

use crate::draw::font::{Face, face_font, face_of};
use ab_glyph::{Font, FontRef, PxScale, point};
use std::collections::{BTreeSet, HashMap};

/// Side of the square glyphs are compared in, in pixels.
const N: usize = 40;
/// The least correlation of a glyph with its reference.
const LIKE_ITS_REFERENCE: f32 = 0.45;
/// A reference at least this like its mirror image is symmetric that way.
const SYMMETRIC: f32 = 0.9;

/// A glyph scaled into the square, blurred, with mean 0 and norm 1.
type Picture = Vec<f32>;

/// Every character an export can write: the texts of both languages (the
/// poster titles, legends and every other text: more than the exports
/// use), the presets' names and descriptions (the command line's titles),
/// the frame's own words and the digits.
fn exported_characters() -> BTreeSet<char> {
    let backend = super::i18n::_rust_i18n_backend();
    let mut chars: BTreeSet<char> = BTreeSet::new();
    for language in [super::i18n::Language::English, super::i18n::Language::Japanese] {
        let messages = backend.messages_for_locale(language.locale()).expect("the language is in locales/app.yml");
        for (_, text) in messages {
            chars.extend(text.chars());
        }
    }
    for name in crate::rules::PRESET_NAMES.iter().chain(crate::rules::FAMILY_PRESETS) {
        let r = crate::rules::preset(name).expect("a preset");
        chars.extend(r.label().chars().chain(r.description.chars()));
    }
    let table = crate::grundy::compute(&crate::rules::preset("queen-t2").expect("a preset"), 8, 8, &Default::default())
        .expect("a small table");
    let texts = crate::map::export::PosterTexts::english(&table, crate::map::export::ExportWindow::whole(&table, 1.0));
    chars.extend(texts.title.chars().chain(texts.legend.chars()).chain(texts.other.chars()));
    chars.extend("x → y ↓ 0123456789 ⌊nφ⌋ ⌈nφ⌉ ≤ ≥".chars());
    // The worksheet of Play: its own star, the marks on the pieces, the
    // names of a sum's pieces, and the formulas of the computer's reasons.
    chars.extend(crate::draw::worksheet::OWN_CHARACTERS.chars());
    for name in crate::rules::PRESET_NAMES {
        let piece = crate::rules::preset(name).expect("a preset").piece;
        chars.extend(crate::ui::tabs::play::piece_mark(&piece).unwrap_or_default().chars());
    }
    chars.extend("ABCD (,) → · … −".chars());
    use crate::play::Why;
    for why in [Why::Wythoff { n: 2 }, Why::HofstadterPair { n: 3 }, Why::EqualPiles, Why::Ryuoh { p: 4 }, Why::Table] {
        chars.extend(why.formula(3, 5).chars());
    }
    chars.retain(|c| !c.is_whitespace() && !c.is_control());
    chars
}

/// `c` drawn by `font`, or `None` when the font has no glyph for it or the
/// glyph leaves no ink.
fn picture(font: &FontRef<'_>, c: char) -> Option<Picture> {
    let id = font.glyph_id(c);
    if id.0 == 0 {
        return None;
    }
    let glyph = font.outline_glyph(id.with_scale_and_position(PxScale::from(80.0), point(0.0, 0.0)))?;
    let b = glyph.px_bounds();
    let k = (N as f32 - 8.0) / b.width().max(b.height()).max(1.0);
    let (ox, oy) = ((N as f32 - b.width() * k) / 2.0, (N as f32 - b.height() * k) / 2.0);
    let mut ink = vec![0.0f32; N * N];
    glyph.draw(|x, y, v| {
        let (px, py) = ((x as f32 * k + ox) as usize, (y as f32 * k + oy) as usize);
        if px < N && py < N {
            ink[py * N + px] += v;
        }
    });
    normalised(&ink)
}

/// Blurred (5 x 5 box), with mean 0 and norm 1; `None` without ink.
fn normalised(ink: &[f32]) -> Option<Picture> {
    let mut out = vec![0.0f32; N * N];
    for y in 0..N {
        for x in 0..N {
            let (ys, xs) = (y.saturating_sub(2)..(y + 3).min(N), x.saturating_sub(2)..(x + 3).min(N));
            out[y * N + x] =
                ys.flat_map(|yy| xs.clone().map(move |xx| (yy, xx))).map(|(yy, xx)| ink[yy * N + xx]).sum();
        }
    }
    let mean = out.iter().sum::<f32>() / (N * N) as f32;
    out.iter_mut().for_each(|v| *v -= mean);
    let norm = out.iter().map(|v| v * v).sum::<f32>().sqrt();
    if norm < 1e-3 {
        return None;
    }
    out.iter_mut().for_each(|v| *v /= norm);
    Some(out)
}

/// ⌊ ⌋ ⌈ ⌉ drawn with two strokes: a stem of the whole height and a foot
/// (floor) or a head (ceiling) towards the inside.
fn bracket(c: char) -> Option<Picture> {
    let (left, bottom) = match c {
        '⌊' => (true, true),
        '⌋' => (false, true),
        '⌈' => (true, false),
        '⌉' => (false, false),
        _ => return None,
    };
    let mut ink = vec![0.0f32; N * N];
    let (x0, x1, stem) = (16, 25, 4);
    let stem_x = if left { x0..x0 + stem } else { x1 - stem..x1 };
    let bar_y = if bottom { N - 4 - stem..N - 4 } else { 4..4 + stem };
    for y in 4..N - 4 {
        for x in x0..x1 {
            if stem_x.contains(&x) || bar_y.contains(&y) {
                ink[y * N + x] = 1.0;
            }
        }
    }
    normalised(&ink)
}

fn correlation(a: &Picture, b: &Picture) -> f32 {
    a.iter().zip(b).map(|(x, y)| x * y).sum()
}

/// The picture mirrored left to right, top to bottom, or both (a half turn).
fn mirrored(p: &Picture, horizontal: bool, vertical: bool) -> Picture {
    let mut out = vec![0.0; N * N];
    for y in 0..N {
        for x in 0..N {
            let (sx, sy) = (if horizontal { N - 1 - x } else { x }, if vertical { N - 1 - y } else { y });
            out[y * N + x] = p[sy * N + sx];
        }
    }
    out
}

/// The reference drawing of `c`, in a font other than `face`'s.
fn reference(c: char, face: Face) -> Option<Picture> {
    let ubuntu = FontRef::try_from_slice(epaint_default_fonts::UBUNTU_LIGHT).expect("egui's Ubuntu Light");
    picture(&ubuntu, c)
        .or_else(|| (face != Face::Math).then(|| face_font(Face::Math).and_then(|f| picture(f, c))).flatten())
        .or_else(|| bracket(c))
}

/// What is wrong with `c` drawn by `face`: nothing (empty), no glyph, a
/// glyph unlike its reference, or one more like a mirror image of it.
fn faults(c: char, face: Face) -> Vec<String> {
    let Some(drawn) = face_font(face).and_then(|f| picture(f, c)) else {
        return vec![format!("{c} (U+{:04X}) has no glyph in the {face:?} face", c as u32)];
    };
    let Some(reference) = reference(c, face) else { return Vec::new() };
    let own = correlation(&drawn, &reference);
    let mut out = Vec::new();
    if own < LIKE_ITS_REFERENCE {
        out.push(format!("{c} (U+{:04X}) is unlike its reference ({own:.2})", c as u32));
    }
    for (h, v, name) in [(true, false, "mirrored left to right"), (false, true, "upside down"), (true, true, "turned")]
    {
        // Only where the reference is not symmetric, and the drawing is not
        // either (a six-armed asterisk against a five-armed one is another
        // design, not a mirror image).
        let m = mirrored(&reference, h, v);
        let symmetric = |p: &Picture| correlation(p, &mirrored(p, h, v)) >= SYMMETRIC;
        let other = correlation(&drawn, &m);
        if !symmetric(&reference) && !symmetric(&drawn) && other >= own {
            out.push(format!("{c} (U+{:04X}) is drawn {name} ({other:.2} against {own:.2})", c as u32));
        }
    }
    out
}

#[test]
fn every_exported_character_is_drawn_with_its_own_glyph() {
    let chars = exported_characters();
    assert!(chars.len() > 300 && chars.contains(&'≤') && chars.contains(&'⌊'), "{} characters", chars.len());
    let mut bad: Vec<String> = chars.iter().flat_map(|&c| faults(c, face_of(c))).collect();
    // Two characters never share a glyph (a face that maps both to one
    // drawing writes one of them wrongly).
    let mut drawn_by: HashMap<(Face, u16), char> = HashMap::new();
    for &c in &chars {
        let face = face_of(c);
        let id = face_font(face).map_or(0, |f| f.glyph_id(c).0);
        if let Some(other) = drawn_by.insert((face, id), c) {
            bad.push(format!("{other} and {c} share one glyph of the {face:?} face"));
        }
    }
    assert!(bad.is_empty(), "{} faults:\n{}", bad.len(), bad.join("\n"));
}

#[test]
fn the_check_finds_the_faults_of_the_bundled_text_face() {
    // The Japanese face swaps ≤ and ≥ and has no ⌊: drawing them with it,
    // as exports did, fails.
    for c in ['≤', '≥'] {
        let f = faults(c, Face::Text);
        assert!(f.iter().any(|f| f.contains("mirrored left to right")), "{c}: {f:?}");
    }
    assert!(faults('⌊', Face::Text).iter().any(|f| f.contains("no glyph")));
    // Its < and > are right, and the math face's ≤ ≥ ⌊ ⌋ are too.
    for (c, face) in [('<', Face::Text), ('>', Face::Text), ('≤', Face::Math), ('⌊', Face::Math), ('⌋', Face::Math)]
    {
        assert_eq!(faults(c, face), Vec::<String>::new(), "{c}");
    }
    // A glyph of another character is unlike the reference: x drawn as o.
    let (Some(o), Some(x)) = (face_font(Face::Text).and_then(|f| picture(f, 'o')), reference('x', Face::Text)) else {
        panic!("the faces draw o and x")
    };
    assert!(correlation(&o, &x) < LIKE_ITS_REFERENCE);
}

#[test]
fn the_browser_s_text_face_draws_every_text_as_the_desktop_s() {
    // The page carries the text face in two cuts (scripts/subset-font.py):
    // in the wasm, every character the app writes, with the desktop's
    // outline and advance; fetched after the start, everyday Japanese
    // beyond the app's texts (a title a student types). Their characters
    // are apart.
    let full = FontRef::try_from_slice(include_bytes!("../../assets/fonts/BIZUDPGothic-Regular.ttf"))
        .expect("the desktop's face reads");
    let cut = FontRef::try_from_slice(include_bytes!("../../assets/fonts/BIZUDPGothic-Regular-web.ttf"))
        .expect("the browser's face reads");
    let kanji = FontRef::try_from_slice(include_bytes!("../../assets/fonts/BIZUDPGothic-Regular-kanji.ttf"))
        .expect("the browser's rest of the kanji reads");
    let shape = |f: &FontRef<'_>, c: char| {
        let id = f.glyph_id(c);
        let bounds = f.outline(id).map(|o| (o.bounds.min.x, o.bounds.min.y, o.bounds.max.x, o.bounds.max.y));
        (id.0 != 0, f.h_advance_unscaled(id), bounds, f.outline(id).map_or(0, |o| o.curves.len()))
    };
    let unlike = |cut: &FontRef<'_>, chars: &mut dyn Iterator<Item = char>| -> Vec<String> {
        chars
            .filter(|&c| face_of(c) == Face::Text && shape(&full, c).0)
            .filter(|&c| shape(cut, c) != shape(&full, c))
            .map(|c| format!("{c} (U+{:04X})", c as u32))
            .collect()
    };
    let missing = unlike(&cut, &mut exported_characters().into_iter());
    assert!(
        missing.is_empty(),
        "not as on the desktop in the browser's face (run scripts/subset-font.py): {missing:?}"
    );
    // Written as escapes: the script puts the characters of the sources in
    // the first cut, and these must be in the second as everyday Japanese
    // (a sentence on school mathematics research, and the names of shogi
    // pieces, without their kana).
    let everyday = "\u{5B66}\u{6821}\u{5148}\u{751F}\u{5F92}\u{6570}\u{7814}\u{7A76}\u{76E4}\u{9762}\u{99D2}\u{738B}\u{5C06}\u{98DB}\u{8ECA}\u{89D2}\u{884C}\u{6842}\u{99AC}";
    let in_first: Vec<char> = everyday.chars().filter(|&c| shape(&cut, c).0).collect();
    let missing = unlike(&kanji, &mut everyday.chars().filter(|c| !in_first.contains(c)));
    assert!(missing.is_empty(), "not as on the desktop in the browser's rest of the kanji: {missing:?}");
    assert!(
        everyday.chars().any(|c| !in_first.contains(&c)),
        "every everyday kanji of the test is in the first cut: the second cut is not tested"
    );
    // The two cuts are apart, and cuts: a kanji of level 2 (U+4E10) is in neither.
    let both: Vec<char> = exported_characters().into_iter().filter(|&c| shape(&kanji, c).0).collect();
    assert!(both.is_empty(), "in both cuts: {both:?}");
    assert!(shape(&full, '\u{4E10}').0 && !shape(&cut, '\u{4E10}').0 && !shape(&kanji, '\u{4E10}').0);
}
