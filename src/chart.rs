//! Chart specifications: what a sweep chart shows, as data. The core decides the points, the
//! scales, the axis domains and the message keys of titles, axes, units and series; the page only
//! draws them.

use serde::Serialize;

/// How the points are drawn.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum Mark {
    /// Points joined by lines, one line per series (a sweep over a number).
    Line,
    /// Bars, grouped by series within each category.
    Bar,
}

/// An axis scale.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum Scale {
    /// Linear numbers.
    Linear,
    /// Powers of ten (only positive values are drawn).
    Log,
    /// Named categories, in order.
    Band,
}

/// An x value: a number on a numeric axis or a category name.
#[derive(Debug, Clone, PartialEq, Serialize)]
#[serde(untagged)]
pub enum X {
    /// A number.
    Num(f64),
    /// A category.
    Cat(String),
}

/// An axis: its title's message key, its unit's message key, scale and domain.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct Axis {
    /// Message key of the axis title (`axis.<key>` on the page).
    pub key: &'static str,
    /// Message key of the unit (`unit.<unit>`), if the values have one.
    pub unit: Option<&'static str>,
    /// The scale.
    pub scale: Scale,
    /// `[min, max]` for numeric scales.
    pub domain: Option<[f64; 2]>,
    /// The categories, in order, for a band scale.
    pub categories: Option<Vec<Category>>,
    /// A full message key for the title, when `key` is not under `axis.<lesson>.` (a sweep's
    /// parameter or metric).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub title_key: Option<String>,
}

/// A category of a band axis: its id (what points name) and, for fixed labels, the message key
/// the page translates it with (`label.<key>`); data names (orderings, numbers) have none.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct Category {
    /// The id points refer to; shown as is when there is no key.
    pub id: String,
    /// Message key of a fixed label.
    pub key: Option<&'static str>,
}

impl Category {
    /// A data category shown as is.
    pub fn data(id: impl Into<String>) -> Self {
        Self {
            id: id.into(),
            key: None,
        }
    }

    /// A fixed label translated by the page.
    pub fn label(key: &'static str, text: &str) -> Self {
        Self {
            id: text.to_string(),
            key: Some(key),
        }
    }
}

/// One point: x, y and, where y is sampled, the interval or spread around it.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct Point {
    /// The x value.
    pub x: X,
    /// The y value.
    pub y: f64,
    /// Lower end of the error bar, if any.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub lo: Option<f64>,
    /// Upper end of the error bar, if any.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub hi: Option<f64>,
    /// The trace selector of the run behind this point (`scan:4`), when one can be watched.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub trace: Option<String>,
}

/// A named series of points.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct Series {
    /// Message key of the series name (a table column key).
    pub key: &'static str,
    /// Digits after the point when y is shown.
    pub decimals: u8,
    /// The points, in x order.
    pub points: Vec<Point>,
    /// The series' name when it is data (a sweep's row: `3`, an ordering), shown as is or, with
    /// `name_key`, translated.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub name: Option<String>,
    /// Message key (`label.<key>`) of a fixed series name.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub name_key: Option<&'static str>,
    /// Whether it is the compared run's (A's, `vs`), drawn behind B's (see [`Chart::behind`]).
    #[serde(skip_serializing_if = "std::ops::Not::not")]
    pub vs: bool,
}

/// A horizontal reference line (for example the scheduling interval).
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct Rule {
    /// Message key of the rule's label.
    pub key: &'static str,
    /// Where it is drawn on y.
    pub y: f64,
}

/// A chart, complete: the page draws exactly this.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct Chart {
    /// Message key of the title (`chart.<key>`); also the chart's id.
    pub key: &'static str,
    /// How points are drawn.
    pub mark: Mark,
    /// The x axis.
    pub x: Axis,
    /// The y axis.
    pub y: Axis,
    /// The series.
    pub series: Vec<Series>,
    /// Reference lines.
    pub rules: Vec<Rule>,
    /// Points left out because a log scale cannot show zero.
    pub hidden_zeros: u64,
    /// Its categories put together in groups to stay within the page's drawing budget (see
    /// [`Chart::fit`]); `None`: every category is drawn.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub grouped: Option<Grouped>,
    /// A line chart of more points than the page marks one by one ([`MAX_MARKERS`]): its
    /// lines are drawn without a marker per point (its data table lists every one).
    #[serde(skip_serializing_if = "std::ops::Not::not")]
    pub lines_only: bool,
}

/// How [`Chart::fit`] grouped a band chart's categories: `total` categories in groups of `per`
/// consecutive ones (the last may be smaller); each point is its group's largest value, with
/// the group's smallest and largest as its range. The full data is the chart's CSV.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
pub struct Grouped {
    /// The categories the chart had.
    pub total: usize,
    /// Categories per group.
    pub per: usize,
}

/// The most categories of a band chart the page draws: more are grouped ([`Chart::fit`]).
pub const MAX_CATEGORIES: usize = 100;

/// The most points (every series together) a line chart the page draws marks one by one:
/// more are drawn as lines alone ([`Chart::fit`]).
pub const MAX_MARKERS: usize = 600;

/// A series from `(x, y)` numbers.
pub fn series(
    key: &'static str,
    decimals: u8,
    points: impl IntoIterator<Item = (f64, f64)>,
) -> Series {
    let points = points.into_iter().map(|(x, y)| (x, y, None, None));
    numbers(key, decimals, points)
}

/// A series of `(x, y, low, high)`: sampled values with their error bars.
pub fn series_with_bars(
    key: &'static str,
    decimals: u8,
    points: impl IntoIterator<Item = (f64, f64, f64, f64)>,
) -> Series {
    let points = points
        .into_iter()
        .map(|(x, y, lo, hi)| (x, y, Some(lo), Some(hi)));
    numbers(key, decimals, points)
}

/// A series of numbers `(x, y, low, high)`, with or without error bars.
fn numbers(
    key: &'static str,
    decimals: u8,
    points: impl Iterator<Item = (f64, f64, Option<f64>, Option<f64>)>,
) -> Series {
    Series {
        key,
        decimals,
        points: points
            .map(|(x, y, lo, hi)| Point {
                x: X::Num(x),
                y,
                lo,
                hi,
                trace: None,
            })
            .collect(),
        name: None,
        name_key: None,
        vs: false,
    }
}

/// A series over categories, with the categories for [`Chart::bar`] to collect.
pub fn bars(
    key: &'static str,
    decimals: u8,
    points: impl IntoIterator<Item = (Category, f64)>,
) -> (Series, Vec<Category>) {
    let mut cats = Vec::new();
    let points = points
        .into_iter()
        .map(|(c, y)| {
            let x = X::Cat(c.id.clone());
            cats.push(c);
            Point {
                x,
                y,
                lo: None,
                hi: None,
                trace: None,
            }
        })
        .collect();
    (
        Series {
            key,
            decimals,
            points,
            name: None,
            name_key: None,
            vs: false,
        },
        cats,
    )
}

pub use crate::jsfmt::pow10;

/// The n with 10ⁿ ≤ v < 10ⁿ⁺¹, for positive finite v: estimated from v's binary exponent
/// (log10 2 ≈ 0.30103, at most one below), then settled against the exact powers. Not `log10`,
/// whose libm code was about 0.5 KB of every page module, for an estimate.
pub fn decade(v: f64) -> i32 {
    let binary = ((v.to_bits() >> 52) & 0x7ff) as i32 - 1023;
    let mut n = (f64::from(binary) * std::f64::consts::LOG10_2).floor() as i32;
    while pow10(n) > v {
        n -= 1;
    }
    while pow10(n + 1) <= v {
        n += 1;
    }
    n
}

/// The top of an axis from 0 that holds `v`: the first multiple at or above it of the step that
/// gives about five ticks (1, 2 or 5 × 10ⁿ, rounded as d3-scale's `nice` rounds), so the axis
/// ends near the data (260 → 300, 335 → 350, 7 → 7) and on a tick.
pub fn nice_ceiling(v: f64) -> f64 {
    if v.is_nan() || v <= 0.0 || v.is_infinite() {
        return 1.0;
    }
    // Values too small for the steps below (a subnormal's decade has no power of ten to
    // divide by): an axis to 10⁻³⁰⁰ holds them.
    if v < 1e-300 {
        return 1e-300;
    }
    let raw = v / 5.0;
    let e = decade(raw);
    let ratio = raw / pow10(e);
    let m = if ratio >= 50f64.sqrt() {
        10.0
    } else if ratio >= 10f64.sqrt() {
        5.0
    } else if ratio >= 2f64.sqrt() {
        2.0
    } else {
        1.0
    };
    // k steps of m × 10ᵉ, computed as k·m scaled by an exact power of ten (0.3, not 0.30000000000000004).
    let k = (v / (m * pow10(e)) - 1e-9).ceil().max(1.0);
    if e >= 0 {
        k * m * pow10(e)
    } else {
        k * m / pow10(-e)
    }
}

fn y_values(series: &[Series]) -> impl Iterator<Item = f64> + '_ {
    series
        .iter()
        .flat_map(|s| {
            s.points
                .iter()
                .flat_map(|p| [Some(p.y), p.lo, p.hi])
                .flatten()
        })
        .filter(|y| y.is_finite())
}

fn linear_y(key: &'static str, unit: Option<&'static str>, series: &[Series]) -> Axis {
    let max = y_values(series).fold(0.0f64, f64::max);
    let min = y_values(series).fold(0.0f64, f64::min);
    Axis {
        key,
        unit,
        scale: Scale::Linear,
        domain: Some([min, nice_ceiling(max)]),
        categories: None,
        title_key: None,
    }
}

impl Chart {
    /// A line chart over a numeric x (a sweep), with a linear y from 0.
    pub fn line(
        key: &'static str,
        x: (&'static str, Option<&'static str>),
        y: (&'static str, Option<&'static str>),
        series: Vec<Series>,
    ) -> Self {
        let xs = series
            .iter()
            .flat_map(|s| s.points.iter())
            .filter_map(|p| match p.x {
                X::Num(v) => Some(v),
                X::Cat(_) => None,
            });
        let (lo, hi) = xs.fold((f64::INFINITY, f64::NEG_INFINITY), |(a, b), v| {
            (a.min(v), b.max(v))
        });
        let domain = if lo.is_finite() {
            if lo < hi {
                [lo, hi]
            } else {
                [lo - 1.0, hi + 1.0]
            }
        } else {
            [0.0, 1.0]
        };
        Chart {
            key,
            mark: Mark::Line,
            x: Axis {
                key: x.0,
                unit: x.1,
                scale: Scale::Linear,
                domain: Some(domain),
                categories: None,
                title_key: None,
            },
            y: linear_y(y.0, y.1, &series),
            series,
            rules: Vec::new(),
            hidden_zeros: 0,
            grouped: None,
            lines_only: false,
        }
    }

    /// A bar chart over categories, with a linear y from 0.
    pub fn bar(
        key: &'static str,
        x: (&'static str, Option<&'static str>),
        y: (&'static str, Option<&'static str>),
        bars: Vec<(Series, Vec<Category>)>,
    ) -> Self {
        let mut categories: Vec<Category> = Vec::new();
        let mut series = Vec::with_capacity(bars.len());
        for (i, (s, cats)) in bars.into_iter().enumerate() {
            // The first series' categories are the axis (a series names each category once);
            // later ones add theirs that it lacks (a search per category: few series have many).
            if i == 0 {
                categories = cats;
            } else {
                for c in cats {
                    if !categories.iter().any(|k| k.id == c.id) {
                        categories.push(c);
                    }
                }
            }
            series.push(s);
        }
        Chart {
            key,
            mark: Mark::Bar,
            x: Axis {
                key: x.0,
                unit: x.1,
                scale: Scale::Band,
                domain: None,
                categories: Some(categories),
                title_key: None,
            },
            y: linear_y(y.0, y.1, &series),
            series,
            rules: Vec::new(),
            hidden_zeros: 0,
            grouped: None,
            lines_only: false,
        }
    }

    /// The same chart with a log y: zeros are left out (and counted), the domain spans whole
    /// powers of ten around the positive values.
    pub fn log_y(mut self) -> Self {
        let mut hidden = 0;
        for s in &mut self.series {
            let before = s.points.len();
            s.points.retain(|p| p.y > 0.0 && p.y.is_finite());
            hidden += (before - s.points.len()) as u64;
        }
        // Error bars reaching 0 are cut at the axis; only positive values set the domain.
        let (lo, hi) = y_values(&self.series)
            .filter(|v| *v > 0.0)
            .fold((f64::INFINITY, 0.0f64), |(a, b), v| (a.min(v), b.max(v)));
        let domain = if lo.is_finite() && hi > 0.0 {
            let a = decade(lo);
            let b = if pow10(decade(hi)) == hi {
                decade(hi)
            } else {
                decade(hi) + 1
            };
            [pow10(a), pow10(if b > a { b } else { a + 1 })]
        } else {
            [0.1, 1.0]
        };
        self.y.scale = Scale::Log;
        self.y.domain = Some(domain);
        self.hidden_zeros = hidden;
        self
    }

    /// Draws `a`'s series (the compared run's, marked `vs`) behind its own,
    /// on axes that hold both: domains are joined, categories too (compare mode).
    pub fn behind(&mut self, a: &Chart) {
        let mut series: Vec<Series> = a.series.clone();
        for s in &mut series {
            s.vs = true;
        }
        series.append(&mut self.series);
        self.series = series;
        for (mine, theirs) in [(&mut self.x, &a.x), (&mut self.y, &a.y)] {
            if let (Some(d), Some(e)) = (&mut mine.domain, theirs.domain) {
                d[0] = d[0].min(e[0]);
                d[1] = d[1].max(e[1]);
            }
            if let (Some(cats), Some(more)) = (&mut mine.categories, &theirs.categories) {
                for c in more {
                    if !cats.iter().any(|k| k.id == c.id) {
                        cats.push(c.clone());
                    }
                }
            }
        }
        self.hidden_zeros += a.hidden_zeros;
    }

    /// The same chart with each point's trace selector set by `selector(series, point)`.
    pub fn with_traces(mut self, selector: impl Fn(usize, &Point) -> Option<String>) -> Self {
        for (i, s) in self.series.iter_mut().enumerate() {
            for p in &mut s.points {
                p.trace = selector(i, p);
            }
        }
        self
    }

    /// The same chart with a horizontal reference line; the y domain grows to show it.
    pub fn with_rule(mut self, key: &'static str, y: f64) -> Self {
        self.rules.push(Rule { key, y });
        if let Some(d) = &mut self.y.domain
            && self.y.scale == Scale::Linear
            && y > d[1]
        {
            d[1] = nice_ceiling(y);
        }
        self
    }

    /// Fits the chart to the page's drawing budget. A line chart of more than [`MAX_MARKERS`]
    /// points is drawn as lines alone (`lines_only`). A band chart's categories are put
    /// together, `per` consecutive ones a group, when it has more than `max`: the page then
    /// draws at most `max` ([`MAX_CATEGORIES`]).
    /// Each point becomes its group's largest value, with the group's smallest and largest as
    /// its range, and opens no run; the y domain stays, as it held every value. Returns the
    /// group size, or `None` when the chart is drawn as it is.
    pub fn fit(&mut self, max: usize) -> Option<usize> {
        if self.mark == Mark::Line {
            self.lines_only =
                self.series.iter().map(|s| s.points.len()).sum::<usize>() > MAX_MARKERS;
        }
        let cats = self.x.categories.as_ref()?;
        let total = cats.len();
        if total <= max || max == 0 {
            return None;
        }
        let per = total.div_ceil(max);
        let groups: Vec<Category> = cats
            .chunks(per)
            .map(|g| match g {
                [one] => Category::data(one.id.clone()),
                _ => Category::data(format!("{}–{}", g[0].id, g[g.len() - 1].id)),
            })
            .collect();
        for s in &mut self.series {
            let n = groups.len();
            let (mut lo, mut hi) = (vec![f64::INFINITY; n], vec![f64::NEG_INFINITY; n]);
            // Points come in category order: the search for each one's category goes on from
            // the last one found (linear in the points), around to the start if need be.
            let mut at = 0;
            for p in &s.points {
                let X::Cat(id) = &p.x else { continue };
                let Some(i) = (at..total).chain(0..at).find(|&i| cats[i].id == *id) else {
                    continue;
                };
                at = i;
                let g = i / per;
                lo[g] = lo[g].min(p.y);
                hi[g] = hi[g].max(p.y);
            }
            s.points = (0..n)
                .filter(|&g| lo[g] <= hi[g])
                .map(|g| Point {
                    x: X::Cat(groups[g].id.clone()),
                    y: hi[g],
                    lo: Some(lo[g]),
                    hi: Some(hi[g]),
                    trace: None,
                })
                .collect();
        }
        self.x.categories = Some(groups);
        self.grouped = Some(Grouped { total, per });
        Some(per)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// `decade` is its definition, 10ⁿ ≤ v < 10ⁿ⁺¹, and `log10`'s floor where that is exact:
    /// powers of ten and their neighbours, and spread mantissas from the subnormals to the top.
    #[test]
    fn decades_are_the_powers_that_hold_the_value() {
        let mut values = vec![
            f64::MIN_POSITIVE,
            5e-324,
            f64::MAX,
            1.0,
            9.999_999_999_999_999,
        ];
        for k in -300..=300 {
            let p = pow10(k);
            values.extend([
                p,
                f64::from_bits(p.to_bits() - 1),
                f64::from_bits(p.to_bits() + 1),
            ]);
            values.extend([1.5, 2.5, 4.999, 7.0, 9.99].map(|m| m * p));
        }
        for v in values {
            let n = decade(v);
            assert!(pow10(n) <= v && v < pow10(n + 1), "{v:e}: {n}");
        }
        assert_eq!(decade(999.0), 2);
        assert_eq!(decade(1000.0), 3);
        assert_eq!(decade(0.01), -2);
    }

    #[test]
    fn nice_ceilings() {
        // The axis ends on the first tick at or above the data (issue 10: 260 ran to 500).
        assert_eq!(nice_ceiling(7.0), 7.0);
        assert_eq!(nice_ceiling(96.0), 100.0);
        assert_eq!(nice_ceiling(21.0), 25.0);
        assert_eq!(nice_ceiling(260.0), 300.0);
        assert_eq!(nice_ceiling(335.0), 350.0);
        assert_eq!(nice_ceiling(29.0), 30.0);
        assert_eq!(nice_ceiling(0.03724), 0.04);
        assert_eq!(nice_ceiling(0.29), 0.3);
        assert_eq!(nice_ceiling(0.0), 1.0);
        assert_eq!(nice_ceiling(2.0), 2.0);
        assert_eq!(nice_ceiling(300.0), 300.0);
    }

    #[test]
    fn log_scale_hides_zeros_and_spans_decades() {
        let c = Chart::line(
            "c",
            ("x", None),
            ("y", None),
            vec![series("s", 5, [(1.0, 0.03724), (2.0, 0.00214), (3.0, 0.0)])],
        )
        .log_y();
        assert_eq!(c.hidden_zeros, 1);
        assert_eq!(c.y.domain, Some([0.001, 0.1]));
        assert_eq!(c.series[0].points.len(), 2);
    }

    #[test]
    fn fit_groups_categories_within_the_budget() {
        let points = (1..=250).map(|i| (Category::data(i.to_string()), f64::from(i % 7)));
        let mut c = Chart::bar(
            "k",
            ("night", None),
            ("h", None),
            vec![bars("d", 0, points)],
        );
        let before = c.y.domain;
        assert_eq!(c.x.categories.as_ref().unwrap().len(), 250);
        assert_eq!(c.fit(100), Some(3));
        let cats = c.x.categories.as_ref().unwrap();
        assert_eq!(cats.len(), 84);
        assert_eq!(cats[0].id, "1–3");
        assert_eq!(cats[82].id, "247–249");
        assert_eq!(cats[83].id, "250");
        let p = &c.series[0].points;
        assert_eq!(p.len(), 84);
        // 1, 2, 3: the largest with its range; 247, 248, 249 are 2, 3, 4 (mod 7); 250 alone.
        assert_eq!((p[0].y, p[0].lo, p[0].hi), (3.0, Some(1.0), Some(3.0)));
        assert_eq!((p[82].y, p[82].lo, p[82].hi), (4.0, Some(2.0), Some(4.0)));
        assert_eq!((p[83].y, p[83].lo, p[83].hi), (5.0, Some(5.0), Some(5.0)));
        assert_eq!(c.grouped, Some(Grouped { total: 250, per: 3 }));
        assert_eq!(c.y.domain, before);
        // Within the budget: drawn as it is.
        assert_eq!(c.fit(100), None);
    }
}
