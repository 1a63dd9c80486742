//! The map's SVG poster: read back as XML, its size, title, legend and the
//! cells' embedded picture compared with the PNG poster of the same table.

#![expect(clippy::unwrap_used, reason = "a test stops at an unexpected error, and says where")]

use grundy_lab_core::Control;
use grundy_lab_core::grundy::compute;
use grundy_lab_core::map::export::{
    ExportWindow, Legend, PictureFormat, Poster, PosterTexts, poster_size, write_window_as,
};
use grundy_lab_core::map::{Palette, PaletteKind};
use grundy_lab_core::rules::preset;

fn tmp(name: &str) -> std::path::PathBuf {
    let d = std::env::temp_dir().join(format!("grundy-lab-map-svg-{}", std::process::id()));
    std::fs::create_dir_all(&d).unwrap();
    d.join(name)
}

/// Decodes base64 (the test's own reader, not the writer's code).
fn unbase64(text: &str) -> Vec<u8> {
    let digit = |c: u8| match c {
        b'A'..=b'Z' => c - b'A',
        b'a'..=b'z' => c - b'a' + 26,
        b'0'..=b'9' => c - b'0' + 52,
        b'+' => 62,
        b'/' => 63,
        _ => panic!("not base64: {c}"),
    };
    let digits: Vec<u8> = text.bytes().filter(|&c| c != b'=').map(digit).collect();
    let mut out = Vec::new();
    for chunk in digits.chunks(4) {
        let n = chunk.iter().enumerate().fold(0u32, |n, (i, &d)| n | (u32::from(d) << (18 - 6 * i)));
        out.extend(n.to_be_bytes()[1..chunk.len()].iter());
    }
    out
}

/// Every text of the document: the words of each group of glyph outlines
/// (its `aria-label`).
fn texts(doc: &roxmltree::Document) -> Vec<String> {
    doc.descendants()
        .filter(|n| n.has_tag_name("g"))
        .filter_map(|n| n.attribute("aria-label"))
        .map(String::from)
        .collect()
}

/// The one embedded picture: where it stands and its decoded pixels.
fn embedded(doc: &roxmltree::Document) -> ((f32, f32), image::RgbaImage) {
    let images: Vec<_> = doc.descendants().filter(|n| n.has_tag_name("image")).collect();
    assert_eq!(images.len(), 1);
    let href = images[0].attribute(("http://www.w3.org/1999/xlink", "href")).unwrap();
    let png = unbase64(href.strip_prefix("data:image/png;base64,").unwrap());
    let img = image::load_from_memory(&png).unwrap().to_rgba8();
    let number = |a: &str| images[0].attribute(a).unwrap().parse::<f32>().unwrap();
    assert_eq!((number("width"), number("height")), (img.width() as f32, img.height() as f32));
    ((number("x"), number("y")), img)
}

fn size(doc: &roxmltree::Document) -> (usize, usize) {
    let number = |a: &str| doc.root_element().attribute(a).unwrap().parse::<usize>().unwrap();
    (number("width"), number("height"))
}

#[test]
fn the_svg_poster_has_the_size_said_the_title_the_legend_and_the_png_s_cells() {
    let t = compute(&preset("queen").unwrap(), 40, 30, &Control::new()).unwrap();
    let texts_in = PosterTexts {
        title: "Grundy < 40 × 30 & mehr".into(),
        ..PosterTexts::english(&t, ExportWindow::whole(&t, 3.0))
    };
    let poster = Poster {
        palette: PaletteKind::Highlight,
        highlight: vec![0, 1],
        pixels_per_cell: 3.0,
        legend: true,
        texts: Some(texts_in.clone()),
    };
    let win = ExportWindow::whole(&t, 3.0);
    let (svg_path, png_path) = (tmp("poster.svg"), tmp("poster.png"));
    let said = poster_size(&t, &poster, win).unwrap();
    let c = Control::new();
    assert_eq!(write_window_as(&t, &poster, win, (&svg_path, PictureFormat::Svg), &c).unwrap(), said);
    assert_eq!(write_window_as(&t, &poster, win, (&png_path, PictureFormat::Png), &c).unwrap(), said);
    let text = std::fs::read_to_string(&svg_path).unwrap();
    let doc = roxmltree::Document::parse(&text).unwrap();
    assert_eq!(size(&doc), said);
    let words = texts(&doc);
    assert!(words.contains(&texts_in.title), "{words:?}");
    // The legend's heading and every entry, as the PNG's legend has them.
    let palette = Palette::new(PaletteKind::Highlight, t.max_value(), &[0, 1]);
    let legend = Legend::of_values(&t, &palette, &[0, 1], &texts_in);
    assert!(legend.entries.len() >= 3, "{legend:?}");
    assert!(words.contains(&legend.heading), "{words:?}");
    for (label, colour) in &legend.entries {
        assert!(words.contains(label), "{label} in {words:?}");
        let fill = format!("fill=\"#{:02x}{:02x}{:02x}\"", colour[0], colour[1], colour[2]);
        assert!(text.contains(&fill), "the swatch of {label}");
    }
    // The cells: 3 pixels each, at the map's place, the PNG poster's pixels.
    let ((x, y), cells) = embedded(&doc);
    assert_eq!(cells.dimensions(), (120, 90));
    let (ox, oy) = grundy_lab_core::map::frame::framed_origin(120, 90);
    assert_eq!((x, y), (ox as f32, oy as f32));
    let png = image::open(&png_path).unwrap().to_rgba8();
    for (i, j, p) in cells.enumerate_pixels() {
        assert_eq!(*p, *png.get_pixel(ox as u32 + i, oy as u32 + j), "pixel ({i}, {j})");
    }
    for (cx, cy) in [(0u32, 0u32), (1, 2), (2, 1), (5, 5), (39, 29)] {
        let want = palette.colour(t.get(cx as usize, cy as usize));
        assert_eq!(cells.get_pixel(cx * 3 + 1, cy * 3 + 1).0, want, "cell ({cx}, {cy})");
    }
}

#[test]
fn without_a_legend_the_svg_is_the_cells_alone() {
    let t = compute(&preset("queen").unwrap(), 64, 64, &Control::new()).unwrap();
    let poster =
        Poster { palette: PaletteKind::Grey, highlight: vec![], pixels_per_cell: 2.0, legend: false, texts: None };
    let win = ExportWindow { x0: 10, y0: 4, width: 20, height: 12, pixels_per_cell: 2.0 };
    let path = tmp("window.svg");
    assert_eq!(write_window_as(&t, &poster, win, (&path, PictureFormat::Svg), &Control::new()).unwrap(), (40, 24));
    let text = std::fs::read_to_string(&path).unwrap();
    let doc = roxmltree::Document::parse(&text).unwrap();
    assert_eq!(size(&doc), (40, 24));
    assert!(texts(&doc).is_empty());
    let ((x, y), cells) = embedded(&doc);
    assert_eq!(((x, y), cells.dimensions()), ((0.0, 0.0), (40, 24)));
    let palette = Palette::new(PaletteKind::Grey, t.max_value(), &[]);
    for (cx, cy) in [(0u32, 0u32), (3, 1), (19, 11)] {
        let want = palette.colour(t.get(10 + cx as usize, 4 + cy as usize));
        assert_eq!(cells.get_pixel(cx * 2, cy * 2).0, want, "cell ({}, {})", 10 + cx, 4 + cy);
    }
}

#[test]
fn a_file_name_asks_for_png_or_svg_and_nothing_else() {
    use std::path::Path;
    assert_eq!(PictureFormat::of_path(Path::new("a/b.SVG")), Some(PictureFormat::Svg));
    assert_eq!(PictureFormat::of_path(Path::new("b.png")), Some(PictureFormat::Png));
    assert_eq!(PictureFormat::of_path(Path::new("b.pdf")), None);
    assert_eq!(PictureFormat::of_path(Path::new("svg")), None);
}
