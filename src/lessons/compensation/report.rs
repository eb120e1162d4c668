//! The compensation lesson's tables and lines, laid out as olc.mjs (`measure`) and bedel.mjs
//! (`daily`) print them.

use super::model::CompensationResult;
use super::params::CompensationParams;
use crate::chart::{Category, Chart, Point, X, bars, series, series_with_bars};
use crate::report::{
    Block, Cell, Column, Group, Line, SPREAD_COLUMNS, Section, Table, inside_cell, int, left,
    right, t, table, v,
};

fn names(p: &CompensationParams, ordering: &[usize]) -> Vec<String> {
    ordering.iter().map(|&i| p.steps[i].name.clone()).collect()
}

/// The lesson's own names for its two valid orderings (bedel.mjs); other orderings are named
/// by their steps.
fn daily_label(p: &CompensationParams, ordering: &[usize]) -> Cell {
    let names = names(p, ordering);
    let lesson = |order: [&str; 4]| names.iter().map(String::as_str).eq(order);
    if lesson([
        "donem-kapat",
        "fatura-satiri",
        "tahsilat-kaydi",
        "satici-bildirimi",
    ]) {
        Cell::Label {
            key: "notice_last",
            text: "bildirim sonda",
        }
    } else if lesson([
        "donem-kapat",
        "fatura-satiri",
        "satici-bildirimi",
        "tahsilat-kaydi",
    ]) {
        Cell::Label {
            key: "notice_third",
            text: "bildirim ucuncu",
        }
    } else {
        Cell::Text(names.join(" > "))
    }
}

/// The Turkish possessive suffix after a numeral, in the lesson's ASCII spelling ("2'si",
/// "3'u", "40'i"): it follows the last spoken word of the number.
pub fn possessive_suffix(n: u64) -> &'static str {
    const ONES: [&str; 10] = ["", "'i", "'si", "'u", "'u", "'i", "'si", "'si", "'i", "'u"];
    const TENS: [&str; 10] = ["", "'u", "'si", "'u", "'i", "'si", "'i", "'i", "'i", "'i"];
    if n == 0 {
        "'i" // sıfırı
    } else if n % 10 != 0 {
        ONES[(n % 10) as usize]
    } else if n % 100 != 0 {
        TENS[((n / 10) % 10) as usize]
    } else if n % 1000 != 0 {
        "'u" // yüzü
    } else if n % 1_000_000 != 0 {
        "'i" // bini
    } else {
        "'u" // milyonu
    }
}

/// olc.mjs: orderings, the chosen ordering's rollback per failing step, the Monte Carlo; their
/// charts when the reader draws them (`charts`).
pub fn measure(p: &CompensationParams, r: &CompensationResult, charts: bool) -> Section {
    let irreversible: Vec<&str> = p
        .steps
        .iter()
        .filter(|s| s.compensation.is_none())
        .map(|s| s.name.as_str())
        .collect();
    let intro = vec![
        Block::Line(Line::new(
            "compensation.orderings",
            vec![
                v("orderings", int(r.ordering_count)),
                t(" siralamanin "),
                v("valid", int(r.orderings.len() as u64)),
                t(" tanesi bagimliliklara uyuyor"),
            ],
        )),
        Block::Line(Line::new(
            "compensation.irreversible",
            vec![
                t("geri alinamaz adim: "),
                v("steps", Cell::Text(irreversible.join(", "))),
            ],
        )),
    ];
    let orderings = Table {
        key: "orderings",
        columns: vec![
            left("ordering", "siralama", 58),
            right("uncompensated", "telafisiz", 10),
            right("rounds", "tur", 6),
        ],
        rows: r
            .orderings
            .iter()
            .map(|o| {
                vec![
                    Cell::Text(names(p, &o.ordering).join(" > ")),
                    int(o.uncompensated),
                    int(o.rounds),
                ]
            })
            .collect(),
    };
    let chosen = r
        .orderings
        .get(r.chosen)
        .map(|o| names(p, &o.ordering).join(" > "))
        .unwrap_or_default();
    let failures = Table {
        key: "failure_steps",
        columns: vec![
            left("failing_step", "hatanin ciktigi adim", 24),
            right("completed", "tamamlanan", 12),
            right("compensated", "telafi edilen", 15),
            right("uncompensated", "telafisiz", 11),
            right("rollback_rounds", "geri sarma turu", 17),
        ],
        rows: r
            .failures
            .iter()
            .enumerate()
            .map(|(k, f)| {
                vec![
                    Cell::Text(format!("{}. ({})", k + 1, p.steps[f.step].name)),
                    int(f.completed),
                    int(f.rollback.calls),
                    int(f.rollback.uncompensated),
                    int(f.rollback.rounds),
                ]
            })
            .collect(),
    };
    let mc_intro = Line::new(
        "compensation.monte_carlo",
        vec![
            v("runs", int(p.runs)),
            t(" kosum, DD5 telafi hatasi "),
            v("comp_fail", Cell::Number(p.comp_fail)),
            t("; hata adimi esit dagilimla secilir"),
        ],
    );
    let mc = Table {
        key: "monte_carlo",
        columns: vec![
            right("attempts", "telafi denemesi", 16),
            right("hung_jobs", "askida is", 12),
            right("rate", "oran", 10),
            right("calls_per_job", "telafi cagrisi/is", 19),
            right("rounds_per_job", "ort. geri sarma turu", 22),
        ],
        rows: r
            .monte_carlo
            .iter()
            .map(|m| {
                vec![
                    int(u64::from(m.attempts)),
                    int(m.totals.hung_jobs),
                    Cell::fixed(m.rate, 5),
                    Cell::fixed(m.calls_per_job, 3),
                    Cell::fixed(m.rounds_per_job, 3),
                ]
            })
            .collect(),
    };
    Section {
        name: "measure",
        groups: vec![
            Group::new("orderings_intro", intro),
            Group::new("orderings", vec![Block::Table(orderings)])
                .charted(charts, || vec![ordering_chart(p, r)]),
            Group::new(
                "failure_steps",
                vec![
                    Block::Line(Line::new(
                        "compensation.chosen",
                        vec![t("secilen siralama: "), v("ordering", Cell::Text(chosen))],
                    )),
                    Block::Table(failures),
                ],
            ),
            Group::new("monte_carlo", vec![Block::Line(mc_intro), Block::Table(mc)]).charted(
                charts,
                || {
                    vec![
                        Chart::line(
                            "hung_rate_vs_attempts",
                            ("attempts", Some("attempts")),
                            ("rate", None),
                            vec![series(
                                "rate",
                                5,
                                r.monte_carlo
                                    .iter()
                                    .map(|m| (f64::from(m.attempts), m.rate)),
                            )],
                        )
                        .log_y()
                        .with_traces(watch_hung),
                    ]
                },
            ),
            exact_group(p, r, charts),
        ]
        .into_iter()
        .chain(reversible_group(p, r))
        .collect(),
    }
}

/// A Monte Carlo point's run to watch: the first that leaves a step hung with that many attempts.
fn watch_hung(_: usize, p: &Point) -> Option<String> {
    match p.x {
        X::Num(x) => Some(format!("attempts:{},run:hung", x as i64)),
        X::Cat(_) => None,
    }
}

/// Beyond the lesson: the orderings' uncompensated steps and the Monte Carlo before and after
/// the steps that cannot go last are made compensable (`reversible_close`).
fn reversible_group(p: &CompensationParams, r: &CompensationResult) -> Option<Group> {
    let after = r.reversible.as_deref()?;
    let made: Vec<&str> = super::real::stuck_irreversible(&p.steps)
        .into_iter()
        .map(|i| p.steps[i].name.as_str())
        .collect();
    let intro = Line::new(
        "compensation.reversible",
        vec![
            t("geri alinabilir kapanis: silme yerine bayrak yazan, telafisi olan adim: "),
            v("steps", Cell::Text(made.join(", "))),
        ],
    );
    const ORDERINGS: [Column; 4] = [
        left("ordering", "siralama", 58),
        right("uncompensated_before", "telafisiz once", 16),
        right("uncompensated_after", "telafisiz sonra", 17),
        right("rounds_after", "tur sonra", 11),
    ];
    const MC: [Column; 4] = [
        right("attempts", "telafi denemesi", 16),
        right("rate_before", "oran once", 11),
        right("rate_after", "oran sonra", 12),
        right("calls_per_job_after", "cagri/is sonra", 16),
    ];
    let pairs: Vec<usize> = (0..r.orderings.len().min(after.orderings.len())).collect();
    let orderings = table("reversible_orderings", &ORDERINGS, &pairs, &|&i| {
        vec![
            Cell::Text(names(p, &r.orderings[i].ordering).join(" > ")),
            int(r.orderings[i].uncompensated),
            int(after.orderings[i].uncompensated),
            int(after.orderings[i].rounds),
        ]
    });
    let rows: Vec<usize> = (0..r.monte_carlo.len().min(after.monte_carlo.len())).collect();
    let mc = table("reversible_monte_carlo", &MC, &rows, &|&i| {
        let (b, a) = (&r.monte_carlo[i], &after.monte_carlo[i]);
        vec![
            int(u64::from(b.attempts)),
            Cell::fixed(b.rate, 5),
            Cell::fixed(a.rate, 5),
            Cell::fixed(a.calls_per_job, 3),
        ]
    });
    Some(Group::beyond_lesson(
        "reversible",
        vec![Block::Line(intro), orderings, mc],
    ))
}

/// Beyond the lesson: the exact values the Monte Carlo estimates, the 95% intervals of the
/// sampled rates, and the spread over replications with other seeds.
fn exact_group(p: &CompensationParams, r: &CompensationResult, charts: bool) -> Group {
    let reps = p.replications > 1;
    let mut columns = vec![
        right("attempts", "telafi denemesi", 16),
        right("rate", "oran", 10),
        right("ci_low", "%95 alt", 10),
        right("ci_high", "%95 ust", 10),
        right("exact_rate", "kesin oran", 12),
        right("exact_inside", "aralikta", 10),
        right("exact_calls_per_job", "kesin cagri/is", 16),
        right("exact_rounds_per_job", "kesin tur/is", 14),
    ];
    if reps {
        columns.extend(SPREAD_COLUMNS);
    }
    let rows = r
        .monte_carlo
        .iter()
        .map(|m| {
            let mut row = vec![
                int(u64::from(m.attempts)),
                Cell::fixed(m.rate, 5),
                Cell::fixed(m.rate_ci.0, 5),
                Cell::fixed(m.rate_ci.1, 5),
                Cell::fixed(m.exact.rate, 6),
                inside_cell(m.exact.rate, m.rate_ci),
                Cell::fixed(m.exact.calls_per_job, 4),
                Cell::fixed(m.exact.rounds_per_job, 4),
            ];
            if let Some(sp) = m.replicated {
                row.extend([
                    Cell::fixed(sp.mean, 5),
                    Cell::fixed(sp.sd, 5),
                    Cell::fixed(sp.min, 5),
                    Cell::fixed(sp.max, 5),
                ]);
            }
            row
        })
        .collect();
    let table = Table {
        key: "monte_carlo_exact",
        columns,
        rows,
    };
    let intro = Line::new(
        "compensation.exact_intro",
        vec![
            t("kesin degerler: her telafi edilebilir adim "),
            v("comp_fail", Cell::Number(p.comp_fail)),
            t("^deneme olasilikla askida kalir; orneklenen oranlarin %95 Wilson araligi; tekrar: "),
            v("replications", int(u64::from(p.replications))),
        ],
    );
    let points = |f: fn(&super::model::McRow) -> f64| {
        r.monte_carlo
            .iter()
            .map(move |m| (f64::from(m.attempts), f(m)))
            .collect::<Vec<_>>()
    };
    let mut sampled: Vec<(f64, f64, f64, f64)> = r
        .monte_carlo
        .iter()
        .map(|m| (f64::from(m.attempts), m.rate, m.rate_ci.0, m.rate_ci.1))
        .collect();
    if reps {
        // With replications the error bar shows their range around their mean.
        sampled = r
            .monte_carlo
            .iter()
            .filter_map(|m| {
                m.replicated
                    .map(|sp| (f64::from(m.attempts), sp.mean, sp.min, sp.max))
            })
            .collect();
    }
    let chart = || {
        vec![
            Chart::line(
                "hung_rate_exact",
                ("attempts", Some("attempts")),
                ("rate", None),
                vec![
                    series_with_bars(if reps { "rep_mean" } else { "rate" }, 5, sampled),
                    series("exact_rate", 6, points(|m| m.exact.rate)),
                ],
            )
            .log_y(),
        ]
    };
    Group::beyond_lesson("exact", vec![Block::Line(intro), Block::Table(table)])
        .charted(charts, chart)
}

/// bedel.mjs: the daily cost of the orderings, of hung workflows, and of a fault-free day; their
/// charts when the reader draws them (`charts`).
pub fn daily(p: &CompensationParams, r: &CompensationResult, charts: bool) -> Section {
    let d = &r.daily;
    let intro = Line::new(
        "compensation.daily_intro",
        vec![
            t("gunluk is akisi "),
            v("daily_workflows", int(p.daily_workflows)),
            t(", KK2 = "),
            v("failure_rate", Cell::Number(p.failure_rate)),
            t(" -> hatali "),
            v("failed_per_day", Cell::Number(d.failed_per_day)),
            t("/gun"),
        ],
    );
    let orderings = Table {
        key: "daily_orderings",
        columns: vec![
            left("ordering", "siralama", 22),
            right("uncompensated_per_day", "telafisiz adim/gun", 20),
            right("per_year", "yilda", 9),
        ],
        rows: d
            .orderings
            .iter()
            .map(|o| {
                vec![
                    daily_label(p, &r.orderings[o.ordering].ordering),
                    Cell::fixed(o.per_day, 1),
                    Cell::fixed(o.per_year, 0),
                ]
            })
            .collect(),
    };
    let attempts = Table {
        key: "daily_attempts",
        columns: vec![
            right("attempts", "deneme", 7),
            right("hung_per_day", "askida is/gun", 15),
            right("per_year", "yilda", 8),
            right("rollback_s", "geri sarma s", 14),
            right("intermediate_s_per_day", "ara durum s/gun", 17),
            right("hung_hours_per_day", "askidan gelen saat/gun", 24),
        ],
        rows: d
            .attempts
            .iter()
            .map(|a| {
                vec![
                    int(u64::from(a.attempts)),
                    Cell::fixed(a.hung_per_day, 3),
                    Cell::fixed(a.hung_per_year, 0),
                    Cell::fixed(a.rollback_s, 3),
                    Cell::fixed(a.intermediate_s_per_day, 1),
                    Cell::fixed(a.hung_hours_per_day, 3),
                ]
            })
            .collect(),
    };
    let ratio = vec![
        Block::Line(Line::new(
            "compensation.ratio",
            vec![
                t("tek denemede askidan gelen / geri sarmadan gelen = "),
                v("ratio", Cell::fixed(d.ratio, 0)),
                t(" kat"),
            ],
        )),
        Block::Line(Line::new(
            "compensation.sensitivity",
            vec![
                t("DD6 duyarliligi: tur suresi "),
                v("round_s", Cell::Number(p.round_s)),
                t(" s yerine "),
                v("sensitivity_round_s", Cell::Number(d.sensitivity_round_s)),
                t(" s ise ara durum "),
                v(
                    "sensitivity_intermediate_s",
                    Cell::fixed(d.sensitivity_intermediate_s, 1),
                ),
                t(" s/gun, oran "),
                v("sensitivity_ratio", Cell::fixed(d.sensitivity_ratio, 0)),
                t(" kat"),
            ],
        )),
    ];
    let fault_free = Line::new(
        "compensation.fault_free",
        vec![
            t("arizasiz gunun bedeli: "),
            v("steps", int(p.steps.len() as u64)),
            t(" adimin "),
            v("compensable_steps", int(d.compensable_steps)),
            v(
                "suffix",
                Cell::Text(possessive_suffix(d.compensable_steps).into()),
            ),
            t(" telafi islevi tasiyor, gunde "),
            v("written_paths", Cell::Grouped(d.written_paths as i64)),
            t(" yazilmis telafi yolu; kosulan telafi cagrisi "),
            v("calls_per_day", Cell::fixed(d.calls_per_day, 0)),
            t("/gun, is akisi basina "),
            v("calls_per_workflow", Cell::fixed(d.calls_per_workflow, 4)),
        ],
    );
    Section {
        name: "daily",
        groups: vec![
            Group::new("daily_intro", vec![Block::Line(intro)]),
            Group::new("daily_orderings", vec![Block::Table(orderings)]).charted(charts, || {
                vec![Chart::bar(
                    "daily_uncompensated",
                    ("ordering", None),
                    ("uncompensated_per_day", Some("steps_per_day")),
                    vec![bars(
                        "uncompensated_per_day",
                        1,
                        d.orderings.iter().map(|o| {
                            (
                                category(daily_label(p, &r.orderings[o.ordering].ordering)),
                                o.per_day,
                            )
                        }),
                    )],
                )]
            }),
            Group::new("daily_attempts", vec![Block::Table(attempts)])
                .charted(charts, || attempt_charts(r)),
            Group::new("ratio", ratio),
            Group::new("fault_free", vec![Block::Line(fault_free)]),
        ]
        .into_iter()
        .chain(r.reversible.as_deref().map(|after| {
            const COLUMNS: [Column; 3] = [
                left("ordering", "siralama", 22),
                right("uncompensated_per_day_before", "telafisiz/gun once", 20),
                right("uncompensated_per_day_after", "telafisiz/gun sonra", 21),
            ];
            let rows: Vec<usize> =
                (0..d.orderings.len().min(after.daily.orderings.len())).collect();
            Group::beyond_lesson(
                "daily_reversible",
                vec![table("daily_reversible", &COLUMNS, &rows, &|&i| {
                    let b = &d.orderings[i];
                    vec![
                        daily_label(p, &r.orderings[b.ordering].ordering),
                        Cell::fixed(b.per_day, 1),
                        Cell::fixed(after.daily.orderings[i].per_day, 1),
                    ]
                })],
            )
        }))
        .collect(),
    }
}

fn category(label: Cell) -> Category {
    match label {
        Cell::Label { key, text } => Category::label(key, text),
        other => Category::data(other.text()),
    }
}

/// Uncompensated steps per ordering.
fn ordering_chart(p: &CompensationParams, r: &CompensationResult) -> Chart {
    Chart::bar(
        "uncompensated_per_ordering",
        ("ordering", None),
        ("uncompensated", Some("steps")),
        vec![bars(
            "uncompensated",
            0,
            r.orderings.iter().map(|o| {
                (
                    Category::data(names(p, &o.ordering).join(" > ")),
                    o.uncompensated as f64,
                )
            }),
        )],
    )
}

/// The daily costs per attempt count: hung hours and intermediate-state seconds.
fn attempt_charts(r: &CompensationResult) -> Vec<Chart> {
    let d = &r.daily;
    let by_attempts = |key, decimals, f: fn(&super::model::DailyAttempts) -> f64| {
        bars(
            key,
            decimals,
            d.attempts
                .iter()
                .map(move |a| (Category::data(a.attempts.to_string()), f(a))),
        )
    };
    vec![
        Chart::bar(
            "daily_hung_hours",
            ("attempts", Some("attempts")),
            ("hung_hours_per_day", Some("hours_per_day")),
            vec![by_attempts("hung_hours_per_day", 3, |a| {
                a.hung_hours_per_day
            })],
        ),
        Chart::bar(
            "daily_intermediate",
            ("attempts", Some("attempts")),
            ("intermediate_s_per_day", Some("seconds_per_day")),
            vec![by_attempts("intermediate_s_per_day", 1, |a| {
                a.intermediate_s_per_day
            })],
        ),
    ]
}

#[cfg(test)]
mod tests {
    use super::possessive_suffix;

    #[test]
    fn suffix_follows_the_spoken_number() {
        let cases = [
            (0, "'i"),
            (1, "'i"),
            (2, "'si"),
            (3, "'u"),
            (4, "'u"),
            (6, "'si"),
            (9, "'u"),
        ];
        for (n, s) in cases {
            assert_eq!(possessive_suffix(n), s, "{n}");
        }
        for (n, s) in [
            (10, "'u"),
            (20, "'si"),
            (40, "'i"),
            (100, "'u"),
            (1000, "'i"),
            (42, "'si"),
        ] {
            assert_eq!(possessive_suffix(n), s, "{n}");
        }
    }
}
