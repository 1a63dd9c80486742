//! The library's errors, limits and sizes in the user's language: each
//! error type of the library gets its sentence here, worded when drawn
//! (the library's own `Display` is English, for the command line).

use crate::ui::i18n::{Language, language, tr, trf};

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
    use crate::play::row::{MAX_ROW_HEAPS, RowError};
    match e {
        RowError::Rules(e) => crate::ui::words::takebreak::takebreak_error(e),
        RowError::Start { max } => trf("row.bad_start", &[("n", &MAX_ROW_HEAPS), ("max", max)]),
        RowError::Values(e) => crate::ui::words::takebreak::sequence_error(e),
    }
}

/// Where the memory limit comes from, in the user's language.
fn limit_source(source: crate::grundy::LimitSource) -> String {
    use crate::grundy::{LIMIT_VARIABLE, LimitSource};
    match source {
        LimitSource::Environment => trf("memory.source.environment", &[("variable", &LIMIT_VARIABLE)]),
        LimitSource::Page => tr("memory.source.page").to_string(),
        LimitSource::System => tr("memory.source.system").to_string(),
        LimitSource::AddressSpace => tr("memory.source.address_space").to_string(),
        LimitSource::Fallback => tr("memory.source.fallback").to_string(),
    }
}

/// Why the table of a game (of any kind) was not made, in the user's
/// language.
pub fn table_error(e: &crate::game_table::TableError) -> String {
    use crate::game_table::TableError;
    match e {
        TableError::Engine(e) => engine_error(e),
        TableError::Row(e) => crate::ui::words::takebreak::takebreak_error(e),
        TableError::Values(e) => crate::ui::words::takebreak::sequence_error(e),
        TableError::Sides { sides, dimension } => {
            trf("heaps.engine.bad_size", &[("size", &sides_text(sides)), ("n", dimension)])
        }
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
        L::Clock { millis } => trf("program.limit.time", &[("s", &(f64::from(millis) / 1000.0))]),
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
        RulesError::Breaks(e) => crate::ui::words::takebreak::breaks_error(e),
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
        OtherGameError::Table { spec, error } => {
            trf("bench.other_game", &[("spec", spec), ("error", &table_error(error))])
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
