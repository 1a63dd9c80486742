//! The tour puzzle: a student builds a tour of one region cell by cell;
//! only leaper moves to cells not yet visited are accepted.

use super::board::{Board, Pos, Region};
use super::leaper::Leaper;
use super::tour::Tour;
use std::fmt;

/// Why a step of the puzzle was refused.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum StepError {
    /// The cell is a hole or in the other region.
    NotInRegion(Pos),
    /// The cell was already visited, at this step (from 1).
    AlreadyVisited(Pos, usize),
    /// The cell is not one leaper move from the last cell.
    NotAMove {
        /// The last cell of the path.
        from: Pos,
        /// The cell clicked.
        to: Pos,
    },
    /// Every cell is visited already.
    Complete,
}

impl fmt::Display for StepError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            StepError::NotInRegion(p) => write!(f, "cell {p} is not in the region"),
            StepError::AlreadyVisited(p, k) => write!(f, "cell {p} was already visited at step {k}"),
            StepError::NotAMove { from, to } => write!(f, "{from} to {to} is not one move"),
            StepError::Complete => write!(f, "the tour is complete"),
        }
    }
}

/// Why a partial tour that still has moves can no longer become a tour
/// of the region. The tests are the tour search's (see
/// [`super::search`]): after the path, the unvisited cells must be walked as
/// one path that starts next to the current cell, so every unvisited cell
/// needs a way in from an unvisited cell or the current cell, at most one of
/// them may have only one way in (it must be the last cell), and the
/// unvisited cells must hang together by moves among themselves.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Doomed {
    /// No unvisited cell and not the current cell is one move from this
    /// unvisited cell: nothing can reach it any more.
    Unreachable(Pos),
    /// These two unvisited cells each have only one way in left, so each
    /// must be the last cell of the tour; only one can be.
    TwoDeadEnds(Pos, Pos),
    /// The unvisited cells fall apart: no chain of moves through unvisited
    /// cells joins these two, and the path cannot come back to fetch the
    /// second group.
    Split(Pos, Pos),
}

impl fmt::Display for Doomed {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Doomed::Unreachable(p) => write!(f, "no move leads to cell {p} any more"),
            Doomed::TwoDeadEnds(p, q) => {
                write!(f, "cells {p} and {q} each have only one way in left, and only one of them can be last")
            }
            Doomed::Split(p, q) => {
                write!(f, "the unvisited cells are cut in two: no moves through unvisited cells join {p} and {q}")
            }
        }
    }
}

/// A tour being built by hand on one region of a board.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Puzzle {
    board: Board,
    region: Region,
    leaper: Leaper,
    path: Vec<Pos>,
    visited: Vec<Option<usize>>,
}

impl Puzzle {
    /// A fresh puzzle: no cell visited yet (the first click may be any cell
    /// of the region).
    pub fn new(board: Board, region: Region, leaper: Leaper) -> Puzzle {
        let visited = vec![None; board.width() * board.height()];
        Puzzle { board, region, leaper, path: Vec::new(), visited }
    }

    /// The cells visited, in order.
    pub fn path(&self) -> &[Pos] {
        &self.path
    }

    /// The region being toured.
    pub fn region(&self) -> Region {
        self.region
    }

    /// The board the puzzle is on.
    pub fn board(&self) -> &Board {
        &self.board
    }

    /// The leaper that moves.
    pub fn leaper(&self) -> Leaper {
        self.leaper
    }

    /// How many cells the region has (the length of a complete tour).
    pub fn size(&self) -> usize {
        self.board.count(self.region)
    }

    fn index(&self, p: Pos) -> usize {
        p.y as usize * self.board.width() + p.x as usize
    }

    /// Whether `p` may be the next cell, and if not why.
    pub fn check_step(&self, p: Pos) -> Result<(), StepError> {
        if self.is_complete() {
            return Err(StepError::Complete);
        }
        if !self.board.contains(p) || self.board.at(p) != self.region.cell() {
            return Err(StepError::NotInRegion(p));
        }
        if let Some(k) = self.visited[self.index(p)] {
            return Err(StepError::AlreadyVisited(p, k + 1));
        }
        if let Some(&from) = self.path.last()
            && !self.leaper.is_move(p.x as i64 - from.x as i64, p.y as i64 - from.y as i64)
        {
            return Err(StepError::NotAMove { from, to: p });
        }
        Ok(())
    }

    /// Goes to `p` if that is allowed; otherwise nothing changes and the
    /// error says why.
    pub fn try_step(&mut self, p: Pos) -> Result<(), StepError> {
        self.check_step(p)?;
        let i = self.index(p);
        self.visited[i] = Some(self.path.len());
        self.path.push(p);
        Ok(())
    }

    /// Takes back the last step (the cell it left), if any.
    pub fn undo(&mut self) -> Option<Pos> {
        let p = self.path.pop()?;
        let i = self.index(p);
        self.visited[i] = None;
        Some(p)
    }

    /// The cells the next step may go to.
    pub fn next_moves(&self) -> Vec<Pos> {
        let Some(&c) = self.path.last() else {
            return self.board.region_cells(self.region);
        };
        self.leaper
            .moves()
            .into_iter()
            .filter_map(|(dx, dy)| {
                let (x, y) = (c.x as i64 + dx as i64, c.y as i64 + dy as i64);
                (x >= 0 && y >= 0 && x <= u16::MAX as i64 && y <= u16::MAX as i64).then(|| Pos::new(x as u16, y as u16))
            })
            .filter(|&p| self.check_step(p).is_ok())
            .collect()
    }

    /// Every cell of the region is visited: the path is a tour.
    pub fn is_complete(&self) -> bool {
        !self.path.is_empty() && self.path.len() == self.size()
    }

    /// Complete, and the last cell is one move from the first (a closed tour).
    pub fn is_closed(&self) -> bool {
        match (self.path.first(), self.path.last()) {
            (Some(f), Some(l)) if self.is_complete() && self.path.len() >= 3 => {
                self.leaper.is_move(f.x as i64 - l.x as i64, f.y as i64 - l.y as i64)
            }
            _ => false,
        }
    }

    /// Started, not complete, and no move is possible: only undo helps.
    pub fn is_stuck(&self) -> bool {
        !self.path.is_empty() && !self.is_complete() && self.next_moves().is_empty()
    }

    /// The unvisited cells of the region one move from `p`.
    fn unvisited_neighbours(&self, p: Pos) -> impl Iterator<Item = Pos> + '_ {
        let cell = self.region.cell();
        self.leaper.moves().into_iter().filter_map(move |(dx, dy)| {
            let (x, y) = (p.x as i64 + dx as i64, p.y as i64 + dy as i64);
            let q = (x >= 0 && y >= 0 && x <= u16::MAX as i64 && y <= u16::MAX as i64)
                .then(|| Pos::new(x as u16, y as u16))?;
            (self.board.contains(q) && self.board.at(q) == cell && self.visited[self.index(q)].is_none()).then_some(q)
        })
    }

    /// Why the path can no longer be completed to a tour, as far as the
    /// search's quick tests tell (`None` also when it has not started or is
    /// complete). A position with no move at all is [`Puzzle::is_stuck`];
    /// this catches the hopeless ones earlier, while moves remain. Time
    /// linear in the number of cells.
    pub fn doomed(&self) -> Option<Doomed> {
        let &current = self.path.last()?;
        if self.is_complete() {
            return None;
        }
        let unvisited: Vec<Pos> = self
            .board
            .region_cells(self.region)
            .into_iter()
            .filter(|&p| self.visited[self.index(p)].is_none())
            .collect();
        let next_to_current =
            |p: Pos| self.leaper.is_move(p.x as i64 - current.x as i64, p.y as i64 - current.y as i64);
        let mut dead_end = None;
        for &p in &unvisited {
            let ways_in = self.unvisited_neighbours(p).count() + usize::from(next_to_current(p));
            if ways_in == 0 {
                return Some(Doomed::Unreachable(p));
            }
            // With one cell left, its one way in is the current cell.
            if ways_in == 1 && unvisited.len() >= 2 {
                match dead_end {
                    None => dead_end = Some(p),
                    Some(q) => return Some(Doomed::TwoDeadEnds(q, p)),
                }
            }
        }
        // The rest of the tour walks every unvisited cell through unvisited
        // cells only: they must form one group.
        let first = *unvisited.first()?;
        let mut seen = vec![false; self.visited.len()];
        seen[self.index(first)] = true;
        let mut queue = vec![first];
        while let Some(p) = queue.pop() {
            for q in self.unvisited_neighbours(p) {
                let i = self.index(q);
                if !seen[i] {
                    seen[i] = true;
                    queue.push(q);
                }
            }
        }
        unvisited.iter().find(|&&p| !seen[self.index(p)]).map(|&p| Doomed::Split(first, p))
    }

    /// The path so far as a tour (closed when the puzzle is closed), for
    /// drawing; a complete one passes [`Tour::verify`].
    pub fn tour(&self) -> Tour {
        Tour { cells: self.path.clone(), closed: self.is_closed() }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn steps_are_checked_undone_and_completed() {
        let board = Board::rect(3, 4).unwrap();
        let mut p = Puzzle::new(board.clone(), Region::A, Leaper::KNIGHT);
        assert!(!p.is_stuck() && !p.is_complete());
        assert_eq!(p.next_moves().len(), 12);
        p.try_step(Pos::new(0, 0)).unwrap();
        assert_eq!(p.try_step(Pos::new(1, 1)), Err(StepError::NotAMove { from: Pos::new(0, 0), to: Pos::new(1, 1) }));
        assert_eq!(p.try_step(Pos::new(0, 0)), Err(StepError::AlreadyVisited(Pos::new(0, 0), 1)));
        assert_eq!(p.try_step(Pos::new(5, 0)), Err(StepError::NotInRegion(Pos::new(5, 0))));
        assert_eq!(p.path(), &[Pos::new(0, 0)]);
        let mut moves = p.next_moves();
        moves.sort();
        assert_eq!(moves, vec![Pos::new(1, 2), Pos::new(2, 1)]);
        assert_eq!(p.undo(), Some(Pos::new(0, 0)));
        assert!(p.path().is_empty() && p.undo().is_none());

        // Follow a tour found by the search: complete, verified, open.
        let tour = crate::knight::tour::find_region_tour(
            &board,
            Region::A,
            Leaper::KNIGHT,
            &Default::default(),
            &crate::Control::with_time_limit(std::time::Duration::from_secs(10)),
        )
        .unwrap();
        let crate::knight::TourResult::Found(tour) = tour else { panic!("3 x 4 has an open tour") };
        for &c in &tour.cells {
            p.try_step(c).unwrap();
        }
        assert!(p.is_complete() && !p.is_stuck() && !p.is_closed());
        // Along a real tour the path is never called doomed.
        while p.undo().is_some() {
            assert_eq!(p.doomed(), None, "{:?}", p.path());
        }
        for &c in &tour.cells {
            p.try_step(c).unwrap();
        }
        assert_eq!(p.try_step(Pos::new(0, 0)), Err(StepError::Complete));
        p.tour().verify(&board, Region::A, Leaper::KNIGHT).unwrap();
    }

    fn walk(p: &mut Puzzle, cells: &[(u16, u16)]) {
        for &(x, y) in cells {
            p.try_step(Pos::new(x, y)).unwrap();
        }
    }

    #[test]
    fn a_doomed_path_is_told_while_moves_remain() {
        // 5 x 5: from (2,1) to (3,3) leaves the corners (0,0) and (4,0) one
        // way in each ((1,2) and (3,2)): both would have to be last.
        let mut p = Puzzle::new(Board::rect(5, 5).unwrap(), Region::A, Leaper::KNIGHT);
        assert_eq!(p.doomed(), None, "not started");
        walk(&mut p, &[(2, 1)]);
        assert_eq!(p.doomed(), None);
        walk(&mut p, &[(3, 3)]);
        assert!(!p.is_stuck() && !p.next_moves().is_empty());
        assert_eq!(p.doomed(), Some(Doomed::TwoDeadEnds(Pos::new(0, 0), Pos::new(4, 0))));
        // Undo brings the hope back.
        p.undo();
        assert_eq!(p.doomed(), None);

        // 3 x 3: the centre has no move at all.
        let mut p = Puzzle::new(Board::rect(3, 3).unwrap(), Region::A, Leaper::KNIGHT);
        walk(&mut p, &[(0, 0)]);
        assert_eq!(p.doomed(), Some(Doomed::Unreachable(Pos::new(1, 1))));

        // 3 x 4: after (2,2) (1,0) (0,2) the cells not visited fall apart
        // ((0,0) cannot reach (1,1) through unvisited cells).
        let mut p = Puzzle::new(Board::rect(3, 4).unwrap(), Region::A, Leaper::KNIGHT);
        walk(&mut p, &[(2, 2), (1, 0)]);
        assert_eq!(p.doomed(), None);
        walk(&mut p, &[(0, 2)]);
        assert!(!p.is_stuck());
        let d = p.doomed();
        assert_eq!(d, Some(Doomed::Split(Pos::new(0, 0), Pos::new(1, 1))));
        assert!(d.unwrap().to_string().contains("cut in two"));
    }

    /// Whether `p`'s path can be completed to a tour (brute force).
    fn completable(p: &mut Puzzle) -> bool {
        if p.is_complete() {
            return true;
        }
        for m in p.next_moves() {
            p.try_step(m).unwrap();
            let ok = completable(p);
            p.undo();
            if ok {
                return true;
            }
        }
        false
    }

    #[test]
    fn doomed_paths_really_have_no_completion() {
        // Every path of up to 5 steps on small boards: when `doomed` says
        // so, a brute-force search finds no completion; along the paths
        // the check sometimes fires and sometimes not.
        let boards = [
            Board::rect(3, 4).unwrap(),
            Board::rect(4, 4).unwrap(),
            Board::from_rows(&["AAAA", "AAAA", "AAA.", "AAAA"]).unwrap(),
        ];
        let (mut fired, mut quiet) = (0, 0);
        for board in boards {
            let mut stack = vec![Puzzle::new(board, Region::A, Leaper::KNIGHT)];
            while let Some(mut p) = stack.pop() {
                if p.doomed().is_some() {
                    assert!(!completable(&mut p), "{:?} said doomed: {:?}", p.path(), p.doomed());
                    fired += 1;
                } else if !p.path().is_empty() {
                    quiet += 1;
                }
                if p.path().len() < 5 {
                    for m in p.next_moves() {
                        let mut q = p.clone();
                        q.try_step(m).unwrap();
                        stack.push(q);
                    }
                }
            }
        }
        assert!(fired > 50 && quiet > 50, "fired {fired}, quiet {quiet}");
    }

    #[test]
    fn a_corner_walk_gets_stuck() {
        // On 3 x 3 the centre is unreachable; walking round the rim visits
        // the 8 others, then nothing is left but the centre: stuck.
        let mut p = Puzzle::new(Board::rect(3, 3).unwrap(), Region::A, Leaper::KNIGHT);
        for (x, y) in [(0, 0), (1, 2), (2, 0), (0, 1), (2, 2), (1, 0), (0, 2), (2, 1)] {
            p.try_step(Pos::new(x, y)).unwrap();
        }
        assert!(p.is_stuck() && !p.is_complete());
        assert!(p.next_moves().is_empty());
        // A closed tour of a region: the ring of the 3 x 3 board.
        let ring = Board::from_rows(&["AAA", "A.A", "AAA"]).unwrap();
        let mut r = Puzzle::new(ring.clone(), Region::A, Leaper::KNIGHT);
        for (x, y) in [(0, 0), (1, 2), (2, 0), (0, 1), (2, 2), (1, 0), (0, 2), (2, 1)] {
            r.try_step(Pos::new(x, y)).unwrap();
        }
        assert!(r.is_complete() && r.is_closed());
        r.tour().verify(&ring, Region::A, Leaper::KNIGHT).unwrap();
    }
}
