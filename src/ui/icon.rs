//! The app icon: a queen on a small board next to the marked corner, drawn
//! with tiny-skia. `assets/grundy-lab.png` is this drawing (a test keeps
//! them equal; run it with `GRUNDY_LAB_WRITE_ICON=1` to rewrite the file).

use tiny_skia::{Color, FillRule, Paint, PathBuilder, Pixmap, Rect, Transform};

/// The icon file bundled into the binary.
pub const ICON_PNG: &[u8] = include_bytes!("../../assets/grundy-lab.png");

/// The icon for the window.
pub fn icon_data() -> egui::IconData {
    match image::load_from_memory(ICON_PNG) {
        Ok(img) => {
            let rgba = img.to_rgba8();
            egui::IconData { width: rgba.width(), height: rgba.height(), rgba: rgba.into_raw() }
        }
        Err(_) => egui::IconData::default(),
    }
}

fn paint(r: u8, g: u8, b: u8) -> Paint<'static> {
    let mut p = Paint::default();
    p.set_color(Color::from_rgba8(r, g, b, 255));
    p.anti_alias = true;
    p
}

/// Draw the icon, `size` pixels square.
pub fn draw_icon(size: u32) -> Pixmap {
    let mut pm = Pixmap::new(size, size).expect("icon size");
    let s = size as f32 / 256.0;
    let t = Transform::from_scale(s, s);
    // Rounded background.
    let bg = {
        let mut pb = PathBuilder::new();
        let (r, a, b) = (36.0, 8.0, 248.0);
        pb.move_to(a + r, a);
        pb.line_to(b - r, a);
        pb.quad_to(b, a, b, a + r);
        pb.line_to(b, b - r);
        pb.quad_to(b, b, b - r, b);
        pb.line_to(a + r, b);
        pb.quad_to(a, b, a, b - r);
        pb.line_to(a, a + r);
        pb.quad_to(a, a, a + r, a);
        pb.close();
        pb.finish().expect("path")
    };
    pm.fill_path(&bg, &paint(0x24, 0x3B, 0x5E), FillRule::Winding, t, None);
    // A 4 x 4 board; the corner (0, 0) top left in green.
    let (x0, cell) = (32.0, 48.0);
    for i in 0..4 {
        for j in 0..4 {
            let p = if (i, j) == (0, 0) {
                paint(0x6B, 0xA3, 0x68)
            } else if (i + j) % 2 == 0 {
                paint(0xF4, 0xEB, 0xD6)
            } else {
                paint(0xDD, 0xCB, 0xA8)
            };
            let r = Rect::from_xywh(x0 + i as f32 * cell, x0 + j as f32 * cell, cell, cell).expect("rect");
            pm.fill_rect(r, &p, t, None);
        }
    }
    // The queen: a gold crown on a navy disk, in cell (3, 2).
    let (cx, cy) = (x0 + 3.5 * cell, x0 + 2.5 * cell);
    let disk = PathBuilder::from_circle(cx, cy, 21.0).expect("circle");
    pm.fill_path(&disk, &paint(0x24, 0x3B, 0x5E), FillRule::Winding, t, None);
    let mut crown = PathBuilder::new();
    crown.move_to(cx - 13.0, cy + 9.0);
    crown.line_to(cx - 15.0, cy - 9.0);
    crown.line_to(cx - 7.0, cy - 1.0);
    crown.line_to(cx, cy - 13.0);
    crown.line_to(cx + 7.0, cy - 1.0);
    crown.line_to(cx + 15.0, cy - 9.0);
    crown.line_to(cx + 13.0, cy + 9.0);
    crown.close();
    pm.fill_path(&crown.finish().expect("crown"), &paint(0xF0, 0xC4, 0x4C), FillRule::Winding, t, None);
    // Its path to the corner: a diagonal of dots.
    for k in 1..=2 {
        let d = PathBuilder::from_circle(cx - k as f32 * cell, cy - k as f32 * cell, 7.0).expect("dot");
        pm.fill_path(&d, &paint(0x2F, 0x76, 0xB0), FillRule::Winding, t, None);
    }
    pm
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_bundled_icon_is_the_drawing() {
        let drawn = draw_icon(256);
        let path = concat!(env!("CARGO_MANIFEST_DIR"), "/assets/grundy-lab.png");
        if std::env::var_os("GRUNDY_LAB_WRITE_ICON").is_some() {
            drawn.save_png(path).unwrap();
        }
        let icon = icon_data();
        assert_eq!((icon.width, icon.height), (256, 256));
        let bundled = Pixmap::decode_png(ICON_PNG).unwrap();
        assert_eq!(bundled.data(), drawn.data(), "assets/grundy-lab.png differs from draw_icon");
        // The corner cell is green, the background navy.
        let px = |x: u32, y: u32| icon.rgba[((y * 256 + x) * 4) as usize..][..3].to_vec();
        assert_eq!(px(40, 40), vec![0x6B, 0xA3, 0x68]);
        assert_eq!(px(20, 128), vec![0x24, 0x3B, 0x5E]);
    }
}
