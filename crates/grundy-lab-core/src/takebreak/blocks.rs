//! The values of a long sequence summarised by blocks, for drawing
//! millions of them: for each block of 64, 64², … heap sizes, the least and
//! the largest common value and rare value in it (the map's level of
//! detail, for a line of values). A picture of any range reads at most a
//! few thousand blocks, whatever the length.

use super::Sequence;

/// How many heap sizes a block of the first level holds; each level's
/// blocks hold this many of the level below.
pub const FANOUT: u64 = 64;

/// The least and largest values in a block, common and rare apart.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Block {
    /// (least, largest) common value, if the block has one.
    pub common: Option<(u32, u32)>,
    /// (least, largest) rare value, if the block has one.
    pub rare: Option<(u32, u32)>,
}

impl Block {
    fn add(range: &mut Option<(u32, u32)>, v: u32) {
        *range = Some(match *range {
            None => (v, v),
            Some((lo, hi)) => (lo.min(v), hi.max(v)),
        });
    }

    fn merge(range: &mut Option<(u32, u32)>, other: Option<(u32, u32)>) {
        if let Some((lo, hi)) = other {
            Block::add(range, lo);
            Block::add(range, hi);
        }
    }
}

/// The levels of blocks of a sequence.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Blocks {
    /// `levels[k]` has blocks of `FANOUT^(k + 1)` heap sizes.
    levels: Vec<Vec<Block>>,
    len: u64,
}

impl Blocks {
    /// The blocks of `seq`'s values (rare for its mask). Memory: about a
    /// quarter of a byte per value.
    pub fn of(seq: &Sequence) -> Blocks {
        let len = seq.len();
        let mut first = Vec::with_capacity(len.div_ceil(FANOUT) as usize);
        let mut n = 0;
        while n < len {
            let mut b = Block::default();
            for i in n..(n + FANOUT).min(len) {
                let v = seq.get(i).unwrap_or(0);
                if seq.is_rare(i) == Some(true) {
                    Block::add(&mut b.rare, v);
                } else {
                    Block::add(&mut b.common, v);
                }
            }
            first.push(b);
            n += FANOUT;
        }
        let mut levels = vec![first];
        while levels.last().is_some_and(|l| l.len() > 1) {
            let below = levels.last().map(Vec::as_slice).unwrap_or_default();
            let up: Vec<Block> = below
                .chunks(FANOUT as usize)
                .map(|c| {
                    let mut b = Block::default();
                    for x in c {
                        Block::merge(&mut b.common, x.common);
                        Block::merge(&mut b.rare, x.rare);
                    }
                    b
                })
                .collect();
            levels.push(up);
        }
        Blocks { levels, len }
    }

    /// The blocks that cover heap sizes `from..to` with at most `most`
    /// blocks (the finest level that fits): the heap size each block
    /// starts at, its size, and the block. `None` when single values fit
    /// (`to − from ≤ most`): read those from the sequence.
    pub fn covering(&self, from: u64, to: u64, most: u64) -> Option<(u64, Vec<(u64, Block)>)> {
        let to = to.min(self.len);
        if to <= from || to - from <= most {
            return None;
        }
        let mut size = FANOUT;
        for level in &self.levels {
            let (a, b) = (from / size, to.div_ceil(size));
            if b - a <= most || level.len() <= 1 {
                let end = (b as usize).min(level.len());
                let list = (a as usize..end).map(|i| (i as u64 * size, level[i])).collect();
                return Some((size, list));
            }
            size = size.saturating_mul(FANOUT);
        }
        None
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::takebreak::{TakeBreak, compute};

    #[test]
    fn blocks_hold_the_extremes_of_their_values() {
        let game = TakeBreak::parse_spec("grundy-game").unwrap().unwrap();
        let seq = compute(&game, 20_000, &crate::Control::new()).unwrap();
        let blocks = Blocks::of(&seq);
        assert_eq!(blocks.covering(0, 100, 200), None);
        for (from, to, most) in [(0, 20_001, 500), (1000, 9000, 50), (7, 300, 10)] {
            let (size, list) = blocks.covering(from, to, most).unwrap();
            assert!(list.len() as u64 <= most + 1, "{} blocks", list.len());
            for (start, b) in list {
                let range = start..(start + size).min(seq.len());
                let (mut common, mut rare) = (None, None);
                for n in range {
                    let v = seq.get(n).unwrap();
                    if seq.is_rare(n).unwrap() { Block::add(&mut rare, v) } else { Block::add(&mut common, v) }
                }
                assert_eq!((b.common, b.rare), (common, rare), "block at {start} of {size}");
            }
        }
    }
}
