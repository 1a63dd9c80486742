//! Take-and-break rules written as a program: a rhai script (the sandboxed
//! language of [`crate::script`], with the same limits of one position as
//! the rules programs of [`crate::rules::Program`], `--max-options` and
//! `--seconds-per-position` included) that defines
//! `fn splits(n)`, the options of one heap of `n` stones as an array of
//! arrays of heap sizes: `[[a, b], [c], []]` means the heap may become the
//! two heaps `a` and `b`, or the heap `c`, or nothing.
//!
//! Each option is checked: every part is an integer with `1 ≤ part < n`
//! (an empty heap is no heap: leave it out), and the parts add up to at
//! most `n` (a move never adds stones). Since every part is smaller than
//! the heap it came from, every game ends; the first option that breaks a
//! rule is an error naming the heap and the option.

use crate::rules::{Limits, MAX_PROGRAM_TEXT, MovesArity, OptionFault, ProgramError, ProgramLimit, RunFault};
use crate::script;
use rhai::{AST, Array, CallFnOptions, Dynamic, Scope};
use std::fmt;
use std::sync::Arc;
use web_time::Instant;

/// A compiled `fn splits(n)` program. Two are equal when their texts are.
#[derive(Clone)]
pub struct SplitsProgram {
    source: String,
    ast: Arc<AST>,
    /// Whether the text runs on rhai's fast operators.
    fast_operators: bool,
    /// The options and the time one heap may take (`--max-options`,
    /// `--seconds-per-position`).
    limits: Limits,
}

impl fmt::Debug for SplitsProgram {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "SplitsProgram({} characters)", self.source.len())
    }
}

impl PartialEq for SplitsProgram {
    fn eq(&self, other: &Self) -> bool {
        self.source == other.source
    }
}

/// The most parts an option is counted with for the cap on the size of
/// arrays (`Limits::array_size`): a split into up to four heaps.
const SPLIT_WIDTH: usize = crate::rules::breaks::MAX_PARTS as usize;

/// `the heap of 7`: where a program failed.
fn heap_text(n: u64) -> String {
    format!("the heap of {n}")
}

impl SplitsProgram {
    /// Whether `text` is a splits program (it defines a function
    /// `splits`), rather than a rules program with `fn moves`: decided by
    /// the program's definitions, not by its words (a comment that says
    /// "fn splits", or a helper `splits_of`, does not make one). A text
    /// that does not read is judged by its words outside `//` comments, so
    /// that its error is told as the kind it meant.
    pub fn defines_splits(text: &str) -> bool {
        match script::engine_for(text).compile(text) {
            Ok(ast) => ast.iter_functions().any(|f| f.name == "splits"),
            Err(_) => text.lines().any(|line| {
                let code = line.split("//").next().unwrap_or("");
                let words: Vec<&str> = code.split_whitespace().collect();
                words.windows(2).any(|w| {
                    w[0] == "fn"
                        && w[1].strip_prefix("splits").is_some_and(|rest| rest.is_empty() || rest.starts_with('('))
                })
            }),
        }
    }

    /// Compile `source`, which must define `fn splits(n)` with one
    /// parameter.
    pub fn new(source: &str) -> Result<SplitsProgram, ProgramError> {
        if source.len() > MAX_PROGRAM_TEXT && source.chars().count() > MAX_PROGRAM_TEXT {
            return Err(ProgramError::TooLong(source.chars().count()));
        }
        let engine = script::engine_for(source);
        let ast = engine.compile(source).map_err(|e| ProgramError::Parse {
            fault: crate::rules::ParseFault::of(&e.0),
            line: e.1.line().unwrap_or(0),
            column: e.1.position().unwrap_or(0),
        })?;
        let arities: Vec<usize> = ast.iter_functions().filter(|f| f.name == "splits").map(|f| f.params.len()).collect();
        match arities[..] {
            [1] => {}
            [] => return Err(ProgramError::NoSplits(MovesArity::Missing)),
            [k] => return Err(ProgramError::NoSplits(MovesArity::Parameters(k))),
            _ => return Err(ProgramError::NoSplits(MovesArity::Several)),
        }
        Ok(SplitsProgram {
            source: source.to_string(),
            ast: Arc::new(ast),
            fast_operators: !script::uses_checked_operators(source),
            limits: Limits::default(),
        })
    }

    /// The same program with other limits of one heap.
    pub fn with_limits(mut self, limits: Limits) -> SplitsProgram {
        self.limits = limits;
        self
    }

    /// The options and the time one heap may take.
    pub fn limits(&self) -> Limits {
        self.limits
    }

    /// The program's text.
    pub fn source(&self) -> &str {
        &self.source
    }

    /// The program's text without its comments and spacing: what decides
    /// its moves (a values file is keyed by it, so that a comment changed
    /// does not make the values another game's).
    pub fn compact_source(&self) -> String {
        script::engine().compact_script(&self.source).unwrap_or_else(|_| self.source.clone())
    }

    /// The options of a heap of `n` stones, checked (see the module's
    /// documentation), each a sorted list of heaps, each option once. The
    /// run stops at the limits of [`crate::script`] or at `stop`.
    pub fn splits(&self, n: u64, stop: Option<Instant>) -> Result<Vec<Vec<u64>>, ProgramError> {
        self.splits_in(&mut Scope::new(), n, stop)
    }

    /// [`SplitsProgram::splits`] with a scope kept between runs.
    pub fn splits_in(&self, scope: &mut Scope, n: u64, stop: Option<Instant>) -> Result<Vec<Vec<u64>>, ProgramError> {
        let at = || heap_text(n);
        let Ok(arg) = i64::try_from(n) else {
            return Err(ProgramError::Run { position: at(), fault: RunFault::PositionTooLarge });
        };
        let limits = &self.limits;
        script::set_run_limits(stop, limits.time_per_position(), limits.operations());
        let options = CallFnOptions::new().eval_ast(false).rewind_scope(true);
        let engine = script::engine_with(self.fast_operators, limits.array_size(SPLIT_WIDTH));
        let result: Dynamic = engine
            .call_fn_with_options(options, scope, &self.ast, "splits", (Dynamic::from_int(arg),))
            .map_err(|e| crate::rules::run_failure(&e, at(), limits, SPLIT_WIDTH))?;
        let type_name = result.type_name().to_string();
        let list: Array =
            result.try_cast::<Array>().ok_or_else(|| ProgramError::NotAList { position: at(), got: type_name })?;
        if list.len() > limits.max_options as usize {
            let limit = ProgramLimit::Options { max: limits.max_options, listed: list.len() };
            return Err(ProgramError::Limit { position: at(), limit });
        }
        let mut out = Vec::with_capacity(list.len());
        for item in list {
            let bad = |why: OptionFault, item: &Dynamic| ProgramError::BadOption {
                position: at(),
                option: item.to_string(),
                why,
            };
            let Some(parts) = item.read_lock::<Array>() else {
                return Err(bad(OptionFault::NotASplit, &item));
            };
            let mut heaps = Vec::with_capacity(parts.len());
            let mut sum: u128 = 0;
            for c in parts.iter() {
                let Ok(v) = c.as_int() else {
                    return Err(bad(OptionFault::NotAnInteger, &item));
                };
                if v < 1 {
                    return Err(bad(OptionFault::EmptyPart, &item));
                }
                let v = v as u64;
                if v >= n {
                    return Err(bad(OptionFault::PartTooLarge { part: v, heap: n }, &item));
                }
                sum += u128::from(v);
                heaps.push(v);
            }
            drop(parts);
            if sum > u128::from(n) {
                return Err(bad(OptionFault::TooManyStones { sum: sum as u64, heap: n }, &item));
            }
            heaps.sort_unstable();
            out.push(heaps);
        }
        out.sort_unstable();
        out.dedup();
        Ok(out)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_kind_of_a_program_is_decided_by_its_definitions() {
        assert!(SplitsProgram::defines_splits("fn splits(n) { [] }"));
        assert!(SplitsProgram::defines_splits("fn helper(n) { n }\nfn  splits (n) { [] }"));
        // A comment or a helper's name is not a definition.
        assert!(!SplitsProgram::defines_splits("// no fn splits here\nfn moves(x) { [] }"));
        assert!(!SplitsProgram::defines_splits("fn splits_helper(n) { n }\nfn moves(x) { [] }"));
        assert!(!SplitsProgram::defines_splits("fn moves(x) { let s = \"fn splits(\"; [] }"));
        // A text that does not read: judged by its words outside comments.
        assert!(SplitsProgram::defines_splits("fn splits(n) { [[1, 2]"));
        assert!(!SplitsProgram::defines_splits("// fn splits(n)\nfn moves(x) { ["));
    }

    #[test]
    fn a_program_splits_and_is_checked() {
        let grundy = "fn splits(n) { let o = []; for a in 1..n { let b = n - a; if a < b { o.push([a, b]); } } o }";
        let p = SplitsProgram::new(grundy).unwrap();
        assert_eq!(p.splits(6, None).unwrap(), vec![vec![1, 5], vec![2, 4]]);
        assert!(p.splits(2, None).unwrap().is_empty());
        let e = |src: &str, n: u64| SplitsProgram::new(src).unwrap().splits(n, None).unwrap_err().to_string();
        assert!(e("fn splits(n) { [[n]] }", 3).contains("at the heap of 3: the option [3] has a part of 3"));
        assert!(e("fn splits(n) { [[0, 1]] }", 3).contains("part below 1"));
        assert!(e("fn splits(n) { [[2, 2]] }", 3).contains("4 stones in all"));
        assert!(e("fn splits(n) { 5 }", 3).contains("must give an array"));
        assert!(e("fn splits(n) { [5] }", 3).contains("is not an option"));
        assert!(e("fn splits(n) { loop {} }", 3).contains("endless loop"));
        let none = SplitsProgram::new("fn moves(x) { [] }").unwrap_err().to_string();
        assert!(none.contains("must define `fn splits(n)`"), "{none}");
        assert!(SplitsProgram::new("fn splits(a, b) { [] }").unwrap_err().to_string().contains("takes 2"));
        assert!(SplitsProgram::new("fn splits(n) {").is_err());
        assert_eq!(
            SplitsProgram::new("fn splits(n) { [[]] }").unwrap().splits(4, None).unwrap(),
            vec![Vec::<u64>::new()]
        );
    }
}
