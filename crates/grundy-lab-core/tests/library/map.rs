//! Grundy map export: the PNG is decoded and checked.

#![expect(clippy::unwrap_used, reason = "a test stops at an unexpected error, and says where")]

use grundy_lab_core::Control;
use grundy_lab_core::grundy::compute;
use grundy_lab_core::map::export::{
    DifferencePoster, ExportError, ExportWindow, Legend, PictureFormat, Poster, PosterTexts, difference_size,
    poster_size, write_difference, write_poster, write_window,
};
use grundy_lab_core::map::{Palette, PaletteKind};
use grundy_lab_core::rules::{Convention, preset};
use grundy_lab_core::theory::is_wythoff_p;

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
    let pal = Palette::new(PaletteKind::Viridis, t.max_value(), &[]);
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
    // The size said before writing is the size written, frame included.
    assert_eq!(poster_size(&t, &poster, ExportWindow::whole(&t, 4.0)).unwrap(), (w, h));
    assert_eq!(image::image_dimensions(&path).unwrap(), (w as u32, h as u32));
    let img = image::open(&path).unwrap().to_rgba8();
    // The legend swatches (strong red for 0, blue for 1) appear right of the map.
    // The map is 400 px wide and starts after a margin of at most 60 px.
    let right: Vec<[u8; 4]> = img.enumerate_pixels().filter(|(x, _, _)| *x > 460).map(|(_, _, p)| p.0).collect();
    let pal = Palette::new(PaletteKind::Highlight, t.max_value(), &[0, 1]);
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
    // A misère table holds misère Grundy values, and its title says so.
    let mut misere = preset("queen").unwrap();
    misere.convention = Convention::Misere;
    let m = compute(&misere, 60, 60, &Control::new()).unwrap();
    let texts = PosterTexts::english(&m, whole);
    assert_eq!(texts.title, "Grundy values of queen (misère), 60 × 60");
    assert_eq!(texts.legend, "misère g(x, y)");

    // The caller's title, in Japanese, is drawn with the bundled font: every
    // character has a glyph, and the title band gets ink.
    let ja =
        PosterTexts {
            title: "龍王のグランディ数 (60 x 60)".into(), legend: "勝敗".into(), other: "その他".into()
        };
    let font = grundy_lab_core::draw::font::font().expect("the bundled font");
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

#[test]
fn the_size_said_is_the_size_written_for_every_window_and_legend() {
    let t = compute(&preset("queen-t2").unwrap(), 90, 70, &Control::new()).unwrap();
    for (legend, ppc, win) in [
        (true, 2.0, ExportWindow::whole(&t, 2.0)),
        (true, 0.5, ExportWindow::whole(&t, 0.5)),
        (false, 3.0, ExportWindow::whole(&t, 3.0)),
        (true, 5.0, ExportWindow { x0: 10, y0: 20, width: 30, height: 200, pixels_per_cell: 5.0 }),
    ] {
        let poster =
            Poster { palette: PaletteKind::Grey, highlight: vec![], pixels_per_cell: ppc, legend, texts: None };
        let path = tmp("sized.png");
        let said = poster_size(&t, &poster, win).unwrap();
        assert_eq!(write_window(&t, &poster, win, &path, &Control::new()).unwrap(), said);
        assert_eq!(image::image_dimensions(&path).unwrap(), (said.0 as u32, said.1 as u32), "{win:?}");
    }
}

#[test]
fn a_poster_of_queen_t2_says_where_it_ends_with_the_sign_at_most() {
    let t = compute(&preset("queen-t2").unwrap(), 60, 60, &Control::new()).unwrap();
    let title = PosterTexts::english(&t, ExportWindow::whole(&t, 1.0)).title;
    assert_eq!(title, "Grundy numbers of queen-t2 (end at x + y ≤ 2), 60 × 60");
    // The sign is drawn by the math face, whose ≤ is right (see the glyph
    // test), not by the Japanese face, whose ≤ is the glyph of ≥.
    assert_eq!(grundy_lab_core::draw::font::face_of('≤'), grundy_lab_core::draw::font::Face::Math);
}

#[test]
fn a_difference_poster_shows_the_difference_colours_with_their_legend() {
    let c = Control::new();
    let t2 = compute(&preset("queen-t2").unwrap(), 40, 40, &c).unwrap();
    let q = compute(&preset("queen").unwrap(), 40, 40, &c).unwrap();
    let diff = grundy_lab_core::map::compare::compare_values(&t2, 1, &q, 0, &c).unwrap();
    let palette = Palette::new(PaletteKind::Highlight, 3, &[3, 1, 2]);
    let key = Legend {
        heading: "Difference view".into(),
        entries: [3, 1, 2, 0].iter().map(|&v| (format!("code {v}"), palette.colour(v))).collect(),
    };
    let poster = DifferencePoster {
        palette,
        pixels_per_cell: 4.0,
        legend: false,
        title: "t2 = 1 vs queen = 0".into(),
        key,
        emphasised: vec![],
    };
    let path = tmp("difference.png");
    let win = ExportWindow::whole(&diff, 4.0);
    assert_eq!(write_difference(&diff, &poster, win, (&path, PictureFormat::Png), &c).unwrap(), (160, 160));
    let img = image::open(&path).unwrap().to_rgba8();
    for (x, y) in [(8u32, 13u32), (13, 8), (9, 13), (0, 0), (1, 2)] {
        let want = poster.palette.colour(diff.get(x as usize, y as usize));
        assert_eq!(img.get_pixel(x * 4 + 2, y * 4 + 2).0, want, "({x}, {y})");
    }
    // Framed: the size said is written, and the legend's swatches are there.
    let framed = DifferencePoster { legend: true, ..poster.clone() };
    let said = difference_size(&diff, &framed, win).unwrap();
    assert_eq!(write_difference(&diff, &framed, win, (&path, PictureFormat::Png), &c).unwrap(), said);
    let img = image::open(&path).unwrap().to_rgba8();
    assert_eq!(img.dimensions(), (said.0 as u32, said.1 as u32));
    let right =
        |v: u32| img.enumerate_pixels().filter(|(x, _, p)| *x > 160 + 60 && p.0 == poster.palette.colour(v)).count();
    assert!(right(1) > 50 && right(2) > 50, "swatches: {} {}", right(1), right(2));
}

/// A difference poster at a pixel a cell draws each cell it is about as a
/// square of MARK_PX pixels: the few cells where two games differ are seen.
#[test]
fn a_difference_poster_makes_its_few_differing_cells_visible() {
    use grundy_lab_core::map::export::MARK_PX;
    let c = Control::new();
    let t2 = compute(&preset("queen-t2").unwrap(), 300, 300, &c).unwrap();
    let q = compute(&preset("queen").unwrap(), 300, 300, &c).unwrap();
    let diff = grundy_lab_core::map::compare::compare_values(&t2, 1, &q, 0, &c).unwrap();
    let palette = Palette::new(PaletteKind::Highlight, 3, &[3, 1, 2]);
    let key = Legend { heading: "Difference view".into(), entries: vec![] };
    let differing: Vec<(usize, usize)> = (0..300)
        .flat_map(|y| (0..300).map(move |x| (x, y)))
        .filter(|&(x, y)| matches!(diff.get(x, y), 1 | 2))
        .collect();
    assert!(!differing.is_empty() && differing.len() < 5000, "{} differing cells", differing.len());
    let poster = DifferencePoster {
        palette,
        pixels_per_cell: 1.0,
        legend: false,
        title: String::new(),
        key,
        emphasised: vec![1, 2],
    };
    let path = tmp("difference-marks.png");
    let win = ExportWindow::whole(&diff, 1.0);
    write_difference(&diff, &poster, win, (&path, PictureFormat::Png), &c).unwrap();
    let img = image::open(&path).unwrap().to_rgba8();
    let half = (MARK_PX / 2) as u32;
    let marked = |p: &image::Rgba<u8>| [1, 2].iter().any(|&v| p.0 == poster.palette.colour(v));
    for &(x, y) in &differing {
        // The square around the cell is drawn in the differing colours (a
        // neighbour's mark may cover part of it where two are close).
        let (x, y) = (x as u32, y as u32);
        let around = (x.saturating_sub(half)..=(x + half).min(299))
            .flat_map(|px| (y.saturating_sub(half)..=(y + half).min(299)).map(move |py| (px, py)))
            .filter(|&(px, py)| marked(img.get_pixel(px, py)))
            .count();
        assert!(around >= (half as usize + 1).pow(2), "({x}, {y}): {around} pixels");
    }
    // Without emphasis a cell is its one pixel.
    let plain = DifferencePoster { emphasised: vec![], ..poster.clone() };
    write_difference(&diff, &plain, win, (&path, PictureFormat::Png), &c).unwrap();
    let img = image::open(&path).unwrap().to_rgba8();
    let coloured = |v: u32| img.pixels().filter(|p| p.0 == poster.palette.colour(v)).count();
    assert_eq!(coloured(1) + coloured(2), differing.len(), "one pixel a differing cell");
}
