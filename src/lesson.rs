//! What a lesson is to the rest of tatbikat: the [`Definition`] each lesson folder implements
//! (parameters, sections, models and report, traces, sweep facts, presets, budgets) and
//! [`Lesson`], a handle to one. The registry (`crate::lessons`) lists the lessons; the shared
//! layers (codec, report, sweep, trace, bindings, CLI) reach them only through this interface.

use std::fmt;
use std::ops::Deref;

use serde::{Serialize, Serializer};

use crate::challenge::Challenge;
use crate::error::{Error, ErrorCode};
use crate::params::{Kind, ParamSet, ParamSpec, Schema};
use crate::presets::{Preset, Why};
use crate::report::{Report, Section};
use crate::search::Finder;
use crate::trace::{Control, EventStyle, StateStyle, Trace};

/// What a lesson's `mod.rs` names, in one `use crate::lesson::prelude::*;`: the error type, its
/// [`About`] and [`Definition`] with the [`Request`] a report gets, the parameters, the report's
/// sections and the styles of its traces.
pub mod prelude {
    pub use super::{About, Definition, Request};
    pub use crate::error::Error;
    pub use crate::params::ParamSet;
    pub use crate::report::Section;
    pub use crate::trace::{EventStyle, StateStyle, Tone, decisive, mark, style};
}

/// How a lesson's runs are watched: the entry points of its `trace.rs` and how its states and
/// events are drawn, declared once in its `mod.rs` (`Definition::watch`).
pub struct Watch {
    /// What a selector may say (errors and `--help`).
    pub help: &'static str,
    /// The parameters (and selector keys) that make a run longer or wider, to lower when it is
    /// more than the page draws (see [`Trace::check_drawing`]).
    pub lower: &'static str,
    /// Records the run a selector picks.
    pub trace: fn(&ParamSet, &str) -> Result<Trace, Error>,
    /// Checks a selector without recording.
    pub check: fn(&ParamSet, &str) -> Result<(), Error>,
    /// The controls that pick the run a selector picks, and every other.
    pub controls: fn(&ParamSet, &str) -> Result<Vec<Control>, Error>,
    /// Each state's tone and glyph.
    pub states: &'static [StateStyle],
    /// The events marked on their lanes.
    pub marks: &'static [EventStyle],
}

/// The [`Watch`] of a lesson whose `trace.rs` has the usual entry points (`HELP`, `LOWER`,
/// `trace`, `select`, `controls`), with its states and marks: `watch: Some(crate::watch!(STATES, MARKS))`
/// in its `mod.rs`'s [`lesson!`](crate::lesson!), so every lesson wires them the same way.
#[macro_export]
macro_rules! watch {
    ($states:expr, $marks:expr) => {
        $crate::lesson::Watch {
            help: trace::HELP,
            lower: trace::LOWER,
            trace: trace::trace,
            check: |set, selector| trace::select(set, selector).map(drop),
            controls: trace::controls,
            states: $states,
            marks: $marks,
        }
    };
}

/// What a lesson is, as data: the facts of its [`Definition`] that need no code, declared once
/// in its `mod.rs` (see [`lesson!`](crate::lesson!)). Only the schema, title and sections are
/// required ([`About::new`]); the rest say what applies.
pub struct About {
    /// Its parameters (the `SCHEMA` of its `declare_params!`); the schema's `lesson` is the id
    /// the CLI, the URL and the JSON use.
    pub schema: &'static Schema,
    /// Its English title (the page has its own words in both languages).
    pub title: &'static str,
    /// Its sections (the lesson's scripts), in print order.
    pub sections: &'static [&'static str],
    /// Whether it is a preview: a model of one of the course's next lessons, announced at the end
    /// of the one it follows, whose text is not written yet (the page marks it so and says which
    /// lesson announced it, from its texts' `preview.<id>`).
    pub preview: bool,
    /// The metric a sweep reads when none is given (`table.column`); `None`: the first numeric
    /// column the lesson prints.
    pub default_metric: Option<&'static str>,
    /// How its runs are watched, if they can be (see [`Watch`]).
    pub watch: Option<Watch>,
    /// Its claims as presets (ids `lesson.claim`).
    pub presets: &'static [Preset],
    /// Each claim's "why" question (see [`Why`]).
    pub why: &'static [Why],
    /// Its challenges (ids `lesson.name`; see [`Challenge`]).
    pub challenges: &'static [Challenge],
    /// Links (queries without `lesson=`) that, with the lesson's values and its presets, show
    /// everything the lesson prints and draws: the tests run each and check every message key.
    pub examples: &'static [&'static str],
    /// Its "find a run" search (its scope and properties), if it has one (see [`Finder`]).
    pub finder: Option<&'static dyn Finder>,
}

impl About {
    /// A lesson of these parameters, title and sections, with nothing else that applies.
    pub const fn new(
        schema: &'static Schema,
        title: &'static str,
        sections: &'static [&'static str],
    ) -> Self {
        Self {
            schema,
            title,
            sections,
            preview: false,
            default_metric: None,
            watch: None,
            presets: &[],
            why: &[],
            challenges: &[],
            examples: &[],
            finder: None,
        }
    }
}

/// Declares a lesson's `LESSON` (what its registry line names): a unit type `$name` and its
/// [`About`], the facts of its [`Definition`] that need no code; the lesson then implements
/// `Definition` for `$name`, the methods that run code:
///
/// ```ignore
/// crate::lesson!(
///     Outbox,
///     About {
///         presets: presets::PRESETS,
///         ..About::new(&params::SCHEMA, "Transactional outbox", &["measure"])
///     }
/// );
///
/// impl Definition for Outbox {
///     fn report(&self, asked: Request) -> Result<Vec<Section>, Error> { ... }
///     fn work(&self, set: &ParamSet) -> Result<f64, Error> { ... }
/// }
/// ```
#[macro_export]
macro_rules! lesson {
    ($name:ident, $about:expr $(,)?) => {
        /// The lesson, as the registry lists it.
        pub static LESSON: $name = $name;

        /// The lesson's definition: its facts (`About`) and its code (`Definition`).
        pub struct $name;

        impl $crate::lesson::Described for $name {
            fn about(&self) -> &'static $crate::lesson::About {
                static ABOUT: $crate::lesson::About = $about;
                &ABOUT
            }
        }
    };
}

/// A lesson's facts as data (see [`lesson!`](crate::lesson!), which implements it).
pub trait Described {
    /// What the lesson is, as data.
    fn about(&self) -> &'static About;
}

/// What a lesson's [`Definition::report`] is asked for.
pub struct Request<'a> {
    /// The parameters.
    pub params: &'a ParamSet,
    /// The sections to report: a non-empty subset of the lesson's, in its order.
    pub sections: &'a [&'static str],
    /// Told the share of the long work done (0 to 1), as it goes.
    pub progress: &'a mut dyn FnMut(f64),
    /// Whether the caller draws the groups' charts: a search's or a sweep's point reads one
    /// table's numbers, and a lesson spares itself the charts when not (see [`Group::charted`]).
    ///
    /// [`Group::charted`]: crate::report::Group::charted
    pub charts: bool,
}

/// Everything a lesson declares about itself: its [`About`] (given by [`lesson!`](crate::lesson!)),
/// and the code that runs it. Only `report` and `work` are required; a lesson without traces,
/// sweeps' extras or presets keeps the defaults.
pub trait Definition: Described + Sync + 'static {
    /// Its parameters (see [`About::schema`]).
    fn schema(&self) -> &'static Schema {
        self.about().schema
    }

    /// Its English title.
    fn title(&self) -> &'static str {
        self.about().title
    }

    /// Its sections (the lesson's scripts), in print order.
    fn sections(&self) -> &'static [&'static str] {
        self.about().sections
    }

    /// Runs the models and reports the sections asked for: one [`Section`] each, in order.
    fn report(&self, asked: Request) -> Result<Vec<Section>, Error>;

    /// Checks the parameters against each other and against the lesson's budget without running
    /// anything, and returns the work a run takes in simulated units (job-rounds, draws).
    fn work(&self, params: &ParamSet) -> Result<f64, Error>;

    /// The simulated units (runs, job-rounds or nights) a sweep counts for one run of these
    /// parameters, against its budget. By default the run's [`work`](Definition::work).
    fn sweep_units(&self, params: &ParamSet) -> f64 {
        self.work(params).unwrap_or(0.0)
    }

    /// The metric a sweep reads when none is given (see [`About::default_metric`]).
    fn default_metric(&self) -> Option<&'static str> {
        self.about().default_metric
    }

    /// How the lesson's runs are watched, if they can be: its trace module's entry points and
    /// styles, given once ([`Watch`]); the methods below read it.
    fn watch(&self) -> Option<&'static Watch> {
        self.about().watch.as_ref()
    }

    /// What a trace selector may say (for errors and `--help`); `None`: no run to watch.
    fn trace_help(&self) -> Option<&'static str> {
        self.watch().map(|w| w.help)
    }

    /// Records the run `selector` picks.
    fn trace(&self, params: &ParamSet, selector: &str) -> Result<Trace, Error> {
        match self.watch() {
            Some(w) => (w.trace)(params, selector),
            None => Err(no_trace(self.schema().lesson, selector)),
        }
    }

    /// Checks a selector without recording (the share link's codec uses this).
    fn check_trace(&self, params: &ParamSet, selector: &str) -> Result<(), Error> {
        match self.watch() {
            Some(w) => (w.check)(params, selector),
            None => self.trace(params, selector).map(drop),
        }
    }

    /// The controls that pick the run `selector` picks, and every other run to watch, so no
    /// selector needs typing (see [`Control`]).
    fn trace_controls(&self, params: &ParamSet, selector: &str) -> Result<Vec<Control>, Error> {
        match self.watch() {
            Some(w) => (w.controls)(params, selector),
            None => {
                self.check_trace(params, selector)?;
                Ok(Vec::new())
            }
        }
    }

    /// How each state of the lesson's traces is drawn: its tone on the page, its glyph in text.
    fn states(&self) -> &'static [StateStyle] {
        self.watch().map_or(&[], |w| w.states)
    }

    /// The events the page marks on their lanes, with their tones.
    fn marks(&self) -> &'static [EventStyle] {
        self.watch().map_or(&[], |w| w.marks)
    }

    /// The trace selector showing the run behind a row of a table the lesson prints, if any.
    fn trace_for(&self, table: &str, column: &str, row: &str) -> Option<String> {
        let _ = (table, column, row);
        None
    }

    /// The lesson's claims as presets (ids `lesson.claim`).
    fn presets(&self) -> &'static [Preset] {
        self.about().presets
    }

    /// Parameters these values make irrelevant (the page hides their editors): random faults
    /// ignore the fault maps, for example.
    fn ignored(&self, params: &ParamSet) -> Vec<&'static str> {
        let _ = params;
        Vec::new()
    }

    /// Each claim's "why" question (see [`About::why`]).
    fn why(&self) -> &'static [Why] {
        self.about().why
    }

    /// Its challenges (see [`About::challenges`]).
    fn challenges(&self) -> &'static [Challenge] {
        self.about().challenges
    }

    /// Links that show everything the lesson prints and draws (see [`About::examples`]).
    fn examples(&self) -> &'static [&'static str] {
        self.about().examples
    }

    /// Its "find a run" search, if it has one (see [`About::finder`]).
    fn finder(&self) -> Option<&'static dyn Finder> {
        self.about().finder
    }

    /// The benchmark's workload, if the lesson offers one: a link (without `lesson=`) of its
    /// heaviest loop at `runs` runs in its `variant`-th form (1 to 3), and what to call it.
    /// `tatbikat bench` and the page's benchmark time it (compensation's Monte Carlo).
    fn benchmark(&self, runs: u64, variant: u32) -> Option<(String, String)> {
        let _ = (runs, variant);
        None
    }

    /// Whether a sweep's form may run it at nearby values to see which metrics a parameter
    /// moves (a script lesson's runs are the page's to make first: no).
    fn probes_sweeps(&self) -> bool {
        true
    }

    /// Whether it is a preview of one of the course's next lessons (see [`About::preview`]).
    fn preview(&self) -> bool {
        self.about().preview
    }
}

fn no_trace(lesson: &str, selector: &str) -> Error {
    Error::bad(
        "trace",
        selector,
        format!("{lesson} has no run to watch; it shows its tables only"),
    )
}

/// A lesson of the registry: a handle to its [`Definition`], compared by id.
#[derive(Clone, Copy)]
pub struct Lesson(pub &'static dyn Definition);

impl Deref for Lesson {
    type Target = dyn Definition;

    fn deref(&self) -> &Self::Target {
        self.0
    }
}

impl PartialEq for Lesson {
    fn eq(&self, other: &Self) -> bool {
        self.id() == other.id()
    }
}

impl Eq for Lesson {}

impl fmt::Debug for Lesson {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "Lesson({})", self.id())
    }
}

impl Serialize for Lesson {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.serialize_str(self.id())
    }
}

impl Lesson {
    /// The id used by the CLI, the URL and the JSON.
    pub fn id(self) -> &'static str {
        self.schema().lesson
    }

    /// The lesson's parameters.
    pub fn specs(self) -> &'static [ParamSpec] {
        self.schema().specs
    }

    /// The lesson's own values.
    pub fn defaults(self) -> ParamSet {
        ParamSet::defaults(self.schema())
    }

    /// The lesson's values with `name=value` assignments over them (each name once).
    pub fn params<'a>(
        self,
        assignments: impl IntoIterator<Item = (&'a str, &'a str)>,
    ) -> Result<ParamSet, Error> {
        ParamSet::from_assignments(self.schema(), assignments)
    }

    /// `name` if it is a section of this lesson, or an error listing them.
    pub fn section(self, name: &str) -> Result<&'static str, Error> {
        self.sections()
            .iter()
            .copied()
            .find(|s| *s == name)
            .ok_or_else(|| Error {
                code: ErrorCode::UnknownSection,
                param: Some("section".into()),
                value: Some(name.to_string()),
                allowed: format!(
                    "the sections of {} are {}",
                    self.id(),
                    self.sections().join(", ")
                ),
                why: None,
            })
    }

    /// The generator seed parameter, for lessons that draw random numbers.
    pub fn seed_spec(self) -> Option<&'static ParamSpec> {
        self.schema().seed()
    }

    /// A seed the lesson's generator accepts, picked from 64 random bits (uniform to within
    /// 2⁻³²), or an error for a lesson without a generator.
    pub fn seed_from_entropy(self, entropy: u64) -> Result<i64, Error> {
        match self.seed_spec().map(|s| s.kind) {
            Some(Kind::Seed { min, max }) => {
                let span = (max - min) as u64 + 1;
                Ok(min + (entropy % span) as i64)
            }
            _ => Err(Error::bad(
                "lesson",
                self.id(),
                "this lesson has no random generator",
            )),
        }
    }

    /// The preset called `id`, if it is one of this lesson's.
    pub fn preset(self, id: &str) -> Option<&'static Preset> {
        self.presets().iter().find(|p| p.id == id)
    }

    /// Runs the lesson and reports one section, or all of them when `section` is `None`,
    /// telling `progress` the share of the long work done (0 to 1).
    pub fn run(
        self,
        params: &ParamSet,
        section: Option<&str>,
        progress: &mut dyn FnMut(f64),
    ) -> Result<Report, Error> {
        let sections: Vec<&'static str> = match section {
            Some(name) => vec![self.section(name)?],
            None => self.sections().to_vec(),
        };
        self.report_of(params, &sections, true, progress)
    }

    /// The tables of `sections` (all of them when empty), without the charts a page draws: what
    /// a search's or a sweep's point reads. The tables are [`run`](Self::run)'s.
    pub fn run_tables(
        self,
        params: &ParamSet,
        sections: &[&'static str],
        progress: &mut dyn FnMut(f64),
    ) -> Result<Report, Error> {
        let all = self.sections();
        // In the lesson's order, as `Request::sections` says: a section asked twice runs once.
        let sections: Vec<&'static str> = all
            .iter()
            .copied()
            .filter(|s| sections.is_empty() || sections.contains(s))
            .collect();
        self.report_of(params, &sections, false, progress)
    }

    fn report_of(
        self,
        params: &ParamSet,
        sections: &[&'static str],
        charts: bool,
        progress: &mut dyn FnMut(f64),
    ) -> Result<Report, Error> {
        Ok(Report {
            lesson: self.id(),
            sections: self.report(Request {
                params,
                sections,
                progress,
                charts,
            })?,
        })
    }
}

/// The registry's line for a lesson folder: `registry! { supervisor, jobs, ... }` declares each
/// folder as a module, lists every id in [`IDS`](crate::lessons::IDS) and the lessons this build
/// holds in [`ALL`](crate::lessons::ALL), in that order. A lesson is compiled only where the build
/// script (build.rs) gives it the cfg of its name: every lesson, or in a page module's package
/// (`pages/<id>/`) that lesson alone. A line may carry further attributes.
#[macro_export]
macro_rules! registry {
    ($($(#[$attr:meta])* $id:ident),* $(,)?) => {
        $(#[cfg($id)] $(#[$attr])* pub mod $id;)*

        /// Every lesson's id, in the course's order (the registry's lines), whether or not this
        /// build holds the lesson.
        pub const IDS: &[&str] = &[$($(#[$attr])* stringify!($id)),*];

        /// The lessons this build holds, in the course's order: every one, or in the page's
        /// module of one lesson (its package `pages/<id>/`) that one; the others are not
        /// compiled, see build.rs.
        pub static ALL: &[$crate::lesson::Lesson] =
            &[$(#[cfg($id)] $(#[$attr])* $crate::lesson::Lesson(&$id::LESSON)),*];
    };
}

/// The lesson this build holds alone (build.rs sets `TATBIKAT_LESSON` for the compiler: a page
/// module's lesson); empty, every lesson is built in.
const ONLY: Option<&str> = option_env!("TATBIKAT_LESSON");

/// Whether this build holds the lesson `id` (const: the registry picks its lessons at compile time).
pub const fn is_held(id: &str) -> bool {
    let Some(only) = ONLY else { return true };
    let (a, b) = (only.as_bytes(), id.as_bytes());
    if a.is_empty() {
        return true;
    }
    if a.len() != b.len() {
        return false;
    }
    let mut i = 0;
    while i < a.len() {
        if a[i] != b[i] {
            return false;
        }
        i += 1;
    }
    true
}
