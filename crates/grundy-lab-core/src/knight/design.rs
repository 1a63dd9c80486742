//! Designs: a board with its regions, the leaper and the picture style,
//! saved and loaded as versioned JSON with validation.

use super::board::{Board, BoardError, MAX_SIDE};
use super::leaper::{Leaper, LeaperError};
use crate::draw::Rgba;
use serde::{Deserialize, Serialize};
use std::path::Path;

/// How a knight picture looks. Lengths are fractions of a cell's side, so a
/// picture looks the same at any size.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields, default)]
pub struct Style {
    /// Background colour (ignored when `transparent`).
    pub background: Rgba,
    /// Leave the background transparent (PNG alpha, no SVG background).
    pub transparent: bool,
    /// Line colour of region A and region B.
    pub lines: [Rgba; 2],
    /// Line width, as a fraction of the cell side.
    pub line_width: f32,
    /// Draw a dot at every cell centre (the graph's vertices).
    pub dots: bool,
    /// Dot colour of region A and region B.
    pub dot_colors: [Rgba; 2],
    /// Dot radius, as a fraction of the cell side.
    pub dot_radius: f32,
    /// Draw a thin outline around every cell of a region.
    pub outlines: bool,
    /// Colour of the cell outlines.
    pub outline_color: Rgba,
    /// Colour of the visiting numbers in the numbered view.
    pub number_color: Rgba,
    /// Empty space around the board, in cells.
    pub margin: f32,
}

impl Default for Style {
    fn default() -> Self {
        Style::night()
    }
}

/// The ready-made styles.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum StylePreset {
    /// The sources' look: black background, blue lines, yellow vertices.
    Night,
    /// Ink on warm white paper, for printing.
    Paper,
    /// Light lines on deep blue.
    Blueprint,
}

impl StylePreset {
    /// All presets, for menus.
    pub const ALL: [StylePreset; 3] = [StylePreset::Night, StylePreset::Paper, StylePreset::Blueprint];

    /// The style of this preset.
    pub fn style(self) -> Style {
        match self {
            StylePreset::Night => Style::night(),
            StylePreset::Paper => Style::paper(),
            StylePreset::Blueprint => Style::blueprint(),
        }
    }
}

impl Style {
    /// Black background, blue (A) and rose (B) lines, yellow vertices.
    pub fn night() -> Style {
        Style {
            background: Rgba::rgb(0, 0, 0),
            transparent: false,
            lines: [Rgba::rgb(0x3d, 0x8b, 0xff), Rgba::rgb(0xff, 0x5c, 0x8a)],
            line_width: 0.035,
            dots: true,
            dot_colors: [Rgba::rgb(0xff, 0xd6, 0x0a), Rgba::rgb(0xff, 0xd6, 0x0a)],
            dot_radius: 0.09,
            outlines: false,
            outline_color: Rgba::new(0xff, 0xff, 0xff, 0x30),
            number_color: Rgba::rgb(0, 0, 0),
            margin: 0.8,
        }
    }

    /// Navy and crimson ink on warm paper, with faint cell outlines.
    pub fn paper() -> Style {
        Style {
            background: Rgba::rgb(0xfb, 0xf8, 0xf1),
            transparent: false,
            lines: [Rgba::rgb(0x1d, 0x35, 0x57), Rgba::rgb(0xc1, 0x12, 0x1f)],
            line_width: 0.03,
            dots: true,
            dot_colors: [Rgba::rgb(0x1d, 0x35, 0x57), Rgba::rgb(0xc1, 0x12, 0x1f)],
            dot_radius: 0.07,
            outlines: true,
            outline_color: Rgba::rgb(0xdc, 0xd6, 0xc8),
            number_color: Rgba::rgb(0xff, 0xff, 0xff),
            margin: 1.0,
        }
    }

    /// Sky blue and amber lines on deep blue.
    pub fn blueprint() -> Style {
        Style {
            background: Rgba::rgb(0x0b, 0x25, 0x45),
            transparent: false,
            lines: [Rgba::rgb(0x8e, 0xca, 0xe6), Rgba::rgb(0xff, 0xb7, 0x03)],
            line_width: 0.03,
            dots: true,
            dot_colors: [Rgba::rgb(0xff, 0xff, 0xff), Rgba::rgb(0xff, 0xff, 0xff)],
            dot_radius: 0.06,
            outlines: true,
            outline_color: Rgba::new(0x8e, 0xca, 0xe6, 0x40),
            number_color: Rgba::rgb(0x0b, 0x25, 0x45),
            margin: 0.8,
        }
    }

    /// Checks that every number is in its range, naming the first that is not.
    pub fn check(&self) -> Result<(), StyleError> {
        for number in StyleNumber::ALL {
            let v = match number {
                StyleNumber::LineWidth => self.line_width,
                StyleNumber::DotRadius => self.dot_radius,
                StyleNumber::Margin => self.margin,
            };
            let (min, max) = number.range();
            if !(v.is_finite() && v >= min && v <= max) {
                return Err(StyleError { number, value: v });
            }
        }
        Ok(())
    }
}

/// The numbers of a [`Style`] that have a range.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum StyleNumber {
    /// [`Style::line_width`].
    LineWidth,
    /// [`Style::dot_radius`].
    DotRadius,
    /// [`Style::margin`].
    Margin,
}

impl StyleNumber {
    /// Every number, in the order they are checked.
    pub const ALL: [StyleNumber; 3] = [StyleNumber::LineWidth, StyleNumber::DotRadius, StyleNumber::Margin];

    /// The field's name in a design file (under `style`).
    pub fn field(self) -> &'static str {
        match self {
            StyleNumber::LineWidth => "line_width",
            StyleNumber::DotRadius => "dot_radius",
            StyleNumber::Margin => "margin",
        }
    }

    /// The values allowed, `(min, max)`, both included.
    pub fn range(self) -> (f32, f32) {
        match self {
            StyleNumber::LineWidth => (0.0, 1.0),
            StyleNumber::DotRadius => (0.0, 0.5),
            StyleNumber::Margin => (0.0, 20.0),
        }
    }
}

/// A style number outside its range ([`StyleNumber::range`]), or not finite.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct StyleError {
    /// Which number.
    pub number: StyleNumber,
    /// Its value.
    pub value: f32,
}

impl std::fmt::Display for StyleError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        let (lo, hi) = self.number.range();
        write!(f, "style.{} is {}; it must be from {lo} to {hi}", self.number.field(), self.value)
    }
}

impl std::error::Error for StyleError {}

/// What is wrong with a design file. `Syntax` carries the JSON reader's
/// own message (in English); the others are data.
#[derive(Clone, Debug, PartialEq)]
pub enum DesignError {
    /// The file could not be read (what the operating system said).
    Read(crate::fsutil::OsError),
    /// The bytes are not UTF-8 text (the first bad byte).
    NotText {
        /// Offset of the first byte that is not UTF-8.
        byte: usize,
    },
    /// Not JSON of the design's shape: the JSON reader's message and where.
    Syntax {
        /// The JSON reader's own words (with the line and column).
        detail: String,
        /// The line, from 1.
        line: usize,
        /// The column, from 1.
        column: usize,
    },
    /// The "format" field names another kind of file.
    Format(String),
    /// A file version this program does not read.
    Version(u32),
    /// A board side is 0 or over the largest side.
    Size {
        /// The width in the file.
        width: u64,
        /// The height in the file.
        height: u64,
    },
    /// The number of rows is not the height.
    RowCount {
        /// The height in the file.
        height: u64,
        /// The number of rows.
        rows: usize,
    },
    /// A row's length is not the width.
    RowLength {
        /// The width in the file.
        width: u64,
        /// The row (from 0).
        row: usize,
        /// Its number of cells.
        cells: usize,
    },
    /// The rows are not a board (a bad cell letter).
    Board(BoardError),
    /// The leaper is not a leaper.
    Leaper(LeaperError),
    /// A style number is out of range.
    Style(StyleError),
}

impl std::fmt::Display for DesignError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            DesignError::Read(m) => write!(f, "cannot read the file: {m}"),
            DesignError::NotText { byte } => write!(f, "the file is not UTF-8 text (byte {byte})"),
            DesignError::Syntax { detail, .. } => write!(f, "not a valid design file: {detail}"),
            DesignError::Format(x) => write!(f, "not a knight design: \"format\" is \"{x}\", expected \"{FORMAT}\""),
            DesignError::Version(v) => {
                write!(f, "design file version {v} is not supported (this program reads version {VERSION})")
            }
            DesignError::Size { width, height } => {
                write!(f, "board.width and board.height must be 1 to {MAX_SIDE}, not {width} x {height}")
            }
            DesignError::RowCount { height, rows } => {
                write!(f, "board.height is {height} but board.rows has {rows} rows")
            }
            DesignError::RowLength { width, row, cells } => {
                write!(f, "board.width is {width} but row {row} has {cells} cells")
            }
            DesignError::Board(m) => write!(f, "board: {m}"),
            DesignError::Leaper(m) => write!(f, "leaper: {m}"),
            DesignError::Style(m) => write!(f, "{m}"),
        }
    }
}

impl std::error::Error for DesignError {}

/// A design file that could not be loaded: the file and the problem.
#[derive(Clone, Debug, PartialEq)]
pub struct LoadError {
    /// The file.
    pub path: std::path::PathBuf,
    /// What is wrong with it.
    pub error: DesignError,
}

impl std::fmt::Display for LoadError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "{}: {}", self.path.display(), self.error)
    }
}

impl std::error::Error for LoadError {}

/// A design: the board (cells and regions), the leaper, and the style.
#[derive(Clone, Debug, PartialEq)]
pub struct Design {
    /// The board with its two regions.
    pub board: Board,
    /// The piece whose graph and tours are drawn.
    pub leaper: Leaper,
    /// How the picture looks.
    pub style: Style,
}

impl Default for Design {
    fn default() -> Self {
        Design {
            board: Board::rect(8, 8).expect("8 x 8 is a valid size"),
            leaper: Leaper::KNIGHT,
            style: Style::night(),
        }
    }
}

/// The `format` field every design file starts with.
pub const FORMAT: &str = "grundy-lab knight design";
/// The file format version this program writes and reads.
pub const VERSION: u32 = 1;

#[derive(Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
struct BoardFile {
    width: u64,
    height: u64,
    /// One string per row: '.' hole, 'A', 'B'.
    rows: Vec<String>,
}

#[derive(Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
struct DesignFile {
    format: String,
    version: u32,
    board: BoardFile,
    leaper: Leaper,
    #[serde(default)]
    style: Style,
}

/// The largest design file read: a 256 x 256 board with its style is far
/// smaller.
pub const MAX_FILE_BYTES: u64 = 16 << 20;

impl Design {
    /// The design as pretty JSON (the file format).
    pub fn to_json(&self) -> String {
        let f = DesignFile {
            format: FORMAT.into(),
            version: VERSION,
            board: BoardFile {
                width: self.board.width() as u64,
                height: self.board.height() as u64,
                rows: self.board.to_rows(),
            },
            leaper: self.leaper,
            style: self.style.clone(),
        };
        serde_json::to_string_pretty(&f).unwrap_or_default() + "\n"
    }

    /// Reads a design from file bytes; the error says what is wrong.
    pub fn from_bytes(bytes: &[u8]) -> Result<Design, DesignError> {
        let text = std::str::from_utf8(bytes).map_err(|e| DesignError::NotText { byte: e.valid_up_to() })?;
        Design::from_json(text)
    }

    /// Reads a design from JSON text; the error says what is wrong.
    pub fn from_json(text: &str) -> Result<Design, DesignError> {
        let f: DesignFile = serde_json::from_str(text).map_err(|e| DesignError::Syntax {
            detail: e.to_string(),
            line: e.line(),
            column: e.column(),
        })?;
        if f.format != FORMAT {
            return Err(DesignError::Format(f.format));
        }
        if f.version != VERSION {
            return Err(DesignError::Version(f.version));
        }
        let (w, h) = (f.board.width, f.board.height);
        if w == 0 || h == 0 || w > MAX_SIDE as u64 || h > MAX_SIDE as u64 {
            return Err(DesignError::Size { width: w, height: h });
        }
        if f.board.rows.len() as u64 != h {
            return Err(DesignError::RowCount { height: h, rows: f.board.rows.len() });
        }
        if let Some((y, r)) = f.board.rows.iter().enumerate().find(|(_, r)| r.chars().count() as u64 != w) {
            return Err(DesignError::RowLength { width: w, row: y, cells: r.chars().count() });
        }
        let board = Board::from_rows(&f.board.rows).map_err(DesignError::Board)?;
        f.leaper.check().map_err(DesignError::Leaper)?;
        f.style.check().map_err(DesignError::Style)?;
        Ok(Design { board, leaper: f.leaper, style: f.style })
    }

    /// Loads a design file (a regular file of at most [`MAX_FILE_BYTES`]). A file that cannot be read or is not a valid
    /// design gives an error naming the file and the problem.
    pub fn load(path: &Path) -> Result<Design, LoadError> {
        let in_file = |error| LoadError { path: path.to_path_buf(), error };
        let bytes =
            crate::fsutil::read_limited(path, MAX_FILE_BYTES).map_err(|e| in_file(DesignError::Read((&e).into())))?;
        Design::from_bytes(&bytes).map_err(in_file)
    }

    /// Saves the design atomically (no half-written file on failure).
    pub fn save(&self, path: &Path) -> Result<(), crate::draw::DrawError> {
        crate::draw::write_atomic(path, self.to_json().as_bytes())
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::knight::board::Preset;

    #[test]
    fn bad_parts_of_a_file_are_typed() {
        let good = Design::default().to_json();
        let bad_cell = good.replacen("\"AAAAAAAA\"", "\"AAAXAAAA\"", 1);
        assert_eq!(Design::from_json(&bad_cell), Err(DesignError::Board(BoardError::BadCell { x: 3, y: 0, ch: 'X' })));
        let with_leaper = |a, b| Design { leaper: Leaper { a, b }, ..Design::default() }.to_json();
        assert_eq!(Design::from_json(&with_leaper(0, 0)), Err(DesignError::Leaper(LeaperError::NeverMoves)));
        let far = Design::from_json(&with_leaper(1, 40));
        assert_eq!(far, Err(DesignError::Leaper(LeaperError::TooFar { a: 1, b: 40 })));
        let wide = Design { style: Style { margin: 25.0, ..Style::night() }, ..Design::default() };
        assert_eq!(
            Design::from_json(&wide.to_json()),
            Err(DesignError::Style(StyleError { number: StyleNumber::Margin, value: 25.0 }))
        );
        let colour = good.replacen("\"#", "\"#zz", 1);
        let e = Design::from_json(&colour).unwrap_err();
        assert!(matches!(&e, DesignError::Syntax { detail, line, .. } if detail.contains("#zz") && *line > 1), "{e:?}");
        let style = Style { dot_radius: f32::NAN, ..Style::night() };
        assert!(matches!(style.check(), Err(StyleError { number: StyleNumber::DotRadius, .. })));
    }

    #[test]
    fn round_trip() {
        let d = Design { board: Preset::Pinwheel.build(10, 10).unwrap(), leaper: Leaper::ZEBRA, style: Style::paper() };
        assert_eq!(Design::from_json(&d.to_json()).unwrap(), d);
    }
}
