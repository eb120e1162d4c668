//! A sweep checked and laid out before any point runs ([`Plan`]), its points run in ranges and
//! cut into parts of equal work, and the parts joined into the serial run's sweep.

use super::out::{Sweep, read};
use super::part::{self, PointCells};
use super::spec::{MAX_POINTS, MAX_WORK, Metric, SweepSpec};
use crate::error::Error;
use crate::jsfmt::number_to_string;
use crate::lesson::Lesson;
use crate::lessons::validate;

/// A sweep checked and laid out before any point runs: every point's parameters in point order
/// (row-major y then x for a heatmap), within [`MAX_POINTS`] and [`MAX_WORK`]. Serial runs,
/// native threads and the page's pool of workers all run points of a plan ([`Plan::point`],
/// [`run_range`]) and assemble them with the one [`Plan::join`], so all three give the same sweep.
#[derive(Debug, Clone)]
pub struct Plan {
    lesson: Lesson,
    spec: SweepSpec,
    sets: Vec<crate::params::ParamSet>,
    units: Vec<f64>,
}

/// Checks a whole sweep and lays out its points: the budget errors (naming `sweep`) come here,
/// before anything runs.
pub fn plan(base: &crate::params::ParamSet, spec: &SweepSpec) -> Result<Plan, Error> {
    let lesson = crate::lessons::of(base);
    let ny = spec.y.as_ref().map_or(1, |y| y.texts.len());
    let nx = spec.x.texts.len();
    let points = nx * ny;
    if points > MAX_POINTS {
        return Err(Error::bad(
            "sweep",
            &spec.x.text,
            format!(
                "at most {MAX_POINTS} points in all; this sweep has {nx} × {ny} = {points}: use fewer values"
            ),
        )
        .keyed(
            "refuse.sweep.total",
            &[("nx", &nx), ("ny", &ny), ("points", &points), ("max", &MAX_POINTS)],
        ));
    }
    // Every point's parameters, checked before anything runs.
    let mut sets = Vec::with_capacity(points);
    let mut units = Vec::with_capacity(points);
    for yi in 0..ny {
        for xi in 0..nx {
            let mut set = base.clone();
            set.set(spec.x.name, &spec.x.texts[xi])?;
            if let Some(y) = &spec.y {
                set.set(y.name, &y.texts[yi])?;
            }
            validate(&set).map_err(|e| {
                let at = match &spec.y {
                    Some(y) => format!(
                        "{}={}, {}={}",
                        spec.x.name, spec.x.texts[xi], y.name, y.texts[yi]
                    ),
                    None => format!("{}={}", spec.x.name, spec.x.texts[xi]),
                };
                let param = e.param.clone().unwrap_or_default();
                Error {
                    allowed: format!("at {at}: {}", e.message()),
                    ..Error::bad("sweep", &spec.x.text, "")
                }
                .keyed("refuse.sweep.at", &[("at", &at), ("name", &param)])
            })?;
            units.push(lesson.sweep_units(&set));
            sets.push(set);
        }
    }
    let total: f64 = units.iter().sum();
    if total > MAX_WORK {
        return Err(Error::too_much_work(
            "sweep",
            &spec.x.text,
            format!(
                "a sweep of at most {} simulated units (runs, job-rounds or nights) in all; this one needs {}: use fewer points or a smaller sample (runs, nights)",
                number_to_string(MAX_WORK),
                number_to_string(total.round())
            ),
        )
        .keyed(
            "refuse.sweep.work",
            &[
                ("max", &number_to_string(MAX_WORK)),
                ("total", &number_to_string(total.round())),
            ],
        ));
    }
    Ok(Plan {
        lesson,
        spec: spec.clone(),
        sets,
        units,
    })
}

impl Plan {
    /// The number of points.
    pub fn len(&self) -> usize {
        self.sets.len()
    }

    /// The parameters of point `i`.
    pub fn set(&self, i: usize) -> Option<&crate::params::ParamSet> {
        self.sets.get(i)
    }

    /// Whether the sweep has no point (never, once planned).
    pub fn is_empty(&self) -> bool {
        self.sets.is_empty()
    }

    /// Runs point `i` and keeps what the sweep reads of it; `progress` hears the point's share.
    pub fn point(&self, i: usize, progress: &mut dyn FnMut(f64)) -> Result<PointCells, Error> {
        let set = self
            .sets
            .get(i)
            .ok_or_else(|| Error::bad("sweep", &self.spec.x.text, "a point of this sweep"))?;
        let metrics: Vec<&Metric> = std::iter::once(&self.spec.metric)
            .chain(&self.spec.more)
            .collect();
        // The metrics' sections alone, their tables alone: what the sweep reads of the point.
        let sections: Vec<&'static str> = metrics.iter().map(|m| m.section).collect();
        let report = self.lesson.run_tables(set, &sections, progress)?;
        Ok(part::extract(&report, &metrics))
    }

    /// Assembles the sweep from every point's cells, in point order: the series, their decimals,
    /// the chart and its domains, the heatmap's range and the points' links.
    pub fn join(&self, cells: &[PointCells]) -> Result<Sweep, Error> {
        if cells.len() != self.len() {
            return Err(Error::bad(
                "sweep",
                &self.spec.x.text,
                format!("the cells of all {} points of this sweep", self.len()),
            ));
        }
        let (lesson, spec) = (self.lesson, &self.spec);
        let queries: Vec<String> = self
            .sets
            .iter()
            .map(|set| crate::query::encode(set, None))
            .collect();
        let first = read(lesson, spec, 0, &spec.metric, cells)?;
        let more = spec
            .more
            .iter()
            .enumerate()
            .map(|(i, m)| read(lesson, spec, i + 1, m, cells))
            .collect::<Result<Vec<_>, _>>()?;
        Ok(Sweep {
            lesson: lesson.id(),
            x: spec.x.clone(),
            y: spec.y.clone(),
            metric_text: first.metric_text,
            row_column: first.row_column,
            metric: first.metric,
            series: first.series,
            queries,
            traces: first.traces,
            chart: first.chart,
            range: first.range,
            flat: first.flat,
            more,
        })
    }
}

/// Points of several plans taken as one list, the first plan's points first (compare mode: B's
/// sweep, then A's): the point at `i` of that list.
fn locate(plans: &[Plan], mut i: usize) -> Option<(&Plan, usize)> {
    for p in plans {
        if i < p.len() {
            return Some((p, i));
        }
        i -= p.len();
    }
    None
}

/// Cuts the points of `plans` (taken as one list) into at most `n` contiguous parts of about
/// equal work (the lesson's sweep units), each `[from, to)`, in order: the page's pool hands
/// them to its workers as they free up.
pub fn parts(plans: &[Plan], n: usize) -> Vec<[usize; 2]> {
    let units: Vec<f64> = plans.iter().flat_map(|p| p.units.iter().copied()).collect();
    let points = units.len();
    let n = n.clamp(1, points.max(1));
    let total: f64 = units.iter().map(|u| u.max(0.0)).sum();
    let mut out = Vec::with_capacity(n);
    let (mut from, mut done) = (0, 0.0);
    for (i, u) in units.iter().enumerate() {
        done += u.max(0.0);
        // The part being filled is the `filling`-th; it ends once it holds its share of the
        // work, or when the points left are just enough for one in each part after it.
        let filling = out.len() + 1;
        let parts_after = n - filling;
        let points_after = points - i - 1;
        let share = total * filling as f64 / n as f64;
        if parts_after > 0 && (done >= share || points_after == parts_after) {
            out.push([from, i + 1]);
            from = i + 1;
        }
    }
    if from < points {
        out.push([from, points]);
    }
    out
}

/// Runs the points `from..to` of `plans` (taken as one list) one by one, telling `progress` the
/// share of this range done; the first error in point order.
pub fn run_range(
    plans: &[Plan],
    from: usize,
    to: usize,
    progress: &mut dyn FnMut(f64),
) -> Result<Vec<PointCells>, Error> {
    let count = to.saturating_sub(from) as f64;
    let mut out = Vec::with_capacity(to.saturating_sub(from));
    for (k, i) in (from..to).enumerate() {
        let (plan, at) = locate(plans, i).ok_or_else(|| {
            Error::bad(
                "sweep",
                &format!("{from}..{to}"),
                "a range of this sweep's points",
            )
        })?;
        let share = |d: f64| (k as f64 + d) / count;
        out.push(plan.point(at, &mut |d| progress(share(d)))?);
        progress(share(1.0));
    }
    Ok(out)
}

/// Assembles every plan's sweep from parts in byte form ([`part::encode`], in any order), each
/// point given exactly once.
pub fn join_parts(plans: &[Plan], parts: &[Vec<u8>]) -> Result<Vec<Sweep>, Error> {
    let total: usize = plans.iter().map(Plan::len).sum();
    let mut cells: Vec<Option<PointCells>> = vec![None; total];
    let twice = || Error::bad("sweep", "", "each point of this sweep in exactly one part");
    for bytes in parts {
        let (from, points) = part::decode(bytes)?;
        for (k, c) in points.into_iter().enumerate() {
            let slot = cells.get_mut(from + k).ok_or_else(twice)?;
            if slot.replace(c).is_some() {
                return Err(twice());
            }
        }
    }
    let mut cells = cells.into_iter();
    plans
        .iter()
        .map(|p| {
            let mine: Option<Vec<PointCells>> = cells.by_ref().take(p.len()).collect();
            p.join(&mine.ok_or_else(twice)?)
        })
        .collect()
}
