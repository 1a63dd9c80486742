//! Every text of the user interface goes through [`tr`] / [`trf`]: a key
//! looked up with rust-i18n in `locales/app.yml`, which holds every text in
//! English (`en`) and Japanese (`ja`) side by side (a translator edits that
//! one file, no Rust). The texts are compiled into the program. Placeholders
//! are written `{name}`. The tests check that every key has both languages
//! with the same placeholders, and that every key used in `src/ui/` exists.
//!
//! The language is per thread (the UI thread; each test harness runs on its
//! own thread), set by the app at the start of every frame, and passed to
//! rust-i18n with each lookup.

use serde::{Deserialize, Serialize};
use std::cell::Cell;

rust_i18n::i18n!("locales", fallback = "en");

/// The languages of the user interface.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum Language {
    /// English.
    #[default]
    English,
    /// Japanese (日本語).
    Japanese,
}

impl Language {
    /// Both languages, in menu order.
    pub const ALL: [Language; 2] = [Language::English, Language::Japanese];

    /// The language's own name, as shown in the language menu.
    pub fn native_name(self) -> &'static str {
        match self {
            Language::English => "English",
            Language::Japanese => "日本語",
        }
    }

    /// The system language: Japanese when `LC_ALL`, `LC_MESSAGES` or `LANG`
    /// (the first one set) starts with `ja`, or, where none is set (Windows,
    /// macOS), when the system's own locale does; English otherwise.
    pub fn from_environment() -> Self {
        let var =
            ["LC_ALL", "LC_MESSAGES", "LANG"].iter().find_map(|v| std::env::var(v).ok().filter(|s| !s.is_empty()));
        let locale = var.or_else(sys_locale::get_locale);
        Self::from_locale(locale.as_deref().unwrap_or(""))
    }

    /// The language of a locale name like `ja_JP.UTF-8`.
    pub fn from_locale(locale: &str) -> Self {
        if locale.to_ascii_lowercase().starts_with("ja") { Language::Japanese } else { Language::English }
    }
}

thread_local! {
    static CURRENT: Cell<Language> = const { Cell::new(Language::English) };
}

/// What the operating system said about a file, in the user's language
/// for the kinds of failure people meet (its own words for the rest).
pub fn os_reason(e: &crate::fsutil::OsError) -> String {
    use crate::fsutil::Refusal as R;
    use std::io::ErrorKind as K;
    if let Some(refusal) = e.refusal {
        return tr(match refusal {
            R::NotRegular => "io.not_regular",
            R::NoFileName => "io.no_file_name",
            R::ReadOnly => "io.read_only_file",
            R::TooLarge => "io.too_large",
            R::NotText => "io.invalid_data",
        })
        .to_string();
    }
    let key = match e.kind {
        K::NotFound => "io.not_found",
        K::PermissionDenied => "io.permission_denied",
        K::AlreadyExists => "io.already_exists",
        K::StorageFull => "io.storage_full",
        K::ReadOnlyFilesystem => "io.read_only",
        K::IsADirectory => "io.is_a_directory",
        K::NotADirectory => "io.not_a_directory",
        K::InvalidData => "io.invalid_data",
        K::FileTooLarge => "io.too_large",
        K::OutOfMemory => "io.out_of_memory",
        _ => return e.message.clone(),
    };
    tr(key).to_string()
}

/// [`os_reason`] of an I/O error.
pub fn io_reason(e: &std::io::Error) -> String {
    os_reason(&e.into())
}

/// A file that could not be written, in the user's language.
pub fn file_error(e: &crate::fsutil::FileError) -> String {
    trf("io.cannot_write", &[("path", &e.path.display()), ("reason", &os_reason(&e.os))])
}

/// A picture or design that could not be written, in the user's language.
pub fn draw_error(e: &crate::draw::DrawError) -> String {
    use crate::draw::DrawError;
    match e {
        DrawError::Io { path, os } => trf("io.cannot_write", &[("path", path), ("reason", &os_reason(os))]),
        DrawError::Extension { path } => trf("io.cannot_write", &[("path", path), ("reason", &tr("io.extension"))]),
        other => draw_reason(other),
    }
}

/// A map export that stopped, in the user's language.
pub fn export_error(e: &crate::map::export::ExportError) -> String {
    use crate::map::export::{ExportError, MAX_SIDE_PX};
    match e {
        ExportError::Cancelled => tr("export.error.cancelled").to_string(),
        ExportError::File(f) => file_error(f),
        ExportError::Empty => tr("export.error.empty").to_string(),
        ExportError::TooLarge { width, height } => {
            trf("export.error.too_large", &[("w", width), ("h", height), ("max", &MAX_SIDE_PX)])
        }
        ExportError::Memory(m) => memory_error(m),
        ExportError::Pyramid { needed, limit } => trf(
            "export.error.pyramid",
            &[("needed", &crate::grundy::human_bytes(*needed)), ("limit", &crate::grundy::human_bytes(*limit))],
        ),
        ExportError::Picture(d) => draw_reason(d),
    }
}

/// Memory refused for a large allocation (a picture, a benchmark), in the
/// user's language.
pub fn memory_error(e: &crate::grundy::MemoryError) -> String {
    use crate::grundy::{Allocation, human_bytes};
    let what = match e.what {
        Allocation::Picture { width, height } => trf("memory.what.picture", &[("w", &width), ("h", &height)]),
        Allocation::Benchmark { side } => trf("memory.what.benchmark", &[("n", &side)]),
    };
    let source = limit_source(e.source);
    trf(
        "memory.too_large",
        &[("what", &what), ("needed", &human_bytes(e.needed)), ("limit", &human_bytes(e.limit)), ("source", &source)],
    )
}

/// Why cells or rows are not a knight board (a fragment, for a sentence
/// around it).
pub fn board_error(e: &crate::knight::BoardError) -> String {
    use crate::knight::{BoardError, board::MAX_SIDE};
    match e {
        BoardError::Size { width, height } => {
            trf("knight.board_error.size", &[("w", width), ("h", height), ("max", &MAX_SIDE)])
        }
        BoardError::CellCount { width, height, cells } => trf(
            "knight.board_error.cell_count",
            &[("w", width), ("h", height), ("n", &(width * height)), ("cells", cells)],
        ),
        BoardError::RowLength { row, cells, width } => {
            trf("knight.board_error.row_length", &[("row", row), ("cells", cells), ("w", width)])
        }
        BoardError::BadCell { x, y, ch } => {
            trf("knight.board_error.bad_cell", &[("x", x), ("y", y), ("ch", &ch.escape_debug())])
        }
    }
}

/// Why `(a, b)` is no leaper (a fragment).
pub fn leaper_error(e: &crate::knight::LeaperError) -> String {
    use crate::knight::{LeaperError, leaper::MAX_STEP};
    match e {
        LeaperError::NeverMoves => tr("knight.leaper_error.never_moves").to_string(),
        LeaperError::TooFar { a, b } => trf("knight.leaper_error.too_far", &[("a", a), ("b", b), ("max", &MAX_STEP)]),
    }
}

/// A style number out of range (a fragment), named as the Style panel
/// names it.
pub fn style_error(e: &crate::knight::StyleError) -> String {
    use crate::knight::StyleNumber;
    let name = match e.number {
        StyleNumber::LineWidth => tr("knight.style.line_width"),
        StyleNumber::DotRadius => tr("knight.style.dot_radius"),
        StyleNumber::Margin => tr("knight.style.margin"),
    };
    let (min, max) = e.number.range();
    trf("knight.style_error.range", &[("name", &name), ("value", &e.value), ("min", &min), ("max", &max)])
}

/// Why a tour search or count could not start (a fragment).
pub fn tour_error(e: &crate::knight::TourError) -> String {
    use crate::knight::TourError;
    match e {
        TourError::StartNotInRegion { start } => {
            trf("knight.tour_error.start", &[("cell", &format!("({}, {})", start.x, start.y))])
        }
    }
}

/// Why a row of heaps cannot be set up.
pub fn row_error(e: &crate::play::row::RowError) -> String {
    use crate::play::row::{MAX_ROW_HEAP, MAX_ROW_HEAPS, RowError};
    match e {
        RowError::Rules(e) => super::takebreak_texts::takebreak_error(e),
        RowError::Start => trf("row.bad_start", &[("n", &MAX_ROW_HEAPS), ("max", &MAX_ROW_HEAP)]),
    }
}

/// Where the memory limit comes from, in the user's language.
fn limit_source(source: crate::grundy::LimitSource) -> String {
    use crate::grundy::{LIMIT_VARIABLE, LimitSource};
    match source {
        LimitSource::Environment => trf("memory.source.environment", &[("variable", &LIMIT_VARIABLE)]),
        LimitSource::Page => tr("memory.source.page").to_string(),
        LimitSource::System => tr("memory.source.system").to_string(),
        LimitSource::Fallback => tr("memory.source.fallback").to_string(),
    }
}

/// Why a table cannot be computed, in the user's language (a sentence).
pub fn engine_error(e: &crate::grundy::EngineError) -> String {
    use crate::grundy::{EngineError, MAX_SIDE, human_bytes};
    match e {
        EngineError::TooLarge { dims, needed, limit } => trf(
            "map.engine.too_large",
            &[
                ("size", &size_text(*dims)),
                ("needed", &human_bytes(*needed)),
                ("limit", &human_bytes(*limit)),
                ("source", &limit_source(crate::grundy::limit_source())),
            ],
        ),
        EngineError::BadSize { width, height, depth, dimension } => {
            let sides = [*width, *height, *depth];
            if sides[(*dimension).clamp(1, 3) as usize..].iter().any(|&n| n != 1) {
                trf("map.engine.bad_dimension", &[("size", &size_text(sides)), ("n", dimension)])
            } else {
                trf("map.engine.bad_size", &[("size", &size_text(sides)), ("max", &MAX_SIDE)])
            }
        }
        EngineError::InvalidRules(r) => trf("map.engine.invalid_rules", &[("reason", &rules_error(r))]),
        EngineError::Program(p) => trf("map.engine.program", &[("reason", &program_error(p))]),
        EngineError::TakeAndBreak { name } => trf("tb.engine", &[("name", name)]),
        EngineError::ManyHeaps { name, dimension } => trf("heaps.engine.many", &[("name", name), ("n", dimension)]),
        EngineError::BadHeaps { sides, dimension } => {
            trf("heaps.engine.bad_size", &[("size", &sides_text(sides)), ("n", dimension)])
        }
        EngineError::TooLargeHeaps { sides, positions, needed, limit, .. } => trf(
            "heaps.engine.too_large",
            &[
                ("size", &sides_text(sides)),
                ("positions", positions),
                ("needed", &human_bytes(*needed)),
                ("limit", &human_bytes(*limit)),
            ],
        ),
        EngineError::Heaps(fault) => heaps_fault(fault),
        EngineError::Cancelled => tr("map.engine.cancelled").to_string(),
    }
}

/// A program of many heaps at fault, in the language of the UI.
fn heaps_fault(fault: &crate::grundy::heaps::HeapsFault) -> String {
    use crate::grundy::heaps::HeapsFault as H;
    match fault {
        H::OutsideBox { position, option, sides, .. } => {
            trf("heaps.fault.outside", &[("position", position), ("option", option), ("size", &sides_text(sides))])
        }
        H::OptionNotAPosition { position, option } => {
            trf("heaps.fault.not_position", &[("position", position), ("option", option)])
        }
        H::Cycle { positions } => trf("heaps.fault.cycle", &[("positions", positions)]),
        H::NotAlike { position, swapped, heap } => trf(
            "heaps.fault.not_alike",
            &[("position", position), ("swapped", swapped), ("i", heap), ("j", &(heap + 1))],
        ),
    }
}

/// The words for which saved rules were refused.
fn saved_rules(which: crate::ui::state::SavedRules) -> &'static str {
    use crate::ui::state::SavedRules;
    match which {
        SavedRules::Current => tr("settings.rules.current"),
        SavedRules::SavedPiece => tr("settings.rules.saved"),
        SavedRules::Draft => tr("settings.rules.draft"),
    }
}

/// The banner about settings that could not be used: what, and where the
/// copy of the file is (or why none could be made).
pub fn load_warning(w: &crate::ui::app::LoadWarning) -> String {
    use crate::ui::state::{JsonCategory, LoadProblem, SavedError, SavedText};
    let what = match &w.problem {
        LoadProblem::Refused(e) => {
            let why = match e {
                SavedError::Format { category, line, column, detail } => {
                    let key = match category {
                        JsonCategory::Syntax => "settings.error.syntax",
                        JsonCategory::Data => "settings.error.data",
                        JsonCategory::Eof => "settings.error.eof",
                    };
                    trf(key, &[("line", line), ("column", column), ("detail", detail)])
                }
                SavedError::Read(os) => os_reason(os),
                SavedError::Rules { which, name, error } => {
                    let which = saved_rules(*which);
                    trf("settings.error.rules", &[("which", &which), ("name", name), ("why", &rules_error(error))])
                }
                SavedError::TooManyPieces { count, max } => {
                    trf("settings.error.pieces", &[("count", count), ("max", max)])
                }
            };
            trf("settings.unreadable", &[("error", &why)])
        }
        LoadProblem::Dropped(parts) => {
            let list: Vec<String> = parts
                .iter()
                .map(|p| {
                    let field = match p.field {
                        SavedText::Program => tr("settings.text.program"),
                        SavedText::Formula => tr("settings.text.formula"),
                        SavedText::Path => tr("settings.text.path"),
                        SavedText::Field => tr("settings.text.field"),
                        SavedText::Other => tr("settings.text.other"),
                    };
                    trf("settings.text.too_long", &[("field", &field), ("chars", &p.chars), ("max", &p.max)])
                })
                .collect();
            trf("settings.parts_dropped", &[("parts", &list.join(tr("list.separator")))])
        }
    };
    match &w.copy {
        None => what,
        Some(r) => match &r.copy {
            Ok(copy) => trf("settings.copy_kept", &[("error", &what), ("copy", &copy.display())]),
            Err(e) => trf("settings.no_copy", &[("error", &what), ("path", &r.file.display()), ("why", &os_reason(e))]),
        },
    }
}

/// Why a list of values to highlight cannot be used.
pub fn highlight_error(e: &crate::map::palette::HighlightError) -> String {
    use crate::map::palette::{HighlightError, MAX_HIGHLIGHT};
    match e {
        HighlightError::Empty => tr("map.highlight.empty").to_string(),
        HighlightError::NotAValue(item) => trf("map.highlight.not_a_value", &[("item", item), ("max", &u32::MAX)]),
        HighlightError::TooMany { count } => {
            trf("map.highlight.too_many", &[("count", count), ("max", &MAX_HIGHLIGHT)])
        }
    }
}

/// Why a rules program cannot be used or failed, in the user's language.
pub fn program_error(e: &crate::rules::ProgramError) -> String {
    use crate::rules::{MAX_PROGRAM_TEXT, MovesArity, ProgramError as E};
    match e {
        E::TooLong(n) => trf("program.error.too_long", &[("n", n), ("max", &MAX_PROGRAM_TEXT)]),
        E::Parse { fault, line, column } => {
            trf("program.error.parse", &[("what", &parse_fault(fault)), ("line", line), ("column", column)])
        }
        E::NoMoves(MovesArity::Missing) => tr("program.error.no_moves").to_string(),
        E::NoMoves(MovesArity::Parameters(n)) => trf("program.error.moves_parameters", &[("n", n)]),
        E::NoMoves(MovesArity::Several) => tr("program.error.moves_twice").to_string(),
        E::NoSplits(MovesArity::Missing) => tr("program.error.no_splits").to_string(),
        E::NoSplits(MovesArity::Parameters(n)) => trf("program.error.splits_parameters", &[("n", n)]),
        E::NoSplits(MovesArity::Several) => tr("program.error.splits_twice").to_string(),
        E::TerminalArity { moves, terminal } => {
            trf("program.error.terminal_arity", &[("moves", moves), ("terminal", terminal)])
        }
        E::Run { position, fault } => trf("program.error.at", &[("position", position), ("what", &run_fault(fault))]),
        E::Limit { position, limit } => {
            trf("program.error.at", &[("position", position), ("what", &program_limit(*limit))])
        }
        E::NotAList { position, got } => trf("program.error.not_a_list", &[("position", position), ("got", got)]),
        E::BadOption { position, option, why } => {
            trf("program.error.bad_option", &[("position", position), ("option", option), ("why", &option_fault(*why))])
        }
        E::OutsideBox { position, option, dims, dimension } => {
            let d = (*dimension).clamp(1, 3) as usize;
            let mut sides = [1; 3];
            sides[..d].copy_from_slice(&dims[..d]);
            trf(
                "program.error.outside_box",
                &[
                    ("position", &crate::rules::position_text(*position, *dimension)),
                    ("option", &crate::rules::position_text(*option, *dimension)),
                    ("size", &size_text(sides)),
                ],
            )
        }
        E::PositionArity { moves, position } => {
            trf("program.error.position_arity", &[("moves", moves), ("position", position)])
        }
        E::AlikeArity(n) => trf("program.error.alike_arity", &[("n", n)]),
        E::ManyCoordinates(n) => trf("program.error.many_coordinates", &[("n", n)]),
        E::NotAPosition { position } => {
            trf("program.error.no_position", &[("position", &crate::rules::point_text(position))])
        }
        E::OptionNotAPosition { position, option } => trf(
            "program.error.not_a_position",
            &[("position", &crate::rules::point_text(position)), ("option", &crate::rules::point_text(option))],
        ),
        E::Budget { millis } => trf("program.error.budget", &[("s", &(*millis as f64 / 1000.0))]),
        E::Cancelled => tr("map.engine.cancelled").to_string(),
        E::Cycle { positions, dimension } => {
            trf("program.error.cycle", &[("cycle", &crate::rules::cycle_text(positions, *dimension))])
        }
    }
}

fn parse_fault(f: &crate::rules::ParseFault) -> String {
    use crate::rules::ParseFault as F;
    match f {
        F::MissingToken(t) => trf("program.parse.missing", &[("token", t)]),
        F::UnexpectedEnd => tr("program.parse.end").to_string(),
        F::UndefinedVariable(v) => trf("program.parse.undefined", &[("name", v)]),
        F::UnexpectedInput(w) => trf("program.parse.unexpected", &[("what", w)]),
        F::TooDeep => tr("program.parse.too_deep").to_string(),
        F::DuplicateFunction(n) => trf("program.parse.duplicate", &[("name", n)]),
        F::Other(m) => trf("program.parse.other", &[("detail", m)]),
    }
}

fn run_fault(f: &crate::rules::RunFault) -> String {
    use crate::rules::RunFault as F;
    match f {
        F::PositionTooLarge => tr("program.run.too_large").to_string(),
        F::TerminalNotBool(got) => trf("program.run.terminal", &[("got", got)]),
        F::AlikeNotBool(got) => trf("program.run.alike", &[("got", got)]),
        F::PositionNotBool(got) => trf("program.run.position", &[("got", got)]),
        F::UndefinedVariable(v) => trf("program.run.variable", &[("name", v)]),
        F::UndefinedFunction(s) => trf("program.run.function", &[("name", s)]),
        F::IndexOutOfRange { index, len } => trf("program.run.index", &[("index", index), ("len", len)]),
        F::TypeMismatch { expected, got } => trf("program.run.type", &[("expected", expected), ("got", got)]),
        F::DivisionByZero(e) => trf("program.run.division", &[("expression", e)]),
        F::Overflow(e) => trf("program.run.overflow", &[("expression", e)]),
        F::Arithmetic(m) => trf("program.run.arithmetic", &[("detail", m)]),
        F::Other(m) => trf("program.run.other", &[("detail", m)]),
    }
}

fn program_limit(l: crate::rules::ProgramLimit) -> String {
    use crate::rules::ProgramLimit as L;
    use crate::script::MAX_STRING;
    match l {
        L::Operations { max } => trf("program.limit.operations", &[("max", &max)]),
        L::TimePerPosition { millis } => trf("program.limit.time", &[("s", &(f64::from(millis) / 1000.0))]),
        L::ArraySize { max, options } => trf("program.limit.array", &[("max", &max), ("options", &options)]),
        L::Options { max, listed } => trf("program.limit.options", &[("max", &max), ("listed", &listed)]),
        L::StringLength => trf("program.limit.string", &[("max", &MAX_STRING)]),
        L::MapSize => tr("program.limit.map").to_string(),
        L::CallDepth => tr("program.limit.depth").to_string(),
    }
}

fn option_fault(f: crate::rules::OptionFault) -> String {
    use crate::rules::OptionFault as F;
    match f {
        F::NotAPosition => tr("program.option.not_a_position").to_string(),
        F::Coordinates { got, want } => trf("program.option.coordinates", &[("got", &got), ("want", &want)]),
        F::NotAnInteger => tr("program.option.not_an_integer").to_string(),
        F::Negative => tr("program.option.negative").to_string(),
        F::SumNotLowered => tr("program.option.sum").to_string(),
        F::NotASplit => tr("program.option.not_a_split").to_string(),
        F::EmptyPart => tr("program.option.empty_part").to_string(),
        F::PartTooLarge { part, heap } => trf("program.option.part_too_large", &[("part", &part), ("heap", &heap)]),
        F::TooManyStones { sum, heap } => trf("program.option.too_many_stones", &[("sum", &sum), ("heap", &heap)]),
    }
}

/// Why a move of a heap game was refused, in the user's language.
pub fn heap_move_error(e: &crate::play::HeapMoveError) -> String {
    use crate::play::HeapMoveError;
    match e {
        HeapMoveError::GameOver => tr("heaps.error.over").to_string(),
        HeapMoveError::NotLegal => tr("heaps.error.not_legal").to_string(),
        HeapMoveError::NotYourTurn => tr("heaps.error.not_your_turn").to_string(),
        HeapMoveError::Program(p) => trf("heaps.program_failed", &[("error", &program_error(p))]),
    }
}

/// `9000 × 9000` or `64 × 64 × 64` (the sign of the sizes in both languages).
pub fn size_text([w, h, d]: [usize; 3]) -> String {
    if d > 1 { format!("{w} × {h} × {d}") } else { format!("{w} × {h}") }
}

/// The sides of a box of any number of coordinates: `4 × 4 × 4 × 5`.
fn sides_text(sides: &[usize]) -> String {
    sides.iter().map(|n| n.to_string()).collect::<Vec<_>>().join(" × ")
}

/// `(1, 2)`, or `(1, 2, 3)` when the third coordinate is not 0.
fn cell_text(c: &[u32; 3]) -> String {
    if c[2] == 0 { format!("({}, {})", c[0], c[1]) } else { format!("({}, {}, {})", c[0], c[1], c[2]) }
}

/// An offset of any number of coordinates, as [`cell_text`] writes three.
fn offset_text(o: &crate::rules::Offset) -> String {
    let c = o.steps();
    let last = c.iter().rposition(|&v| v != 0).unwrap_or(0).max(1);
    let parts: Vec<String> = c[..=last].iter().map(|v| v.to_string()).collect();
    format!("({})", parts.join(", "))
}

/// Why rules cannot be used, in the user's language (a fragment in plain
/// form, for a sentence around it).
pub fn rules_error(e: &crate::rules::RulesError) -> String {
    use crate::rules::{
        MAX_DESCRIPTION, MAX_NAME, MAX_OFFSET, MAX_OFFSETS, MAX_TERMINAL_CELLS, MAX_TERMINAL_COORD, OffsetKind,
        RulesError,
    };
    let kind = |k: &OffsetKind| match k {
        OffsetKind::Slide => tr("map.rules_error.slides"),
        OffsetKind::Jump => tr("map.rules_error.jumps"),
    };
    match e {
        RulesError::ZeroOffset(k) => trf("map.rules_error.zero_offset", &[("kind", &kind(k))]),
        RulesError::OffsetTooLarge(k, o) => trf(
            "map.rules_error.offset_too_large",
            &[("kind", &kind(k)), ("offset", &offset_text(o)), ("max", &MAX_OFFSET)],
        ),
        RulesError::TooManyOffsets(n) => trf("map.rules_error.too_many_offsets", &[("n", n), ("max", &MAX_OFFSETS)]),
        RulesError::TooManyTerminalCells(n) => {
            trf("map.rules_error.too_many_terminal_cells", &[("n", n), ("max", &MAX_TERMINAL_CELLS)])
        }
        RulesError::TerminalTooFar(c) => {
            trf("map.rules_error.terminal_too_far", &[("cell", &cell_text(c)), ("max", &MAX_TERMINAL_COORD)])
        }
        RulesError::BadDimension(n) => trf("map.rules_error.bad_dimension", &[("n", n)]),
        RulesError::TerminalOfManyHeaps(n) => trf("map.rules_error.terminal_of_many_heaps", &[("n", n)]),
        RulesError::OffsetOutsideDimension(k, o, n) => {
            trf("map.rules_error.outside_dimension", &[("what", &kind(k)), ("cell", &offset_text(o)), ("n", n)])
        }
        RulesError::TerminalOutsideDimension(c, n) => trf(
            "map.rules_error.outside_dimension",
            &[("what", &tr("map.rules_error.terminal")), ("cell", &cell_text(c)), ("n", n)],
        ),
        RulesError::ProgramAndPiece => tr("map.rules_error.program_and_piece").to_string(),
        RulesError::BreaksAndMore => tr("tb.breaks_and_more").to_string(),
        RulesError::Breaks(e) => super::takebreak_texts::takebreak_error(e),
        RulesError::ProgramDimension { program, rules } => {
            trf("map.rules_error.program_dimension", &[("program", program), ("rules", rules)])
        }
        RulesError::Limit { setting: crate::rules::LimitSetting::Options, value } => {
            trf("map.rules_error.options_setting", &[("value", value), ("max", &crate::rules::MAX_OPTIONS_CEILING)])
        }
        RulesError::Limit { setting: crate::rules::LimitSetting::Time, value } => trf(
            "map.rules_error.time_setting",
            &[("value", &(f64::from(*value) / 1000.0)), ("max", &(crate::rules::MAX_MILLIS_PER_POSITION / 1000))],
        ),
        RulesError::TooManyPasses(n) => {
            trf("map.rules_error.too_many_passes", &[("n", n), ("max", &crate::rules::MAX_PASSES)])
        }
        RulesError::NameTooLong(n) => trf("map.rules_error.name_too_long", &[("n", n), ("max", &MAX_NAME)]),
        RulesError::DescriptionTooLong(n) => {
            trf("map.rules_error.description_too_long", &[("n", n), ("max", &MAX_DESCRIPTION)])
        }
        RulesError::ControlCharacter { field, ch } => trf(
            match field {
                crate::rules::TextField::Name => "map.rules_error.control_in_name",
                crate::rules::TextField::Description => "map.rules_error.control_in_description",
            },
            &[("code", &format!("U+{:04X}", *ch as u32))],
        ),
    }
}

/// Why a picture or design could not be written, without the file name.
pub fn draw_reason(e: &crate::draw::DrawError) -> String {
    use crate::draw::DrawError;
    match e {
        DrawError::Io { os, .. } => os_reason(os),
        DrawError::Extension { .. } => tr("io.extension").to_string(),
        DrawError::PixelSize { px } => {
            trf("draw.error.pixel_size", &[("px", px), ("max", &crate::draw::png::MAX_SIDE_PX)])
        }
        DrawError::SceneSize { width, height } => trf("draw.error.scene_size", &[("w", width), ("h", height)]),
        DrawError::Memory(m) => memory_error(m),
        DrawError::Allocate { width, height } => trf("draw.error.allocate", &[("w", width), ("h", height)]),
        DrawError::Encode(detail) => trf("draw.error.encode", &[("detail", detail)]),
    }
}

/// The library's own English words when the user reads English (they say
/// exactly what is wrong), else `translated`: for errors whose details the
/// library only has as English text (a rhai message, a rules file's
/// problem).
pub fn english_detail_or(detail: &str, translated: &str) -> String {
    match language() {
        Language::English => detail.to_string(),
        _ => translated.to_string(),
    }
}

/// Why a game of `g_of` cannot be used, in the user's language.
pub fn other_game_error(e: &crate::conjecture::OtherGameError) -> String {
    use crate::conjecture::OtherGameError;
    let translated = match e {
        OtherGameError::Engine { spec, error } => {
            trf("bench.other_game", &[("spec", spec), ("error", &engine_error(error))])
        }
        OtherGameError::Spec { spec, .. } | OtherGameError::TakeBreak { spec } => {
            trf("bench.other_game", &[("spec", spec), ("error", &tr("bench.other_game.unknown"))])
        }
        OtherGameError::Dimension { spec, game, table } => trf(
            "bench.other_game",
            &[("spec", spec), ("error", &trf("bench.other_game.dimension", &[("game", game), ("table", table)]))],
        ),
    };
    english_detail_or(&e.to_string(), &translated)
}

/// What went wrong with a formula, without where: in English the
/// library's words, in Japanese the kind of failure.
pub fn formula_error_what(e: &crate::conjecture::FormulaError) -> String {
    use crate::conjecture::ErrorKind;
    let kind = match e.kind {
        ErrorKind::Parse => tr("formula.error.parse"),
        ErrorKind::Runtime => tr("formula.error.runtime"),
        ErrorKind::Limit => tr("formula.error.limit"),
        ErrorKind::WrongType => tr("formula.error.wrong_type"),
        ErrorKind::TooLarge => tr("formula.error.too_large"),
        ErrorKind::Incomplete => tr("formula.error.incomplete"),
        ErrorKind::Cancelled => tr("formula.error.cancelled"),
    };
    english_detail_or(&e.message, kind)
}

/// A formula error in the user's language, with the cell and the place in
/// the text where it happened (in English the same as its `Display`).
pub fn formula_error(e: &crate::conjecture::FormulaError) -> String {
    let mut text = formula_error_what(e);
    if let Some((x, y)) = e.cell {
        text = trf("formula.error.cell", &[("x", &x), ("y", &y), ("error", &text)]);
    }
    if let Some((line, col)) = e.position {
        text = trf("formula.error.line", &[("error", &text), ("line", &line), ("col", &col)]);
    }
    text
}

/// Why a rules file could not be read, and where, in the user's language
/// (a fragment). The JSON reader's words stay in English; Japanese says
/// the line and column instead.
pub fn rules_file_error(e: &crate::rules::RulesFileError) -> String {
    use crate::rules::{
        MAX_OFFSETS, MAX_TERMINAL_CELLS, RULES_FILE_FORMAT as FORMAT, RULES_FILE_VERSION as VERSION, RulesFileError,
    };
    match e {
        RulesFileError::NotJson { line, column, .. } => {
            english_detail_or(&e.to_string(), &trf("rules.file_error.not_json", &[("line", line), ("column", column)]))
        }
        RulesFileError::Shape { line, column, .. } => {
            english_detail_or(&e.to_string(), &trf("rules.file_error.shape", &[("line", line), ("column", column)]))
        }
        RulesFileError::Format { found } => trf("rules.file_error.format", &[("found", found), ("expected", &FORMAT)]),
        RulesFileError::Version { found } => trf("rules.file_error.version", &[("found", found), ("ours", &VERSION)]),
        RulesFileError::NeedsVersion2 => tr("rules.file_error.needs_version_2").to_string(),
        RulesFileError::NeedsVersion3 => tr("rules.file_error.needs_version_3").to_string(),
        RulesFileError::NeedsVersion4 => tr("rules.file_error.needs_version_4").to_string(),
        RulesFileError::NeedsVersion5 => tr("rules.file_error.needs_version_5").to_string(),
        RulesFileError::Dimension { found } => trf("rules.file_error.dimension", &[("found", found)]),
        RulesFileError::TooManyOffsets { count } => {
            trf("rules.file_error.too_many_offsets", &[("count", count), ("max", &MAX_OFFSETS)])
        }
        RulesFileError::TooManyTerminalCells { count } => {
            trf("rules.file_error.too_many_terminal_cells", &[("count", count), ("max", &MAX_TERMINAL_CELLS)])
        }
        RulesFileError::Arity { list, index, numbers, dimension } => trf(
            "rules.file_error.arity",
            &[("field", &list.field()), ("index", index), ("numbers", numbers), ("dimension", dimension)],
        ),
        RulesFileError::Program(p) => trf("rules.file_error.program", &[("error", &program_error(p))]),
        RulesFileError::Invalid { error, entry: None } => rules_error(error),
        RulesFileError::Invalid { error, entry: Some(at) } => trf(
            "rules.file_error.entry",
            &[("field", &at.list.field()), ("index", &at.index), ("error", &rules_error(error))],
        ),
    }
}

/// Why a job gave no result, in the user's language: the work's error
/// worded by `work`, or an internal error (a panic, with its message).
pub fn job_error<E>(e: &crate::jobs::JobError<E>, work: impl FnOnce(&E) -> String) -> String {
    match e {
        crate::jobs::JobError::Work(w) => work(w),
        crate::jobs::JobError::Panicked(m) => trf("job.internal_error", &[("error", m)]),
    }
}

/// Set the language of this thread's user interface.
pub fn set_language(language: Language) {
    CURRENT.with(|c| c.set(language));
}

/// The language of this thread's user interface.
pub fn language() -> Language {
    CURRENT.with(|c| c.get())
}

/// `text()` worded in each language (for recognising a text that was
/// written in another language than the current one); the current
/// language is kept.
pub fn in_each_language<T>(text: impl Fn() -> T) -> Vec<T> {
    let current = language();
    let all = Language::ALL
        .iter()
        .map(|&l| {
            set_language(l);
            text()
        })
        .collect();
    set_language(current);
    all
}

impl Language {
    /// The locale name of this language in `locales/app.yml`.
    pub fn locale(self) -> &'static str {
        match self {
            Language::English => "en",
            Language::Japanese => "ja",
        }
    }
}

/// The text for `key` in `language`, if `locales/app.yml` has it.
fn lookup(language: Language, key: &str) -> Option<&'static str> {
    match _rust_i18n_try_translate(language.locale(), key)? {
        std::borrow::Cow::Borrowed(text) => Some(text),
        // The compiled-in texts are borrowed; keep any other text for the
        // rest of the run (there are a few hundred keys at most).
        std::borrow::Cow::Owned(text) => Some(Box::leak(text.into_boxed_str())),
    }
}

/// [`tr`] for a key known only at run time (a job's label).
pub fn tr_key(key: &str) -> &str {
    lookup(language(), key).unwrap_or(key)
}

/// The text for `key` in the current language (the key itself when the
/// file has no such text, so a missing text shows up rather than crashing).
pub fn tr(key: &'static str) -> &'static str {
    lookup(language(), key).unwrap_or(key)
}

/// The text for `key` with each `{name}` replaced by its value.
pub fn trf(key: &'static str, args: &[(&str, &dyn std::fmt::Display)]) -> String {
    let mut s = tr(key).to_string();
    for (name, value) in args {
        s = s.replace(&format!("{{{name}}}"), &value.to_string());
    }
    s
}

/// A text that counts: [`trf`] of `one` when `n` is 1 and of `many`
/// otherwise, with `n` in `{n}` (English says "1 heap", "2 heaps"; the
/// Japanese texts of the two keys may be the same).
pub fn trn(one: &'static str, many: &'static str, n: u64, args: &[(&str, &dyn std::fmt::Display)]) -> String {
    let mut all: Vec<(&str, &dyn std::fmt::Display)> = vec![("n", &n)];
    all.extend_from_slice(args);
    trf(if n == 1 { one } else { many }, &all)
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::collections::{HashMap, HashSet};

    /// Every text of a language: key -> text.
    fn messages(language: Language) -> HashMap<String, String> {
        _rust_i18n_backend()
            .messages_for_locale(language.locale())
            .expect("the language is in locales/app.yml")
            .into_iter()
            .map(|(k, v)| (k.into_owned(), v.into_owned()))
            .collect()
    }

    #[test]
    fn every_key_has_both_languages_with_the_same_placeholders() {
        let (en, ja) = (messages(Language::English), messages(Language::Japanese));
        assert!(en.len() > 400, "only {} English texts", en.len());
        let holes = |s: &str| {
            let mut v: Vec<String> =
                s.split('{').skip(1).filter_map(|p| p.split_once('}').map(|(a, _)| a.to_string())).collect();
            v.sort();
            v
        };
        for (k, e) in &en {
            let j = ja.get(k).unwrap_or_else(|| panic!("no Japanese text for {k}"));
            assert!(!e.trim().is_empty() && !j.trim().is_empty(), "empty text for {k}");
            assert_eq!(holes(e), holes(j), "placeholders differ for {k}");
        }
        for k in ja.keys() {
            assert!(en.contains_key(k), "no English text for {k}");
        }
    }

    #[test]
    fn the_texts_file_has_no_key_twice() {
        // A key written twice would silently keep only one of its texts.
        let file = include_str!("../../locales/app.yml");
        let mut seen = HashSet::new();
        for line in file.lines().filter(|l| l.starts_with('"') && l.ends_with(':')) {
            assert!(seen.insert(line), "{line} appears twice in locales/app.yml");
        }
        assert_eq!(seen.len(), messages(Language::English).len());
    }

    #[test]
    fn every_key_used_in_the_ui_exists() {
        let mut missing = Vec::new();
        for (path, text) in ui_sources() {
            for pat in ["tr(\"", "trf(\"", "trn(\""] {
                for (i, _) in text.match_indices(pat) {
                    // `tr(` itself, not the end of `push_str(`.
                    let before = text[..i].chars().next_back();
                    if before.is_some_and(|c| c.is_alphanumeric() || c == '_') {
                        continue;
                    }
                    let key = text[i + pat.len()..].split('"').next().unwrap_or_default();
                    if lookup(Language::English, key).is_none() {
                        missing.push(format!("{}: {key}", path.display()));
                    }
                }
            }
        }
        assert!(missing.is_empty(), "keys without a translation:\n{}", missing.join("\n"));
    }

    /// The UI's source files (`src/ui` but this one) and their text.
    fn ui_sources() -> Vec<(std::path::PathBuf, String)> {
        let mut out = Vec::new();
        let mut stack = vec![std::path::PathBuf::from(concat!(env!("CARGO_MANIFEST_DIR"), "/src/ui"))];
        while let Some(dir) = stack.pop() {
            for entry in std::fs::read_dir(dir).unwrap() {
                let path = entry.unwrap().path();
                if path.is_dir() {
                    stack.push(path);
                } else if !path.ends_with("i18n.rs") {
                    let text = std::fs::read_to_string(&path).unwrap();
                    out.push((path, text));
                }
            }
        }
        out
    }

    /// Every string literal of the UI's sources (`src/ui`, and `src/main.rs`
    /// is not UI text): the contents between double quotes, roughly.
    fn ui_string_literals() -> Vec<(std::path::PathBuf, String)> {
        let mut out = Vec::new();
        for (path, text) in ui_sources() {
            for (i, part) in text.split('"').enumerate() {
                if i % 2 == 1 {
                    out.push((path.clone(), part.to_string()));
                }
            }
        }
        out
    }

    /// Keys reach `tr` in variables too (a match that picks one, a table of
    /// keys): every literal that looks like a key of a known family must be
    /// one, so a typo cannot show a raw key; and every key is used somewhere.
    #[test]
    fn every_key_like_literal_is_a_key_and_every_key_is_used() {
        let keys: HashSet<String> = messages(Language::English).into_keys().collect();
        let families: HashSet<&str> = keys.iter().filter_map(|k| k.split('.').next()).collect();
        let looks_like_key = |s: &str| {
            let parts: Vec<&str> = s.split('.').collect();
            parts.len() >= 2
                && families.contains(parts[0])
                && parts.iter().all(|p| {
                    !p.is_empty() && p.chars().all(|c| c.is_ascii_lowercase() || c.is_ascii_digit() || c == '_')
                })
                && !["json", "ron", "png", "svg", "csv", "rhai", "bak", "txt"].contains(parts.last().unwrap_or(&""))
        };
        let literals = ui_string_literals();
        let unknown: Vec<String> = literals
            .iter()
            .filter(|(_, s)| looks_like_key(s) && !keys.contains(s.as_str()))
            .map(|(p, s)| format!("{}: {s}", p.display()))
            .collect();
        assert!(unknown.is_empty(), "literals that look like keys but are none:\n{}", unknown.join("\n"));
        let used: HashSet<&str> = literals.iter().map(|(_, s)| s.as_str()).collect();
        let i18n_rs = include_str!("i18n.rs");
        let mut unused: Vec<&String> =
            keys.iter().filter(|k| !used.contains(k.as_str()) && !i18n_rs.contains(&format!("\"{k}\""))).collect();
        unused.sort();
        assert!(unused.is_empty(), "keys no code uses: {unused:?}");
    }

    /// The `REJECTED => PREFERRED` lines of the "Rejected variants" block
    /// of `docs/glossary.md`.
    fn rejected_variants() -> Vec<(&'static str, &'static str)> {
        let glossary = include_str!("../../docs/glossary.md");
        let section = glossary.split("\n## Rejected variants").nth(1).expect("a Rejected variants section");
        let block = section.split("```text\n").nth(1).and_then(|b| b.split("```").next()).expect("a ```text block");
        block
            .lines()
            .filter(|l| !l.trim().is_empty())
            .map(|l| l.split_once(" => ").unwrap_or_else(|| panic!("not a REJECTED => PREFERRED line: {l}")))
            .collect()
    }

    /// Whether `text` uses the variant `rejected` of `preferred`, with the
    /// two conventions of the glossary: `^…$` is a whole text, and an
    /// occurrence inside an occurrence of the preferred term does not count.
    fn uses_rejected(text: &str, rejected: &str, preferred: &str) -> bool {
        match rejected.strip_prefix('^').and_then(|r| r.strip_suffix('$')) {
            Some(whole) => text == whole,
            None => text.replace(preferred, "\u{0}").contains(rejected),
        }
    }

    #[test]
    fn the_glossary_rules_are_read_as_documented() {
        let rules = rejected_variants();
        assert!(rules.len() > 50, "only {} rules read from docs/glossary.md", rules.len());
        assert!(rules.contains(&("フォルダ", "フォルダー")) && rules.contains(&("^戻す$", "元に戻す")));
        assert!(!uses_rejected("ファイルまたはフォルダーがありません", "フォルダ", "フォルダー"));
        assert!(uses_rejected("フォルダがあり、フォルダーに", "フォルダ", "フォルダー"));
        assert!(!uses_rejected("P局面に戻す手", "^戻す$", "元に戻す"));
        assert!(uses_rejected("戻す", "^戻す$", "元に戻す"));
        assert!(!uses_rejected("元に戻す", "^戻す$", "元に戻す"));
    }

    #[test]
    fn japanese_texts_use_the_glossary_terms() {
        let rules = rejected_variants();
        let mut bad: Vec<String> = messages(Language::Japanese)
            .into_iter()
            .flat_map(|(key, text)| {
                rules
                    .iter()
                    .filter(|(r, p)| uses_rejected(&text, r, p))
                    .map(|(r, p)| format!("{key}: {r} => {p} in 「{text}」"))
                    .collect::<Vec<_>>()
            })
            .collect();
        bad.sort();
        assert!(bad.is_empty(), "Japanese texts use variants docs/glossary.md rejects:\n{}", bad.join("\n"));
    }

    /// Hiragana, katakana (except the middle dot ・) and kanji.
    fn is_japanese(c: char) -> bool {
        matches!(c, '\u{3040}'..='\u{309F}' | '\u{30A0}'..='\u{30FA}' | '\u{30FC}'..='\u{30FF}' | '\u{4E00}'..='\u{9FFF}' | '々')
    }

    /// What breaks the typography rules of `docs/glossary.md` in a Japanese text.
    fn typography_faults(text: &str) -> Vec<&'static str> {
        let c: Vec<char> = text.chars().collect();
        let at = |i: usize| c.get(i).copied().unwrap_or(' ');
        let before = |i: usize| if i == 0 { ' ' } else { c[i - 1] };
        // The nearest character that is not a space, either side of `i`.
        let left = |i: usize| c[..i].iter().rev().find(|&&x| x != ' ').copied().unwrap_or(' ');
        let right = |i: usize| c[i + 1..].iter().find(|&&x| x != ' ').copied().unwrap_or(' ');
        // The letter x in a size: 8x8, 8 x 8, {w} x {h}, 4 x n.
        let size_x = |i: usize| {
            let spaced = before(i) == ' ' && at(i + 1) == ' ';
            let (l, r) = if spaced { (i.checked_sub(2), i + 2) } else { (i.checked_sub(1), i + 1) };
            let number_left = l.is_some_and(|l| c[l].is_ascii_digit() || c[l] == '}');
            let number_right = at(r).is_ascii_digit()
                || at(r) == '{'
                || (at(r).is_ascii_alphabetic() && !at(r + 1).is_ascii_alphanumeric());
            number_left && number_right
        };
        let mut faults = Vec::new();
        let mut fault = |f| {
            if !faults.contains(&f) {
                faults.push(f)
            }
        };
        if text.contains("P 局面") || text.contains("N 局面") {
            fault("P局面/N局面 without a space");
        }
        for (i, &ch) in c.iter().enumerate() {
            match ch {
                '"' | '\'' => fault("「」, not ASCII quotes"),
                '!' => fault("full-width ！, not !"),
                '（' | '）' => fault("half-width ( ), not （ ）"),
                '(' if is_japanese(before(i)) => fault("a space between Japanese text and ("),
                ')' if is_japanese(at(i + 1)) => fault("a space between ) and Japanese text"),
                '}' if is_japanese(at(i + 1)) && !('\u{3040}'..='\u{309F}').contains(&at(i + 1)) => {
                    fault("a space between a placeholder and its unit")
                }
                '×' if before(i) != ' ' || at(i + 1) != ' ' => fault("a space on each side of ×"),
                '·' if is_japanese(left(i)) || is_japanese(right(i)) => fault("the separator ・, not ·"),
                'x' if size_x(i) => fault("× in a size, not x"),
                _ => {}
            }
        }
        faults
    }

    #[test]
    fn the_typography_check_finds_what_it_should() {
        assert!(typography_faults("({x}, {y}) は P 局面").contains(&"P局面/N局面 without a space"));
        assert!(typography_faults("\"{text}\" は").contains(&"「」, not ASCII quotes"));
        assert!(typography_faults("完成! すべて").contains(&"full-width ！, not !"));
        assert!(typography_faults("循環(大きな値)").contains(&"a space between Japanese text and ("));
        assert!(typography_faults("P局面 (g = 0)を囲む").contains(&"a space between ) and Japanese text"));
        assert!(typography_faults("{n}マス中").contains(&"a space between a placeholder and its unit"));
        assert!(typography_faults("{w}×{h} の盤").contains(&"a space on each side of ×"));
        assert!(typography_faults("移動 · ホイール").contains(&"the separator ・, not ·"));
        for size in ["盤が {w} x {h} です", "チェス盤 8x8", "(4 x n の盤", "8 x 8 の盤"] {
            assert!(typography_faults(size).contains(&"× in a size, not x"), "{size}");
        }
        for fine in [
            "{winner}の勝ち！最後の手を指しました。",
            "「{name}・ミゼール」",
            "mod(x+y, p) + p · (⌊x/p⌋ XOR ⌊y/p⌋)、パラメータ p の龍王",
            "終了マス x + y ≤ 2 のクイーン",
            "{n} × {n} で確かめる",
            "中国では「石拾い」(jian shizi) として",
            "g(x, y) の式",
            "{v} ≥ {pre} で g({v} + {period}) = g({v})",
            "(x, y) へ移動",
            "⌊n·φ⌋、φ = (1 + √5) / 2",
            "{region}のマス",
        ] {
            assert!(typography_faults(fine).is_empty(), "{fine}: {:?}", typography_faults(fine));
        }
    }

    #[test]
    fn japanese_texts_follow_the_typography_rules() {
        let mut bad: Vec<String> = messages(Language::Japanese)
            .into_iter()
            .filter_map(|(key, text)| {
                let faults = typography_faults(&text);
                (!faults.is_empty()).then(|| format!("{key}: {} in 「{text}」", faults.join("; ")))
            })
            .collect();
        bad.sort();
        assert!(bad.is_empty(), "Japanese texts break the typography of docs/glossary.md:\n{}", bad.join("\n"));
    }

    #[test]
    fn the_bundled_font_draws_every_japanese_character() {
        // egui's own fonts have no Japanese; a character missing from the
        // bundled face would be drawn as a box (and make kittest panic).
        use ab_glyph::Font;
        let font = crate::draw::font::font().expect("the bundled font");
        let mut missing: Vec<String> = messages(Language::Japanese)
            .into_iter()
            .flat_map(|(key, text)| {
                text.chars()
                    .filter(|&c| {
                        is_japanese(c) || matches!(c, '\u{3000}'..='\u{303F}' | '\u{FF00}'..='\u{FFEF}' | '・' | '×')
                    })
                    .filter(|&c| font.glyph_id(c).0 == 0)
                    .map(|c| format!("{c} in {key}"))
                    .collect::<Vec<_>>()
            })
            .collect();
        missing.sort();
        assert!(missing.is_empty(), "characters without a glyph:\n{}", missing.join("\n"));
    }

    #[test]
    fn file_errors_are_said_in_the_users_language() {
        let missing = std::fs::read("/no/such/dir/x.json").unwrap_err();
        let full =
            crate::fsutil::OsError { kind: std::io::ErrorKind::StorageFull, message: "No space".into(), refusal: None };
        let odd = crate::fsutil::OsError { kind: std::io::ErrorKind::Other, message: "strange".into(), refusal: None };
        let unwritable =
            crate::fsutil::atomic_write(std::path::Path::new("/no/such/dir/x.json"), |_| Ok(())).unwrap_err();
        set_language(Language::Japanese);
        assert_eq!(io_reason(&missing), "ファイルまたはフォルダーがありません");
        assert_eq!(os_reason(&full), "ディスクがいっぱいです");
        #[cfg(unix)]
        {
            // A device: refused by Grundy Lab, said in Japanese too.
            let device = crate::fsutil::atomic_write(std::path::Path::new("/dev/full"), |_| Ok(())).unwrap_err();
            assert!(file_error(&device).contains("通常のファイルではありません"), "{}", file_error(&device));
            let fifo = crate::fsutil::read_limited(std::path::Path::new("/dev/null"), 10).unwrap_err();
            assert_eq!(io_reason(&fifo), tr("io.not_regular"));
        }
        assert!(file_error(&unwritable).contains("に書き込めません: ファイルまたはフォルダーがありません"));
        let export = crate::map::export::ExportError::File(unwritable.clone());
        assert_eq!(export_error(&export), file_error(&unwritable));
        // Kinds without a text of their own keep the system's words.
        assert_eq!(os_reason(&odd), "strange");
        set_language(Language::English);
        assert_eq!(io_reason(&missing), "the file or folder does not exist");
        assert_eq!(file_error(&unwritable), "cannot write /no/such/dir/x.json: the file or folder does not exist");
        let draw = crate::draw::DrawError::Extension { path: "a.gif".into() };
        assert_eq!(draw_reason(&draw), "the file name must end in .png or .svg");
    }

    #[test]
    fn library_errors_are_said_in_the_users_language() {
        use crate::conjecture::{ErrorKind, Formula, FormulaError};
        use crate::grundy::EngineError;
        use crate::rules::{Offset, OffsetKind, RulesError, RulesFileError};
        let mut runtime = FormulaError::new(ErrorKind::Runtime, "Division by zero");
        runtime.cell = Some((2, 3));
        runtime.position = Some((1, 5));
        let parse = Formula::compile("x +").unwrap_err();
        let rules = [
            RulesError::ZeroOffset(OffsetKind::Jump),
            RulesError::OffsetTooLarge(OffsetKind::Slide, Offset::new(5000, 1)),
            RulesError::TooManyOffsets(30_000),
            RulesError::TooManyTerminalCells(2_000_000),
            RulesError::TerminalTooFar([1 << 21, 0, 0]),
            RulesError::BadDimension(9),
            RulesError::TerminalOfManyHeaps(4),
            RulesError::OffsetOutsideDimension(OffsetKind::Slide, Offset::new(1, 1), 1),
            RulesError::ProgramAndPiece,
            RulesError::BreaksAndMore,
            RulesError::ProgramDimension { program: 1, rules: 2 },
            RulesError::NameTooLong(300),
            RulesError::TooManyPasses(9),
            RulesError::DescriptionTooLong(20_000),
            RulesError::ControlCharacter { field: crate::rules::TextField::Name, ch: '\u{7}' },
            RulesError::ControlCharacter { field: crate::rules::TextField::Description, ch: '\u{10}' },
        ];
        let engine = [
            EngineError::TooLarge { dims: [100_000, 100_000, 1], needed: 40 << 30, limit: 8 << 30 },
            EngineError::BadSize { width: 0, height: 5, depth: 1, dimension: 2 },
            EngineError::BadSize { width: 4, height: 5, depth: 1, dimension: 1 },
            EngineError::InvalidRules(RulesError::ZeroOffset(OffsetKind::Slide)),
            EngineError::TakeAndBreak { name: "ケイルズ".into() },
            EngineError::ManyHeaps { name: "ニム".into(), dimension: 5 },
            EngineError::BadHeaps { sides: vec![4, 4, 4, 5], dimension: 4 },
            EngineError::TooLargeHeaps {
                sides: vec![1000; 4],
                positions: 1_000_000_000_000,
                sorted: false,
                needed: 4 << 40,
                limit: 8 << 30,
            },
            EngineError::Heaps(crate::grundy::heaps::HeapsFault::Cycle {
                positions: "(1, 0, 0, 0) → (0, 0, 0, 1) → (1, 0, 0, 0)".into(),
            }),
            EngineError::Cancelled,
        ];
        let file = RulesFileError::Version { found: 9 };
        let files = [
            RulesFileError::NotJson { detail: "EOF while parsing".into(), line: 3, column: 9 },
            RulesFileError::Shape { detail: "unknown field `slidez`".into(), line: 7, column: 2 },
            RulesFileError::TooManyOffsets { count: 30_000 },
            RulesFileError::TooManyTerminalCells { count: 2_000_000 },
            RulesFileError::Invalid { error: RulesError::ZeroOffset(OffsetKind::Jump), entry: None },
        ];
        let panicked: crate::jobs::JobError<EngineError> = crate::jobs::JobError::Panicked("oops".into());

        set_language(Language::Japanese);
        let mut texts = vec![formula_error(&runtime), formula_error(&parse), rules_file_error(&file)];
        texts.extend(rules.iter().map(rules_error));
        texts.extend(files.iter().map(rules_file_error));
        texts.extend(engine.iter().map(engine_error));
        for t in &texts {
            // Only names and units stay in Latin letters.
            // A command to type stays as it is typed.
            let words = t.replace("grundy-lab ppos --rules", "").replace("--size", "");
            let words = words
                .replace("Grundy Lab", "")
                .replace(" GB", "")
                .replace(" TB", "")
                .replace(" PB", "")
                .replace(" EB", "")
                .replace("U+", "")
                .replace("JSON", "");
            assert!(!words.chars().any(|c| c.is_ascii_alphabetic()), "English: {t}");
            assert!(typography_faults(t).is_empty(), "{t}: {:?}", typography_faults(t));
        }
        assert_eq!(
            formula_error(&runtime),
            "(2, 3) のマス: 式を計算できません (0 での割り算、型の不一致、関数の範囲外など) (1 行 5 文字目)"
        );
        assert!(
            engine_error(&engine[0]).starts_with("100000 × 100000 の表には 42.9 GB"),
            "{}",
            engine_error(&engine[0])
        );
        assert!(job_error(&panicked, engine_error).starts_with("内部エラー: "));

        set_language(Language::English);
        // English keeps the library's words where they are more precise.
        assert_eq!(formula_error(&runtime), runtime.to_string());
        assert_eq!(formula_error(&parse), parse.to_string());
        assert_eq!(rules_file_error(&file), "it is a version 9 file; this version of Grundy Lab reads versions 1 to 5");
        // The JSON reader's words in English.
        assert_eq!(rules_file_error(&files[1]), files[1].to_string());
        assert_eq!(
            engine_error(&engine[3]),
            "These rules cannot be computed: the slides hold (0, 0), which does not move the piece."
        );
        assert!(engine_error(&engine[1]).starts_with("0 × 5 is not a size"));
        assert!(engine_error(&engine[2]).contains("a game of 1 coordinates"), "{}", engine_error(&engine[2]));
    }

    #[test]
    fn knight_picture_and_export_errors_are_said_in_the_users_language() {
        use crate::draw::DrawError;
        use crate::grundy::{Allocation, LimitSource, MemoryError};
        use crate::knight::{BoardError, LeaperError, Pos, StyleError, StyleNumber, TourError};
        use crate::map::export::ExportError;
        let memory = |source| MemoryError {
            what: Allocation::Picture { width: 30_000, height: 20_000 },
            needed: 4 << 30,
            limit: 1 << 30,
            source,
        };
        let bench = MemoryError { what: Allocation::Benchmark { side: 65_536 }, ..memory(LimitSource::Fallback) };
        let errors = || {
            let mut texts = vec![
                board_error(&BoardError::Size { width: 0, height: 300 }),
                board_error(&BoardError::CellCount { width: 2, height: 2, cells: 3 }),
                board_error(&BoardError::RowLength { row: 1, cells: 1, width: 2 }),
                board_error(&BoardError::BadCell { x: 3, y: 0, ch: '#' }),
                leaper_error(&LeaperError::NeverMoves),
                leaper_error(&LeaperError::TooFar { a: 1, b: 40 }),
                tour_error(&TourError::StartNotInRegion { start: Pos::new(9, 0) }),
                draw_reason(&DrawError::PixelSize { px: 0 }),
                draw_reason(&DrawError::SceneSize { width: 0.0, height: 3.0 }),
                draw_reason(&DrawError::Allocate { width: 9000, height: 9000 }),
                draw_reason(&DrawError::Memory(memory(LimitSource::System))),
                memory_error(&memory(LimitSource::Environment)),
                memory_error(&bench),
                export_error(&ExportError::Cancelled),
                export_error(&ExportError::Empty),
                export_error(&ExportError::TooLarge { width: 40_000, height: 10 }),
                export_error(&ExportError::Pyramid { needed: 3 << 30, limit: 1 << 30 }),
                export_error(&ExportError::Picture(DrawError::PixelSize { px: 0 })),
            ];
            texts.extend(StyleNumber::ALL.map(|number| style_error(&StyleError { number, value: 25.0 })));
            texts
        };
        set_language(Language::Japanese);
        for t in errors() {
            // Only the board's letters, the leaper's fields a and b, units
            // and the variable's name stay in Latin letters.
            let words = t
                .replace("「A」", "")
                .replace("a か b", "")
                .replace("「B」", "")
                .replace(crate::grundy::LIMIT_VARIABLE, "");
            let words = words.replace(" GB", "").replace(" MB", "").replace("P局面", "");
            assert!(!words.chars().any(|c| c.is_ascii_alphabetic()), "English: {t}");
            assert!(typography_faults(&t).is_empty(), "{t}: {:?}", typography_faults(&t));
        }
        assert_eq!(
            tour_error(&TourError::StartNotInRegion { start: Pos::new(9, 0) }),
            "出発マス (9, 0) がこの領域のマスではない"
        );
        set_language(Language::English);
        let english = errors();
        assert_eq!(english[4], "a (0,0)-leaper never moves; make a or b more than 0");
        assert!(english[12].starts_with("the benchmark at 65536 × 65536 needs 4.3 GB"), "{}", english[12]);
    }

    #[test]
    fn a_cycle_and_the_limits_are_worded_in_both_languages() {
        use crate::rules::{ProgramError, ProgramLimit};
        let cycle = ProgramError::Cycle { positions: vec![[1, 0, 0], [0, 1, 0], [1, 0, 0]], dimension: 2 };
        let options =
            ProgramError::Limit { position: "(11)".into(), limit: ProgramLimit::Options { max: 10, listed: 11 } };
        set_language(Language::Japanese);
        assert_eq!(
            program_error(&cycle),
            "このゲームは終わりません。手が (1, 0) → (0, 1) → (1, 0) と一巡します (ゲームは有限でなければなりません)"
        );
        assert!(program_error(&options).contains("設定「1 局面の手の数」の 10 個"), "{}", program_error(&options));
        set_language(Language::English);
        assert!(program_error(&cycle).contains("go round the cycle (1, 0) → (0, 1) → (1, 0)"));
        assert!(program_error(&options).contains("options per position"));
        // A long cycle is cut in the middle, its last position kept.
        let long: Vec<[u64; 3]> = (0..40).map(|i| [i % 20, 0, 0]).collect();
        let text = crate::rules::cycle_text(&long, 1);
        assert_eq!(text.matches(" → ").count(), 13, "{text}");
        assert!(text.contains("…") && text.ends_with("(19)"), "{text}");
    }

    #[test]
    fn language_from_locale_and_placeholders() {
        assert_eq!(Language::from_locale("ja_JP.UTF-8"), Language::Japanese);
        assert_eq!(Language::from_locale("en_GB.UTF-8"), Language::English);
        assert_eq!(Language::from_locale(""), Language::English);
        set_language(Language::Japanese);
        assert_eq!(tr("tab.play"), "対局");
        set_language(Language::English);
        assert_eq!(tr("tab.play"), "Play");
        assert_eq!(tr("no.such.key"), "no.such.key");
    }
}
