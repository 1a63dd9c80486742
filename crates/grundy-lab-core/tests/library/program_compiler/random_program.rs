//! Random rules programs of the compiled subset, written from a seed: loops
//! of every kind (`while`, `loop`, `do ... while`, `do ... until`, `for`
//! over ranges, stepped ranges and arrays, with and without a counter),
//! `break` and `continue` at any depth, early `return`, `if`/`else if`
//! chains (statements and expressions), block expressions, `let` that
//! shadows a variable of the same block or of an outer one, loop variables
//! that shadow, helper functions calling helper functions, a recursive
//! helper, and a helper that changes its array argument (rhai passes
//! arguments by value).
//!
//! Every loop but `for` carries its own counter (`f0`, `f1`, ...) that
//! stops it after a few passes; the counter is readable in expressions, so
//! the number of passes shows in the options. `for` loops run over at most
//! a dozen values. So no program comes near a limit of rhai or of the fast
//! path, and the two paths must give the same result at every position.
//!
//! The writer is a plain function of a seed (not a proptest strategy) so
//! that it can keep track of the variables in scope: every program it
//! writes parses under rhai's strict variables.

/// splitmix64: a small, good generator that needs no crate.
struct Rng(u64);

impl Rng {
    fn next(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9E37_79B9_7F4A_7C15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        z ^ (z >> 31)
    }

    fn below(&mut self, n: usize) -> usize {
        (self.next() % n as u64) as usize
    }

    fn chance(&mut self, one_in: usize) -> bool {
        self.below(one_in) == 0
    }

    fn pick<'a>(&mut self, items: &[&'a str]) -> &'a str {
        items[self.below(items.len())]
    }
}

/// A variable in scope: its name and whether random statements may assign
/// it (the coordinates and the loop counters only are read).
struct Var {
    name: String,
    assignable: bool,
}

struct Writer {
    rng: Rng,
    scope: Vec<Var>,
    /// How many loops enclose the statement being written (`break` and
    /// `continue` only inside one).
    loops: usize,
    /// Loop counters used so far (each loop gets a fresh one).
    counters: usize,
    /// Writing `moves` (which has the options `o`, returns them, and may
    /// call every helper) rather than a helper (which returns an integer).
    in_moves: bool,
    /// The helpers the function being written may call (`h0` .. ).
    callable: usize,
    /// Whether the program has `grow` and `r`.
    grow: bool,
    recursive: bool,
    /// Whether an expression has an effect (see [`RandomProgram`]).
    effects: bool,
}

/// A random program and whether one of its expressions has an effect (an
/// assignment in a block, a `break` or `continue` in an `if`): every
/// program without one lies in the compiled subset.
pub struct RandomProgram {
    pub source: String,
    pub effects_in_expressions: bool,
}

/// A random program of two coordinates (see the module).
pub fn program(seed: u64) -> RandomProgram {
    let mut w = Writer {
        rng: Rng(seed),
        scope: Vec::new(),
        loops: 0,
        counters: 0,
        in_moves: false,
        callable: 0,
        grow: false,
        recursive: false,
        effects: false,
    };
    let mut out = String::new();
    w.grow = w.rng.chance(2);
    if w.grow {
        // If rhai passed `arr` by reference, the caller's options would gain
        // positions of one coordinate, an error.
        out.push_str("fn grow(arr, p) { arr.push([p]); arr += [[p, p]]; len(arr) }\n");
    }
    w.recursive = w.rng.chance(2);
    if w.recursive {
        out.push_str("fn r(n) { if n <= 0 { return 0; } r(n - 1) + n % 3 }\n");
    }
    let helpers = w.rng.below(3);
    for h in 0..helpers {
        w.callable = h;
        w.begin(&["p", "q"], true);
        let n = 1 + w.rng.below(3);
        let body = w.body(1, n);
        let result = w.int(2);
        out.push_str(&format!("fn h{h}(p, q) {{\n{body}{result}\n}}\n"));
    }
    w.callable = helpers;
    if w.rng.chance(3) {
        w.begin(&["x", "y"], false);
        let c = w.cond(2);
        out.push_str(&format!("fn terminal(x, y) {{ {c} }}\n"));
    }
    w.begin(&["x", "y"], false);
    w.in_moves = true;
    let n = 2 + w.rng.below(4);
    let body = w.body(2, n);
    out.push_str(&format!("fn moves(x, y) {{\nlet o = [];\n{body}o\n}}\n"));
    RandomProgram { source: out, effects_in_expressions: w.effects }
}

impl Writer {
    /// Start a function with these parameters.
    fn begin(&mut self, params: &[&str], assignable: bool) {
        self.scope = params.iter().map(|p| Var { name: p.to_string(), assignable }).collect();
        self.loops = 0;
        self.in_moves = false;
    }

    fn define(&mut self, name: &str, assignable: bool) {
        self.scope.push(Var { name: name.to_string(), assignable });
    }

    fn assignable(&self) -> Vec<String> {
        self.scope.iter().filter(|v| v.assignable).map(|v| v.name.clone()).collect()
    }

    /// An integer expression of the variables in scope.
    fn int(&mut self, depth: usize) -> String {
        if depth == 0 || self.rng.chance(3) {
            return self.leaf();
        }
        let d = depth - 1;
        match self.rng.below(16) {
            0..=4 => {
                // Mostly operators that rarely overflow; the others now and
                // then (an overflow is an error, which both paths must give
                // alike).
                let op = if self.rng.chance(4) {
                    self.rng.pick(&["*", "/", "**", "<<", ">>", "&", "|", "^"])
                } else {
                    self.rng.pick(&["+", "-", "%", "+", "-"])
                };
                let (a, b) = (self.int(d), self.int(d));
                format!("({a} {op} {b})")
            }
            5 => format!("min({}, {})", self.int(d), self.int(d)),
            6 => format!("max({}, {})", self.int(d), self.int(d)),
            7 => format!("abs({})", self.int(d)),
            8 => format!("(-({}))", self.int(d)),
            9 => {
                let (c, e) = (self.cond(d), self.int(d));
                let mut text = format!("(if {c} {{ {e} }}");
                // (rhai's cap on nesting allows about one `else if` here.)
                if self.rng.chance(3) {
                    let (c, e) = (self.cond(d), self.int(d));
                    text += &format!(" else if {c} {{ {e} }}");
                }
                let last = self.int(d);
                format!("{text} else {{ {last} }})")
            }
            10 => {
                // A block expression with a variable of its own (maybe
                // shadowing one outside).
                let name = self.rng.pick(&["a", "b", "t"]).to_string();
                let value = self.int(d);
                let mark = self.scope.len();
                self.define(&name, true);
                let result = self.int(d);
                self.scope.truncate(mark);
                format!("({{ let {name} = {value}; {result} }})")
            }
            11 if self.callable > 0 => {
                let h = self.rng.below(self.callable);
                format!("h{h}({}, {})", self.int(d), self.int(d))
            }
            12 if self.in_moves && self.grow => format!("grow(o, {})", self.int(d)),
            13 if self.recursive => format!("r({} % 6)", self.int(d)),
            // Rarely, an expression with an effect: where rhai evaluates
            // the parts of an expression out of order, the program must be
            // left to rhai; elsewhere the paths must agree.
            14 if self.rng.chance(4) => {
                let targets = self.assignable();
                if targets.is_empty() {
                    return self.leaf();
                }
                let target = targets[self.rng.below(targets.len())].clone();
                let op = self.rng.pick(&["=", "+=", "*="]);
                let (value, result) = (self.int(d), self.int(d));
                self.effects = true;
                format!("({{ {target} {op} {value}; {result} }})")
            }
            15 if self.loops > 0 && self.rng.chance(4) => {
                let word = self.rng.pick(&["break", "continue"]);
                let (c, e) = (self.cond(d), self.int(d));
                self.effects = true;
                format!("(if {c} {{ {word}; }} else {{ {e} }})")
            }
            _ => self.leaf(),
        }
    }

    fn leaf(&mut self) -> String {
        match self.rng.below(10) {
            0..=5 if !self.scope.is_empty() => {
                // Recent variables more often than old ones.
                let n = self.scope.len();
                let i = n - 1 - self.rng.below(n).min(self.rng.below(n));
                self.scope[i].name.clone()
            }
            6 if self.in_moves => "len(o)".to_string(),
            7 if self.rng.chance(8) => "9223372036854775807".to_string(),
            _ => format!("{}", self.rng.below(12) as i64 - 3),
        }
    }

    fn cond(&mut self, depth: usize) -> String {
        if depth > 0 && self.rng.chance(4) {
            let d = depth - 1;
            return match self.rng.below(3) {
                0 => format!("({} && {})", self.cond(d), self.cond(d)),
                1 => format!("({} || {})", self.cond(d), self.cond(d)),
                _ => format!("!({})", self.cond(d)),
            };
        }
        let cmp = self.rng.pick(&["<", "<=", "==", "!=", ">", ">="]);
        format!("{} {cmp} {}", self.int(depth.min(2)), self.int(depth.min(2)))
    }

    /// `n` statements of a function's body: the variables they define stay
    /// in scope for the function's result.
    fn body(&mut self, depth: usize, n: usize) -> String {
        let mut out = String::new();
        for _ in 0..n {
            out += &self.statement(depth);
            out.push('\n');
        }
        out
    }

    /// `n` statements of a block; the variables they define end with it.
    fn statements(&mut self, depth: usize, n: usize) -> String {
        let mark = self.scope.len();
        let out = self.body(depth, n);
        self.scope.truncate(mark);
        out
    }

    /// `{ ... }` of up to `n` statements.
    fn block(&mut self, depth: usize, n: usize) -> String {
        let n = 1 + self.rng.below(n);
        format!("{{\n{}}}", self.statements(depth, n))
    }

    fn statement(&mut self, depth: usize) -> String {
        let kinds = if depth == 0 { 5 } else { 12 };
        match self.rng.below(kinds) {
            0 => {
                // `let`: a new variable, or one that shadows another in this
                // block (rhai reuses its slot) or outside it.
                let name = self.rng.pick(&["a", "b", "c", "i"]).to_string();
                let value = self.int(2);
                self.define(&name, true);
                format!("let {name} = {value};")
            }
            1 => {
                let targets = self.assignable();
                if targets.is_empty() {
                    return self.statement(depth);
                }
                let target = targets[self.rng.below(targets.len())].clone();
                let op = self.rng.pick(&["=", "+=", "-=", "=", "*=", "%=", "^="]);
                format!("{target} {op} {};", self.int(2))
            }
            2 | 3 if self.in_moves => self.option(),
            4 if self.loops > 0 => {
                let word = self.rng.pick(&["break", "continue", "continue"]);
                if self.rng.chance(3) { format!("{word};") } else { format!("if {} {{ {word}; }}", self.cond(1)) }
            }
            4 if self.rng.chance(2) => {
                let value = if self.in_moves { "o".to_string() } else { self.int(2) };
                format!("if {} {{ return {value}; }}", self.cond(1))
            }
            5 | 6 => {
                let (c, b) = (self.cond(1), self.block(depth - 1, 3));
                let mut text = format!("if {c} {b}");
                for _ in 0..self.rng.below(3) {
                    let (c, b) = (self.cond(1), self.block(depth - 1, 2));
                    text += &format!(" else if {c} {b}");
                }
                if self.rng.chance(2) {
                    text += &format!(" else {}", self.block(depth - 1, 2));
                }
                text
            }
            7..=10 => self.repeat(depth),
            11 => self.block(depth - 1, 3),
            _ => self.option(),
        }
    }

    /// An option pushed into `o`: mostly a legal one, now and then one that
    /// may be refused (an error both paths must report alike). Outside
    /// `moves`, a `let`.
    fn option(&mut self) -> String {
        if !self.in_moves {
            let value = self.int(2);
            self.define("c", true);
            return format!("let c = {value};");
        }
        // The offset in a variable of its own keeps the nesting shallow
        // (rhai caps it at 24 levels in a function).
        let e = self.int(2);
        self.define("d", true);
        let push = match self.rng.below(7) {
            0 | 1 => "if d >= 0 && d < x { o.push([d, y]); }",
            2 | 3 => "if d >= 0 && d < y { o += [[x, d]]; }",
            4 => "if d >= 0 && d < min(x, y) { push(o, [x - 1 - d, y - 1 - d]); }",
            5 => "if d > 0 && d <= y { o.push([x, y - d]); }",
            _ => "o.push([min(x, d), max(0, y - 1)]);",
        };
        format!("let d = {e}; {push}")
    }

    /// A loop of one of the kinds.
    fn repeat(&mut self, depth: usize) -> String {
        // `do` loops often: there `continue` skips the condition.
        let kind = self.rng.below(10);
        if kind >= 6 {
            return self.for_loop(depth);
        }
        let f = format!("f{}", self.counters);
        self.counters += 1;
        let limit = 1 + self.rng.below(5);
        // The counter is tested first, so that even a `continue` (which in
        // a `do` loop skips the condition) cannot loop for ever.
        let guard = format!("{f} += 1; if {f} > {limit} {{ break; }}\n");
        self.define(&f, false);
        // A condition on the counter ends the loop at a pass that depends
        // on the program; a random one may end it anywhere.
        let cmp = self.rng.pick(&["<", "<=", "!=", ">", ">=", "=="]);
        let on_counter = format!("{f} {cmp} {}", self.rng.below(5));
        let cond = match self.rng.below(4) {
            0 => on_counter,
            1 => format!("({on_counter} && {})", self.cond(0)),
            2 => format!("({on_counter} || {})", self.cond(0)),
            _ => self.cond(1),
        };
        self.loops += 1;
        let body = self.block(depth - 1, 4);
        self.loops -= 1;
        let body = format!("{{\n{guard}{}", &body[2..]);
        let start = format!("let {f} = 0;\n");
        match kind {
            0 => format!("{start}while {cond} {body}"),
            1 => format!("{start}loop {body}"),
            2 | 3 => format!("{start}do {body} while {cond};"),
            _ => format!("{start}do {body} until {cond};"),
        }
    }

    fn for_loop(&mut self, depth: usize) -> String {
        let (a, b) = (self.int(1), self.int(1));
        let over = match self.rng.below(5) {
            0 => format!("({a} % 5)..({b} % 7)"),
            1 => format!("({a} % 5)..=({b} % 7)"),
            2 => {
                let step = self.rng.pick(&["1", "2", "3", "-1", "-2"]);
                format!("range({a} % 6, {b} % 9, {step})")
            }
            3 => format!("[{a}, {b}, {}]", self.int(1)),
            // (Not inside another loop: options pushed in nested loops over
            // `o` grow exponentially.)
            _ if self.in_moves && self.loops == 0 => "o".to_string(),
            _ => format!("[{a}, {b}]"),
        };
        // The loop variable of `for v in o` is an option, no integer: only
        // `len(o)` and the options pushed see the loop, so `v` is not in
        // scope.
        let var = if over == "o" { "v" } else { self.rng.pick(&["i", "j", "a"]) }.to_string();
        let counter = self.rng.chance(3).then(|| self.rng.pick(&["n", "m"]).to_string());
        let mark = self.scope.len();
        if over != "o" {
            self.define(&var, true);
        }
        if let Some(c) = &counter {
            self.define(c, true);
        }
        self.loops += 1;
        let body = self.block(depth - 1, 4);
        self.loops -= 1;
        self.scope.truncate(mark);
        match counter {
            Some(c) => format!("for ({var}, {c}) in {over} {body}"),
            None => format!("for {var} in {over} {body}"),
        }
    }
}
