//! Counts of values in a table, for the histogram beside the map.

use crate::Control;
use crate::grundy::Table;

/// How many cells hold each value, and the largest value.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Stats {
    /// `histogram[v]` = number of cells with value v.
    pub histogram: Vec<u64>,
    /// The largest value.
    pub max: u32,
    /// Cells that are not positions of the game (not in the histogram).
    pub not_positions: u64,
}

/// Count the values of a complete table (O(cells): run it as a job).
/// `None` when cancelled.
pub fn stats(table: &Table, control: &Control) -> Option<Stats> {
    let mut histogram: Vec<u64> = Vec::new();
    let mut not_positions = 0;
    control.start(table.height() as u64);
    for y in 0..table.height() {
        if control.is_cancelled() {
            return None;
        }
        let x0 = if table.is_half_stored() { y } else { 0 };
        for x in x0..table.width() {
            let v = table.get(x, y);
            if v == crate::grundy::NOT_A_POSITION {
                not_positions += 1;
                continue;
            }
            let v = v as usize;
            if v >= histogram.len() {
                histogram.resize(v + 1, 0);
            }
            // Half-stored tables count each off-diagonal cell for its mirror too.
            histogram[v] += if table.is_half_stored() && x != y { 2 } else { 1 };
        }
        control.advance(1);
    }
    let max = histogram.len().saturating_sub(1) as u32;
    Some(Stats { histogram, max, not_positions })
}

/// Values along row `y`: `(x, g(x, y) - x)`, showing the additive
/// periodicity of the queen's rows.
pub fn row_minus_x(table: &Table, y: usize) -> Vec<(usize, i64)> {
    (0..table.width()).map(|x| (x, table.get(x, y) as i64 - x as i64)).collect()
}

/// Cells with value `k` in the square `0..n` (for the golden-ratio plot),
/// at most `limit` of them.
pub fn cells_with_value(table: &Table, k: u32, n: usize, limit: usize) -> Vec<(usize, usize)> {
    let mut out = Vec::new();
    for y in 0..n.min(table.height()) {
        for x in 0..n.min(table.width()) {
            if table.get(x, y) == k {
                out.push((x, y));
                if out.len() >= limit {
                    return out;
                }
            }
        }
    }
    out
}

/// A sorted set of values written compactly: runs of three or more
/// consecutive values as `a–b`, e.g. `{0–4, 7, 9–11}` (so the set of a
/// cell's option values shows its mex at a glance); at most 60 parts.
pub fn value_runs(values: &[u32]) -> String {
    let mut parts = Vec::new();
    let mut i = 0;
    while i < values.len() {
        let mut j = i;
        while j + 1 < values.len() && values[j + 1] == values[j] + 1 {
            j += 1;
        }
        match j - i {
            0 => parts.push(values[i].to_string()),
            1 => parts.extend([values[i].to_string(), values[j].to_string()]),
            _ => parts.push(format!("{}–{}", values[i], values[j])),
        }
        i = j + 1;
    }
    // A scattered set stays readable: the first 60 parts, then "…".
    let more = if parts.len() > 60 { ", …" } else { "" };
    parts.truncate(60);
    format!("{{{}{more}}}", parts.join(", "))
}

#[cfg(test)]
mod tests {
    #[test]
    fn value_runs_are_written_compactly() {
        use super::value_runs;
        assert_eq!(value_runs(&[]), "{}");
        assert_eq!(value_runs(&[3]), "{3}");
        assert_eq!(value_runs(&[0, 1]), "{0, 1}");
        assert_eq!(value_runs(&[0, 1, 2, 3, 4, 7, 9, 10, 11]), "{0–4, 7, 9–11}");
        assert_eq!(value_runs(&(0..319).collect::<Vec<_>>()), "{0–318}");
        let scattered: Vec<u32> = (0..100).map(|v| 2 * v).collect();
        assert!(value_runs(&scattered).ends_with("118, …}"), "{}", value_runs(&scattered));
    }

    use super::*;
    use crate::grundy::compute;
    use crate::rules::preset;

    #[test]
    fn histogram_counts_every_cell() {
        let c = Control::new();
        for (w, h) in [(100, 100), (100, 60)] {
            let t = compute(&preset("queen").unwrap(), w, h, &c).unwrap();
            let s = stats(&t, &c).unwrap();
            assert_eq!(s.histogram.iter().sum::<u64>(), (w * h) as u64);
            assert_eq!(s.max, t.max_value());
            let zeros = (0..h).flat_map(|y| (0..w).map(move |x| (x, y))).filter(|&(x, y)| t.get(x, y) == 0).count();
            assert_eq!(s.histogram[0], zeros as u64);
        }
    }
}
