//! A lesson whose model is its author's script (issue 34): its manifest read against the
//! script's defaults (`script::manifest`), its sections run by a [`Runner`] and read back into
//! the report (`script::sections`). Everything else — the codec, claims, challenges, sweeps,
//! compare, exports — is the shared layers', as for a Rust port. A face loads one with [`load`]
//! and adds it to the registry with [`super::add`].

use crate::challenge::Challenge;
use crate::error::Error;
use crate::lesson::{About, Definition, Described, Request};
use crate::params::ParamSet;
use crate::presets::{Preset, Why};
use crate::report::Section;
use crate::script::declaration::Declaration;
use crate::script::manifest::{self, leak};
use crate::script::{Runner, sections};

/// A section's script run a face must provide: the script file and the parameters as the
/// script reads them (`None`: its defaults).
pub type Need = (String, Option<String>);

/// A script lesson: its facts and its runner.
pub struct Scripted {
    about: &'static About,
    /// The lesson as declared (its manifest read against its script's defaults).
    pub declared: Declaration,
    runner: Box<dyn Runner>,
}

impl Described for Scripted {
    fn about(&self) -> &'static About {
        self.about
    }
}

impl Scripted {
    /// The script of section `name` (a file of the lesson's folder).
    fn script(&self, name: &str) -> &str {
        self.declared
            .sections
            .iter()
            .find(|s| s.id == name)
            .map_or("", |s| s.script.as_str())
    }

    /// The section scripts a run of `params` (one section, or all) needs: each script file with
    /// the parameters as the script reads them.
    pub fn needs(&self, params: &ParamSet, section: Option<&str>) -> Vec<Need> {
        let argv = self.script_params(params);
        self.declared
            .sections
            .iter()
            .filter(|d| section.is_none_or(|name| d.id == name))
            .map(|d| (d.script.clone(), argv.clone()))
            .collect()
    }

    /// What section `name`'s script prints at `params`, as its author runs it (`tatbikat check`
    /// compares it with the lesson's text).
    pub fn printed(&self, params: &ParamSet, name: &str) -> Result<String, Error> {
        self.runner
            .run(self.script(name), self.script_params(params).as_deref())
    }

    /// The parameters as the script reads them from `process.argv[2]` (`None`: the defaults,
    /// `node olc.mjs` with no argument).
    pub fn script_params(&self, params: &ParamSet) -> Option<String> {
        manifest::script_params(
            self.about.schema.specs,
            &self.declared.held,
            &params.changed(),
        )
    }
}

impl Definition for Scripted {
    fn report(&self, asked: Request) -> Result<Vec<Section>, Error> {
        let argv = self.script_params(asked.params);
        let mut out = Vec::with_capacity(asked.sections.len());
        for (i, &name) in asked.sections.iter().enumerate() {
            let decl = self.declared.sections.iter().find(|s| s.id == name);
            let text = self.runner.run(self.script(name), argv.as_deref())?;
            let groups = decl.map_or(&[][..], |d| &d.groups[..]);
            out.push(sections::section(
                name,
                &text,
                groups,
                &self.declared.hints,
            )?);
            (asked.progress)((i + 1) as f64 / asked.sections.len() as f64);
        }
        Ok(out)
    }

    /// One run of the script per section: the script's own work is its author's to bound (the
    /// runner stops it past its time budget).
    fn work(&self, _params: &ParamSet) -> Result<f64, Error> {
        Ok(self.declared.sections.len() as f64)
    }

    fn preview(&self) -> bool {
        self.about.preview
    }

    /// A sweep's form does not probe a script lesson at nearby values (each probe would be a
    /// run of the script the page must make first): every metric is offered as it may move.
    fn probes_sweeps(&self) -> bool {
        false
    }
}

/// A claim's or a challenge's id as the link names it: `<lesson>.<id>`.
fn qualified(lesson: &str, id: &str) -> &'static str {
    leak(&format!("{lesson}.{id}"))
}

/// Makes a lesson of `declared` (a manifest read against its script's defaults:
/// `script::manifest::read`, or its text form read back: `Declaration::from_text`) that runs its
/// sections with `runner`. The lesson lives as long as the process. (The registry's
/// [`super::load_script`] keeps it.)
pub fn load(declared: Declaration, runner: Box<dyn Runner>) -> &'static Scripted {
    let id = leak(&declared.id);
    let schema = manifest::schema(id, declared.specs.clone());
    let sections: Vec<&'static str> = declared.sections.iter().map(|s| leak(&s.id)).collect();
    let presets: Vec<Preset> = declared
        .claims
        .iter()
        .map(|c| Preset {
            id: qualified(id, &c.id),
            set: leak(&c.set),
            marks: leak(&c.marks),
        })
        .collect();
    let why: Vec<Why> = declared
        .claims
        .iter()
        .filter_map(|c| {
            c.why.map(|right| Why {
                claim: qualified(id, &c.id),
                right,
            })
        })
        .collect();
    let challenges: Vec<Challenge> = declared
        .challenges
        .iter()
        .map(|c| Challenge {
            id: qualified(id, &c.id),
            start: leak(&c.start),
            hints: c.hints,
            check: leak(&c.check),
        })
        .collect();
    let about: &'static About = Box::leak(Box::new(About {
        preview: declared.preview,
        presets: Box::leak(presets.into_boxed_slice()),
        why: Box::leak(why.into_boxed_slice()),
        challenges: Box::leak(challenges.into_boxed_slice()),
        ..About::new(
            schema,
            leak(&declared.title),
            Box::leak(sections.into_boxed_slice()),
        )
    }));
    Box::leak(Box::new(Scripted {
        about,
        declared,
        runner,
    }))
}
