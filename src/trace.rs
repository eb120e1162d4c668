//! One run watched step by step (issue 4, "watch one run"): a lesson-neutral timeline of lanes
//! (jobs, nights, rollback steps) with spans of state, events and counters per frame. The counters'
//! last values are the numbers the same run's tables print; the page plays the frames, the CLI
//! prints them as text or JSON.

use serde::Serialize;

use crate::error::Error;

/// How a state is drawn: its tone (the page colours tones, not states) and its glyph in the
/// CLI's text timeline. Each lesson declares its states' styles.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
pub struct StateStyle {
    /// The state's key, as in [`Span::state`].
    pub state: &'static str,
    /// Its tone on the page.
    pub tone: Tone,
    /// Its character in [`text`].
    #[serde(skip)]
    pub glyph: char,
}

/// The page's palette for states: each tone a colour in light and dark mode (style.css
/// `.tone-*`), a lesson picks one per state.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum Tone {
    /// Work going on (a step running).
    Active,
    /// Finished and settled.
    Done,
    /// Stuck or left hanging: needs someone to act.
    Warning,
    /// Waiting its turn.
    Queued,
    /// Undone by a compensation.
    Reverted,
    /// Passed over, not run.
    Muted,
    /// A call or attempt that succeeded.
    Success,
    /// A call, attempt or step that failed.
    Failure,
    /// What cannot be undone.
    Strong,
    /// A failure of a second kind beside [`Tone::Failure`] in the same track (a compensation
    /// call that failed, beside the step that failed).
    Alert,
}

/// A state's style, for a lesson's table of [`StateStyle`]s.
pub const fn style(state: &'static str, tone: Tone, glyph: char) -> StateStyle {
    StateStyle { state, tone, glyph }
}

/// An event kind the page marks on its lane, as a mark of its shape in its tone (each kind of a
/// lesson a shape and tone of its own, so no two legend entries look alike). Events a lesson does
/// not list are only told in the event log; events of the whole track (no lane) are drawn as
/// lines, in their tone when listed here.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
pub struct EventStyle {
    /// The event's kind, as in [`Event::kind`].
    pub kind: &'static str,
    /// Its mark's tone.
    pub tone: Tone,
    /// Its mark's shape: `circle`, `square`, `diamond`, `triangle`, `triangle_down`, `cross`,
    /// `plus` or `star` (a whole track's event is a line whatever it says).
    pub shape: &'static str,
    /// What the lesson is about happens here (a fenced write, a round run twice, a dangling
    /// read): the page draws it wider and jumps to it with a key, and opens the run at the first.
    pub decisive: bool,
}

/// An event's style, for a lesson's table of [`EventStyle`]s.
pub const fn mark(kind: &'static str, tone: Tone, shape: &'static str) -> EventStyle {
    EventStyle {
        kind,
        tone,
        shape,
        decisive: false,
    }
}

/// The style of an event the lesson is about (see [`EventStyle::decisive`]).
pub const fn decisive(kind: &'static str, tone: Tone, shape: &'static str) -> EventStyle {
    EventStyle {
        decisive: true,
        ..mark(kind, tone, shape)
    }
}

/// A fault a learner may set from the timeline at the time shown, as the parameter that holds it
/// (so the link shares it): lane `i` of the track is row `i + 1` of `param`, a kind with rows
/// (leader's crash and pause maps), written with the time after the one shown (`frame * step +
/// first`) as the row's first value and `more` as its next ones (a pause's length). The lesson
/// says where it means nothing (`until`), so the page neither offers nor preselects it there.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct Intervention {
    /// The parameter it writes (the page names the action `ui.trace.intervene.<param>`).
    pub param: &'static str,
    /// The row's values after the time (a pause's rounds).
    pub more: Vec<u32>,
    /// Per lane, the first time (as the row writes it) from which the lane's part in the run is
    /// settled whatever is set at the time shown (leader: the round a node crashed in, for good:
    /// a pause changes nothing, a crash is already there); `None`: never. The page offers
    /// neither the fault nor, where none is left, the lane from then on.
    pub until: Vec<Option<u32>>,
}

/// One control of the "watch one run" form, so no selector needs typing: the selector is the
/// chosen choices' parts joined by commas (the core gives the controls for the run shown). A
/// later control may depend on an earlier one (the scan interval on "with the supervisor"), so a
/// change keeps the controls before it and leaves the ones after it to the core.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct Control {
    /// Its name: the label's message key is `trace.control.<key>`.
    pub key: &'static str,
    /// The choices, in order.
    pub choices: Vec<Choice>,
    /// The choice the shown run makes.
    pub chosen: usize,
}

/// A choice of a [`Control`].
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct Choice {
    /// The selector's part it writes (`off`, `scan:4`, `run:hung`; empty: nothing).
    pub part: String,
    /// Its label's message key, `trace.choice.<…>`, whose `{n}` and `{name}` are filled below.
    pub label: &'static str,
    /// A number in the label.
    pub n: Option<String>,
    /// A name in the label.
    pub name: Option<String>,
}

impl Choice {
    /// A choice with a fixed label.
    pub fn new(part: impl Into<String>, label: &'static str) -> Self {
        Self {
            part: part.into(),
            label,
            n: None,
            name: None,
        }
    }

    /// A choice whose label carries a number.
    pub fn numbered(part: impl Into<String>, label: &'static str, n: u64) -> Self {
        Self {
            n: Some(n.to_string()),
            ..Self::new(part, label)
        }
    }
}

/// `values` smallest first, each once. Sorted by insertion: a lesson's handful of values, and
/// `sort_unstable` would add its 3 KB of code to the WebAssembly module (measured with twiggy;
/// 1.8 KB gzip in compensation's, whose search sorted its attempt counts with it).
pub fn sorted_distinct(values: impl IntoIterator<Item = u32>) -> Vec<u32> {
    let mut sorted = Vec::new();
    for v in values {
        let at = sorted.partition_point(|&x| x < v);
        if sorted.get(at) != Some(&v) {
            sorted.insert(at, v);
        }
    }
    sorted
}

/// A control over `values`, each writing `key:value` and labelled `trace.choice.<key>` with it;
/// `current` is chosen (added if the list lacks it).
pub fn numbers_control(
    key: &'static str,
    label: &'static str,
    values: &[u32],
    current: u32,
) -> Control {
    let sorted = sorted_distinct(values.iter().chain([current].iter()).copied());
    // Loops rather than iterator chains here and in `Counters::new`: 0.2 KB less in the
    // WebAssembly module (measured).
    let mut choices = Vec::with_capacity(sorted.len());
    let mut chosen = 0;
    for (i, &v) in sorted.iter().enumerate() {
        if v == current {
            chosen = i;
        }
        choices.push(Choice::numbered(format!("{key}:{v}"), label, u64::from(v)));
    }
    Control {
        key,
        chosen,
        choices,
    }
}

/// The selector the chosen choices write.
pub fn compose(controls: &[Control]) -> String {
    controls
        .iter()
        .filter_map(|c| c.choices.get(c.chosen))
        .map(|c| c.part.as_str())
        .filter(|p| !p.is_empty())
        .collect::<Vec<_>>()
        .join(",")
}

/// A recorded run.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct Trace {
    /// Lesson id.
    pub lesson: &'static str,
    /// The selector that picked this run, in canonical form (`scan:4`, `limit:3`, ...).
    pub selector: String,
    /// What a time step is: `round` (supervisor, rollback) or `hour` (jobs).
    pub unit: &'static str,
    /// Frames to play; frame `f` shows time up to `f * step` (frame 0 is the start).
    pub frames: u32,
    /// Time per frame, in `unit`s.
    pub step: u32,
    /// The number of the first time unit, for labels (rounds count from 1, hours from 0).
    pub first: u32,
    /// The time axis' end (`frames * step` or a little more when runs spill over).
    pub end: u32,
    /// Groups of lanes drawn together (one per overlap policy in jobs, one otherwise).
    pub tracks: Vec<Track>,
    /// A sentence-sized description of what was picked, as key and values for the page.
    pub facts: Vec<(&'static str, String)>,
    /// The part the selector zooms into, lane `focus_lane` of every track over
    /// `[focus_start, focus_end)` (a night of the jobs lesson); `None`: the whole run.
    pub focus_lane: Option<u32>,
    /// The first time unit of the part zoomed into.
    pub focus_start: Option<u32>,
    /// One past its last time unit.
    pub focus_end: Option<u32>,
}

/// Lanes drawn on one time axis, with their counters.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct Track {
    /// Stable key (message key `trace.track.<key>` on the page).
    pub key: &'static str,
    /// The lanes, top to bottom.
    pub lanes: Vec<Lane>,
    /// What happened, in time order.
    pub events: Vec<Event>,
    /// Running totals: one value per frame (index 0 = frame 0); the last is the table's number.
    pub counters: Vec<Counter>,
    /// A span's note is a step at which the lesson's own page control may act on lane `i` (the
    /// supervisor's: set a fault at job `i + 1`'s step, as its fault grid does).
    pub faults: bool,
    /// Tracks with the same group are alternatives of each other (the overlap policies): a narrow
    /// page shows one at a time, as tabs named by the message key `trace.group.<group>`.
    pub group: Option<&'static str>,
    /// The faults a learner may set on its lanes at the time shown (leader: crash, pause).
    pub intervene: Vec<Intervention>,
}

/// One job, night or step.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct Lane {
    /// Its label (`S3`, `G12`, a step name).
    pub label: String,
    /// Spans of state, in time order, not overlapping.
    pub spans: Vec<Span>,
}

impl Lane {
    /// Panics unless the spans tile the lane from 0 to `end`, each starting where the one
    /// before ends (the lessons' trace tests).
    #[cfg(test)]
    pub fn assert_tiles(&self, end: u32) {
        assert_eq!(self.spans[0].start, 0, "{self:?}");
        for w in self.spans.windows(2) {
            assert_eq!(w[0].end, w[1].start, "{self:?}");
        }
        assert_eq!(self.spans.last().unwrap().end, end, "{self:?}");
    }
}

/// A state held over `[start, end)`.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct Span {
    /// First time unit.
    pub start: u32,
    /// One past the last time unit.
    pub end: u32,
    /// State key (`run`, `stuck`, `done`, `compensated`, `queued`, `call_failed`, ...).
    pub state: &'static str,
    /// What it is about (a step name), if anything.
    pub note: Option<String>,
}

/// A moment worth telling.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct Event {
    /// Time unit it happens at.
    pub at: u32,
    /// The lane, or `None` for the whole track (a supervisor scan).
    pub lane: Option<usize>,
    /// Event key (`record`, `scan`, `redrive`, `wasted`, `complete`, `compensate`, ...).
    pub kind: &'static str,
    /// What it is about (a step name, a count), if anything.
    pub note: Option<String>,
    /// A duration the event tells, in the trace's unit (how late a re-drive came, how long a run
    /// ran): the page words it in its language.
    pub took: Option<u32>,
}

/// Orders events by time, the whole track's before its lanes' and lanes in order, keeping the
/// order of events at the same time and lane: what a stable `sort_by_key(|e| (e.at, e.lane))`
/// gives, as a radix sort (a stable counting sort by lane, then one by time), because core's
/// stable sort costs the WebAssembly module 1.3 KB gzipped (measured, twiggy) and nothing else
/// there uses it.
pub fn sort_in_time(events: &mut [Event]) {
    counting_sort(events, |e| e.lane.map_or(0, |l| l + 1));
    counting_sort(events, |e| e.at as usize);
}

/// A stable sort of `events` by a small key: each event's place is counted, then the events
/// are swapped into their places cycle by cycle (no slots of `Option<Event>`, whose clones and
/// drops cost the module 0.5 KB gzipped; measured).
fn counting_sort(events: &mut [Event], key: fn(&Event) -> usize) {
    let end = events.iter().map(|e| key(e) + 1).max().unwrap_or(0);
    let mut start = vec![0usize; end + 1];
    for e in events.iter() {
        start[key(e) + 1] += 1;
    }
    for k in 0..end {
        start[k + 1] += start[k];
    }
    // `to[i]`: the place of the event now at `i`.
    let mut to: Vec<usize> = events
        .iter()
        .map(|e| {
            let k = key(e);
            start[k] += 1;
            start[k] - 1
        })
        .collect();
    for i in 0..events.len() {
        while to[i] != i {
            let j = to[i];
            events.swap(i, j);
            to.swap(i, j);
        }
    }
}

/// A running total.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct Counter {
    /// Stable key, the name of the matching result field (`redriven`, `skipped`, `calls`, ...).
    pub key: &'static str,
    /// Value after each frame.
    pub values: Vec<f64>,
}

impl Track {
    /// A track of these lanes, events and counters: not a fault map's, in no group.
    pub fn new(
        key: &'static str,
        lanes: Vec<Lane>,
        events: Vec<Event>,
        counters: Vec<Counter>,
    ) -> Self {
        Self {
            key,
            lanes,
            events,
            counters,
            faults: false,
            group: None,
            intervene: Vec::new(),
        }
    }

    /// The counter's final value.
    pub fn total(&self, key: &str) -> Option<f64> {
        self.counters
            .iter()
            .find(|c| c.key == key)
            .and_then(|c| c.values.last().copied())
    }
}

impl Trace {
    /// A run of `rounds` rounds counted from 1, played one a frame and shown whole.
    pub fn rounds(
        lesson: &'static str,
        selector: String,
        rounds: u32,
        tracks: Vec<Track>,
        facts: Vec<(&'static str, String)>,
    ) -> Self {
        Self::hours(lesson, selector, rounds, 1, rounds, tracks, facts).counted("round", 1)
    }

    /// A run of hours from 0 to `end`, played `step` hours a frame over `frames` frames and shown
    /// whole.
    pub fn hours(
        lesson: &'static str,
        selector: String,
        frames: u32,
        step: u32,
        end: u32,
        tracks: Vec<Track>,
        facts: Vec<(&'static str, String)>,
    ) -> Self {
        Self {
            lesson,
            selector,
            unit: "hour",
            frames,
            step,
            first: 0,
            end,
            tracks,
            facts,
            focus_lane: None,
            focus_start: None,
            focus_end: None,
        }
    }

    fn counted(self, unit: &'static str, first: u32) -> Self {
        Self {
            unit,
            first,
            ..self
        }
    }

    /// The track with `key`.
    pub fn track(&self, key: &str) -> Option<&Track> {
        self.tracks.iter().find(|t| t.key == key)
    }
}

/// The most lanes a watched run has for the page to draw it (every track together).
pub const MAX_LANES: usize = 1000;

/// The most bars and marks (spans and events, every track together) a watched run has for the
/// page to draw it.
pub const MAX_MARKS: usize = 10_000;

/// The most running totals (a counter's value at each frame, every counter together) a watched
/// run carries to the page.
pub const MAX_VALUES: usize = 200_000;

impl Trace {
    /// Its lanes, bars and marks, and counter values: what the page builds and draws (of a
    /// run zoomed into one lane, that lane of each track and its marks).
    pub fn size(&self) -> (usize, usize, usize) {
        let mut size = (0, 0, 0);
        for t in &self.tracks {
            let drawn = |i: usize| self.focus_lane.is_none_or(|f| f as usize == i);
            for (_, lane) in t.lanes.iter().enumerate().filter(|&(i, _)| drawn(i)) {
                size.0 += 1;
                size.1 += lane.spans.len();
            }
            size.1 += t.events.iter().filter(|e| e.lane.is_none_or(drawn)).count();
            size.2 += t.counters.iter().map(|c| c.values.len()).sum::<usize>();
        }
        size
    }

    /// Refuses, for the page, a run larger than it draws ([`MAX_LANES`], [`MAX_MARKS`],
    /// [`MAX_VALUES`]), naming what to `lower` (the lesson's [`Watch::lower`]); `text` is the
    /// selector as given. (The CLI prints any run the cells budget allows.)
    ///
    /// [`Watch::lower`]: crate::lesson::Watch::lower
    pub fn check_drawing(&self, text: &str, lower: &str) -> Result<(), Error> {
        let (lanes, marks, values) = self.size();
        if lanes <= MAX_LANES && marks <= MAX_MARKS && values <= MAX_VALUES {
            return Ok(());
        }
        Err(Error::too_much_work(
            "trace",
            text,
            format!(
                "a watched run the page draws has at most {MAX_LANES} lanes, {MAX_MARKS} bars and marks and {MAX_VALUES} counter values; this one has {lanes}, {marks} and {values}: lower {lower}"
            ),
        )
        .keyed(
            "refuse.trace.size",
            &[
                ("lanes", &lanes),
                ("marks", &marks),
                ("values", &values),
                ("max_lanes", &MAX_LANES),
                ("max_marks", &MAX_MARKS),
                ("max_values", &MAX_VALUES),
                ("lower", &lower),
            ],
        ))
    }
}

/// Lanes × time units above which a lesson refuses a trace (the page draws every cell).
pub const MAX_CELLS: u64 = 400_000;

/// Refuses the trace `text` asks for when its `cells` (`lanes` × `time`, as the lesson's
/// parameters name them: `jobs` × `max_rounds`) are more than [`MAX_CELLS`] `unit`s.
pub fn check_cells(
    text: &str,
    cells: u64,
    unit: &str,
    lanes: &str,
    time: &str,
) -> Result<(), Error> {
    if cells <= MAX_CELLS {
        return Ok(());
    }
    Err(Error::bad(
        "trace",
        text,
        format!(
            "a trace of at most {MAX_CELLS} {unit}; {lanes} × {time} is {cells}: lower {lanes} or {time}"
        ),
    )
    .keyed(
        "refuse.trace.cells",
        &[
            ("max", &MAX_CELLS),
            ("lanes", &lanes),
            ("time", &time),
            ("cells", &cells),
        ],
    ))
}

/// A trace request: `key:value` pairs separated by commas, or a bare word.
#[derive(Debug, Clone, PartialEq)]
pub struct Selector {
    /// The pairs as given, bare words with an empty value.
    pub pairs: Vec<(String, String)>,
}

impl Selector {
    /// Parses `scan:4`, `limit:3`, `attempts:2,run:hung`, `off` (empty text = the default run).
    pub fn parse(text: &str) -> Self {
        let pairs = text
            .split(',')
            .map(str::trim)
            .filter(|p| !p.is_empty())
            .map(|p| match p.split_once(':') {
                Some((k, v)) => (k.trim().to_string(), v.trim().to_string()),
                None => (p.to_string(), String::new()),
            })
            .collect();
        Self { pairs }
    }

    /// The value of `key`, if given; the last one if given more than once, so a form can append
    /// a change to the run shown (`night:5,limit:3,limit:6`).
    pub fn get(&self, key: &str) -> Option<&str> {
        self.pairs
            .iter()
            .rfind(|(k, _)| k == key)
            .map(|(_, v)| v.as_str())
    }

    /// Refuses keys other than `known` (bare words count as keys).
    pub fn only(&self, text: &str, known: &[&str], allowed: &str) -> Result<(), Error> {
        match self
            .pairs
            .iter()
            .find(|(k, _)| !known.contains(&k.as_str()))
        {
            Some(_) => Err(Error::bad("trace", text, allowed)),
            None => Ok(()),
        }
    }

    /// `key`'s whole-number value in `min..=max`, or `default` when absent.
    pub fn int(
        &self,
        text: &str,
        key: &str,
        min: i64,
        max: i64,
        default: i64,
    ) -> Result<i64, Error> {
        match self.get(key) {
            None => Ok(default),
            Some(v) => v
                .parse::<i64>()
                .ok()
                .filter(|n| (min..=max).contains(n))
                .ok_or_else(|| {
                    Error::bad(
                        "trace",
                        text,
                        format!("{key}: a whole number from {min} to {max}"),
                    )
                    .keyed(
                        "refuse.trace.range",
                        &[("key", &key), ("min", &min), ("max", &max)],
                    )
                }),
        }
    }
}

/// Builds counters frame by frame: `at(key, frame)` values are carried forward. It holds the
/// finished [`Counter`]s from the start (a zip of keys and values into them costs the module
/// more; measured).
pub struct Counters(Vec<Counter>);

impl Counters {
    /// Counters starting at 0 for `frames + 1` frames.
    pub fn new(keys: &[&'static str], frames: u32) -> Self {
        let mut counters = Vec::with_capacity(keys.len());
        for &key in keys {
            counters.push(Counter {
                key,
                values: vec![0.0; frames as usize + 1],
            });
        }
        Self(counters)
    }

    /// Adds `by` to `key` from `frame` on.
    pub fn add(&mut self, key: &str, frame: u32, by: f64) {
        self.update(key, frame, |v| v + by);
    }

    /// Raises `key` to at least `to` from `frame` on.
    pub fn max(&mut self, key: &str, frame: u32, to: f64) {
        self.update(key, frame, |v| v.max(to));
    }

    fn update(&mut self, key: &str, frame: u32, f: impl Fn(f64) -> f64) {
        if let Some(c) = self.0.iter_mut().find(|c| c.key == key) {
            for v in c.values.iter_mut().skip(frame as usize) {
                *v = f(*v);
            }
        }
    }

    /// The finished counters.
    pub fn finish(self) -> Vec<Counter> {
        self.0
    }
}

/// Adds `state` over `[start, end)` to a lane, merging with the previous span when it continues it.
pub fn push_span(lane: &mut Lane, start: u32, end: u32, state: &'static str, note: Option<&str>) {
    if end <= start {
        return;
    }
    if let Some(last) = lane.spans.last_mut() {
        if last.end == start && last.state == state && last.note.as_deref() == note {
            last.end = end;
            return;
        }
    }
    lane.spans.push(Span {
        start,
        end,
        state,
        note: note.map(str::to_string),
    });
}

/// The trace as text: a header, one row per lane (one character per time unit, or per frame
/// when the axis is long), the events and the totals, states drawn with the lesson's glyphs.
/// For course authors reading the CLI.
pub fn text(tr: &Trace, states: &[StateStyle]) -> String {
    let glyph = |state: &str| {
        states
            .iter()
            .find(|s| s.state == state)
            .map_or('*', |s| s.glyph)
    };
    let mut out = format!(
        "trace: {} {} ({} {}s",
        tr.lesson, tr.selector, tr.end, tr.unit
    );
    for (k, v) in &tr.facts {
        out.push_str(&format!(", {k} {v}"));
    }
    out.push_str(")\n");
    // One column per `scale` units keeps the rows under ~100 characters.
    let scale = tr.end.div_ceil(96).max(1);
    for track in &tr.tracks {
        out.push_str(&format!("\n[{}]\n", track.key));
        let width = track
            .lanes
            .iter()
            .map(|l| l.label.chars().count())
            .max()
            .unwrap_or(0)
            .max(4);
        for lane in &track.lanes {
            let cols = tr.end.div_ceil(scale) as usize;
            let mut row = vec![' '; cols];
            for span in &lane.spans {
                let c = glyph(span.state);
                for t in span.start..span.end.min(tr.end) {
                    row[(t / scale) as usize] = c;
                }
            }
            let row: String = row.into_iter().collect();
            out.push_str(&format!(
                "{:<width$} |{}|\n",
                lane.label,
                row.trim_end_matches(' ')
            ));
        }
        let legend: Vec<String> = {
            let mut seen: Vec<&str> = Vec::new();
            for s in track.lanes.iter().flat_map(|l| &l.spans) {
                if !seen.contains(&s.state) {
                    seen.push(s.state);
                }
            }
            seen.iter().map(|s| format!("{} {s}", glyph(s))).collect()
        };
        if scale > 1 {
            out.push_str(&format!(
                "(one column = {scale} {}s) {}\n",
                tr.unit,
                legend.join(", ")
            ));
        } else {
            out.push_str(&format!("{}\n", legend.join(", ")));
        }
        for e in &track.events {
            let lane = e
                .lane
                .and_then(|i| track.lanes.get(i))
                .map_or(String::new(), |l| format!(" {}", l.label));
            let took = e
                .took
                .map(|n| format!("{n} {}{}", tr.unit, if n == 1 { "" } else { "s" }));
            let words: Vec<&str> = e
                .note
                .iter()
                .map(String::as_str)
                .chain(took.as_deref())
                .collect();
            let note = if words.is_empty() {
                String::new()
            } else {
                format!(" ({})", words.join(", "))
            };
            out.push_str(&format!(
                "  {} {:>4}{lane}: {}{note}\n",
                tr.unit,
                e.at + tr.first,
                e.kind
            ));
        }
        let totals: Vec<String> = track
            .counters
            .iter()
            .map(|c| {
                format!(
                    "{} {}",
                    c.key,
                    crate::jsfmt::number_to_string(c.values.last().copied().unwrap_or(0.0))
                )
            })
            .collect();
        out.push_str(&format!("totals: {}\n", totals.join(", ")));
    }
    out
}

#[cfg(test)]
mod sort_tests {
    use super::*;
    use proptest::prelude::*;

    fn event(at: u32, lane: Option<usize>, n: usize) -> Event {
        Event {
            at,
            lane,
            kind: "k",
            note: Some(n.to_string()),
            took: None,
        }
    }

    proptest! {
        /// The same order as the stable sort by (time, lane) it stands in for.
        #[test]
        fn sorts_as_the_stable_sort_by_time_and_lane(
            keys in proptest::collection::vec((0u32..20, proptest::option::of(0usize..6)), 0..200)
        ) {
            let events: Vec<Event> = keys.iter().enumerate().map(|(n, &(at, lane))| event(at, lane, n)).collect();
            let mut want = events.clone();
            want.sort_by_key(|e| (e.at, e.lane));
            let mut got = events;
            sort_in_time(&mut got);
            prop_assert_eq!(got, want);
        }
    }
}
