//! Grundy map export: the PNG is decoded and checked.

#![expect(clippy::unwrap_used, reason = "a test stops at an unexpected error, and says where")]

use grundy_lab::Control;
use grundy_lab::grundy::compute;
use grundy_lab::map::export::{ExportError, ExportWindow, Poster, PosterTexts, write_poster};
use grundy_lab::map::{Palette, PaletteKind};
use grundy_lab::rules::{Convention, preset};
use grundy_lab::theory::is_wythoff_p;

fn tmp(name: &str) -> std::path::PathBuf {
    let d = std::env::temp_dir().join(format!("grundy-lab-map-{}", std::process::id()));
    std::fs::create_dir_all(&d).unwrap();
    d.join(name)
}

#[test]
fn poster_pixels_show_p_positions_in_the_p_colour() {
    let t = compute(&preset("queen").unwrap(), 64, 64, &Control::new()).unwrap();
    let path = tmp("queen.png");
    let poster =
        Poster { palette: PaletteKind::Viridis, highlight: vec![], pixels_per_cell: 3.0, legend: false, texts: None };
    assert_eq!(write_poster(&t, &poster, &path).unwrap(), (192, 192));
    let img = image::open(&path).unwrap().to_rgba8();
    assert_eq!(img.dimensions(), (192, 192));
    let pal = Palette::new(PaletteKind::Viridis, t.max_value(), &[], false);
    let p_colour = pal.colour(0);
    for y in 0..64u32 {
        for x in 0..64u32 {
            let px = img.get_pixel(x * 3 + 1, y * 3 + 1).0;
            assert_eq!(px == p_colour, is_wythoff_p(x as u64, y as u64), "({x},{y}) {px:?}");
            assert_eq!(px, pal.colour(t.get(x as usize, y as usize)));
        }
    }
}

#[test]
fn legend_frames_the_map() {
    let t = compute(&preset("queen").unwrap(), 100, 100, &Control::new()).unwrap();
    let path = tmp("framed.png");
    let poster = Poster {
        palette: PaletteKind::Highlight,
        highlight: vec![0, 1],
        pixels_per_cell: 4.0,
        legend: true,
        texts: None,
    };
    let (w, h) = write_poster(&t, &poster, &path).unwrap();
    assert!(w > 400 && h > 400, "{w}x{h}");
    let img = image::open(&path).unwrap().to_rgba8();
    // The legend swatches (strong red for 0, blue for 1) appear right of the map.
    // The map is 400 px wide and starts after a margin of at most 60 px.
    let right: Vec<[u8; 4]> = img.enumerate_pixels().filter(|(x, _, _)| *x > 460).map(|(_, _, p)| p.0).collect();
    let pal = Palette::new(PaletteKind::Highlight, t.max_value(), &[0, 1], false);
    assert!(right.iter().filter(|p| **p == pal.colour(0)).count() > 50);
    assert!(right.iter().filter(|p| **p == pal.colour(1)).count() > 50);
    // Some dark text pixels in the margins (title, axes).
    let dark = img.enumerate_pixels().filter(|(_, y, p)| *y < 40 && p.0[0] < 80).count();
    assert!(dark > 20, "title pixels: {dark}");
}

#[test]
fn unwritable_export_says_so_and_leaves_nothing() {
    let t = compute(&preset("nim").unwrap(), 16, 16, &Control::new()).unwrap();
    let poster =
        Poster { palette: PaletteKind::Grey, highlight: vec![], pixels_per_cell: 1.0, legend: false, texts: None };
    let e = write_poster(&t, &poster, std::path::Path::new("/nonexistent-dir/x.png")).unwrap_err();
    assert!(e.to_string().contains("cannot write"), "{e}");
    // The kind of failure is kept, so that the app can say it in Japanese.
    assert!(matches!(&e, ExportError::File(f) if f.os.kind == std::io::ErrorKind::NotFound), "{e:?}");
    let too_big = Poster { pixels_per_cell: 5000.0, ..poster };
    assert!(write_poster(&t, &too_big, &tmp("big.png")).unwrap_err().to_string().contains("too large"));
}

#[test]
fn poster_titles_say_what_the_table_holds_in_the_callers_words() {
    let t = compute(&preset("queen").unwrap(), 60, 60, &Control::new()).unwrap();
    let whole = ExportWindow::whole(&t, 4.0);
    assert_eq!(PosterTexts::english(&t, whole).title, "Grundy numbers of queen, 60 × 60");
    let part = ExportWindow { x0: 10, y0: 0, width: 20, height: 5, pixels_per_cell: 4.0 };
    assert_eq!(PosterTexts::english(&t, part).title, "Grundy numbers of queen, x 10..29, y 0..4");
    // A misère table holds P/N outcomes, and its title says so.
    let mut misere = preset("queen").unwrap();
    misere.convention = Convention::Misere;
    let m = compute(&misere, 60, 60, &Control::new()).unwrap();
    let texts = PosterTexts::english(&m, whole);
    assert_eq!(texts.title, "P/N outcomes of queen (misère), 60 × 60");
    assert_eq!(texts.legend, "outcome");

    // The caller's title, in Japanese, is drawn with the bundled font: every
    // character has a glyph, and the title band gets ink.
    let ja =
        PosterTexts {
            title: "龍王のグランディ数 (60 x 60)".into(), legend: "勝敗".into(), other: "その他".into()
        };
    let font = grundy_lab::draw::font::font().expect("the bundled font");
    for c in ja.title.chars().chain(ja.legend.chars()).filter(|c| !c.is_ascii()) {
        assert_ne!(ab_glyph::Font::glyph_id(font, c).0, 0, "no glyph for {c}");
    }
    let ink = |texts: PosterTexts, name: &str| {
        let poster = Poster {
            palette: PaletteKind::Grey,
            highlight: vec![],
            pixels_per_cell: 4.0,
            legend: true,
            texts: Some(texts),
        };
        let path = tmp(name);
        write_poster(&m, &poster, &path).unwrap();
        let img = image::open(&path).unwrap().to_rgba8();
        // The title is drawn above the axis numbers, in the top 30 pixels.
        img.enumerate_pixels().filter(|(_, y, p)| *y < 30 && p.0[0] < 128).count()
    };
    let blank = ink(PosterTexts { title: String::new(), ..ja.clone() }, "blank-title.png");
    let japanese = ink(ja, "japanese-title.png");
    assert!(japanese > blank + 200, "title ink: {japanese} (blank title: {blank})");
}
