//! "Find a run" as the faces ask it (issue 36): a lesson's named property or a condition on any
//! metric its tables print (`metric op value`, the sweep's metric codec), over the lesson's
//! scope (narrowed with `--scope`), planned once and run in ranges of blocks by native threads
//! or the page's workers, then joined into one [`Finding`] whose witness is a link. The search
//! itself is [`crate::search`]'s; this layer knows lessons only through the registry.

use crate::error::Error;
use crate::jsfmt::{number_to_string, parse_number};
use crate::lesson::Lesson;
use crate::params::ParamSet;
use crate::search::{self, Check, Finder, Finding, Layout, Part, Scope};
use crate::sweep::{Metric, parse_metric};

/// The most simulated units (the sweep's measure: runs, job-rounds or nights) a search the page
/// runs may take; a larger one is refused there with this limit named, and the CLI runs it.
pub const PAGE_WORK: f64 = 100_000_000.0;

/// The sample's seed (a search in a link reproduces: the seed is not the learner's).
pub const SEED: u64 = 1;

/// A comparison of a condition.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Op {
    Lt,
    Le,
    Gt,
    Ge,
    Eq,
    Ne,
}

/// The comparisons, longest first (so `>=` is not read as `>`).
const OPS: &[(&str, Op)] = &[
    (">=", Op::Ge),
    ("<=", Op::Le),
    ("!=", Op::Ne),
    (">", Op::Gt),
    ("<", Op::Lt),
    ("=", Op::Eq),
];

impl Op {
    fn holds(self, a: f64, b: f64) -> bool {
        match self {
            Op::Lt => a < b,
            Op::Le => a <= b,
            Op::Gt => a > b,
            Op::Ge => a >= b,
            Op::Eq => a == b,
            Op::Ne => a != b,
        }
    }
}

/// What is searched for.
#[derive(Debug, Clone)]
enum Asked {
    /// A property of the lesson's (an index of [`Finder::properties`]).
    Property(usize),
    /// A condition on a metric: met when a row of the metric's table meets it (`@row`: that row).
    Condition {
        metric: Metric,
        op: Op,
        value: f64,
        text: String,
    },
}

/// What `asked` may be, said in a refusal, with a condition on the lesson's own default metric.
fn allowed(finder: &dyn Finder, example: &str) -> String {
    format!(
        "one of the lesson's properties ({}) or a condition on a metric: table.column[@row], then >, >=, <, <=, = or !=, then a number ({example})",
        ids(finder)
    )
}

/// Points whose units estimate a condition's work ([`Plan::work`]).
const WORK_SAMPLE: u64 = 256;

/// A search checked and laid out before any run: what is asked, the scope and its layout.
pub struct Plan {
    lesson: Lesson,
    finder: &'static dyn Finder,
    set: ParamSet,
    asked: Asked,
    /// The scope searched.
    scope: Scope,
    /// When `scope` is narrowed: the lesson's whole scope, whose places its checks read points
    /// by, and each narrowed value's place in it, axis by axis.
    narrowed: Option<(Scope, Vec<Vec<usize>>)>,
    layout: Layout,
}

/// The lesson's search, or a refusal naming `find`.
fn finder_of(lesson: Lesson, asked: &str) -> Result<&'static dyn Finder, Error> {
    lesson.finder().ok_or_else(|| {
        Error::bad(
            "find",
            asked,
            format!(
                "a lesson that declares its search scope; {} has none yet",
                lesson.id()
            ),
        )
    })
}

/// The longest narrowing (`scope=`, `--scope`) read, in characters: a longer one is refused.
pub const SCOPE_MAX: usize = 4000;

/// A narrowing longer than [`SCOPE_MAX`] characters, refused (its start repeated).
fn too_long(text: &str) -> Result<(), Error> {
    let chars = text.chars().count();
    if chars <= SCOPE_MAX {
        return Ok(());
    }
    Err(Error::bad(
        "scope",
        &crate::error::clipped(text),
        format!("at most {SCOPE_MAX} characters (this one has {chars}): name ranges (a..b) rather than every value"),
    )
    .keyed("refuse.find.scope_long", &[("max", &SCOPE_MAX), ("chars", &chars)]))
}

/// Plans the search for `asked` (a property id, empty for the lesson's first, or a condition)
/// at `set` (anchored: [`search::anchored`]), its scope narrowed by `narrowed` (see
/// [`narrow`]), sampled with [`SEED`] over [`search::BUDGET`] runs.
pub fn plan(set: &ParamSet, asked: &str, narrowed: &[String]) -> Result<Plan, Error> {
    let lesson = crate::lessons::of(set);
    let finder = finder_of(lesson, asked)?;
    let (set, whole) = search::anchored(finder, set)?;
    let asked_is = parse(lesson, finder, &set, asked)?;
    for n in narrowed {
        too_long(n)?;
    }
    let (scope, narrowed) = if narrowed.is_empty() {
        (whole, None)
    } else {
        let mut scope = whole.clone();
        for n in narrowed {
            narrow(&mut scope, n)?;
        }
        let places = origin(&whole, &scope);
        (scope, Some((whole, places)))
    };
    let layout = Layout::new(&scope, search::BUDGET, SEED);
    Ok(Plan {
        lesson,
        finder,
        set,
        asked: asked_is,
        scope,
        narrowed,
        layout,
    })
}

/// Where each value of the narrowed `scope` is in `whole` (narrowing keeps the values' order),
/// axis by axis: a lesson's check reads a point by its place in the whole scope.
fn origin(whole: &Scope, scope: &Scope) -> Vec<Vec<usize>> {
    whole
        .axes
        .iter()
        .zip(&scope.axes)
        .map(|(w, n)| {
            let mut at = w.values.iter().enumerate();
            n.values
                .iter()
                .map(|c| at.find(|(_, v)| v.text == c.text).map_or(0, |(i, _)| i))
                .collect()
        })
        .collect()
}

/// Reads `asked`: a property id (empty: the first), else `metric op value`.
fn parse(lesson: Lesson, finder: &dyn Finder, set: &ParamSet, asked: &str) -> Result<Asked, Error> {
    let asked = asked.trim();
    let properties = finder.properties();
    if asked.is_empty() {
        return Ok(Asked::Property(0));
    }
    if let Some(i) = properties.iter().position(|p| p.id == asked) {
        return Ok(Asked::Property(i));
    }
    let refuse = || {
        let example = format!("{} > 0", crate::sweep::default_metric(lesson));
        Error::bad("find", asked, allowed(finder, &example)).keyed(
            "refuse.find.asked",
            &[("ids", &ids(finder)), ("example", &example)],
        )
    };
    // By bytes, not `str::find` with a `&str` pattern, and `get`, not slicing: the pattern
    // searcher and the panicking slices cost each page module kilobytes (see sweep::spec).
    let b = asked.as_bytes();
    let at = b
        .iter()
        .position(|c| matches!(c, b'<' | b'>' | b'=' | b'!'))
        .ok_or_else(refuse)?;
    let len = 1 + usize::from(b.get(at + 1) == Some(&b'=') && b[at] != b'=');
    let op_text = asked.get(at..at + len).ok_or_else(refuse)?;
    let op = OPS
        .iter()
        .find(|o| o.0 == op_text)
        .map(|o| o.1)
        .ok_or_else(refuse)?;
    let metric_text = asked.get(..at).ok_or_else(refuse)?.trim();
    let value_text = asked.get(at + len..).ok_or_else(refuse)?.trim();
    let value = number_of(value_text).ok_or_else(refuse)?;
    let metric = parse_metric(lesson, metric_text).map_err(|_| {
        let metrics = crate::sweep::metrics(lesson).join(", ");
        Error::bad(
            "find",
            asked,
            format!("a condition's metric is table.column[@row], one of: {metrics}"),
        )
        .keyed("refuse.find.metric", &[("metrics", &metrics)])
    })?;
    // The metric's section (the codec's, `Metric::section`) is the one each point runs; a
    // condition on a table the learner's own run does not print is refused.
    let report = lesson.run_tables(set, &[metric.section], &mut |_| {})?;
    if !crate::report::tables(&report.sections).any(|(_, _, t)| t.key == metric.table) {
        return Err(refuse());
    }
    Ok(Asked::Condition {
        text: format!("{} {op_text} {}", metric.text(), number_to_string(value)),
        metric,
        op,
        value,
    })
}

/// A finite number as the codec reads one.
fn number_of(text: &str) -> Option<f64> {
    parse_number(text).filter(|v| v.is_finite())
}

/// A whole number (`-3`, `12`) by bytes.
fn whole(text: &str) -> Option<i64> {
    let (neg, digits) = match text.as_bytes().split_first() {
        Some((b'-', rest)) => (true, rest),
        _ => (false, text.as_bytes()),
    };
    if digits.is_empty() || digits.len() > 18 || !digits.iter().all(u8::is_ascii_digit) {
        return None;
    }
    let n = digits
        .iter()
        .fold(0i64, |n, d| n * 10 + i64::from(d - b'0'));
    Some(if neg { -n } else { n })
}

/// `a..b` split at its first `..` (by bytes, as `number_of`).
fn range(item: &str) -> Option<(&str, &str)> {
    let i = item.as_bytes().windows(2).position(|w| w == b"..")?;
    Some((item.get(..i)?, item.get(i + 2..)?))
}

/// The lesson's property ids, listed.
fn ids(finder: &dyn Finder) -> String {
    let ids: Vec<&str> = finder.properties().iter().map(|p| p.id).collect();
    ids.join(", ")
}

/// Narrows `scope` by `text`: narrowings joined by `;` (the link's `scope=`, one `--scope`),
/// each `param=items`: the axis of `param` keeps the values among `items` (comma-separated: a
/// value as the parameter writes it, whole when it holds commas itself, as quotas' `5,2,6`;
/// `none` for the baseline; or `a..b`, the whole numbers from a to b).
pub fn narrow(scope: &mut Scope, text: &str) -> Result<(), Error> {
    for one in text.split(';').map(str::trim).filter(|t| !t.is_empty()) {
        narrow_one(scope, one)?;
    }
    Ok(())
}

/// One narrowing of [`narrow`], `param=items`.
fn narrow_one(scope: &mut Scope, text: &str) -> Result<(), Error> {
    let names: Vec<&str> = scope.axes.iter().map(|a| a.param).collect();
    let form = format!(
        "param=values: an axis of the search ({}), then values as the parameter writes them, none (no fault) or a..b (whole numbers), comma-separated; several joined by ;",
        names.join(", ")
    );
    let refuse = |allowed: String| {
        Error::bad("scope", text, allowed)
            .keyed("refuse.find.scope", &[("axes", &names.join(", "))])
    };
    let (param, items) = text.split_once('=').ok_or_else(|| refuse(form.clone()))?;
    let axis = scope
        .axes
        .iter_mut()
        .find(|a| a.param == param.trim())
        .ok_or_else(|| refuse(form.clone()))?;
    let items: Vec<&str> = items.split(',').map(str::trim).collect();
    // Read left to right: the longest run of items that spells a value with commas of its own
    // is that value (`5,2,6,4,4,4`: two triples), else one item.
    let widest = axis
        .values
        .iter()
        .map(|c| c.text.split(',').count())
        .max()
        .unwrap_or(1);
    let (mut whole_values, mut singles) = (Vec::new(), Vec::new());
    let mut i = 0;
    while i < items.len() {
        let run = (2..=widest.min(items.len() - i)).rev().find_map(|len| {
            let text = items[i..i + len].join(",");
            axis.values
                .iter()
                .any(|c| c.text == text)
                .then_some((len, text))
        });
        match run {
            Some((len, text)) => {
                whole_values.push(text);
                i += len;
            }
            None => {
                singles.push(items[i]);
                i += 1;
            }
        }
    }
    let keeps = |value: &str| {
        whole_values.iter().any(|v| v == value)
            || singles.iter().any(|item| {
                if *item == "none" {
                    return value.is_empty();
                }
                match range(item) {
                    Some((a, b)) => match (whole(a.trim()), whole(b.trim()), whole(value)) {
                        (Some(a), Some(b), Some(v)) => (a..=b).contains(&v),
                        _ => false,
                    },
                    None => *item == value,
                }
            })
    };
    axis.values.retain(|c| keeps(&c.text));
    if axis.values.is_empty() {
        return Err(refuse(format!(
            "values the axis {} has: {form}",
            param.trim()
        )));
    }
    Ok(())
}

impl Plan {
    /// Runs to try.
    pub fn tried(&self) -> u64 {
        self.layout.tried
    }

    /// Its blocks, the units a split shares.
    pub fn blocks(&self) -> u64 {
        self.layout.blocks()
    }

    /// Its work in the sweep's units: a property's check is the lesson's own fast run (its
    /// [`Finder::cost`]), a condition runs the section that prints its metric at each point, whose
    /// units are the point's own (runs 1 to 32 of compensation's scope, not the learner's 100000):
    /// their mean over [`WORK_SAMPLE`] points spread evenly over the runs tried.
    pub fn work(&self) -> f64 {
        let tried = self.layout.tried;
        match self.asked {
            Asked::Property(_) => tried as f64 * self.finder.cost(&self.set),
            Asked::Condition { .. } => {
                let n = tried.min(WORK_SAMPLE);
                let units: Vec<f64> = (0..n)
                    .filter_map(|j| self.at(&self.layout.point(&self.scope, j * tried / n)).ok())
                    .map(|set| self.lesson.sweep_units(&set))
                    .collect();
                let mean = if units.is_empty() {
                    self.lesson.sweep_units(&self.set)
                } else {
                    units.iter().sum::<f64>() / units.len() as f64
                };
                tried as f64 * mean
            }
        }
    }

    /// Refuses a search over the page's work budget, naming it and the CLI that runs it.
    pub fn within_page(&self, asked: &str) -> Result<(), Error> {
        let work = self.work();
        if work <= PAGE_WORK {
            return Ok(());
        }
        Err(Error::too_much_work(
            "find",
            asked,
            format!(
                "a search of at most {} simulated units on the page; this one needs {}: narrow the scope, or run it with the CLI (tatbikat {} --find)",
                number_to_string(PAGE_WORK),
                number_to_string(work.round()),
                self.lesson.id()
            ),
        )
        .keyed(
            "refuse.find.work",
            &[
                ("max", &number_to_string(PAGE_WORK)),
                ("total", &number_to_string(work.round())),
            ],
        ))
    }

    /// The check at a point: the lesson's property, or the condition read from its tables.
    fn checker(&self) -> Result<Check<'_>, Error> {
        match &self.asked {
            Asked::Property(i) => {
                let Some((whole, origin)) = &self.narrowed else {
                    return self.finder.checker(&self.set, &self.scope, *i);
                };
                let check = self.finder.checker(&self.set, whole, *i)?;
                Ok(Box::new(move |at: &[usize]| {
                    let whole: Vec<usize> = at.iter().zip(origin).map(|(&k, o)| o[k]).collect();
                    check(&whole)
                }))
            }
            Asked::Condition {
                metric, op, value, ..
            } => Ok(Box::new(move |at: &[usize]| {
                let Ok(set) = self.at(at) else { return false };
                let Ok(report) = self.lesson.run_tables(&set, &[metric.section], &mut |_| {})
                else {
                    return false;
                };
                let cells = crate::sweep::part::extract(&report, &[metric]);
                cells.metrics.iter().flatten().any(|t| {
                    t.rows
                        .iter()
                        .any(|r| r.value.is_some_and(|v| op.holds(v, *value)))
                })
            })),
        }
    }

    /// The parameters of point `at`: the learner's, with the scope's values set.
    fn at(&self, at: &[usize]) -> Result<ParamSet, Error> {
        let mut set = self.set.clone();
        for (param, text) in self.scope.assignments(at) {
            set.set(param, &text)?;
        }
        Ok(set)
    }

    /// Runs blocks `from..to`, `progress` hearing the share done.
    pub fn part(&self, from: u64, to: u64, progress: &mut dyn FnMut(f64)) -> Result<Part, Error> {
        let holds = self.checker()?;
        Ok(self
            .layout
            .part(&self.scope, &*holds, from, to.min(self.blocks()), progress))
    }

    /// Runs every block on `jobs` threads (1 in WebAssembly): the same answer for any number.
    pub fn run(&self, jobs: usize, progress: &mut dyn FnMut(f64)) -> Result<Finding, Error> {
        let holds = self.checker()?;
        let parts = crate::parallel::map_indexed(
            self.blocks() as usize,
            jobs,
            |b, _| {
                self.layout
                    .part(&self.scope, &*holds, b as u64, b as u64 + 1, &mut |_| {})
            },
            progress,
        );
        self.finish(&parts, &*holds)
    }

    /// The answer from the parts of every block, in any order and any split.
    pub fn join(&self, parts: &[Part]) -> Result<Finding, Error> {
        let holds = self.checker()?;
        self.finish(parts, &*holds)
    }

    fn finish(
        &self,
        parts: &[Part],
        holds: &(dyn Fn(&[usize]) -> bool + Sync),
    ) -> Result<Finding, Error> {
        let found = self.layout.join(&self.scope, parts, holds);
        let (property, condition) = match &self.asked {
            Asked::Property(i) => (Some(self.finder.properties()[*i]), None),
            Asked::Condition { text, .. } => (None, Some(text.clone())),
        };
        let link = match &found.witness {
            Some(w) => {
                let trace = match self.asked {
                    Asked::Property(i) => self.finder.trace(&self.set, i),
                    Asked::Condition { .. } => None,
                };
                let query = crate::query::encode(&self.at(w)?, None);
                Some(format!(
                    "{query}&trace={}",
                    crate::query::percent_encode(trace.as_deref().unwrap_or(""))
                ))
            }
            None => None,
        };
        Ok(Finding {
            property,
            condition,
            axes: self
                .scope
                .axes
                .iter()
                .map(|a| (a.param, a.values.len()))
                .collect(),
            size: found.size,
            tried: found.tried,
            met: found.met,
            exhaustive: found.exhaustive,
            seed: (!found.exhaustive).then_some(self.layout.seed),
            faults: found.witness.as_ref().map(|w| self.scope.faults(w)),
            witness: found.witness.map(|w| self.scope.assignments(&w)),
            link,
        })
    }
}
