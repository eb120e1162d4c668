//! Find a run (issue 36): a lesson's small scope searched for the runs that meet a property.
//! A scope is axes of candidate values (which job hangs at which step, which node crashes in
//! which round); a point is one value of each. When the scope has at most `budget` points every
//! one is tried and the answer is exact; a larger scope is sampled with a seed and its witness
//! shrunk, as property-based testing shrinks a failing case. The work splits into fixed blocks
//! whatever the number of workers, so the count and the witness are the same bytes on one core
//! or many, natively or in WebAssembly. Lesson-neutral: a lesson gives the scope and `holds`.

use serde::Serialize;

use crate::error::Error;
use crate::parallel;
use crate::params::ParamSet;

/// A named condition on one run, in the lesson's terms (its page texts: `find.<id>` in the
/// lesson's folder, both languages).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
pub struct Property {
    /// Its id in the CLI and the link (`round-twice`).
    pub id: &'static str,
    /// What it says, in English (the CLI's).
    pub about: &'static str,
}

/// A property's check at a point of a scope (a lesson's, over the values it was made with).
pub type Check<'a> = Box<dyn Fn(&[usize]) -> bool + Sync + 'a>;

/// What a lesson's search is: its properties, the scope it walks at given values, and the check
/// of a property at a point. A lesson declares one in its folder (`find.rs`).
pub trait Finder: Sync {
    /// Its properties; the first is the one searched by default.
    fn properties(&self) -> &'static [Property];

    /// The scope at the values of `set` (its axes set parameters of the lesson).
    fn scope(&self, set: &ParamSet) -> Result<Scope, Error>;

    /// Whether the run of `set` with `scope`'s point `at` meets property `property` (an index of
    /// [`Finder::properties`]), as a check the search calls for every point: the lesson reads
    /// `set` once.
    fn checker<'a>(
        &'a self,
        set: &'a ParamSet,
        scope: &'a Scope,
        property: usize,
    ) -> Result<Check<'a>, Error>;

    /// What one check costs at `set`, in the sweep's units (1: the lesson's own run at its own
    /// values): the page's work budget reads it.
    fn cost(&self, _set: &ParamSet) -> f64 {
        1.0
    }

    /// The watched run (`trace=`) that shows a witness of property `property` at its decisive
    /// moment; the lesson's own run when `None`.
    fn trace(&self, _set: &ParamSet, _property: usize) -> Option<String> {
        None
    }
}

/// The runs a search tries at most before it samples (10^6, said in the result).
pub const BUDGET: u64 = 1_000_000;

/// A search's answer in the lesson's terms: the property, the scope, what was found and the
/// witness as parameter assignments (the link's).
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct Finding {
    /// The property searched (a named one) ...
    pub property: Option<Property>,
    /// ... or the condition on a metric, as written (`fencing.double_run_rounds > 0`).
    pub condition: Option<String>,
    /// Each axis: the parameter and how many values it takes.
    pub axes: Vec<(&'static str, usize)>,
    /// The scope's runs (`None`: more than 2^64).
    pub size: Option<u64>,
    /// Runs tried.
    pub tried: u64,
    /// Of them, the runs that meet it.
    pub met: u64,
    /// Whether every run of the scope was tried.
    pub exhaustive: bool,
    /// The sample's seed (a sampled search only).
    pub seed: Option<u64>,
    /// The smallest witness's parameters (a baseline value as `""`), and its faults.
    pub witness: Option<Vec<(&'static str, String)>>,
    /// The witness's faults.
    pub faults: Option<u32>,
    /// The witness's link: its parameters and the watched run that shows it (`trace=`).
    pub link: Option<String>,
}

/// The values a search of `finder` walks from: `set` with the parameter of each plain axis (no
/// fault on it: nights, runs, seeds) at the lesson's default. A point sets that parameter, so
/// the learner's value of it only placed the axis (seeds from the learner's, nights 1 to the
/// learner's); anchored, the search is the same from its witness's link, which sets it, as from
/// the values it started at, and a shared link asks the search its sender saw. (A fault axis
/// is placed by other parameters: nodes and rounds, jobs and steps.)
/// Returns the values and the scope at them (made again only when a value moved).
pub fn anchored(finder: &dyn Finder, set: &ParamSet) -> Result<(ParamSet, Scope), Error> {
    let scope = finder.scope(set)?;
    let mut out = set.clone();
    let mut moved = false;
    let plain = |a: &Axis| a.values.iter().all(|c| c.faults == 0);
    for axis in scope.axes.iter().filter(|a| plain(a)) {
        if let Some(spec) = set.schema().specs.iter().find(|s| s.name == axis.param) {
            out.set(spec.name, spec.default)?;
            moved |= out.get(spec.name) != set.get(spec.name);
        }
    }
    if !moved {
        return Ok((out, scope));
    }
    let scope = finder.scope(&out)?;
    Ok((out, scope))
}

/// Searches `finder`'s scope at `set` (anchored, see [`anchored`]) for property `id` (the
/// first when `None`).
pub fn find(
    finder: &dyn Finder,
    set: &ParamSet,
    id: Option<&str>,
    budget: u64,
    seed: u64,
    jobs: usize,
    progress: &mut dyn FnMut(f64),
) -> Result<Finding, Error> {
    let properties = finder.properties();
    let index = match id {
        None => 0,
        Some(id) => properties.iter().position(|p| p.id == id).ok_or_else(|| {
            let ids: Vec<&str> = properties.iter().map(|p| p.id).collect();
            Error::bad(
                "find",
                id,
                format!("one of the lesson's properties: {}", ids.join(", ")),
            )
        })?,
    };
    let (set, scope) = anchored(finder, set)?;
    let holds = finder.checker(&set, &scope, index)?;
    let found = search(&scope, budget, seed, jobs, &*holds, progress);
    Ok(Finding {
        property: Some(properties[index]),
        condition: None,
        link: None,
        axes: scope
            .axes
            .iter()
            .map(|a| (a.param, a.values.len()))
            .collect(),
        size: found.size,
        tried: found.tried,
        met: found.met,
        exhaustive: found.exhaustive,
        seed: (!found.exhaustive).then_some(seed),
        faults: found.witness.as_ref().map(|w| scope.faults(w)),
        witness: found.witness.map(|w| scope.assignments(&w)),
    })
}

impl Finding {
    /// The answer as the CLI prints it (English; the page words it from the same fields).
    pub fn to_text(&self, lesson: &str) -> String {
        let mut out = match (&self.property, &self.condition) {
            (Some(p), _) => format!("find {} in {lesson}: {}\n", p.id, p.about),
            (None, c) => format!("find in {lesson}: {}\n", c.as_deref().unwrap_or("")),
        };
        let axes: Vec<String> = self
            .axes
            .iter()
            .map(|(p, n)| format!("{p} ({n} values)"))
            .collect();
        let size = self
            .size
            .map_or_else(|| "more than 2^64".to_string(), |n| n.to_string());
        out.push_str(&format!("scope: {} = {size} runs\n", axes.join(" x ")));
        if self.exhaustive {
            out.push_str(&format!(
                "every run tried: {} of {} meet it{}\n",
                self.met,
                self.tried,
                if self.met == 0 {
                    "; no run in this scope does"
                } else {
                    ""
                }
            ));
        } else {
            out.push_str(&format!(
                "sampled (the scope is over the budget): {} of {} runs tried with seed {} meet it\n",
                self.met,
                self.tried,
                self.seed.unwrap_or(0)
            ));
        }
        if let (Some(w), Some(faults)) = (&self.witness, self.faults) {
            let set: Vec<String> = w.iter().map(|(p, v)| format!("{p}={v}")).collect();
            out.push_str(&format!(
                "smallest witness ({faults} {}): {}\n",
                if faults == 1 { "fault" } else { "faults" },
                set.join(" ")
            ));
        }
        if let Some(link) = &self.link {
            out.push_str(&format!("its link: ?{link}\n"));
        }
        out
    }
}

/// One value of an [`Axis`]: its parameter text and the faults it adds to a run (0 for the
/// baseline: no fault).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Choice {
    /// The value as the parameter's text (`N1@20`).
    pub text: String,
    /// Faults it adds (the smallest witness has the fewest).
    pub faults: u32,
}

/// One dimension of a scope: a parameter's candidate values, earliest and smallest first (the
/// witness order reads them so), the baseline first.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Axis {
    /// The parameter it sets.
    pub param: &'static str,
    /// Its values.
    pub values: Vec<Choice>,
}

impl Axis {
    /// The baseline (the empty text: no fault) and then `faults`, one fault each.
    pub fn faults(param: &'static str, faults: impl IntoIterator<Item = String>) -> Self {
        let baseline = Choice {
            text: String::new(),
            faults: 0,
        };
        let values = std::iter::once(baseline)
            .chain(faults.into_iter().map(|text| Choice { text, faults: 1 }));
        Axis {
            param,
            values: values.collect(),
        }
    }

    /// Values that add no fault (nights, seeds), in order.
    pub fn plain(param: &'static str, values: impl IntoIterator<Item = String>) -> Self {
        Axis {
            param,
            values: values
                .into_iter()
                .map(|text| Choice { text, faults: 0 })
                .collect(),
        }
    }
}

/// The points a search walks: every combination of its axes' values.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Scope {
    /// Its axes, in order.
    pub axes: Vec<Axis>,
}

impl Scope {
    /// How many points it has (`None`: more than `u64` holds).
    pub fn size(&self) -> Option<u64> {
        self.axes
            .iter()
            .try_fold(1u64, |n, a| n.checked_mul(a.values.len() as u64))
    }

    /// Point number `index` (`0..size`): the value index on each axis, the last axis fastest.
    pub fn point(&self, mut index: u64) -> Vec<usize> {
        let mut at = vec![0; self.axes.len()];
        for (i, axis) in self.axes.iter().enumerate().rev() {
            let n = axis.values.len() as u64;
            at[i] = (index % n) as usize;
            index /= n;
        }
        at
    }

    /// The faults of a point: the sum of its values'.
    pub fn faults(&self, at: &[usize]) -> u32 {
        self.axes
            .iter()
            .zip(at)
            .map(|(a, &i)| a.values[i].faults)
            .sum()
    }

    /// The witness order's key of a point: fewest faults, then the axes' values in order
    /// (earliest, then smallest, as each axis lists them). A total order: points differ in it.
    pub fn key(&self, at: &[usize]) -> (u32, Vec<usize>) {
        (self.faults(at), at.to_vec())
    }

    /// The parameter assignments of a point, the baseline's left out (the lesson's own value).
    pub fn assignments(&self, at: &[usize]) -> Vec<(&'static str, String)> {
        self.axes
            .iter()
            .zip(at)
            .map(|(a, &i)| (a.param, a.values[i].text.clone()))
            .collect()
    }
}

/// What a search found.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Found {
    /// The scope's points (`None`: more than `u64` holds).
    pub size: Option<u64>,
    /// Runs tried.
    pub tried: u64,
    /// Of them, the runs that meet the property.
    pub met: u64,
    /// Every point was tried: `met` is exact, and `met == 0` means no run of the scope does.
    pub exhaustive: bool,
    /// The smallest witness (for a sample: the smallest the shrinking reached), if any.
    pub witness: Option<Vec<usize>>,
}

/// Points per block of work: the unit the workers share, fixed so that the result does not
/// depend on how many there are. Small enough that two workers end close together: the longer
/// quotas search (tests/bench/find.mjs) is 46 blocks, not the 12 of 4096 points, whose parts of
/// 0.2-0.5 s left one worker waiting for the other.
pub const BLOCK: u64 = 1024;

/// How a search walks its scope, fixed before any run: every point, or a sample of `budget`.
/// Native threads and the page's workers each run ranges of its blocks ([`Layout::part`]) and
/// one [`Layout::join`] assembles them, so any split gives the same [`Found`].
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Layout {
    /// The scope's points (`None`: more than `u64` holds).
    pub size: Option<u64>,
    /// Runs to try.
    pub tried: u64,
    /// Every point is tried.
    pub exhaustive: bool,
    /// The sample's seed.
    pub seed: u64,
}

/// What a range of blocks found: how many met the property and the smallest point that did.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Part {
    /// Runs of the range that meet it.
    pub met: u64,
    /// The smallest of them in the witness order, if any.
    pub best: Option<Vec<usize>>,
}

impl Part {
    /// As numbers, for the page's workers to hand over: `met`, then the witness's length (-1:
    /// none) and its value indices.
    pub fn to_numbers(&self) -> Vec<f64> {
        let mut out = vec![self.met as f64];
        match &self.best {
            Some(at) => {
                out.push(at.len() as f64);
                out.extend(at.iter().map(|&i| i as f64));
            }
            None => out.push(-1.0),
        }
        out
    }

    /// Read back from [`Part::to_numbers`]; `None` for numbers it did not write.
    pub fn from_numbers(n: &[f64]) -> Option<Part> {
        let whole = |x: f64| (x >= 0.0 && x.fract() == 0.0 && x < 9.0e15).then_some(x as u64);
        let met = whole(*n.first()?)?;
        let len = *n.get(1)?;
        let best = if len < 0.0 {
            None
        } else {
            let len = whole(len)? as usize;
            let at: Option<Vec<usize>> = n
                .get(2..2 + len)?
                .iter()
                .map(|&x| whole(x).map(|v| v as usize))
                .collect();
            Some(at?)
        };
        Some(Part { met, best })
    }
}

impl Layout {
    /// The layout of `scope` under `budget`, sampled with `seed` when over it.
    pub fn new(scope: &Scope, budget: u64, seed: u64) -> Self {
        let size = scope.size();
        let exhaustive = size.is_some_and(|n| n <= budget);
        Layout {
            size,
            tried: if exhaustive {
                size.unwrap_or(0)
            } else {
                budget
            },
            exhaustive,
            seed,
        }
    }

    /// Its blocks of [`BLOCK`] runs.
    pub fn blocks(&self) -> u64 {
        self.tried.div_ceil(BLOCK)
    }

    /// The point of run `k` (`0..tried`).
    pub fn point(&self, scope: &Scope, k: u64) -> Vec<usize> {
        match self.size {
            Some(_) if self.exhaustive => scope.point(k),
            Some(n) => scope.point(mix(self.seed, k) % n),
            None => point_of_wide(scope, self.seed, k),
        }
    }

    /// Runs blocks `from..to`; `progress` hears the share of them done.
    pub fn part(
        &self,
        scope: &Scope,
        holds: &(dyn Fn(&[usize]) -> bool + Sync),
        from: u64,
        to: u64,
        progress: &mut dyn FnMut(f64),
    ) -> Part {
        let mut part = Part { met: 0, best: None };
        let mut best_key: Option<(u32, Vec<usize>)> = None;
        let (first, last) = (from * BLOCK, (to * BLOCK).min(self.tried));
        for b in from..to {
            let start = b * BLOCK;
            for k in start..(start + BLOCK).min(self.tried) {
                if k % 256 == 0 {
                    progress((k - first) as f64 / (last - first).max(1) as f64);
                }
                let at = self.point(scope, k);
                if holds(&at) {
                    part.met += 1;
                    let key = scope.key(&at);
                    if best_key.as_ref().is_none_or(|b| key < *b) {
                        best_key = Some(key);
                    }
                }
            }
        }
        progress(1.0);
        part.best = best_key.map(|(_, at)| at);
        part
    }

    /// The search's answer from the parts of every block (in any order and any split): the
    /// count, and the smallest witness (a sample's shrunk).
    pub fn join(
        &self,
        scope: &Scope,
        parts: &[Part],
        holds: &(dyn Fn(&[usize]) -> bool + Sync),
    ) -> Found {
        let met = parts.iter().map(|p| p.met).sum();
        let witness = parts
            .iter()
            .filter_map(|p| p.best.as_ref())
            .min_by_key(|at| scope.key(at))
            .map(|at| {
                if self.exhaustive {
                    at.clone()
                } else {
                    shrink(scope, at.clone(), holds)
                }
            });
        Found {
            size: self.size,
            tried: self.tried,
            met,
            exhaustive: self.exhaustive,
            witness,
        }
    }
}

/// Searches `scope` for the points where `holds` is true: every point when there are at most
/// `budget`, else `budget` points drawn with `seed` and the smallest witness met shrunk. `jobs`
/// threads natively (1 in WebAssembly); `progress` hears the share done. The same `Found` for
/// any `jobs`.
pub fn search(
    scope: &Scope,
    budget: u64,
    seed: u64,
    jobs: usize,
    holds: &(dyn Fn(&[usize]) -> bool + Sync),
    progress: &mut dyn FnMut(f64),
) -> Found {
    let layout = Layout::new(scope, budget, seed);
    let parts = parallel::map_indexed(
        layout.blocks() as usize,
        jobs,
        |b, _| layout.part(scope, holds, b as u64, b as u64 + 1, &mut |_| {}),
        progress,
    );
    layout.join(scope, &parts, holds)
}

/// A point of a scope too large for `u64` indices: each axis drawn on its own.
fn point_of_wide(scope: &Scope, seed: u64, k: u64) -> Vec<usize> {
    scope
        .axes
        .iter()
        .enumerate()
        .map(|(i, a)| {
            (mix(seed ^ (i as u64).wrapping_mul(0x9E37_79B9), k) % a.values.len() as u64) as usize
        })
        .collect()
}

/// Sample `k` of seed `seed`: splitmix64 of the pair, so any block of the sample is drawn on its
/// own (no generator to jump ahead).
fn mix(seed: u64, k: u64) -> u64 {
    let mut z = seed
        .wrapping_add(k.wrapping_mul(0x9E37_79B9_7F4A_7C15))
        .wrapping_add(0x9E37_79B9_7F4A_7C15);
    z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
    z ^ (z >> 31)
}

/// A sampled witness made as small as single steps make it: each axis in turn takes its
/// smallest value that still meets the property, until none changes (a local minimum of the
/// witness order; exhaustive searches need none).
fn shrink(
    scope: &Scope,
    mut at: Vec<usize>,
    holds: &(dyn Fn(&[usize]) -> bool + Sync),
) -> Vec<usize> {
    loop {
        let before = scope.key(&at);
        for axis in 0..at.len() {
            let now = at[axis];
            for smaller in 0..now {
                let mut next = at.clone();
                next[axis] = smaller;
                if scope.key(&next) < scope.key(&at) && holds(&next) {
                    at = next;
                    break;
                }
            }
        }
        if scope.key(&at) == before {
            return at;
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn axis(param: &'static str, n: usize) -> Axis {
        Axis {
            param,
            values: (0..n)
                .map(|i| Choice {
                    text: if i == 0 {
                        String::new()
                    } else {
                        format!("{param}{i}")
                    },
                    faults: u32::from(i > 0),
                })
                .collect(),
        }
    }

    fn scope() -> Scope {
        Scope {
            axes: vec![axis("a", 7), axis("b", 5), axis("c", 3)],
        }
    }

    /// Points meet it when a + b hits 6 or c is 2 with a even.
    fn holds(at: &[usize]) -> bool {
        at[0] + at[1] == 6 || (at[2] == 2 && at[0] % 2 == 0)
    }

    #[test]
    fn exhaustive_counts_every_point_and_finds_the_smallest_witness() {
        let s = scope();
        let found = search(&s, 1000, 1, 1, &holds, &mut |_| {});
        let all: Vec<Vec<usize>> = (0..105).map(|i| s.point(i)).collect();
        let brute = all.iter().filter(|p| holds(p)).count() as u64;
        let smallest = all
            .iter()
            .filter(|p| holds(p))
            .min_by_key(|p| s.key(p))
            .cloned();
        assert_eq!(found.met, brute);
        assert_eq!((found.tried, found.exhaustive), (105, true));
        assert_eq!(found.witness, smallest);
        assert_eq!(found.witness, Some(vec![0, 0, 2]));
        for jobs in [2, 3, 8] {
            assert_eq!(search(&s, 1000, 1, jobs, &holds, &mut |_| {}), found);
        }
    }

    #[test]
    fn a_scope_over_the_budget_is_sampled_and_its_witness_shrunk() {
        let s = scope();
        let found = search(&s, 50, 7, 1, &holds, &mut |_| {});
        assert_eq!((found.tried, found.exhaustive), (50, false));
        assert!(found.met > 0);
        let w = found.witness.clone().unwrap();
        assert!(holds(&w));
        // No single axis can take a smaller value and still meet it.
        for axis in 0..3 {
            for smaller in 0..w[axis] {
                let mut p = w.clone();
                p[axis] = smaller;
                assert!(!holds(&p) || s.key(&p) >= s.key(&w), "{p:?}");
            }
        }
        assert_eq!(search(&s, 50, 7, 4, &holds, &mut |_| {}), found);
        assert_ne!(search(&s, 50, 8, 1, &holds, &mut |_| {}).met, 0);
    }

    #[test]
    fn no_run_meets_it_is_said_only_of_a_whole_scope() {
        let s = scope();
        let never = |_: &[usize]| false;
        let found = search(&s, 1000, 1, 2, &never, &mut |_| {});
        assert_eq!(
            (found.met, found.exhaustive, found.witness),
            (0, true, None)
        );
        assert!(!search(&s, 10, 1, 2, &never, &mut |_| {}).exhaustive);
    }
}
