//! Colours for Grundy values: a perceptually uniform ramp, a cyclic one for
//! large values, grey, and "highlight" (chosen values strong, the rest faint).

use serde::{Deserialize, Serialize};

/// An RGBA colour, 8 bits a channel.
pub type Rgba = [u8; 4];

/// How values become colours.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize, Default)]
#[serde(rename_all = "lowercase")]
pub enum PaletteKind {
    /// Dark blue-purple through green to yellow, evenly bright steps
    /// (viridis-like); 0 is black.
    #[default]
    Viridis,
    /// Hues around the colour wheel, repeating every 24 values.
    Cyclic,
    /// Black for 0, then dark grey to white (max).
    Grey,
    /// The chosen values in strong colours, every other value faint grey.
    Highlight,
}

impl PaletteKind {
    /// All palettes, in menu order.
    pub const ALL: [PaletteKind; 4] =
        [PaletteKind::Viridis, PaletteKind::Cyclic, PaletteKind::Grey, PaletteKind::Highlight];

    /// The name used on the command line and in files.
    pub fn name(self) -> &'static str {
        match self {
            PaletteKind::Viridis => "viridis",
            PaletteKind::Cyclic => "cyclic",
            PaletteKind::Grey => "grey",
            PaletteKind::Highlight => "highlight",
        }
    }

    /// Parse a palette name ([`PaletteKind::name`], any case).
    pub fn parse(s: &str) -> Result<Self, UnknownPalette> {
        Self::ALL
            .into_iter()
            .find(|p| p.name() == s.to_ascii_lowercase())
            .ok_or_else(|| UnknownPalette { name: s.to_string() })
    }
}

/// A name that is no palette's [`PaletteKind::name`].
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct UnknownPalette {
    /// The name given.
    pub name: String,
}

impl std::fmt::Display for UnknownPalette {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        let names: Vec<&str> = PaletteKind::ALL.iter().map(|p| p.name()).collect();
        write!(f, "unknown palette `{}`; palettes are: {}", self.name, names.join(", "))
    }
}

impl std::error::Error for UnknownPalette {}

/// The period of the cyclic palette.
pub const CYCLE: u32 = 24;

/// The most values the highlight palette takes.
pub const MAX_HIGHLIGHT: usize = 12;

/// Why a list of values to highlight cannot be used.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum HighlightError {
    /// No value at all.
    Empty,
    /// An item that is not a whole number from 0 to 2^32 - 1.
    NotAValue(String),
    /// More values than the palette takes.
    TooMany {
        /// How many values were given.
        count: usize,
    },
}

impl std::fmt::Display for HighlightError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            HighlightError::Empty => f.write_str("give at least one value"),
            HighlightError::NotAValue(item) => {
                write!(f, "`{item}` is not a value (a whole number from 0 to {})", u32::MAX)
            }
            HighlightError::TooMany { count } => write!(f, "{count} values; at most {MAX_HIGHLIGHT}"),
        }
    }
}

/// The values to highlight, from a list such as `0, 1 5` (commas,
/// semicolons or spaces between; empty items are skipped). The one reader
/// of such lists: the map and `render --highlight` refuse the same lists.
pub fn parse_highlight(list: &str) -> Result<Vec<u32>, HighlightError> {
    let mut values = Vec::new();
    for item in list.split([',', ' ', ';']).map(str::trim).filter(|t| !t.is_empty()) {
        let v = item.parse::<u32>().map_err(|_| {
            let shown: String = item.chars().take(20).collect();
            HighlightError::NotAValue(shown)
        })?;
        values.push(v);
    }
    match values.len() {
        0 => Err(HighlightError::Empty),
        n if n > MAX_HIGHLIGHT => Err(HighlightError::TooMany { count: n }),
        _ => Ok(values),
    }
}

/// Strong colours for highlighted values, in order.
pub const HIGHLIGHT: [Rgba; 6] = [
    [220, 40, 40, 255],
    [30, 110, 230, 255],
    [250, 170, 0, 255],
    [20, 160, 80, 255],
    [170, 60, 200, 255],
    [0, 170, 190, 255],
];

/// Colour for "not computed yet" and outside the table.
pub const PENDING: Rgba = [128, 128, 128, 255];

/// The colour of a cell that is not a position of the game: a mid grey
/// with a blue cast, apart from every palette's values.
pub const NOT_A_POSITION_COLOUR: Rgba = [150, 160, 178, 255];

/// The most entries a ramp's lookup table has: 16 KB, so that it stays in
/// the fastest cache while a map is drawn. Neighbouring values of a larger
/// table share an entry; their colours differ by less than one step of 8
/// bits anyway.
const RAMP_ENTRIES: usize = 4096;

/// `step` of a lookup table with an entry per value (16.16 fixed point).
const ONE: u64 = 1 << 16;

/// A palette fixed for one table: a lookup table from value to colour.
#[derive(Clone, Debug)]
pub struct Palette {
    /// The palette this was built from.
    pub kind: PaletteKind,
    /// The colour of value `v` is `lut[ceil(v * step / 2^shift)]`, the last
    /// entry for larger values (or wrapping, for the cyclic palette). The
    /// rounding up keeps entry 0 for value 0 alone. `shift` is 16 for
    /// palettes of 16-bit values (`step <= 2^16`: the product of a 16-bit
    /// value fits in 32 bits), else 32 for precision.
    lut: Vec<Rgba>,
    step: u64,
    shift: u32,
    cyclic: bool,
    /// The highlight palette's chosen values, in order (empty otherwise).
    highlight: Vec<u32>,
}

const VIRIDIS: [[u8; 3]; 9] = [
    [68, 1, 84],
    [71, 44, 122],
    [59, 81, 139],
    [44, 113, 142],
    [33, 144, 141],
    [39, 173, 129],
    [92, 200, 99],
    [170, 220, 50],
    [253, 231, 37],
];

fn lerp(a: [u8; 3], b: [u8; 3], t: f32) -> Rgba {
    let m = |i: usize| (a[i] as f32 + (b[i] as f32 - a[i] as f32) * t).round() as u8;
    [m(0), m(1), m(2), 255]
}

fn hsv(h: f32, s: f32, v: f32) -> Rgba {
    let c = v * s;
    let hp = (h.rem_euclid(1.0)) * 6.0;
    let x = c * (1.0 - ((hp % 2.0) - 1.0).abs());
    let (r, g, b) = match hp as u32 {
        0 => (c, x, 0.0),
        1 => (x, c, 0.0),
        2 => (0.0, c, x),
        3 => (0.0, x, c),
        4 => (x, 0.0, c),
        _ => (c, 0.0, x),
    };
    let m = v - c;
    let q = |t: f32| ((t + m) * 255.0).round() as u8;
    [q(r), q(g), q(b), 255]
}

impl Palette {
    /// The palette for values `0..=max`; `highlight` lists the values the
    /// highlight palette shows strongly (misère tables too: their values
    /// are misère Grundy values).
    pub fn new(kind: PaletteKind, max: u32, highlight: &[u32]) -> Palette {
        let n = max as usize + 1;
        let shift = if max <= u16::MAX as u32 { 16 } else { 32 };
        // Ramps: an entry per value, or RAMP_ENTRIES spread over 0..=max.
        let (n, step) = match kind {
            PaletteKind::Viridis | PaletteKind::Grey if n > RAMP_ENTRIES => {
                (RAMP_ENTRIES, ((RAMP_ENTRIES as u64 - 1) << shift) / max as u64)
            }
            // The chosen values, then one entry for every other value.
            PaletteKind::Highlight => (n.min(highlight.iter().max().map_or(1, |&h| h as usize + 2)), 1 << shift),
            _ => (n, 1 << shift),
        };
        let t = |v: usize| if n <= 1 { 0.0 } else { v as f32 / (n - 1) as f32 };
        // Value 0 (the P-positions) is always black in the ramps, so it
        // stays distinct from every other value however large the maximum.
        let lut: Vec<Rgba> = match kind {
            PaletteKind::Viridis => (0..n)
                .map(|v| {
                    if v == 0 {
                        return [0, 0, 0, 255];
                    }
                    let f = t(v) * (VIRIDIS.len() - 1) as f32;
                    let i = (f.floor() as usize).min(VIRIDIS.len() - 2);
                    lerp(VIRIDIS[i], VIRIDIS[i + 1], f - i as f32)
                })
                .collect(),
            PaletteKind::Grey => (0..n)
                .map(|v| if v == 0 { [0, 0, 0, 255] } else { lerp([60, 60, 60], [255, 255, 255], t(v)) })
                .collect(),
            PaletteKind::Cyclic => {
                // 0 is black so P-positions stand out; then hues cycle.
                let mut l = vec![[0, 0, 0, 255]];
                l.extend((1..=CYCLE).map(|v| hsv(v as f32 / CYCLE as f32, 0.65, 0.95)));
                return Palette { kind, lut: l, step: ONE, shift: 16, cyclic: true, highlight: Vec::new() };
            }
            PaletteKind::Highlight => (0..n)
                .map(|v| match highlight.iter().position(|&h| h as usize == v) {
                    Some(i) => HIGHLIGHT[i % HIGHLIGHT.len()],
                    None => [236, 236, 236, 255],
                })
                .collect(),
        };
        let highlight = if kind == PaletteKind::Highlight { highlight.to_vec() } else { Vec::new() };
        Palette { kind, lut, step, shift, cyclic: false, highlight }
    }

    /// The highlighted values below 32 as a bitmask (bit `v` for value `v`):
    /// zoomed out, a pixel takes a highlighted colour when any of its cells
    /// has one of these values. 0 for the other palettes.
    pub fn highlight_mask(&self) -> u32 {
        self.highlight.iter().filter(|&&v| v < 32).fold(0, |m, &v| m | 1 << v)
    }

    /// The highlighted values below 32, smallest first: zoomed out, these
    /// are the ones a pixel can show wherever they occur among its cells.
    pub fn highlighted_below_32(&self) -> Vec<u32> {
        let mask = self.highlight_mask();
        (0..32).filter(|v| mask & (1 << v) != 0).collect()
    }

    /// The colour of a zoomed-out pixel of the highlight palette from its
    /// key: the smallest highlighted value below 32 among its cells, else
    /// 32 + the minimum of its cells (see [`crate::map::raster`]).
    #[inline]
    pub fn colour_of_key(&self, key: u32) -> Rgba {
        self.colour(if key < 32 { key } else { key - 32 })
    }

    /// The colours of the zoomed-out highlight keys, `key_colours()[k] ==
    /// colour_of_key(k)` for every key `k` below its length, and the last
    /// entry for every larger key (their values all take the last entry of
    /// the lookup table). At most 32 + the lookup table's entries.
    pub fn key_colours(&self) -> Vec<Rgba> {
        (0..32 + self.lut.len() as u32).map(|k| self.colour_of_key(k)).collect()
    }

    /// The colour of value `v` ([`NOT_A_POSITION_COLOUR`] for the marker
    /// [`crate::grundy::NOT_A_POSITION`]).
    #[inline]
    pub fn colour(&self, v: u32) -> Rgba {
        if v == crate::grundy::NOT_A_POSITION {
            return NOT_A_POSITION_COLOUR;
        }
        if self.cyclic {
            let v = v as usize;
            if v == 0 { self.lut[0] } else { self.lut[1 + (v - 1) % CYCLE as usize] }
        } else {
            self.entry(self.index(v))
        }
    }

    /// The lookup-table entry of value `v`, of a monotone palette:
    /// `colour(v) == entry(index(v))`.
    #[inline]
    pub fn index(&self, v: u32) -> usize {
        // No overflow: step <= 2^shift and v < 2^32.
        (((v as u64 * self.step + ((1 << self.shift) - 1)) >> self.shift) as usize).min(self.lut.len() - 1)
    }

    /// Whether a larger value never takes an earlier entry of the lookup
    /// table (all palettes but the cyclic one). Then the entry of a
    /// minimum is the minimum of the entries, and a map can take minima of
    /// entries.
    pub fn is_monotone(&self) -> bool {
        !self.cyclic
    }

    /// The lookup-table entry of a 16-bit value, of a monotone palette:
    /// `colour(v) == entry(index16(v))`. In 32-bit arithmetic, so that a
    /// loop over a row of values becomes vector instructions.
    #[inline]
    pub fn index16(&self, v: u16) -> u16 {
        let last = self.lut.len().min(1 << 16) as u32 - 1;
        if self.shift == 16 {
            ((v as u32 * self.step as u32 + (ONE as u32 - 1)) >> 16).min(last) as u16
        } else {
            ((v as u64 * self.step + ((1 << 32) - 1)) >> 32).min(last as u64) as u16
        }
    }

    /// The colour of lookup-table entry `i` (the last for larger `i`).
    #[inline]
    pub fn entry(&self, i: usize) -> Rgba {
        self.lut[i.min(self.lut.len() - 1)]
    }

    /// The legend label of the values the highlight palette does not choose;
    /// the UI shows its own translation in its place.
    pub const OTHER: &str = "other";

    /// Entries for a legend: (label, colour), at most about `max_entries`.
    pub fn legend(&self, max: u32, highlight: &[u32], max_entries: usize) -> Vec<(String, Rgba)> {
        match self.kind {
            PaletteKind::Highlight => {
                let mut v: Vec<(String, Rgba)> =
                    highlight.iter().map(|&h| (format!("g = {h}"), self.colour(h))).collect();
                v.push((Self::OTHER.into(), [236, 236, 236, 255]));
                v
            }
            PaletteKind::Cyclic => {
                let mut v = vec![("0".into(), self.colour(0))];
                let step = (CYCLE as usize).div_ceil(max_entries.max(2) - 1).max(1);
                v.extend((1..=CYCLE).step_by(step).map(|k| (format!("{k} (+{CYCLE}n)"), self.colour(k))));
                v
            }
            _ => {
                let entries = max_entries.max(2).min(max as usize + 1);
                (0..entries)
                    .map(|i| {
                        let val = if entries == 1 { 0 } else { (max as u64 * i as u64 / (entries as u64 - 1)) as u32 };
                        (val.to_string(), self.colour(val))
                    })
                    .collect()
            }
        }
    }
}

#[cfg(test)]
mod tests {

    #[test]
    fn palettes_are_parsed_by_name_in_any_case() {
        for p in PaletteKind::ALL {
            assert_eq!(PaletteKind::parse(&p.name().to_ascii_uppercase()), Ok(p));
        }
        assert_eq!(PaletteKind::parse("jet"), Err(UnknownPalette { name: "jet".into() }));
    }

    #[test]
    fn highlight_lists_are_read_whole_or_refused_with_the_item() {
        assert_eq!(parse_highlight("0, 1 5;7"), Ok(vec![0, 1, 5, 7]));
        assert_eq!(parse_highlight("1,,2"), Ok(vec![1, 2]), "an empty item is skipped");
        assert_eq!(parse_highlight("1,,x,-5,99999999999"), Err(HighlightError::NotAValue("x".into())));
        assert_eq!(parse_highlight("-5"), Err(HighlightError::NotAValue("-5".into())));
        assert_eq!(parse_highlight("99999999999"), Err(HighlightError::NotAValue("99999999999".into())));
        assert_eq!(parse_highlight(" , "), Err(HighlightError::Empty));
        let many = (0..13).map(|v| v.to_string()).collect::<Vec<_>>().join(",");
        assert_eq!(parse_highlight(&many), Err(HighlightError::TooMany { count: 13 }));
        assert_eq!(parse_highlight(&(0..12).map(|v| v.to_string()).collect::<Vec<_>>().join(",")).unwrap().len(), 12);
    }

    use super::*;

    #[test]
    fn zero_has_its_own_colour() {
        for kind in PaletteKind::ALL {
            let p = Palette::new(kind, 50_000, &[0]);
            for v in 1..200 {
                assert_ne!(p.colour(0), p.colour(v), "{kind:?} {v}");
            }
        }
        assert_eq!(PaletteKind::parse("GREY").unwrap(), PaletteKind::Grey);
        assert!(PaletteKind::parse("pink").is_err());
    }

    #[test]
    fn large_ramps_stay_within_a_step_of_the_exact_colour() {
        // The exact ramp colour of value v of 0..=max, as for small tables.
        let exact = |v: u32, max: u32| {
            let f = v as f32 / max as f32 * (VIRIDIS.len() - 1) as f32;
            let i = (f.floor() as usize).min(VIRIDIS.len() - 2);
            lerp(VIRIDIS[i], VIRIDIS[i + 1], f - i as f32)
        };
        for max in [4095, 4096, 50_000, 3_000_000] {
            let p = Palette::new(PaletteKind::Viridis, max, &[]);
            assert!(p.lut.len() <= RAMP_ENTRIES);
            for v in (1..=max).step_by((max as usize / 5000).max(1)).chain([1, 2, max - 1, max]) {
                let (got, want) = (p.colour(v), exact(v, max));
                let far = got.iter().zip(want).any(|(&a, b)| a.abs_diff(b) > 1);
                assert!(!far, "max {max}, value {v}: {got:?} vs {want:?}");
            }
            assert_eq!(p.colour(0), [0, 0, 0, 255]);
            assert_eq!(p.colour(max + 10), p.colour(max));
        }
        // Highlight: exact for chosen values, one colour for the rest.
        let p = Palette::new(PaletteKind::Highlight, 50_000, &[7, 3]);
        assert_eq!((p.colour(7), p.colour(3)), (HIGHLIGHT[0], HIGHLIGHT[1]));
        assert!([0, 1, 8, 9, 40_000].iter().all(|&v| p.colour(v) == [236, 236, 236, 255]));
        assert_eq!(p.lut.len(), 9);
    }

    #[test]
    fn sixteen_bit_entries_agree_with_colours() {
        for kind in [PaletteKind::Viridis, PaletteKind::Grey, PaletteKind::Highlight] {
            for max in [10, 4095, 4096, 30_000, 65_534, 65_536, 200_000] {
                let p = Palette::new(kind, max, &[5, 0, 2]);
                assert!(p.is_monotone());
                let mut previous = 0;
                for v in (0..=u16::MAX).step_by(7).chain([0, 1, 2, 5, 6, max as u16, u16::MAX]) {
                    let i = p.index16(v);
                    assert_eq!(p.entry(i as usize), p.colour(v as u32), "{kind:?} {max} {v}");
                    if kind != PaletteKind::Highlight && v >= previous {
                        assert!(i >= p.index16(previous), "monotone: {kind:?} {max} {v}");
                        previous = v;
                    }
                }
            }
        }
        assert!(!Palette::new(PaletteKind::Cyclic, 100, &[]).is_monotone());
    }

    #[test]
    fn key_colours_agree_with_colour_of_key() {
        for max in [3, 40, 1000, 70_000] {
            for chosen in [&[0, 1][..], &[31, 2], &[40, 5], &[]] {
                let p = Palette::new(PaletteKind::Highlight, max, chosen);
                let keys = p.key_colours();
                for k in (0..3000).chain([u16::MAX as u32, 70_032]) {
                    assert_eq!(keys[(k as usize).min(keys.len() - 1)], p.colour_of_key(k), "{max} {chosen:?} {k}");
                }
            }
        }
    }
}
