//! The review of the one game in play: every move of its history marked
//! "to a P-position" (it left the opponent a P-position), "a mistake" (with
//! a winning move from the position before it), "no winning move" (the
//! position before it was already a P-position) or "not known", and a replay
//! of its positions.
//!
//! The review is a view of the game, not a second game: the replay steps
//! through the positions with the game's own undo and redo (one move at a
//! time), so the position on screen is the game's position, and continuing
//! from a reviewed position is what an undo to it would have left. The marks
//! come from the same knowledge that gives the hints (closed forms at any
//! size, the table, Bouton's rule, the values of a row), asked at each
//! position of the game as the replay passes it; where that knowledge has no
//! answer (a huge position without a closed form, a table still being
//! computed) the mark says so instead of guessing.

use super::any::AnyGame;
use super::{HeapHint, HeapMove, HeapSumHint, Hint, NimHint, RowHint, SumHint};

/// A winning move from the position before a mistake, of the game's kind.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Better {
    /// A piece on a board: move it to this cell.
    Board((u64, u64)),
    /// Heaps of any rules: this move (to a position, or the pass).
    Heaps(HeapMove),
    /// A sum of pieces: move piece `piece` to `to`.
    Sum {
        /// The piece (0-based).
        piece: usize,
        /// Its target.
        to: (u64, u64),
    },
    /// A sum of games of heaps: move game `part` to `to`.
    HeapSum {
        /// The game (0-based).
        part: usize,
        /// Its heaps after the move.
        to: crate::rules::Point,
    },
    /// Nim: leave `left` stones in heap `heap`.
    Nim {
        /// The heap (0-based).
        heap: usize,
        /// The stones left in it.
        left: u64,
    },
    /// A row of take-and-break heaps: heap `heap` becomes `parts`.
    Row {
        /// The heap (0-based, in the row before the move).
        heap: usize,
        /// The heaps it becomes.
        parts: Vec<u64>,
    },
}

/// Why a move's mark is not known.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Unknown {
    /// The table the values come from is still being computed.
    Computing,
    /// No closed form, and the position is too large for a table.
    TooLarge,
    /// The rules program failed at the position.
    Failed,
}

/// What the review says about one move.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Mark {
    /// A good move: it left the opponent a P-position.
    ToP,
    /// A mistake: the position before it was an N-position and the move left
    /// the opponent another one; `better` is a winning move from before it
    /// (`None` only if the hints name none).
    Mistake {
        /// A move that would have left a P-position.
        better: Option<Better>,
    },
    /// The position before the move was already a P-position: no winning
    /// move existed, any move loses against perfect play.
    FromP,
    /// Not known (see [`Unknown`]): nothing is guessed.
    Unknown(Unknown),
}

impl Mark {
    /// Whether the move is a mistake.
    pub fn is_mistake(&self) -> bool {
        matches!(self, Mark::Mistake { .. })
    }
}

/// What the game knows about the position it is at.
#[derive(Clone, Debug, PartialEq, Eq)]
enum Standing {
    /// A P-position.
    P,
    /// An N-position, with a winning move when the hint names one.
    N(Option<Better>),
    /// Not known.
    Unknown(Unknown),
}

/// What is known of the game's current position, from its hint (the game
/// goes on there: over positions are answered by [`after_is_p`]).
fn standing(game: &AnyGame) -> Standing {
    match game {
        AnyGame::Board(g) => match g.hint() {
            Hint::PPosition => Standing::P,
            Hint::WinningMoves(w) => Standing::N(w.first().copied().map(Better::Board)),
            Hint::Computing => Standing::Unknown(Unknown::Computing),
            Hint::TooLarge => Standing::Unknown(Unknown::TooLarge),
        },
        AnyGame::Heaps(g) if g.failure().is_some() => Standing::Unknown(Unknown::Failed),
        AnyGame::Heaps(g) => match g.hint() {
            HeapHint::PPosition => Standing::P,
            HeapHint::WinningMoves(w) => Standing::N(w.first().copied().map(Better::Heaps)),
            HeapHint::Computing => Standing::Unknown(Unknown::Computing),
            HeapHint::TooLarge => Standing::Unknown(Unknown::TooLarge),
        },
        AnyGame::Sum(g) => match g.hint() {
            SumHint::Values { xor: 0, .. } => Standing::P,
            SumHint::Misere { wins } if wins.is_empty() => Standing::P,
            SumHint::Values { wins, .. } | SumHint::Misere { wins } => {
                Standing::N(wins.first().map(|&(piece, to)| Better::Sum { piece, to }))
            }
            SumHint::Computing => Standing::Unknown(Unknown::Computing),
            SumHint::Unavailable => Standing::Unknown(Unknown::TooLarge),
        },
        AnyGame::HeapSum(g) if g.failure().is_some() => Standing::Unknown(Unknown::Failed),
        AnyGame::HeapSum(g) => match g.hint() {
            HeapSumHint::Values { xor: 0, .. } => Standing::P,
            HeapSumHint::MisereNim { wins } if wins.is_empty() => Standing::P,
            HeapSumHint::Values { wins, .. } | HeapSumHint::MisereNim { wins } => {
                Standing::N(wins.first().map(|&(part, to)| Better::HeapSum { part, to }))
            }
            HeapSumHint::Computing => Standing::Unknown(Unknown::Computing),
            HeapSumHint::Unavailable => Standing::Unknown(Unknown::TooLarge),
        },
        AnyGame::Nim(g) => match g.hint() {
            NimHint::PPosition => Standing::P,
            NimHint::WinningMoves(w) => Standing::N(w.first().map(|&(heap, left)| Better::Nim { heap, left })),
        },
        AnyGame::Row(g) => match g.hint() {
            RowHint::PPosition { .. } => Standing::P,
            RowHint::WinningMoves { moves, .. } => {
                Standing::N(moves.first().map(|(heap, parts)| Better::Row { heap: *heap, parts: parts.clone() }))
            }
        },
    }
}

/// Whether the position the game is at is a P-position for the side to
/// move: at the end of the game, whether that side lost; `None` when not
/// known.
fn after_is_p(game: &AnyGame) -> Result<bool, Unknown> {
    if let Some(over) = game.over() {
        return Ok(over.winner != game.to_move());
    }
    match standing(game) {
        Standing::P => Ok(true),
        Standing::N(_) => Ok(false),
        Standing::Unknown(u) => Err(u),
    }
}

/// The mark of a move from a position of `before` to one whose P-ness is
/// `after`.
fn mark(before: Standing, after: Result<bool, Unknown>) -> Mark {
    match (before, after) {
        (Standing::Unknown(u), _) => Mark::Unknown(u),
        (Standing::P, _) => Mark::FromP,
        (Standing::N(_), Ok(true)) => Mark::ToP,
        (Standing::N(better), Ok(false)) => Mark::Mistake { better },
        (Standing::N(_), Err(u)) => Mark::Unknown(u),
    }
}

/// The marks of the moves played in `game`, first first. The game is
/// stepped back to its start and forward again with its own undo and redo,
/// and is left where it was.
pub fn marks(game: &mut AnyGame) -> Vec<Mark> {
    let end = game.moves_played();
    // P-ness after each move, last first, then the standing before it.
    let mut after = after_is_p(game);
    let mut out = Vec::with_capacity(end);
    for _ in 0..end {
        if !game.undo_move() {
            break;
        }
        let before = standing(game);
        let p_before = match &before {
            Standing::P => Ok(true),
            Standing::N(_) => Ok(false),
            Standing::Unknown(u) => Err(*u),
        };
        out.push(mark(before, after));
        after = p_before;
    }
    while game.moves_played() < end && game.redo_move() {}
    out.reverse();
    out
}

/// A review: the marks of the game's moves and the replay's range. The
/// position shown is the game's own (see the module's comment).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Review {
    /// Moves played when the review opened: the last position of the replay.
    end: usize,
    marks: Vec<Mark>,
}

impl Review {
    /// Open the review of `game` at its current position (the last of the
    /// replay; moves taken back before stay to be redone).
    pub fn open(game: &mut AnyGame) -> Review {
        Review { end: game.moves_played(), marks: marks(game) }
    }

    /// The marks again (a table arrived): the game stays at its step.
    pub fn refresh(&mut self, game: &mut AnyGame) {
        let step = self.step(game);
        self.go_to(game, self.end);
        self.marks = marks(game);
        self.go_to(game, step);
    }

    /// The mark of each move, first first.
    pub fn marks(&self) -> &[Mark] {
        &self.marks
    }

    /// The number of moves of the reviewed game: the positions are the steps
    /// `0..=end()` (0 the start).
    pub fn end(&self) -> usize {
        self.end
    }

    /// The step shown: the moves played up to the position on screen.
    pub fn step(&self, game: &AnyGame) -> usize {
        game.moves_played()
    }

    /// The mark of the move that led to the position shown (none at the
    /// start).
    pub fn mark_shown(&self, game: &AnyGame) -> Option<&Mark> {
        self.step(game).checked_sub(1).and_then(|i| self.marks.get(i))
    }

    /// Show the position after `step` moves (kept within `0..=end()`), by
    /// undo and redo of single moves.
    pub fn go_to(&self, game: &mut AnyGame, step: usize) {
        let step = step.min(self.end);
        while game.moves_played() > step && game.undo_move() {}
        while game.moves_played() < step && game.redo_move() {}
    }

    /// Leave the review: the game is back where it was when it opened.
    pub fn close(self, game: &mut AnyGame) {
        self.go_to(game, self.end);
    }

    /// Leave the review and go on playing from the position shown: the same
    /// as an undo to it (the later moves can be redone until a new move is
    /// played).
    pub fn continue_here(self) {}
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::play::{Game, HUMAN_FIRST, HeapGame, NimGame, PlayerKind, Rng, RowGame, Strength, SumGame};
    use crate::rules::{Rules, preset};
    use std::collections::HashMap;

    const RANDOM: [PlayerKind; 2] = [PlayerKind::Computer(Strength::Random), PlayerKind::Computer(Strength::Random)];

    /// Whether `(x, y)` is a P-position, by looking at every move (memoised):
    /// P exactly when no move leads to a P-position, in normal play (a
    /// terminal cell ends the game: the player to move there has lost).
    fn brute_p(rules: &Rules, x: u64, y: u64, memo: &mut HashMap<(u64, u64), bool>) -> bool {
        if let Some(&p) = memo.get(&(x, y)) {
            return p;
        }
        let p = rules.is_terminal(x, y) || !rules.moves(x, y).into_iter().any(|(a, b)| brute_p(rules, a, b, memo));
        memo.insert((x, y), p);
        p
    }

    /// Random games of two pieces (the queen, which has a closed form, and
    /// the dragon horse, whose values come from a table) reviewed move by
    /// move against the brute-force P-positions: a move from a P-position is
    /// "no winning move", one to a P-position is good, any other is a
    /// mistake whose better move is legal and reaches a P-position.
    #[test]
    fn marks_agree_with_brute_force_p_positions() {
        let mut rng = Rng::new(21);
        for name in ["queen", "dragon-horse", "queen-t2"] {
            let rules = preset(name).unwrap();
            let mut memo = HashMap::new();
            let (mut good, mut mistakes, mut from_p) = (0, 0, 0);
            for _ in 0..60 {
                let start = (rng.range(0, 14), rng.range(0, 14));
                let mut game = AnyGame::Board(Game::new(&rules, start, RANDOM));
                while game.over().is_none() {
                    assert!(game.computer_move(&mut rng));
                }
                let review = Review::open(&mut game);
                let AnyGame::Board(g) = &game else { unreachable!() };
                assert_eq!(g.position(), g.history().last().map_or(start, |m| m.to), "left where it was");
                let moves = g.history().played().to_vec();
                assert_eq!(review.marks().len(), moves.len());
                for (m, mark) in moves.iter().zip(review.marks()) {
                    let (p_from, p_to) =
                        (brute_p(&rules, m.from.0, m.from.1, &mut memo), brute_p(&rules, m.to.0, m.to.1, &mut memo));
                    match mark {
                        Mark::FromP => {
                            assert!(p_from, "{name} {m:?}");
                            from_p += 1;
                        }
                        Mark::ToP => {
                            assert!(!p_from && p_to, "{name} {m:?}");
                            good += 1;
                        }
                        Mark::Mistake { better: Some(Better::Board(b)) } => {
                            assert!(!p_from && !p_to, "{name} {m:?}");
                            assert!(rules.has_move_to(m.from.0, m.from.1, b.0, b.1), "{name} {m:?} → {b:?}");
                            assert!(brute_p(&rules, b.0, b.1, &mut memo), "{name}: the better move {b:?} is P");
                            mistakes += 1;
                        }
                        other => panic!("{name} {m:?}: {other:?}"),
                    }
                }
            }
            assert!(
                good > 5 && mistakes > 5 && from_p > 0,
                "{name}: {good} good, {mistakes} mistakes, {from_p} from P"
            );
        }
    }

    /// The queen from (5, 7): (5, 7) → (5, 6) is a mistake, the better move
    /// (3, 5) (the first of the moves to (3, 5), (4, 7), (5, 3)); then
    /// (5, 6) → (5, 3) is good, and from (5, 3) no move wins.
    #[test]
    fn a_known_good_move_and_a_known_mistake() {
        let queen = preset("queen").unwrap();
        let people = [PlayerKind::Human, PlayerKind::Human];
        let mut game = AnyGame::Board(Game::new(&queen, (5, 7), people));
        let AnyGame::Board(g) = &mut game else { unreachable!() };
        g.play((5, 6)).unwrap(); // a mistake: (3, 5), (4, 7) and (5, 3) were P
        g.play((5, 3)).unwrap(); // good: (5, 3) is P
        g.play((5, 2)).unwrap(); // from a P-position
        let review = Review::open(&mut game);
        assert_eq!(review.marks(), &[Mark::Mistake { better: Some(Better::Board((3, 5))) }, Mark::ToP, Mark::FromP]);
        // The replay steps through the game's own positions and back.
        let at = |g: &AnyGame| match g {
            AnyGame::Board(g) => g.position(),
            _ => unreachable!(),
        };
        review.go_to(&mut game, 1);
        assert_eq!((at(&game), review.step(&game)), ((5, 6), 1));
        assert!(review.mark_shown(&game).is_some_and(Mark::is_mistake));
        review.go_to(&mut game, 0);
        assert_eq!(at(&game), (5, 7));
        assert_eq!(review.mark_shown(&game), None);
        review.go_to(&mut game, 99);
        assert_eq!(review.step(&game), 3, "kept within the game");
        review.go_to(&mut game, 2);
        review.clone().close(&mut game);
        assert_eq!((at(&game), game.moves_played()), ((5, 2), 3), "leaving returns to the game as it was");
        // Continuing from step 1 is an undo to there: the rest can be redone.
        review.go_to(&mut game, 1);
        review.continue_here();
        assert_eq!(game.moves_played(), 1);
        assert_eq!(game.can_undo_redo(), (true, true));
        assert!(game.redo_turn());
        assert_eq!(at(&game), (5, 3));
    }

    /// Where nothing is known (no closed form, a start too large for a
    /// table), the marks say so; a table still on its way says that.
    #[test]
    fn unknown_values_are_said_not_guessed() {
        let horse = preset("dragon-horse").unwrap();
        let big = 10u64.pow(15);
        let mut game = AnyGame::Board(Game::new(&horse, (big, big + 3), RANDOM));
        let mut rng = Rng::new(2);
        for _ in 0..3 {
            game.computer_move(&mut rng);
        }
        assert_eq!(marks(&mut game), vec![Mark::Unknown(Unknown::TooLarge); 3]);
        // Dragon horse from (300, 300): beyond the tiny tables, so a table
        // would be computed in the background; until it comes, "computing".
        let mut game = AnyGame::Board(Game::new(&horse, (300, 300), [PlayerKind::Human; 2]));
        let AnyGame::Board(g) = &mut game else { unreachable!() };
        g.play((299, 299)).unwrap();
        assert_eq!(marks(&mut game), vec![Mark::Unknown(Unknown::Computing)]);
        // Wythoff at 10^15 is exact.
        let mut game = AnyGame::Board(Game::new(&preset("queen").unwrap(), (big, big + 7), RANDOM));
        game.computer_move(&mut rng);
        assert!(!matches!(marks(&mut game)[0], Mark::Unknown(_)));
    }

    /// Every kind of game is reviewed through the one enum: marks for every
    /// move, the game left where it was, and the moves of the perfect side
    /// from an N-position all good.
    #[test]
    fn every_kind_is_reviewed() {
        let perfect_first = [PlayerKind::Computer(Strength::Perfect), PlayerKind::Computer(Strength::Random)];
        let games = [
            AnyGame::Heaps(with_table(&preset("nim-3").unwrap(), [3, 5, 7])),
            AnyGame::Sum(SumGame::new(&preset("nim").unwrap(), vec![(3, 9), (4, 4), (12, 1)], perfect_first)),
            AnyGame::Nim(NimGame::new(&[1, 3, 5, 7, 2], false, perfect_first)),
            AnyGame::Row(RowGame::new(&Rules::take_and_break("kayles", "kayles"), &[9, 4], perfect_first).unwrap()),
        ];
        let mut rng = Rng::new(9);
        for mut g in games {
            while g.over().is_none() {
                assert!(g.computer_move(&mut rng));
            }
            let end = g.moves_played();
            let marks = marks(&mut g);
            assert_eq!((marks.len(), g.moves_played()), (end, end), "{g:?}");
            for (i, m) in marks.iter().enumerate() {
                if i % 2 == 0 {
                    assert_eq!(m, &Mark::ToP, "move {i} of the perfect side in {g:?}");
                } else {
                    assert_eq!(m, &Mark::FromP, "move {i} of the side in a P-position in {g:?}");
                }
            }
        }
        // Nim, a mistake: from 1 3 (nim-sum 2) to 1 2 (nim-sum 3); better:
        // leave 1 in heap 2.
        let mut g = AnyGame::Nim(NimGame::new(&[1, 3], false, HUMAN_FIRST));
        let AnyGame::Nim(n) = &mut g else { unreachable!() };
        n.play(1, 2).unwrap();
        assert_eq!(marks(&mut g), vec![Mark::Mistake { better: Some(Better::Nim { heap: 1, left: 1 }) }]);
    }

    fn with_table(rules: &Rules, start: crate::rules::Pos) -> HeapGame {
        let perfect_first = [PlayerKind::Computer(Strength::Perfect), PlayerKind::Computer(Strength::Random)];
        let mut g = HeapGame::new(rules, &start, perfect_first);
        if let Some(at) = g.table_start() {
            g.set_table(crate::game_table::GameTable::covering(rules, &at, &crate::Control::new()).unwrap());
        }
        g
    }
}
