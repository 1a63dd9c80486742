//! What is known about the positions of a game: a closed form (exact at any
//! size) or a computed table, and from it P-positions, winning moves and the
//! reason a position is P.

use super::explain::Why;
use crate::grundy::Table;
use crate::rules::Rules;
use crate::theory::{ClosedForm, closed_form, floor_phi, is_wythoff_p, isqrt_5n2, t2_pair, wythoff_partner};
use std::sync::Arc;

/// Positions with both coordinates below this are tabulated at once, on the
/// calling thread (a 256 x 256 table takes milliseconds).
pub const TINY_SIDE: u64 = 256;

/// The largest side of a table computed for play (in a background job).
pub const MAX_PLAY_SIDE: u64 = 16384;

/// Up to this `x + y`, winning moves are found by looking at every move;
/// beyond it, closed forms give the few candidate targets directly.
const SCAN_LIMIT: u64 = 4096;

/// Where the answers come from for a position.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Knowledge {
    /// A closed form: exact for any size.
    ClosedForm(ClosedForm),
    /// A computed table that covers the position.
    Table,
    /// A table is needed and can be computed: `width x height`.
    NeedsTable {
        /// The width of the table needed.
        width: usize,
        /// The height of the table needed.
        height: usize,
    },
    /// No closed form, and too large to tabulate.
    TooLarge,
}

/// The closed form of a game's rules (if any) and the table computed for it
/// (if any).
#[derive(Clone, Debug)]
pub struct Oracle {
    rules: Rules,
    closed: Option<ClosedForm>,
    table: Option<Arc<Table>>,
}

impl Oracle {
    /// What is known about `rules` before any table is computed.
    pub fn new(rules: &Rules) -> Self {
        Oracle { rules: rules.clone(), closed: closed_form(rules), table: None }
    }

    /// The rules.
    pub fn rules(&self) -> &Rules {
        &self.rules
    }

    /// The closed form, if the rules have one.
    pub fn closed_form(&self) -> Option<ClosedForm> {
        self.closed
    }

    /// Use a computed table (it must be a table of the same rules).
    pub fn set_table(&mut self, table: Arc<Table>) {
        debug_assert_eq!(table.rules(), &self.rules);
        self.table = Some(table);
    }

    /// The table, if one was set.
    pub fn table(&self) -> Option<&Arc<Table>> {
        self.table.as_ref()
    }

    /// Where answers about `(x, y)` come from.
    pub fn knowledge(&self, x: u64, y: u64) -> Knowledge {
        if let Some(cf) = self.closed {
            return Knowledge::ClosedForm(cf);
        }
        if self.table_covers(x, y) {
            return Knowledge::Table;
        }
        if x < MAX_PLAY_SIDE && y < MAX_PLAY_SIDE {
            Knowledge::NeedsTable { width: x as usize + 1, height: y as usize + 1 }
        } else {
            Knowledge::TooLarge
        }
    }

    /// If `(x, y)` needs a table that is tiny, compute it now. Returns
    /// whether the position is now known.
    pub fn tabulate_if_tiny(&mut self, x: u64, y: u64) -> bool {
        if let Knowledge::NeedsTable { width, height } = self.knowledge(x, y)
            && (width as u64) <= TINY_SIDE
            && (height as u64) <= TINY_SIDE
            && let Ok(t) =
                crate::game_table::GameTable::compute_box(&self.rules, &[width, height], &crate::Control::new())
        {
            self.table = Some(t);
        }
        matches!(self.knowledge(x, y), Knowledge::ClosedForm(_) | Knowledge::Table)
    }

    fn table_covers(&self, x: u64, y: u64) -> bool {
        self.table
            .as_ref()
            .is_some_and(|t| x < t.width() as u64 && y < t.height() as u64 && t.is_computed(x as usize, y as usize))
    }

    /// Whether `(x, y)` is a P-position, or `None` when it is not known.
    pub fn is_p(&self, x: u64, y: u64) -> Option<bool> {
        if let Some(cf) = self.closed {
            return Some(cf.is_p(x, y));
        }
        self.table_covers(x, y).then(|| self.table.as_ref().expect("covered").is_p(x as usize, y as usize))
    }

    /// Every move from `(x, y)` to a P-position, sorted; `None` when not known.
    /// Empty when `(x, y)` is itself a P-position (or has no moves).
    pub fn winning_moves(&self, x: u64, y: u64) -> Option<Vec<(u64, u64)>> {
        self.is_p(x, y)?;
        let candidates = if x.saturating_add(y) <= SCAN_LIMIT { self.rules.moves(x, y) } else { self.candidates(x, y) };
        let mut out: Vec<(u64, u64)> = candidates
            .into_iter()
            .filter(|&(tx, ty)| self.rules.has_move_to(x, y, tx, ty) && self.is_p(tx, ty) == Some(true))
            .collect();
        out.sort_unstable();
        out.dedup();
        Some(out)
    }

    /// A superset of the P-positions one move away from a large `(x, y)`,
    /// from the closed form: the jump targets, the small cells near the
    /// corner (where misère rules have exceptions), and on each line through
    /// `(x, y)` the P-positions the formula predicts.
    fn candidates(&self, x: u64, y: u64) -> Vec<(u64, u64)> {
        let mut c: Vec<(u64, u64)> = (0..8).flat_map(|a| (0..8).map(move |b| (a, b))).collect();
        for o in &self.rules.piece.jumps {
            if let (Some(a), Some(b)) = (x.checked_sub(o.dx as u64), y.checked_sub(o.dy as u64)) {
                c.push((a, b));
            }
        }
        let fit = |v: u128| u64::try_from(v).ok();
        match self.closed {
            Some(ClosedForm::Wythoff { .. }) | Some(ClosedForm::HofstadterVariant { misere: true }) => {
                if let Some(t) = fit(wythoff_partner(y)) {
                    c.push((t, y));
                }
                if let Some(t) = fit(wythoff_partner(x)) {
                    c.push((x, t));
                }
                let d = x.abs_diff(y);
                if let (Some(a), Some(b)) = (fit(floor_phi(d)), fit(floor_phi(d) + d as u128)) {
                    c.push(if x <= y { (a, b) } else { (b, a) });
                }
            }
            Some(ClosedForm::HofstadterVariant { misere: false }) => {
                c.extend(t2_partners(y).into_iter().map(|t| (t, y)));
                c.extend(t2_partners(x).into_iter().map(|t| (x, t)));
                let d = x.abs_diff(y);
                if d >= 1 {
                    let (a, b) = t2_pair(d - 1);
                    if let (Some(a), Some(b)) = (fit(a), fit(b)) {
                        c.push(if x <= y { (a, b) } else { (b, a) });
                    }
                }
            }
            Some(ClosedForm::Nim { .. }) => c.extend([(y, y), (x, x)]),
            Some(ClosedForm::Ryuoh { p }) => {
                let (bx, by) = (x / p * p, y / p * p);
                c.extend((by..by.saturating_add(p)).map(|t| (t, y)));
                c.extend((bx..bx.saturating_add(p)).map(|t| (x, t)));
            }
            // A table covers only small positions, which are scanned.
            None => c.extend(self.rules.moves(x, y)),
        }
        c
    }

    /// Why `(x, y)` is a P-position (call only for P-positions).
    pub fn why_p(&self, x: u64, y: u64) -> Why {
        if self.rules.is_terminal(x, y) {
            return Why::Terminal;
        }
        let (a, d) = (x.min(y), x.abs_diff(y));
        let wythoff = |a: u64, d: u64| if floor_phi(d) == a as u128 { Why::Wythoff { n: d } } else { Why::Exception };
        match self.closed {
            Some(ClosedForm::Wythoff { .. }) => wythoff(a, d),
            Some(ClosedForm::HofstadterVariant { misere: false }) if d >= 1 => Why::HofstadterPair { n: d - 1 },
            Some(ClosedForm::HofstadterVariant { misere: true }) if is_wythoff_p(x, y) && x.max(y) >= 8 => {
                Why::Wythoff { n: d }
            }
            Some(ClosedForm::HofstadterVariant { .. }) => Why::Exception,
            Some(ClosedForm::Nim { .. }) if d == 0 => Why::EqualPiles,
            Some(ClosedForm::Nim { .. }) => Why::Exception,
            Some(ClosedForm::Ryuoh { p }) => Why::Ryuoh { p },
            None => Why::Table,
        }
    }
}

/// The `w` with `(v, w)` or `(w, v)` a pair of the Hofstadter-G variant:
/// its coordinates are within 1 of a Wythoff pair's, so `n` is near
/// `v / phi` or `v / phi^2`.
fn t2_partners(v: u64) -> Vec<u64> {
    let n1 = ((isqrt_5n2(v) - v as u128) / 2) as u64; // floor(v / phi)
    let n2 = v - n1; // about v / phi^2
    let mut out = Vec::new();
    for base in [n1, n2] {
        for n in base.saturating_sub(3)..=base.saturating_add(3) {
            let (a, b) = t2_pair(n);
            if a == v as u128 {
                out.extend(u64::try_from(b).ok());
            }
            if b == v as u128 {
                out.extend(u64::try_from(a).ok());
            }
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::Control;
    use crate::grundy::compute;
    use crate::rules::preset;

    /// Winning moves from the closed-form candidates agree with a scan of
    /// every move checked against a computed table, including far from the
    /// corner (where candidates, not scans, are used for large positions).
    #[test]
    fn candidates_find_exactly_the_moves_to_p_positions() {
        for name in ["queen", "nim", "ryuoh:4", "dragon-king", "queen-t2"] {
            for misere in [false, true] {
                let mut rules = preset(name).unwrap();
                if misere {
                    rules = rules.misere();
                }
                let oracle = Oracle::new(&rules);
                if oracle.closed_form().is_none() {
                    continue;
                }
                let n = 120usize;
                let table = compute(&rules, n, n, &Control::new()).unwrap();
                for x in 0..n as u64 {
                    for y in 0..n as u64 {
                        let mut expected: Vec<_> = rules
                            .moves(x, y)
                            .into_iter()
                            .filter(|&(a, b)| table.is_p(a as usize, b as usize))
                            .collect();
                        expected.sort();
                        let mut got = oracle.candidates(x, y);
                        got.retain(|&(a, b)| rules.has_move_to(x, y, a, b) && table.is_p(a as usize, b as usize));
                        got.sort();
                        got.dedup();
                        assert_eq!(got, expected, "{} at ({x},{y})", rules.label());
                        assert_eq!(oracle.is_p(x, y), Some(table.is_p(x as usize, y as usize)));
                    }
                }
            }
        }
    }

    #[test]
    fn huge_wythoff_positions_are_exact() {
        let oracle = Oracle::new(&preset("queen").unwrap());
        let (x, y) = (10u64.pow(15), 10u64.pow(15) + 7);
        let moves = oracle.winning_moves(x, y).unwrap();
        assert!(!moves.is_empty());
        for &(a, b) in &moves {
            assert!(is_wythoff_p(a, b) && oracle.rules().has_move_to(x, y, a, b), "({a},{b})");
        }
        // From a P-position there is none.
        let (a, b) = crate::theory::wythoff_pair(10u64.pow(14));
        assert_eq!(oracle.winning_moves(a as u64, b as u64), Some(vec![]));
    }

    #[test]
    fn unknown_rules_need_a_table() {
        let mut oracle = Oracle::new(&preset("dragon-horse").unwrap());
        assert_eq!(oracle.is_p(5, 7), None);
        assert_eq!(oracle.knowledge(5, 7), Knowledge::NeedsTable { width: 6, height: 8 });
        assert!(oracle.tabulate_if_tiny(5, 7));
        assert!(oracle.is_p(5, 7).is_some());
        assert_eq!(oracle.knowledge(10u64.pow(15), 3), Knowledge::TooLarge);
        assert!(!oracle.tabulate_if_tiny(300, 300));
    }
}
