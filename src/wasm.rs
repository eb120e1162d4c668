//! The WebAssembly face of the core, for the page: the only module that knows about JavaScript.
//! Inputs are share-link queries (`lesson=jobs&seed=42&section=measure`); outputs are plain JS
//! objects built by serde-wasm-bindgen from the same serde types the CLI prints as JSON (its
//! JSON-compatible settings: `null` for a missing value, objects for maps). Bad input throws an
//! `Error` whose message is the CLI's and whose `code`, `param`, `value` and `allowed` name the
//! problem.

use std::cell::RefCell;

use serde::Serialize;
use wasm_bindgen::prelude::*;

use crate::error::Error;
use crate::lessons;
use crate::params::ParamSpec;
use crate::query::{self, Query};
use crate::render;

/// The allocator: talc, smaller than Rust's default for WebAssembly (dlmalloc).
#[global_allocator]
static ALLOCATOR: talc::wasm::WasmDynamicTalc = talc::wasm::new_wasm_dynamic_allocator();

thread_local! {
    static LAST_PANIC: RefCell<Option<String>> = const { RefCell::new(None) };
}

/// Installs the panic hook: a panic's message is kept for [`last_panic`] and logged, so the page
/// can show it instead of a bare "unreachable".
#[wasm_bindgen(start)]
pub fn start() {
    ready();
    std::panic::set_hook(Box::new(|info| {
        let message = info.to_string();
        web_log(&message);
        LAST_PANIC.with(|p| *p.borrow_mut() = Some(message));
    }));
}

fn web_log(message: &str) {
    let console = js_sys::Reflect::get(&js_sys::global(), &"console".into()).ok();
    if let Some(error) = console
        .as_ref()
        .and_then(|c| js_sys::Reflect::get(c, &"error".into()).ok())
    {
        if let Ok(f) = error.dyn_into::<js_sys::Function>() {
            let _ = f.call1(
                console.as_ref().unwrap_or(&JsValue::UNDEFINED),
                &message.into(),
            );
        }
    }
}

/// What every binding needs before it reads a query: JavaScript's `Number()` as the core's reader
/// of decimal texts (see `jsfmt::parse_number`). Called by each binding, since a test harness may
/// call them without running `start`.
fn ready() {
    crate::jsfmt::set_decimal_reader(js_number);
}

/// `Number(text)`, JavaScript's own reading of a decimal text (see `jsfmt::parse_number`).
#[allow(deprecated)] // `Number::new` is JavaScript's Number(value) conversion, which is wanted here
fn js_number(text: &str) -> f64 {
    js_sys::Number::new(&JsValue::from_str(text)).value_of()
}

/// The message of the last panic, if one happened (the instance must then be reloaded).
#[wasm_bindgen(js_name = lastPanic)]
pub fn last_panic() -> Option<String> {
    LAST_PANIC.with(|p| p.borrow().clone())
}

fn to_js<T: Serialize + ?Sized>(value: &T) -> Result<JsValue, JsValue> {
    value
        .serialize(&serde_wasm_bindgen::Serializer::json_compatible())
        .map_err(|e| JsValue::from(js_sys::Error::new(&e.to_string())))
}

/// A JS `Error` carrying the core's message and fields.
fn js_error(e: &Error) -> JsValue {
    let err = js_sys::Error::new(&e.message());
    let set = |k: &str, v: JsValue| {
        let _ = js_sys::Reflect::set(&err, &k.into(), &v);
    };
    set("code", to_js(&e.code).unwrap_or(JsValue::NULL));
    set(
        "param",
        e.param.as_deref().map_or(JsValue::NULL, JsValue::from),
    );
    set(
        "value",
        e.value.as_deref().map_or(JsValue::NULL, JsValue::from),
    );
    set("allowed", JsValue::from(e.allowed.as_str()));
    // How the page words it (a message key and its values), when the core says.
    if let Some(why) = &e.why {
        set("key", JsValue::from(why.key));
        let vars = js_sys::Object::new();
        for (k, v) in &why.vars {
            let _ = js_sys::Reflect::set(&vars, &(*k).into(), &v.as_str().into());
        }
        set("vars", vars.into());
    }
    err.into()
}

/// Tells the page's progress callback, if any, the share of the work done (0 to 1).
fn report_progress(progress: Option<&js_sys::Function>, share: f64) {
    if let Some(f) = progress {
        let _ = f.call1(&JsValue::NULL, &JsValue::from(share));
    }
}

/// Runs a query strictly: the report object, with the same content as `--format json`.
/// `progress`, if given, is called with the share of the long work done (0 to 1).
#[wasm_bindgen]
pub fn run(query: &str, progress: Option<js_sys::Function>) -> Result<JsValue, JsValue> {
    ready();
    let mut tell = |share: f64| report_progress(progress.as_ref(), share);
    let mut page = render::Page::run(query, &mut tell).map_err(|e| js_error(&e))?;
    to_js(&page.document())
}

/// Where the answer to the link's claim (`preset=`) can be seen: `"FIGURES|SECTIONS"`, the
/// figure keys and section names that show it, each comma-separated (the embed dialog pairs a
/// prediction only with those), or null when the claim asks nothing or its report lacks the
/// answer. In the node package only (`every_lesson`): the page's embed dialog reads the same
/// from the claim's report (www/embed/dialog.js `holdersIn`), which tests/node/embed.test.mjs
/// checks against this for every claim, so the page's first load does not carry it.
#[cfg(every_lesson)]
#[wasm_bindgen(js_name = claimFigures)]
pub fn claim_figures(query: &str) -> Result<Option<String>, JsValue> {
    ready();
    let page = render::Page::run(query, &mut |_| {}).map_err(|e| js_error(&e))?;
    Ok(page
        .claim_holders()
        .map(|h| h.figures.join(",") + "|" + &h.sections.join(",")))
}

/// Exactly what the CLI prints for that lesson, parameters and section.
#[wasm_bindgen(js_name = lessonText)]
pub fn lesson_text(query: &str) -> Result<String, JsValue> {
    ready();
    crate::lesson_text_for_query(query).map_err(|e| js_error(&e))
}

/// Resolves a page link leniently: the effective state, its canonical query and every problem.
/// Never throws. A link of a lesson this module lacks gives `{elsewhere: id}`: the page asks that
/// lesson's module (each lesson has its own, the package pages/<id>/).
#[wasm_bindgen]
pub fn resolve(query: &str) -> Result<JsValue, JsValue> {
    ready();
    let home = query::home(query);
    if !lessons::holds(home) {
        #[derive(Serialize)]
        struct Elsewhere {
            elsewhere: &'static str,
        }
        return to_js(&Elsewhere { elsewhere: home });
    }
    to_js(&query::resolve(query))
}

#[derive(Serialize)]
struct SpecOut<'a> {
    #[serde(flatten)]
    spec: &'a ParamSpec,
    kind_name: &'static str,
    allowed: String,
    /// Message keys of the control's label and help text in the page's message files.
    label_key: String,
    help_key: String,
}

/// The parameter schema of a lesson: names, defaults, bounds, kinds, meanings (the page never
/// repeats a default).
#[wasm_bindgen]
pub fn params(lesson: &str) -> Result<JsValue, JsValue> {
    ready();
    let lesson = lessons::get(lesson).map_err(|e| js_error(&e))?;
    let specs: Vec<SpecOut> = lesson
        .specs()
        .iter()
        .map(|spec| SpecOut {
            spec,
            kind_name: spec.kind.name(),
            allowed: spec.kind.allowed(),
            label_key: format!("param.{}.{}", lesson.id(), spec.name),
            help_key: format!("help.{}.{}", lesson.id(), spec.name),
        })
        .collect();
    to_js(&specs)
}

/// The lessons' claims: id, lesson, share-link query, caption key and the marks of each.
#[wasm_bindgen]
pub fn presets() -> Result<JsValue, JsValue> {
    ready();
    to_js(&render::preset_list())
}

/// The lessons' challenges: id, lesson, starting link, hint count and check of each.
#[wasm_bindgen]
pub fn challenges() -> Result<JsValue, JsValue> {
    ready();
    to_js(&render::challenge_list())
}

#[derive(Serialize)]
struct LessonOut {
    id: &'static str,
    title: &'static str,
    sections: &'static [&'static str],
    seed: Option<&'static str>,
    /// Whether it has a run to watch.
    traces: bool,
    /// Whether it declares a search ("find a run", issue 36).
    finds: bool,
    /// Links that, with its values and presets, show everything it prints (for the tests).
    examples: &'static [&'static str],
    /// A preview of one of the course's next lessons (not written yet).
    preview: bool,
}

/// The lessons of the registry, in the course's order: their sections, which parameter is their
/// seed, and whether a run can be watched.
#[wasm_bindgen]
pub fn lessons() -> Result<JsValue, JsValue> {
    ready();
    let out: Vec<LessonOut> = lessons::every()
        .into_iter()
        .map(|l| LessonOut {
            id: l.id(),
            title: l.title(),
            sections: l.sections(),
            seed: l.seed_spec().map(|s| s.name),
            traces: l.trace_help().is_some(),
            finds: l.finder().is_some(),
            examples: l.examples(),
            preview: l.preview(),
        })
        .collect();
    to_js(&out)
}

/// The link's keys as the core reads them: every page key (`query::PAGE_KEYS`, not a lesson's
/// parameter) and the view keys among them (`query::VIEW_KEYS`). The build writes them into the
/// page (`www/state/keys.js`, tools/texts.mjs), so the page never spells them a second time.
#[wasm_bindgen(js_name = linkKeys)]
pub fn link_keys() -> Result<JsValue, JsValue> {
    #[derive(Serialize)]
    struct Keys {
        page: &'static [&'static str],
        view: &'static [&'static str],
    }
    to_js(&Keys {
        page: query::PAGE_KEYS,
        view: query::VIEW_KEYS,
    })
}

/// A fresh seed the lesson's generator accepts, from the browser's random source.
#[wasm_bindgen(js_name = randomSeed)]
pub fn random_seed(lesson: &str) -> Result<f64, JsValue> {
    ready();
    let lesson = lessons::get(lesson).map_err(|e| js_error(&e))?;
    let entropy =
        getrandom::u64().map_err(|e| JsValue::from(js_sys::Error::new(&e.to_string())))?;
    lesson
        .seed_from_entropy(entropy)
        .map(|s| s as f64)
        .map_err(|e| js_error(&e))
}

/// The link of the benchmark's workload (`bench::workload`: the first lesson of the build that
/// offers one) at `runs` runs in its `variant`-th form, which the caller times through `run` as
/// the page runs a link. In the node package only (`every_lesson`), where it always has a lesson
/// to name: the page's modules, whose glue is shared, hold no binding that works in one alone.
#[cfg(every_lesson)]
#[wasm_bindgen(js_name = benchWorkload)]
pub fn bench_workload(runs: f64, variant: u32) -> Result<String, JsValue> {
    ready();
    crate::bench::workload(runs.clamp(1.0, 1e9) as u64, variant.clamp(1, 20))
        .map(|(query, _)| query)
        .map_err(|e| js_error(&e))
}

/// The value of a page key (`trace`, `sweep`, ...) in a decoded query.
fn page_value<'a>(q: &'a Query, key: &str) -> Option<&'a str> {
    q.page
        .iter()
        .find(|(k, _)| k == key)
        .map(|(_, v)| v.as_str())
}

/// Run A's parameters of compare mode, when the query has `vs=`.
fn vs_of(
    q: &Query,
    params: &crate::params::ParamSet,
) -> Result<Option<crate::params::ParamSet>, JsValue> {
    q.vs(params).map_err(|e| js_error(&e))
}

/// Records the run the query's `trace=` selects.
#[wasm_bindgen]
pub fn trace(query: &str) -> Result<JsValue, JsValue> {
    ready();
    let (tr, params) = traced(query)?;
    // The page's drawing budget: a larger run is refused with what to lower (its CSV is not).
    let lower = lessons::of(&params).watch().map_or("", |w| w.lower);
    tr.check_drawing(&tr.selector, lower)
        .map_err(|e| js_error(&e))?;
    to_js(&render::trace_document(&tr, &params))
}

/// The run the query's `trace=` selects, with the query's parameters.
fn traced(query: &str) -> Result<(crate::trace::Trace, crate::params::ParamSet), JsValue> {
    let q = Query::decode(query).map_err(|e| js_error(&e))?;
    let params = q.params().map_err(|e| js_error(&e))?;
    let tr = lessons::of(&params)
        .trace(&params, page_value(&q, "trace").unwrap_or(""))
        .map_err(|e| js_error(&e))?;
    Ok((tr, params))
}

/// The controls of the "watch one run" form for the query's `trace=`, or, when that selector is
/// refused, for the lesson's default run (so the form still offers every run).
#[wasm_bindgen(js_name = traceControls)]
pub fn trace_controls(query: &str) -> Result<JsValue, JsValue> {
    ready();
    let q = Query::decode(query).map_err(|e| js_error(&e))?;
    let params = q.params().map_err(|e| js_error(&e))?;
    let lesson = lessons::of(&params);
    let controls = lesson
        .trace_controls(&params, page_value(&q, "trace").unwrap_or(""))
        .or_else(|_| lesson.trace_controls(&params, ""))
        .map_err(|e| js_error(&e))?;
    to_js(&controls)
}

/// Runs the query's sweep (`sweep=`, `sweep_y=`, `metric=`), calling `progress` with the share
/// done.
#[wasm_bindgen]
pub fn sweep(query: &str, progress: Option<js_sys::Function>) -> Result<JsValue, JsValue> {
    ready();
    let (mut s, params) = run_sweep(query, progress)?;
    render::fit_sweep(&mut s);
    to_js(&render::sweep_document(&s, &params))
}

/// The sweep a query asks for (`sweep=`, `sweep_y=`, `metric=`), read against its parameters.
fn sweep_spec(
    q: &Query,
    params: &crate::params::ParamSet,
) -> Result<crate::sweep::SweepSpec, JsValue> {
    let x = page_value(q, "sweep").ok_or_else(|| {
        js_error(&Error::usage(
            "the query has no sweep=; give one as name:values",
        ))
    })?;
    crate::sweep::parse(
        lessons::of(params),
        x,
        page_value(q, "sweep_y").filter(|y| !y.is_empty()),
        page_value(q, "metric").filter(|m| !m.is_empty()),
    )
    .map_err(|e| js_error(&e))
}

/// The sweep of a query with its base parameters.
fn run_sweep(
    query: &str,
    progress: Option<js_sys::Function>,
) -> Result<(crate::sweep::Sweep, crate::params::ParamSet), JsValue> {
    let q = Query::decode(query).map_err(|e| js_error(&e))?;
    let params = q.params().map_err(|e| js_error(&e))?;
    let spec = sweep_spec(&q, &params)?;
    let tell = |share: f64| report_progress(progress.as_ref(), share);
    // Compare mode (`vs=`): the same sweep from run A's parameters, its curves drawn behind.
    let vs = vs_of(&q, &params)?;
    let half = if vs.is_some() { 0.5 } else { 1.0 };
    let mut s =
        crate::sweep::run(&params, &spec, &mut |d| tell(d * half)).map_err(|e| js_error(&e))?;
    if let Some(a) = &vs {
        let sa =
            crate::sweep::run(a, &spec, &mut |d| tell(0.5 + d / 2.0)).map_err(|e| js_error(&e))?;
        crate::sweep::behind(&mut s, &sa);
    }
    Ok((s, params))
}

/// One table of the query's report as CSV, byte for byte what `--format csv --table KEY`
/// prints (the page's CSV download).
#[wasm_bindgen(js_name = exportCsv)]
pub fn export_csv(query: &str, table: &str) -> Result<String, JsValue> {
    ready();
    let q = Query::decode(query).map_err(|e| js_error(&e))?;
    let params = q.params().map_err(|e| js_error(&e))?;
    let report = crate::run(&params, q.section.as_deref()).map_err(|e| js_error(&e))?;
    let doc = render::document(&report, &params, q.section.as_deref());
    crate::csv::report(&doc, Some(table)).map_err(|e| js_error(&e))
}

/// Compare mode's CSV of one table, what `--vs ... --format csv --table KEY` prints: each
/// numeric column `c` followed by `c.vs` (A) and `c.delta` (B − A). The query carries `vs=`.
#[wasm_bindgen(js_name = compareCsv)]
pub fn compare_csv(query: &str, table: &str) -> Result<String, JsValue> {
    ready();
    let q = Query::decode(query).map_err(|e| js_error(&e))?;
    let params = q.params().map_err(|e| js_error(&e))?;
    let a = vs_of(&q, &params)?.ok_or_else(|| {
        js_error(&Error::usage(
            "the query has no vs=; give run A as vs=QUERY",
        ))
    })?;
    let section = q.section.as_deref();
    let (rb, ra) = crate::compare::run_both(&params, &a, section).map_err(|e| js_error(&e))?;
    crate::csv::compare::comparison(&rb, &ra, &params, &a, section, Some(table))
        .map_err(|e| js_error(&e))
}

/// The query's sweep as CSV, what `--sweep ... --format csv` prints.
#[wasm_bindgen(js_name = sweepCsv)]
pub fn sweep_csv(query: &str, progress: Option<js_sys::Function>) -> Result<String, JsValue> {
    ready();
    let (s, params) = run_sweep(query, progress)?;
    Ok(crate::csv::sweep(&render::sweep_document(&s, &params)))
}

/// The query's trace as CSV, what `--trace ... --format csv` prints.
#[wasm_bindgen(js_name = traceCsv)]
pub fn trace_csv(query: &str) -> Result<String, JsValue> {
    ready();
    let (tr, params) = traced(query)?;
    Ok(crate::csv::trace(&render::trace_document(&tr, &params)))
}

#[derive(Serialize)]
struct SweepOptions {
    params: Vec<&'static str>,
    metrics: Vec<String>,
    default_metric: String,
    /// The form's choices at these parameters: ranges to start from, each metric's rows and
    /// the parameters it moves with.
    #[serde(flatten)]
    choices: crate::sweep::SweepOptions,
}

/// What a lesson's sweeps can vary and read, at the parameters of a query (`lesson=jobs&…`) or
/// at a lesson's own values (a bare id): its numeric parameters, its metrics and the form's
/// choices.
#[wasm_bindgen(js_name = sweepOptions)]
pub fn sweep_options(lesson_or_query: &str) -> Result<JsValue, JsValue> {
    ready();
    let params = if lesson_or_query.contains('=') {
        Query::decode(lesson_or_query)
            .and_then(|q| q.params())
            .map_err(|e| js_error(&e))?
    } else {
        lessons::get(lesson_or_query)
            .map_err(|e| js_error(&e))?
            .defaults()
    };
    let lesson = lessons::of(&params);
    to_js(&SweepOptions {
        params: crate::sweep::sweepable(lesson),
        metrics: crate::sweep::metrics(lesson),
        default_metric: crate::sweep::default_metric(lesson),
        choices: crate::sweep::options(lesson, &params),
    })
}

// -- the page's pool of sweep workers (issue 11) --
//
// A sweep in the page is shared among several workers, each its own instance of this module:
// `sweepPlan` checks the whole sweep (the budgets, naming `sweep`) and cuts its points into
// parts of about equal work; each worker runs parts with `sweepPart` (compact bytes: the rows
// each metric reads, see `sweep::part`); one worker assembles them with `sweepJoin`, through the
// same `sweep::Plan::join` a serial run uses, so the document is the one `sweep` gives. In
// compare mode (`vs=`) run A's sweep is planned too and its points follow B's in the same list,
// so both sides go through the pool.

/// The plans of a query's sweep: B's, then, with `vs=`, A's; and B's parameters.
fn sweep_plans(query: &str) -> Result<(Vec<crate::sweep::Plan>, crate::params::ParamSet), JsValue> {
    let q = Query::decode(query).map_err(|e| js_error(&e))?;
    let params = q.params().map_err(|e| js_error(&e))?;
    let spec = sweep_spec(&q, &params)?;
    let mut plans = vec![crate::sweep::plan(&params, &spec).map_err(|e| js_error(&e))?];
    if let Some(a) = vs_of(&q, &params)? {
        plans.push(crate::sweep::plan(&a, &spec).map_err(|e| js_error(&e))?);
    }
    Ok((plans, params))
}

#[derive(Serialize)]
struct SweepPlanOut {
    /// Points in all (both sides in compare mode).
    points: usize,
    /// `[from, to)` of each part, in point order.
    parts: Vec<[usize; 2]>,
}

/// Checks a query's whole sweep and cuts it into at most `parts` parts of about equal work.
#[wasm_bindgen(js_name = sweepPlan)]
pub fn sweep_plan(query: &str, parts: u32) -> Result<JsValue, JsValue> {
    ready();
    let (plans, _) = sweep_plans(query)?;
    to_js(&SweepPlanOut {
        points: plans.iter().map(crate::sweep::Plan::len).sum(),
        parts: crate::sweep::parts(&plans, parts as usize),
    })
}

/// Runs the points `from..to` of a query's sweep, calling `progress` with the share of them
/// done: their cells in the compact byte form `sweepJoin` reads.
#[wasm_bindgen(js_name = sweepPart)]
pub fn sweep_part(
    query: &str,
    from: u32,
    to: u32,
    progress: Option<js_sys::Function>,
) -> Result<Vec<u8>, JsValue> {
    ready();
    let (plans, _) = sweep_plans(query)?;
    let tell = |share: f64| report_progress(progress.as_ref(), share);
    let cells = crate::sweep::run_range(&plans, from as usize, to as usize, &mut |d| tell(d))
        .map_err(|e| js_error(&e))?;
    Ok(crate::sweep::part::encode(from as usize, &cells))
}

/// The sweep document of a query from all its parts (each a `sweepPart` result, in any order):
/// the same document `sweep` returns.
#[wasm_bindgen(js_name = sweepJoin)]
pub fn sweep_join(query: &str, parts: js_sys::Array) -> Result<JsValue, JsValue> {
    ready();
    let (plans, params) = sweep_plans(query)?;
    let bytes: Vec<Vec<u8>> = parts
        .iter()
        .map(|p| js_sys::Uint8Array::new(&p).to_vec())
        .collect();
    let mut sweeps = crate::sweep::join_parts(&plans, &bytes).map_err(|e| js_error(&e))?;
    let mut s = sweeps.remove(0);
    if let Some(a) = sweeps.first() {
        crate::sweep::behind(&mut s, a);
    }
    render::fit_sweep(&mut s);
    to_js(&render::sweep_document(&s, &params))
}

// -- script lessons (issue 34) --
//
// A script lesson's model is its author's script, which runs in the page's script worker
// (www/script/), never in this module. The page's model worker asks `scriptNeeds` which section
// scripts an operation will read (the query's run, its `vs=` run, a sweep's points), runs those
// it has not run yet, hands their printed texts over with `provideTexts`, then calls the
// operation, whose runner (`Provided`) reads the texts back. `loadScript` adds a script lesson
// from its manifest and defaults; `knowScripts` tells a lesson's module the site's script lessons,
// so a link of one is sent on to the script module (`{elsewhere}`).

/// The texts the page provided, by lesson, script and parameters (two lessons may both have
/// an `olc.mjs`); cleared when they grow past
/// [`PROVIDED_MAX`] entries (a sweep's points are provided, used and not asked for again).
#[cfg(script_lessons)]
type Texts = std::collections::HashMap<(String, String, Option<String>), String>;

#[cfg(script_lessons)]
thread_local! {
    static PROVIDED: RefCell<Texts> = RefCell::new(Texts::new());
}

/// The most texts kept: two full sweeps' points and a few runs.
#[cfg(script_lessons)]
const PROVIDED_MAX: usize = 2048;

/// The runner of the page's script lessons: the texts the page provided.
#[cfg(script_lessons)]
struct Provided {
    id: String,
}

#[cfg(script_lessons)]
impl crate::script::Runner for Provided {
    fn run(&self, script: &str, params: Option<&str>) -> Result<String, Error> {
        let key = (
            self.id.clone(),
            script.to_string(),
            params.map(str::to_string),
        );
        PROVIDED.with(|p| p.borrow().get(&key).cloned()).ok_or_else(|| {
            Error::author(
                format!("{}/{script}", self.id),
                "its text was not provided: the page runs a section's script before the core reads it (scriptNeeds, provideTexts)",
            )
        })
    }
}

/// Adds the script lesson `declared` (its `lesson.txt`, which the build wrote: see
/// `script::declaration`); its id. Throws the core's error naming the file.
#[wasm_bindgen(js_name = loadScript)]
pub fn load_script(declared: &str) -> Result<String, JsValue> {
    ready();
    #[cfg(not(script_lessons))]
    {
        let _ = declared;
        Err(js_error(&Error::usage(
            "this lesson's module reads no script lesson: pkg/script.wasm does",
        )))
    }
    #[cfg(script_lessons)]
    load_script_here(declared)
}

#[cfg(script_lessons)]
fn load_script_here(declared: &str) -> Result<String, JsValue> {
    let d = crate::script::declaration::Declaration::from_text("lesson.txt", declared)
        .map_err(|e| js_error(&e))?;
    if let Ok(l) = lessons::get(&d.id) {
        if lessons::scripted(l).is_some() {
            return Ok(d.id);
        }
    }
    let runner = Provided { id: d.id.clone() };
    let lesson = lessons::load_script(d, Box::new(runner));
    lessons::add(lesson).map_err(|e| js_error(&e))?;
    Ok(lesson.id().to_string())
}

/// Reads a script lesson's manifest (its lesson.json) against its script's defaults (the JSON of
/// its VARSAYILAN) and answers what the page's script module reads (`loadScript`), or throws the
/// error naming the file and what to fix. In the node package only (the build's tools).
#[cfg(every_lesson)]
#[wasm_bindgen(js_name = declareScript)]
pub fn declare_script(manifest: &str, defaults: &str) -> Result<String, JsValue> {
    ready();
    let id = serde_json::from_str::<serde_json::Value>(manifest)
        .ok()
        .and_then(|v| v.get("id")?.as_str().map(str::to_string))
        .unwrap_or_default();
    let defaults: serde_json::Map<String, serde_json::Value> = serde_json::from_str(defaults)
        .map_err(|e| {
            js_error(&Error::author(
                format!("{id}/defaults"),
                format!("not a JSON object: {e}"),
            ))
        })?;
    crate::script::manifest::read(&format!("{id}/lesson.json"), manifest, &defaults)
        .map(|d| d.to_text())
        .map_err(|e| js_error(&e))
}

/// Tells this module the site's script lessons (ids, in the page's order).
#[wasm_bindgen(js_name = knowScripts)]
pub fn know_scripts(ids: Vec<String>) {
    let ids: Vec<&str> = ids.iter().map(String::as_str).collect();
    lessons::know(&ids);
}

#[cfg(script_lessons)]
#[derive(Serialize)]
struct NeedOut {
    lesson: String,
    script: String,
    params: Option<String>,
}

/// The section scripts an operation on `query` will read that were not provided yet: its run
/// and its `vs=` run (one section with `section=`), and with `from < to` the points
/// `from..to` of its sweep (B's, then A's, as `sweepPart` counts them). Empty for a Rust lesson.
#[wasm_bindgen(js_name = scriptNeeds)]
pub fn script_needs(query: &str, from: u32, to: u32) -> Result<JsValue, JsValue> {
    ready();
    #[cfg(not(script_lessons))]
    {
        let _ = (query, from, to);
        Ok(js_sys::Array::new().into())
    }
    #[cfg(script_lessons)]
    script_needs_here(query, from, to)
}

#[cfg(script_lessons)]
fn script_needs_here(query: &str, from: u32, to: u32) -> Result<JsValue, JsValue> {
    let q = Query::decode(query).map_err(|e| js_error(&e))?;
    let params = q.params().map_err(|e| js_error(&e))?;
    if lessons::scripted(lessons::of(&params)).is_none() {
        return to_js(&Vec::<NeedOut>::new());
    }
    let section = q.section.as_deref();
    let mut needs = lessons::script_needs(&params, section);
    if let Some(a) = vs_of(&q, &params)? {
        needs.extend(lessons::script_needs(&a, section));
    }
    if from < to {
        let (plans, _) = sweep_plans(query)?;
        let mut i = 0;
        for plan in &plans {
            for k in 0..plan.len() {
                if (from as usize..to as usize).contains(&i) {
                    if let Some(set) = plan.set(k) {
                        needs.extend(lessons::script_needs(set, None));
                    }
                }
                i += 1;
            }
        }
    }
    let lesson = lessons::of(&params).id().to_string();
    let mut out: Vec<NeedOut> = Vec::new();
    PROVIDED.with(|p| {
        let p = p.borrow();
        for (script, params) in needs {
            let key = (lesson.clone(), script, params);
            if !p.contains_key(&key) && !out.iter().any(|n| n.script == key.1 && n.params == key.2)
            {
                out.push(NeedOut {
                    lesson: key.0,
                    script: key.1,
                    params: key.2,
                });
            }
        }
    });
    to_js(&out)
}

/// Hands over what a section script of `lesson` printed: `script` and `params` as `scriptNeeds` named them
/// (`params` null: the script's defaults), and its text. One call a text, no JSON to read: the
/// script module carries no second JSON reader for it (measured: 8 KB gzip).
#[wasm_bindgen(js_name = provideText)]
pub fn provide_text(lesson: String, script: String, params: Option<String>, text: String) {
    #[cfg(not(script_lessons))]
    let _ = (lesson, script, params, text);
    #[cfg(script_lessons)]
    PROVIDED.with(|p| {
        let mut p = p.borrow_mut();
        if p.len() >= PROVIDED_MAX {
            p.clear();
        }
        p.insert((lesson, script, params), text);
    });
}

// -- find a run (issue 36) --
//
// The query's `find=` (a property id or `metric op value`) is searched over the lesson's scope at
// the query's parameters, within the page's work budget (`find::PAGE_WORK`). `find` runs it on
// this worker; the page's pool shares it out as sweeps are: `findPlan` cuts the blocks into
// parts, each worker runs parts with `findPart`, and `findJoin` joins them through the same
// `find::Plan` a serial run uses, so any split gives the same bytes.

/// In the script lessons' module, which holds no lesson with a search (`searches`, build.rs),
/// each search binding refuses at once: the search is left out of it (10 KB gzip), the bindings
/// kept, as every module shares one glue file (`cfg!`, so the rest is folded away, not cfg'd).
fn no_search(query: &str) -> Option<JsValue> {
    cfg!(not(searches)).then(|| {
        js_error(&Error::bad(
            "find",
            query,
            "a lesson that declares its search scope",
        ))
    })
}

/// The query's search, checked and within the page's budget.
fn find_plan_of(query: &str) -> Result<crate::find::Plan, JsValue> {
    let q = Query::decode(query).map_err(|e| js_error(&e))?;
    let params = q.params().map_err(|e| js_error(&e))?;
    let asked = page_value(&q, "find").unwrap_or("");
    let narrowed: Vec<String> = page_value(&q, "scope")
        .map(String::from)
        .into_iter()
        .collect();
    let plan = crate::find::plan(&params, asked, &narrowed).map_err(|e| js_error(&e))?;
    plan.within_page(asked).map_err(|e| js_error(&e))?;
    Ok(plan)
}

/// A search's answer for the page: the finding and its numbers as the core writes them.
#[derive(Serialize)]
struct FindOut {
    #[serde(flatten)]
    finding: crate::search::Finding,
    /// `tried`, `met` and `size` as text.
    numbers: [String; 3],
}

fn find_out(f: crate::search::Finding) -> Result<JsValue, JsValue> {
    let n = |v: u64| crate::jsfmt::number_to_string(v as f64);
    let numbers = [n(f.tried), n(f.met), f.size.map_or_else(String::new, n)];
    to_js(&FindOut {
        finding: f,
        numbers,
    })
}

/// Searches the query's `find=` on this worker, `progress` hearing the share done.
#[wasm_bindgen]
pub fn find(query: &str, progress: Option<js_sys::Function>) -> Result<JsValue, JsValue> {
    ready();
    if let Some(e) = no_search(query) {
        return Err(e);
    }
    let plan = find_plan_of(query)?;
    let tell = |share: f64| report_progress(progress.as_ref(), share);
    let found = plan.run(1, &mut |d| tell(d)).map_err(|e| js_error(&e))?;
    find_out(found)
}

#[derive(Serialize)]
struct FindPlanOut {
    /// Runs to try.
    tried: u64,
    /// `[from, to)` blocks of each part.
    parts: Vec<[u64; 2]>,
}

/// Checks the query's search and cuts its blocks into at most `parts` parts.
#[wasm_bindgen(js_name = findPlan)]
pub fn find_plan(query: &str, parts: u32) -> Result<JsValue, JsValue> {
    ready();
    if let Some(e) = no_search(query) {
        return Err(e);
    }
    let plan = find_plan_of(query)?;
    let blocks = plan.blocks();
    let n = u64::from(parts.max(1)).min(blocks.max(1));
    let cut: Vec<[u64; 2]> = (0..n)
        .map(|i| [blocks * i / n, blocks * (i + 1) / n])
        .collect();
    to_js(&FindPlanOut {
        tried: plan.tried(),
        parts: cut,
    })
}

/// Runs blocks `from..to` of the query's search: what they found, as numbers
/// (`search::Part::to_numbers`: no deserializer in the module).
#[wasm_bindgen(js_name = findPart)]
pub fn find_part(
    query: &str,
    from: f64,
    to: f64,
    progress: Option<js_sys::Function>,
) -> Result<Vec<f64>, JsValue> {
    ready();
    if let Some(e) = no_search(query) {
        return Err(e);
    }
    let plan = find_plan_of(query)?;
    let tell = |share: f64| report_progress(progress.as_ref(), share);
    let part = plan
        .part(from as u64, to as u64, &mut |d| tell(d))
        .map_err(|e| js_error(&e))?;
    Ok(part.to_numbers())
}

/// The query's answer from the parts of every block (`findPart` results, any order).
#[wasm_bindgen(js_name = findJoin)]
pub fn find_join(query: &str, parts: js_sys::Array) -> Result<JsValue, JsValue> {
    ready();
    // Read before the refusal below: every module imports the same from JavaScript.
    let numbers: Vec<Vec<f64>> = parts
        .iter()
        .map(|p| js_sys::Float64Array::new(&p).to_vec())
        .collect();
    if let Some(e) = no_search(query) {
        return Err(e);
    }
    let plan = find_plan_of(query)?;
    let parts: Vec<crate::search::Part> = numbers
        .iter()
        .map(|n| crate::search::Part::from_numbers(n))
        .collect::<Option<_>>()
        .ok_or_else(|| {
            JsValue::from(js_sys::Error::new(
                "findJoin: a part that findPart did not write",
            ))
        })?;
    find_out(plan.join(&parts).map_err(|e| js_error(&e))?)
}

#[derive(Serialize)]
struct FindOptions {
    /// The lesson's properties (the first is searched by default).
    properties: Vec<&'static str>,
    /// The metrics a condition may read (`table.column`).
    metrics: Vec<String>,
    /// The scope's axes at the lesson's values, for narrowing it (`scope=`): the parameter,
    /// whether it has the baseline (no fault, `none`), and its first and last other values.
    axes: Vec<(&'static str, bool, String, String)>,
}

/// What a lesson's "find a run" can ask: its properties and the metrics of a condition (none
/// for a lesson without a search).
#[wasm_bindgen(js_name = findOptions)]
pub fn find_options(lesson: &str) -> Result<JsValue, JsValue> {
    ready();
    let lesson = lessons::get(lesson).map_err(|e| js_error(&e))?;
    // No search in the script lessons' module (see no_search): nothing to ask.
    let finder = if cfg!(searches) {
        lesson.finder()
    } else {
        None
    };
    let Some(finder) = finder else {
        return to_js(&FindOptions {
            properties: Vec::new(),
            metrics: Vec::new(),
            axes: Vec::new(),
        });
    };
    let axes = finder
        .scope(&lesson.defaults())
        .map_err(|e| js_error(&e))?
        .axes
        .into_iter()
        .map(|a| {
            let baseline = a.values.first().is_some_and(|c| c.text.is_empty());
            let mut others = a.values.into_iter().filter(|c| !c.text.is_empty());
            let first = others.next().map(|c| c.text).unwrap_or_default();
            let last = others.next_back().map_or_else(|| first.clone(), |c| c.text);
            (a.param, baseline, first, last)
        })
        .collect();
    to_js(&FindOptions {
        properties: finder.properties().iter().map(|p| p.id).collect(),
        metrics: crate::sweep::metrics(lesson),
        axes,
    })
}
