//! The order of a fill sum by sum: the coordinates whose sum every option
//! of a program lowers. It starts as every coordinate; an option that does
//! not lower the sum takes the coordinates it raises out of it (a game with
//! a memory, such as the no-imitation game (x, y, t), is ordered by
//! x + y). A game whose options all lower such a sum ends, and the
//! positions of one sum depend only on those of smaller sums. Shared by the
//! tables of one to three coordinates (`program.rs`) and of many heaps
//! (`heaps.rs`).

use crate::rules::MAX_DIMENSION;
use std::ops::Add;

/// The coordinates of a game of `d` coordinates whose sum a fill is
/// ordered by.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Order {
    on: [bool; MAX_DIMENSION],
    d: u8,
}

impl Order {
    /// Every coordinate of a game of `d`.
    pub fn all(d: usize) -> Order {
        let d = d.min(MAX_DIMENSION);
        let mut on = [false; MAX_DIMENSION];
        on[..d].fill(true);
        Order { on, d: d as u8 }
    }

    /// The coordinates whose flag is on, of a game of `on.len()`.
    pub fn of(on: &[bool]) -> Order {
        let mut order = Order::all(on.len());
        order.on[..on.len().min(MAX_DIMENSION)].copy_from_slice(&on[..on.len().min(MAX_DIMENSION)]);
        order
    }

    /// Which coordinates the sum counts, one flag for each of the game's.
    pub fn coordinates(&self) -> &[bool] {
        &self.on[..self.d as usize]
    }

    /// Whether the sum counts every coordinate.
    pub fn is_all(self) -> bool {
        self.coordinates().iter().all(|&on| on)
    }

    /// The sum of the coordinates of `c` in the order.
    pub fn sum<T: Copy + Default + Add<Output = T>>(self, c: &[T]) -> T {
        c.iter().zip(self.coordinates()).filter(|(_, on)| **on).fold(T::default(), |s, (&v, _)| s + v)
    }

    /// The order without the coordinates that `q`, an option of `p` that
    /// does not lower the sum, raises; `None` when that leaves no sum that
    /// the option lowers (it raises every coordinate, or keeps the rest).
    pub fn without_raised<T: Copy + Default + Ord + Add<Output = T>>(self, p: &[T], q: &[T]) -> Option<Order> {
        let mut next = self;
        for (on, (a, b)) in next.on.iter_mut().zip(p.iter().zip(q)) {
            *on &= b <= a;
        }
        (next.sum(q) < next.sum(p)).then_some(next)
    }

    /// The coordinates of the order as the formulas name them: `x + y`
    /// for up to three coordinates, `x1 + x2 + x3` for more.
    pub fn text(self) -> String {
        let many = self.d > 3;
        let name = |i: usize| if many { format!("x{}", i + 1) } else { ["x", "y", "z"][i].to_string() };
        let on = self.coordinates().iter().enumerate().filter(|(_, on)| **on).map(|(i, _)| name(i));
        on.collect::<Vec<_>>().join(" + ")
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn an_option_that_keeps_the_sum_takes_out_the_coordinates_it_raises() {
        // The no-imitation game: (2, 3, 0) -> (1, 3, 1) raises t.
        let xy = Order::all(3).without_raised(&[2, 3, 0], &[1, 3, 1]).unwrap();
        assert_eq!(xy.text(), "x + y");
        // It keeps the rest: no order.
        assert_eq!(xy.without_raised(&[1, 3, 0], &[1, 3, 4]), None);
        // It raises every coordinate of the order: none left.
        let x = Order::all(3).without_raised(&[1, 1, 1], &[0, 2, 2]).unwrap();
        assert_eq!(x.text(), "x");
        assert_eq!(x.without_raised(&[1, 0, 0], &[2, 0, 0]), None);
        assert_eq!(Order::all(3).without_raised(&[1, 1, 1], &[0, 2, 2]).map(|o| o.sum(&[5, 6, 7])), Some(5));
        assert_eq!(Order::all(2).text(), "x + y");
        assert_eq!(Order::of(&[true, false, false]).without_raised(&[1, 0, 0], &[2, 0, 0]), None);
        assert_eq!(Order::of(&[false, true, true]).text(), "y + z");
        let many = Order::all(4).without_raised(&[1u64, 0, 0, 0], &[0, 0, 0, 1]).unwrap();
        assert_eq!(many.text(), "x1 + x2 + x3");
        assert_eq!(many.coordinates(), &[true, true, true, false]);
        assert!(Order::all(5).is_all() && !many.is_all());
    }
}
