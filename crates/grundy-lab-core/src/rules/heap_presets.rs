//! The presets of many heaps. Nim on N heaps (`nim-N`) is a piece, the
//! rook of N coordinates (a slide along each axis), as `nim-1` and `nim-3`
//! are. The others are programs whose text a user can read and change:
//! Moore's Nimₖ (`moore-N-K`), Greedy Nim (`greedy-nim-N`), restricted
//! Nim and Welter's game. Each program says `fn heaps_alike() { true }`,
//! and the rook keeps every order of its axes, so tables keep the sorted
//! positions only.

use super::{MAX_DIMENSION, Offset, Piece, Program, Rules};

/// Nim on `n` heaps: the rook of `n` coordinates.
fn nim(n: usize) -> Rules {
    let axis = |i: usize| {
        let mut c = [0u32; MAX_DIMENSION];
        c[i] = 1;
        Offset::of(&c)
    };
    let piece = Piece { slides: (0..n).map(axis).collect(), jumps: Default::default() };
    Rules::with_dimension(&format!("nim-{n}"), n as u8, piece)
}

/// The program `nim-N` was before it became the rook, as earlier builds
/// saved it in the settings' current game.
pub fn nim_program_of_old(n: usize) -> String {
    let (params, array) = heaps(n);
    format!(
        "// Nim on {n} heaps (Bouton 1901): take any number of stones from one heap.\n\
         // The Grundy value is the XOR of the heaps.\n\
         fn heaps_alike() {{ true }}\n\n\
         fn moves({params}) {{\n    \
             let heaps = {array};\n    \
             let out = [];\n    \
             for i in 0..heaps.len() {{\n        \
                 for k in 0..heaps[i] {{\n            \
                     let q = heaps;\n            \
                     q[i] = k;\n            \
                     out.push(q);\n        \
                 }}\n    \
             }}\n    \
             out\n\
         }}\n"
    )
}

/// `rules` as this build writes the same game: the old program of
/// `nim-N` (N = 4 to 8) becomes the rook of N coordinates, with the same
/// name, description, convention and passes, so that Play uses Bouton's
/// rule for it again. Other rules are returned as they are.
pub fn upgraded(rules: Rules) -> Rules {
    let n = rules.dimension as usize;
    let old =
        rules.program.as_ref().is_some_and(|p| (4..=MAX_DIMENSION).contains(&n) && p.source() == nim_program_of_old(n));
    if !old {
        return rules;
    }
    Rules { program: None, piece: nim(n).piece, ..rules }
}

/// The names of the presets of many heaps, as the list of presets shows
/// them.
pub const HEAP_PRESETS: &[&str] = &[
    "nim-N (N = 4 to 8)",
    "moore-N-K (1 <= K <= N <= 8)",
    "greedy-nim-N (N = 2 to 8)",
    "restricted-nim-ceil-N (N = 1 to 8)",
    "welter-N (N = 2 to 8)",
];

/// The parameters `x1, x2, ..., xN` and the array `[x1, ..., xN]`.
fn heaps(n: usize) -> (String, String) {
    let names: Vec<String> = (1..=n).map(|i| format!("x{i}")).collect();
    (names.join(", "), format!("[{}]", names.join(", ")))
}

/// The program of Moore's Nimₖ on `n` heaps with `k` heaps a move.
fn moore(n: usize, k: usize) -> String {
    let (params, array) = heaps(n);
    format!(
        "// Moore's Nim_{k} on {n} heaps (Moore 1910): take stones from at least one and at\n\
         // most {k} heaps, any number from each. A position is P exactly when, in every\n\
         // binary digit, the number of heaps with that digit 1 is a multiple of {}.\n\
         fn heaps_alike() {{ true }}\n\n\
         fn moves({params}) {{\n    \
             let heaps = {array};\n    \
             // Every way to lower the first i heaps, with how many were lowered.\n    \
             let reached = [heaps];\n    \
             let lowered = [0];\n    \
             for i in 0..heaps.len() {{\n        \
                 let known = reached.len();\n        \
                 for j in 0..known {{\n            \
                     if lowered[j] < {k} {{\n                \
                         for v in 0..heaps[i] {{\n                    \
                             let q = reached[j];\n                    \
                             q[i] = v;\n                    \
                             reached.push(q);\n                    \
                             lowered.push(lowered[j] + 1);\n                \
                         }}\n            \
                     }}\n        \
                 }}\n    \
             }}\n    \
             let out = [];\n    \
             for j in 1..reached.len() {{\n        \
                 out.push(reached[j]);\n    \
             }}\n    \
             out\n\
         }}\n",
        k + 1
    )
}

/// The program of Greedy Nim on `n` heaps.
fn greedy(n: usize) -> String {
    let (params, array) = heaps(n);
    format!(
        "// Greedy Nim on {n} heaps: take any number of stones, but from a largest heap.\n\
         // In normal play a position is P exactly when the number of largest heaps\n\
         // (of at least one stone) is even.\n\
         fn heaps_alike() {{ true }}\n\n\
         fn moves({params}) {{\n    \
             let heaps = {array};\n    \
             let top = 0;\n    \
             for h in heaps {{\n        \
                 top = max(top, h);\n    \
             }}\n    \
             let out = [];\n    \
             for i in 0..heaps.len() {{\n        \
                 if heaps[i] == top {{\n            \
                     for v in 0..top {{\n                \
                         let q = heaps;\n                \
                         q[i] = v;\n                \
                         out.push(q);\n            \
                     }}\n        \
                 }}\n    \
             }}\n    \
             out\n\
         }}\n"
    )
}

/// The program of restricted Nim on `n` piles: from a pile of m, remove
/// 1 to ⌈m/2⌉ stones.
fn restricted_ceil(n: usize) -> String {
    let (params, array) = heaps(n);
    format!(
        "// Restricted Nim on {n} piles (Miyadera and Manabe, arXiv 2205.11851): from one pile\n\
         // of m stones, remove at least 1 and at most ceil(m / 2). With +pass, their game\n\
         // with a pass.\n\
         fn heaps_alike() {{ true }}\n\n\
         fn moves({params}) {{\n    \
             let heaps = {array};\n    \
             let out = [];\n    \
             for i in 0..heaps.len() {{\n        \
                 for k in 1..=((heaps[i] + 1) / 2) {{\n            \
                     let q = heaps;\n            \
                     q[i] = heaps[i] - k;\n            \
                     out.push(q);\n        \
                 }}\n    \
             }}\n    \
             out\n\
         }}\n"
    )
}

/// The program of Welter's game on `n` heaps: distinct heaps, a move
/// lowers one heap to a size no other heap has.
fn welter(n: usize) -> String {
    let (params, array) = heaps(n);
    format!(
        "// Welter's game on {n} heaps (C. P. Welter 1954; J. H. Conway, On Numbers and Games):\n\
         // coins on distinct squares of a strip, numbered 0, 1, 2, ...; a move slides one coin\n\
         // to a lower empty square. As heaps: no two heaps are equal, and a move lowers one\n\
         // heap to a size no other heap has. For two heaps g = (x1 XOR x2) - 1.\n\
         fn heaps_alike() {{ true }}\n\n\
         fn position({params}) {{\n    \
             let heaps = {array};\n    \
             for i in 0..heaps.len() {{\n        \
                 for j in (i + 1)..heaps.len() {{\n            \
                     if heaps[i] == heaps[j] {{\n                \
                         return false;\n            \
                     }}\n        \
                 }}\n    \
             }}\n    \
             true\n\
         }}\n\n\
         fn moves({params}) {{\n    \
             let heaps = {array};\n    \
             let out = [];\n    \
             for i in 0..heaps.len() {{\n        \
                 for k in 0..heaps[i] {{\n            \
                     let free = true;\n            \
                     for h in heaps {{\n                \
                         if h == k {{\n                    \
                             free = false;\n                \
                         }}\n            \
                     }}\n            \
                     if free {{\n                \
                         let q = heaps;\n                \
                         q[i] = k;\n                \
                         out.push(q);\n            \
                     }}\n        \
                 }}\n    \
             }}\n    \
             out\n\
         }}\n"
    )
}

/// Which family of the presets of many heaps a game is.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum HeapFamily {
    /// Nim (`nim-N`).
    Nim,
    /// Moore's Nimₖ (`moore-N-K`), at most `k` heaps a move.
    Moore {
        /// The most heaps a move lowers.
        k: usize,
    },
    /// Greedy Nim (`greedy-nim-N`).
    Greedy,
    /// Restricted Nim, 1 to ⌈m/2⌉ from a pile of m (`restricted-nim-ceil-N`).
    RestrictedCeil,
    /// Welter's game (`welter-N`).
    Welter,
}

/// The family of `rules` when they are a preset of many heaps, as named
/// (the program unchanged; misère play and passes aside).
pub fn heap_family(rules: &Rules) -> Option<HeapFamily> {
    let key = rules.name.as_str();
    let preset = heap_preset(key)?;
    if preset.program != rules.program || preset.piece != rules.piece || preset.dimension != rules.dimension {
        return None;
    }
    Some(if key.starts_with("nim-") {
        HeapFamily::Nim
    } else if key.starts_with("greedy-nim-") {
        HeapFamily::Greedy
    } else if key.starts_with("restricted-nim-ceil-") {
        HeapFamily::RestrictedCeil
    } else if key.starts_with("welter-") {
        HeapFamily::Welter
    } else {
        let k = key.rsplit('-').next().and_then(|k| k.parse().ok())?;
        HeapFamily::Moore { k }
    })
}

/// The preset of many heaps named `key` (lower case): `None` when the name
/// is none of them.
pub(super) fn heap_preset(key: &str) -> Option<Rules> {
    let number = |t: &str| t.parse::<usize>().ok().filter(|&n| (1..=MAX_DIMENSION).contains(&n));
    if let Some(n) = key.strip_prefix("nim-").and_then(number).filter(|&n| n >= 4) {
        let mut r = nim(n);
        r.description =
            format!("Nim on {n} heaps (Bouton 1901), the rook of {n} coordinates: g is the XOR of the heaps.");
        return Some(r);
    }
    let (source, about) = if let Some(n) = key.strip_prefix("restricted-nim-ceil-").and_then(number) {
        (
            restricted_ceil(n),
            format!("Restricted Nim on {n} piles: remove 1 to ceil(m/2) stones from a pile of m (arXiv 2205.11851)."),
        )
    } else if let Some(n) = key.strip_prefix("greedy-nim-").and_then(number).filter(|&n| n >= 2) {
        (greedy(n), format!("Greedy Nim on {n} heaps: take any number of stones from a largest heap."))
    } else if let Some(n) = key.strip_prefix("welter-").and_then(number).filter(|&n| n >= 2) {
        (
            welter(n),
            format!(
                "Welter's game on {n} heaps (Welter 1954): no two heaps equal; lower one heap to a size no other has."
            ),
        )
    } else if let Some((n, k)) = key.strip_prefix("moore-").and_then(|t| t.split_once('-')) {
        let (n, k) = (number(n)?, number(k)?);
        if k > n {
            return None;
        }
        (
            moore(n, k),
            format!(
                "Moore's Nim_{k} on {n} heaps (1910): lower from 1 to {k} heaps; P when every binary digit's count \
                 of heaps is a multiple of {}.",
                k + 1
            ),
        )
    } else {
        return None;
    };
    let program = Program::new(&source).expect("the heap presets are valid programs");
    let mut r = Rules::from_program(key, program);
    r.description = about;
    Some(r)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_old_program_of_nim_is_upgraded_to_the_rook() {
        for n in 4..=MAX_DIMENSION {
            let program = Program::new(&nim_program_of_old(n)).unwrap();
            let mut old = Rules::from_program(&format!("nim-{n}"), program);
            old.passes = super::super::Passes::GALE;
            old.convention = super::super::Convention::Misere;
            let new = upgraded(old.clone());
            assert!(new.program.is_none() && new.piece == nim(n).piece && new.dimension as usize == n, "{n}");
            assert_eq!((new.passes, new.convention, &new.name), (old.passes, old.convention, &old.name));
            assert_eq!(new.validate(), Ok(()));
            assert_eq!(heap_family(&new), Some(HeapFamily::Nim), "Bouton's rule applies");
        }
        // Any other program, even one changed by a space, stays as it is.
        let changed = Program::new(&nim_program_of_old(4).replace("out\n", "out \n")).unwrap();
        let other = Rules::from_program("nim-4", changed);
        assert_eq!(upgraded(other.clone()), other);
        let welter = heap_preset("welter-4").unwrap();
        assert_eq!(upgraded(welter.clone()), welter);
    }

    #[test]
    fn the_heap_presets_are_programs_or_the_rook_of_their_number_of_heaps() {
        for name in ["nim-4", "nim-8"] {
            let r = heap_preset(name).unwrap();
            assert!(r.program.is_none() && r.piece.slides.len() == r.dimension as usize, "{name}");
            assert!(crate::grundy::heaps::claims_alike(&r) && r.validate().is_ok(), "{name}");
        }
        for (name, d) in [
            ("moore-5-2", 5),
            ("greedy-nim-6", 6),
            ("greedy-nim-2", 2),
            ("restricted-nim-ceil-1", 1),
            ("restricted-nim-ceil-5", 5),
            ("welter-2", 2),
            ("welter-8", 8),
        ] {
            let r = heap_preset(name).unwrap_or_else(|| panic!("{name}"));
            let p = r.program.as_ref().unwrap();
            assert_eq!((r.dimension, p.heaps_alike(), p.is_compiled()), (d, true, true), "{name}");
            assert_eq!(r.validate(), Ok(()), "{name}");
        }
        for bad in [
            "nim-9",
            "nim-0",
            "nim-x",
            "moore-3-4",
            "moore-9-1",
            "greedy-nim-1",
            "moore-4",
            "restricted-nim-ceil-9",
            "welter-1",
            "welter-9",
        ] {
            assert!(heap_preset(bad).is_none(), "{bad}");
        }
    }

    #[test]
    fn the_programs_list_the_moves_of_their_games() {
        let options = |name: &str, p: &[u64]| -> Vec<Vec<u64>> {
            let r = heap_preset(name).unwrap();
            let program = r.program.unwrap();
            let d = p.len();
            let fast = program
                .options_of::<MAX_DIMENSION>(p, &mut rhai::Scope::new(), None, &r.limits)
                .unwrap()
                .into_iter()
                .map(|q| q[..d].to_vec())
                .collect::<Vec<_>>();
            let slow = program
                .without_fast_path()
                .options_of::<MAX_DIMENSION>(p, &mut rhai::Scope::new(), None, &r.limits)
                .unwrap()
                .into_iter()
                .map(|q| q[..d].to_vec())
                .collect::<Vec<_>>();
            assert_eq!(fast, slow, "{name} at {p:?}: the fast path and rhai differ");
            fast
        };
        // Nim is the rook: its moves are the piece's.
        let nim = heap_preset("nim-4").unwrap();
        assert_eq!(nim.moves_at([0, 2, 0, 1]), vec![[0, 0, 0, 1], [0, 1, 0, 1], [0, 2, 0, 0]]);
        // Greedy: only from the largest heaps (here both 2s).
        assert_eq!(
            options("greedy-nim-3", &[2, 1, 2]),
            vec![vec![0, 1, 2], vec![1, 1, 2], vec![2, 1, 0], vec![2, 1, 1]]
        );
        // Welter: (3, 1, 0) lowers 3 to 2 only, 1 to nothing free.
        assert_eq!(options("welter-3", &[3, 1, 0]), vec![vec![2, 1, 0]]);
        // Moore's Nim_2 on (1, 1, 1): one or two heaps emptied.
        assert_eq!(
            options("moore-3-2", &[1, 1, 1]),
            vec![vec![0, 0, 1], vec![0, 1, 0], vec![0, 1, 1], vec![1, 0, 0], vec![1, 0, 1], vec![1, 1, 0]]
        );
    }
}
